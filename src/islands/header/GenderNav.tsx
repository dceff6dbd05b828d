/**
 * The gender navigation overlay of narrow screens. The overlay is not markup of its
 * own: it is the header's search box and gender tabs, which the stylesheet shows as a sheet
 * under the bar while `data-gender-nav` on the header says it is open. On home they are part
 * of the page instead, and the button is hidden. This island owns the button, the scrim, that
 * attribute, the route-change rule and the customer-service tip's schedule.
 *
 * Wide screens show the tabs and the search box in the bar, so there the button never shows.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { useGenderNav } from './use-header-layer.ts';
import { CATEGORY_LAYER_HOVER_DELAY_MS } from '../../lib/constants.ts';
import { $genderNav, closeGenderNav, followRouteChanges, openGenderNav, scheduleServiceTip } from '../../stores/header.ts';
import { useDelayed } from './use-delayed.ts';
import { SearchIcon } from './icons.tsx';

export interface GenderNavProps {
  isHome: boolean;
  labels: { open: string; close: string };
}

export default function GenderNav({ isHome, labels }: GenderNavProps) {
  const state = useGenderNav();
  const button = useRef<HTMLButtonElement>(null);
  const hover = useDelayed();

  useEffect(() => {
    const header = button.current?.closest<HTMLElement>('.site-header');
    // Synchronously, so a tap can focus the box in the same gesture (mobile keyboards open only then).
    const unbind = $genderNav.subscribe((value) => header?.setAttribute('data-gender-nav', value));
    // Off home the navigation appears when opened, and the tip with it (home's comes with the page: SearchPanel).
    const unlisten = $genderNav.listen((value) => value !== 'closed' && !isHome && scheduleServiceTip());
    const unfollow = followRouteChanges();
    const onPageShow = (event: PageTransitionEvent) => event.persisted && closeGenderNav();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && $genderNav.get() !== 'closed' && closeGenderNav();
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('keydown', onKey);
    return () => {
      unbind();
      unlisten();
      unfollow();
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('keydown', onKey);
    };
  }, [isHome]);

  const open = state !== 'closed';

  function onClick() {
    hover.cancel();
    if (open) return closeGenderNav();
    openGenderNav('search');
    button.current?.closest('.site-header')?.querySelector<HTMLInputElement>('.search-panel__input')?.focus();
  }

  // A mouse resting on the button opens the navigation to browse; touch has no hover.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && !open) hover.schedule(CATEGORY_LAYER_HOVER_DELAY_MS, () => openGenderNav('browse'));
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="header-tool__button gender-nav__toggle"
        aria-label={open ? labels.close : labels.open}
        aria-expanded={open}
        onClick={onClick}
        onPointerEnter={onPointerEnter}
        onPointerLeave={() => hover.cancel()}
      >
        <SearchIcon />
      </button>
      {open && !isHome && <div className="gender-nav__scrim" aria-hidden="true" onClick={closeGenderNav} />}
    </>
  );
}
