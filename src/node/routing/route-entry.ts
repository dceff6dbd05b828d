/**
 * One page of the route table, as everything downstream of the table reads it (the head, the
 * sitemap, the page context). Apart from route-table.ts, which derives the entries and calls the
 * SEO modules while doing so, so those modules can name an entry without an import circle.
 */
import type { CmsComponent, PageDocument } from '../../lib/cms/schema.ts';
import type { AppIsland } from '../../lib/routing/app-pages.ts';
import type { LookKind } from '../../lib/styling/paths.ts';

export interface Alternate {
  hreflang: string;
  href: string;
}

/** What a press, shop or styling-look page shows (kind 'section'). */
export type SectionView =
  | { view: 'press-list'; page: number; pageCount: number }
  | { view: 'press-year'; year: number }
  | { view: 'press-release'; id: string }
  | { view: 'shop-list' }
  /** One shop's own page (code), or the older page with every shop on it, chosen by query (null). */
  | { view: 'shop'; code: string | null }
  /** One look's own page (styleId), or the page of every look of its kind (null). */
  | { view: 'styling'; kind: LookKind; styleId: string | null }
  | { view: 'site-map'; groups: SiteMapGroup[] };

/** One list of the site map page: its heading's translation key and its links (language paths). */
export interface SiteMapGroup {
  key: 'categories' | 'pages' | 'more';
  links: Array<{ title: string; path: string }>;
}

/** What a product page shows beside the product (kind 'product'). */
export interface ProductRoute {
  code: string;
  /** Switched on and listed: indexed, and offered for sale. */
  enabled: boolean;
  /**
   * Its category page's breadcrumb: home and every level of the category's path in the
   * classification (node/seo/breadcrumbs.ts); for a category the classification does not
   * hold, home, the gender landing and the category, where the language publishes them.
   */
  crumbs: Array<{ name: string; path: string }>;
}

export interface RouteEntry {
  kind: 'cms' | 'app' | 'not-found' | 'current-limiter' | 'section' | 'product';
  /** For kind 'section': which press or shop page. */
  section?: SectionView;
  /** For kind 'product': the product and its breadcrumb. */
  product?: ProductRoute;
  languageCode: string;
  /** The URL path, e.g. "/en-gb/c/W01.html" or "/". */
  urlPath: string;
  title: string;
  description: string;
  pageCode: string | null;
  tplt: number | null;
  components: CmsComponent[];
  background: PageDocument['background'] | null;
  /** The next start/end boundary after the build, when the page must reload. */
  reloadAt: number | null;
  isHome: boolean;
  /** Needs a signed-in member: checked before first paint (the guarded paths are in lib/routing/app-pages.ts). */
  accessCheck: boolean;
  /** The island an app page mounts. */
  island: AppIsland | null;
  alternates: Alternate[];
  lastModified: number;
  /** Changes whenever anything the page shows changes; the incremental build's cache key. */
  digest: string;
}
