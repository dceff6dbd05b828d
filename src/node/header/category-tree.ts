/** The header's category tree of a language (lib/header/category-tree.ts), from its CMS classification. */
import { topLevelCategories } from '../../lib/cms/classification.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import { localizeLink } from '../../lib/search/target.ts';
import type { CategoryNode, Classification, CmsComponent } from '../../lib/cms/schema.ts';
import type { CategoryPromo, CategoryTab } from '../../lib/header/category-tree.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';

/** How many of its page's pictures a tab's layer shows: a column beside the sub-categories. */
export const LAYER_PROMOS = 2;
/** The layer's picture column is 320 CSS px wide; the image CDN is asked for twice that. */
const PROMO_WIDTH = 320;

/** Each classification's trees by language: every page's header asks for its language's. */
const built = new WeakMap<Classification, Map<string, readonly CategoryTab[]>>();

/** The tree, built once per classification and language; read-only, as every page shares it. */
export function categoryTree(language: LanguageDefinition, classification: Classification): readonly CategoryTab[] {
  let trees = built.get(classification);
  if (!trees) built.set(classification, (trees = new Map()));
  let tree = trees.get(language.code);
  if (!tree) trees.set(language.code, (tree = buildTree(language, classification)));
  return tree;
}

function buildTree(language: LanguageDefinition, classification: Classification): CategoryTab[] {
  const toTab = (node: CategoryNode): CategoryTab => ({
    id: node.classifyId,
    title: node.title,
    href: localizedPath(language, node.link),
    children: [...node.childData].sort((a, b) => a.sort - b.sort).map(toTab),
  });
  return topLevelCategories(classification).map(toTab);
}

/**
 * The tree as the layer gets it (the header-data file): each tab with its pictures. They come
 * from the page the classification names for the tab (pageInfo), as this build shows it
 * (`componentsAt`: its components, or undefined when the page is not published), and the
 * tab's own picture stands in when that page has none.
 */
export function layerTree(
  language: LanguageDefinition,
  classification: Classification,
  componentsAt: (urlPath: string) => readonly CmsComponent[] | undefined,
): CategoryTab[] {
  const nodes = topLevelCategories(classification);
  return categoryTree(language, classification).map((tab, index) => {
    const node = nodes[index]!;
    const pagePath = node.pageInfo ? localizedPath(language, node.pageInfo.path) : undefined;
    const promos = pagePath ? pagePromos(language, pagePath, componentsAt(pagePath) ?? []) : [];
    if (promos.length === 0 && node.imgUrl) promos.push(promo(node.imgUrl, tab.href, tab.title, 0.8));
    return { ...tab, promos };
  });
}

/**
 * A page's linked, named pictures in page order (carousel slides and banners), at most
 * LAYER_PROMOS. Links are the page's own: a store path stays in the language, an anchor points
 * into the page at `pageHref`, and another site's address (`https:` or `//`) stays as it is.
 */
export function pagePromos(language: LanguageDefinition, pageHref: string, components: readonly CmsComponent[]): CategoryPromo[] {
  const found: CategoryPromo[] = [];
  const prefix = language.pathSegment ? `/${language.pathSegment}` : '';
  const href = (link: string | undefined) => (!link ? undefined : link.startsWith('#') ? `${pageHref}${link}` : localizeLink(link, prefix));
  // The first of the names given, blanks skipped.
  const nameOf = (...names: Array<string | undefined>) => names.map((n) => n?.trim() ?? '').find(Boolean) ?? '';
  const add = (src: string | undefined, link: string | undefined, label: string, ratio: number) => {
    const target = href(link);
    // A picture without a link leads nowhere from a menu, and one without a name cannot be told apart.
    if (src && target && label && found.length < LAYER_PROMOS) found.push(promo(src, target, label, ratio));
  };
  for (const component of components) {
    if (component.type === 'carousel') {
      for (const slide of [...component.items].sort((a, b) => a.indexFlag - b.indexFlag))
        add(slide.props.coverUrl, slide.props.link, nameOf(slide.title, slide.props.alt, slide.props.linkName), component.aspectRatio);
    } else if (component.type === 'bannerList') {
      for (const item of component.items)
        add(item.media === 'Y' ? item.posterPath : item.urlPath, item.link, nameOf(item.linkName), item.aspectRatio);
    }
  }
  return found;
}

function promo(src: string, href: string, label: string, ratio: number): CategoryPromo {
  const height = Math.round(PROMO_WIDTH / ratio);
  return { src: withResizeSuffix(src, `${PROMO_WIDTH * 2}-${height * 2}`), href, label, width: PROMO_WIDTH, height };
}
