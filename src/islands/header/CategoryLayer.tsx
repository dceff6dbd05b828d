/**
 * The gender navigation and the category float layer. The tabs are the first 4
 * classification nodes, rendered as plain links (they work before hydration); a 300 ms hover
 * or a click opens the tab's layer: a grid of sub-categories with drill-down and a back
 * arrow, and the tab's page content, its campaign pictures, linked. The sub-categories and
 * pictures come from the language's category tree file (node/header/category-tree.ts), asked
 * for as the island hydrates (the shopper is reaching for the header); until it comes, the
 * layer says so and keeps the tab's own link. Opening the layer pushes `#{title}_navi`
 * (another tab replaces it), so the browser's back button closes the layer; closing it
 * otherwise (Escape, its button) takes the hash off that entry. The balloon tip above the category icon is
 * rendered hidden here; an inline script of the header shows it once per session for 6 s on
 * eligible pages (it must not wait for this island), and CSS hides it while a layer is open.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { CategoryLink, CategoryTab } from '../../lib/header/category-tree.ts';
import { useOpenLayer } from './use-header-layer.ts';
import { CATEGORY_LAYER_HOVER_DELAY_MS } from '../../lib/constants.ts';
import {
  $categoryTree,
  $openLayer,
  closeCategoryLayer,
  followCategoryLayerEntries,
  loadCategoryTree,
  openCategoryTab,
} from '../../stores/header.ts';
import { useDelayed } from './use-delayed.ts';

export interface CategoryLayerProps {
  /** The tabs as links; their sub-categories come from the tree file. */
  tabs: CategoryLink[];
  labels: { categories: string; back: string; viewAll: string; close: string; loading: string };
  currentHref: string;
  balloonTip: string;
  balloonEligible: boolean;
}

export default function CategoryLayer({ tabs, labels, currentHref, balloonTip, balloonEligible }: CategoryLayerProps) {
  const openLayerName = useOpenLayer();
  const open = openLayerName === 'category';
  const [tabIndex, setTabIndex] = useState(0);
  const [trail, setTrail] = useState<CategoryTab[]>([]);
  const hover = useDelayed();
  const tree = useStore($categoryTree);
  useEffect(() => void loadCategoryTree(), []);

  const link = tabs[tabIndex];
  // The tab with its sub-categories once the tree has come; its bare link until then.
  const tab: CategoryTab | undefined = link && (tree.tabs?.find((t) => t.id === link.id) ?? { ...link, children: [] });
  const shown = trail.at(-1) ?? tab;

  function openTab(index: number) {
    setTabIndex(index);
    setTrail([]);
    openCategoryTab(index, tabs[index]!.title);
  }

  useEffect(() => {
    const unfollow = followCategoryLayerEntries();
    // Only the open layer's Escape: one meant for a pop-up that replaced it must not touch the address.
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && $openLayer.get() === 'category' && closeCategoryLayer();
    window.addEventListener('keydown', onKey);
    return () => {
      unfollow();
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  const onTabClick = (event: MouseEvent, index: number) => {
    // The first click opens the layer; a click on the tab already open follows its link.
    if (open && index === tabIndex) return;
    event.preventDefault();
    hover.cancel();
    openTab(index);
  };

  return (
    <div className="category-nav" onPointerLeave={() => hover.cancel()}>
      <nav className="site-header__genders" aria-label={labels.categories}>
        {tabs.map((t, index) => (
          <a
            key={t.id}
            href={t.href}
            aria-current={t.href === currentHref ? 'page' : undefined}
            aria-expanded={open && index === tabIndex}
            data-tab={t.id}
            onPointerEnter={() => hover.schedule(CATEGORY_LAYER_HOVER_DELAY_MS, () => openTab(index))}
            onClick={(event) => onTabClick(event, index)}
          >
            {t.title}
          </a>
        ))}
      </nav>
      <div className="category-nav__icon-wrap" data-layer-open={openLayerName !== 'none' || undefined}>
        <button
          type="button"
          className="header-tool__button category-nav__icon"
          aria-label={labels.categories}
          aria-expanded={open}
          onClick={() => (open ? closeCategoryLayer() : openTab(tabIndex))}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
        {balloonEligible && balloonTip && (
          <div className="balloon-tip" role="status" hidden>
            {balloonTip}
          </div>
        )}
      </div>
      {open && tab && shown && (
        <div className="category-layer" role="dialog" aria-label={labels.categories} data-category-layer>
          <div className="category-layer__inner">
            <div className="category-layer__tabs" role="tablist">
              {tabs.map((t, index) => (
                <button key={t.id} type="button" role="tab" aria-selected={index === tabIndex} onClick={() => openTab(index)}>
                  {t.title}
                </button>
              ))}
              <button type="button" className="category-layer__close" aria-label={labels.close} onClick={() => closeCategoryLayer()}>
                ×
              </button>
            </div>
            <div className="category-layer__body">
              <div className="category-layer__grid-wrap">
                <div className="category-layer__heading">
                  {trail.length > 0 && (
                    <button
                      type="button"
                      className="category-layer__back"
                      aria-label={labels.back}
                      onClick={() => setTrail(trail.slice(0, -1))}
                    >
                      ‹
                    </button>
                  )}
                  <h2>{shown.title}</h2>
                </div>
                {tree.status === 'loading' && (
                  <p className="category-layer__status" role="status">
                    {labels.loading}
                  </p>
                )}
                <ul className="category-layer__grid">
                  {shown.children.map((child) => (
                    <li key={child.id}>
                      {child.children.length > 0 ? (
                        <button type="button" data-drill={child.id} onClick={() => setTrail([...trail, child])}>
                          {child.title} <span aria-hidden="true">›</span>
                        </button>
                      ) : (
                        <a href={child.href}>{child.title}</a>
                      )}
                    </li>
                  ))}
                  <li>
                    <a className="category-layer__all" href={shown.href}>
                      {labels.viewAll}
                    </a>
                  </li>
                </ul>
              </div>
              {tab.promos?.length ? (
                <div className="category-layer__promos">
                  {tab.promos.map((promo) => (
                    <a key={promo.href + promo.src} className="category-layer__feature" href={promo.href}>
                      <img src={promo.src} alt="" width={promo.width} height={promo.height} loading="lazy" />
                      <span>{promo.label}</span>
                    </a>
                  ))}
                </div>
              ) : null}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
