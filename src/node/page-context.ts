/**
 * What a page is rendered from, loaded once by the page and passed down as props: components
 * take what they show and never reach back into the loaded site.
 */
import type { z } from 'zod';
import type { PageConfig, productCornerSchema } from '../lib/cms/schema.ts';
import { localizedPath } from '../lib/cms/pages.ts';
import { brandOrganization } from '../lib/seo/brand.ts';
import type { Organization, ProductOffer } from '../lib/seo/json-ld.ts';
import type { ProductDetail } from '../lib/api/contract.ts';
import { productPagePath } from '../lib/product/product-id.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import type { SiteContent } from './cms/content.ts';
import type { HomeContent, LanguageContent, PageLanguageContent, PriceRange, SiteSwitches } from './cms/content.ts';
import { analyticsCollector, chatUrl, faqUrl, mobileSiteUrl, scriptSources, siteUrl } from './env.ts';
import type { ScriptSources } from '../lib/external-scripts/sources.ts';
import { buildTranslator } from './i18n/translations.ts';
import { isPressSection, type PressContext } from './press/head.ts';
import type { RouteEntry } from './routing/route-entry.ts';
import { languageContent, siteToRender } from './site.ts';

/** What CMS components need beside their own data. */
export interface ComponentContext {
  languageCode: string;
  /** The build's clock: blocks whose window ended before it are left out. */
  now: number;
  switchConfig: SiteSwitches;
  productCorner: z.infer<typeof productCornerSchema>;
  /** Each product's price range in the language's currency from the catalogue, by code: what its tiles show. */
  priceRanges: ReadonlyMap<string, PriceRange>;
  /** On a product's page: the product shown, which its product lists never offer. */
  shownProductCode?: string | null;
}

export interface PageContext extends ComponentContext {
  route: RouteEntry;
  /** The route's language: its shared documents, press releases and shops. */
  content: PageLanguageContent;
  /** A CMS page: its own entry in the language's configuration (its title is its heading). */
  cmsPage: PageConfig | null;
  /** The home page only: the pop-up, which no other page shows (its digest is home's alone, routing/route-table.ts). */
  home: HomeContent | null;
  /** The brand as the Organization of this language's pages. */
  organization: Organization;
  /** Press pages only: what the page and its head are made from. */
  press: PressContext | null;
  /** Where phones are sent (MOBILE_SITE_URL), or null. */
  mobileSiteUrl: string | null;
  /** The analytics collector's origin, '' for the store's own (ANALYTICS_SERVER_TYPE). */
  analyticsCollector: string;
  /** The configured third-party scripts (lib/external-scripts/sources.ts). */
  scriptSources: ScriptSources;
  /** The search panel's FAQ and chat links (configured; null leaves the link out). */
  serviceLinks: { faq: string | null; chat: string | null };
  /** Product pages only: the product in the page's language, and its offer in each currency the store sells it in. */
  product: ProductContext | null;
}

export interface ProductContext {
  detail: ProductDetail;
  offers: ProductOffer[];
}

/** Each language's products by code, made once: a product page looked each up in the list, 6 × N/2 comparisons a page (N² for the catalogue). */
const productsByCode = new WeakMap<LanguageContent, Map<string, ProductDetail>>();

function productIn(lc: LanguageContent, code: string): ProductDetail | undefined {
  let byCode = productsByCode.get(lc);
  if (!byCode) productsByCode.set(lc, (byCode = new Map(lc.products.map((p) => [p.productCode, p]))));
  return byCode.get(code);
}

/**
 * The product in the route's language, and its lowest price in each currency, from the languages
 * that sell in it: the page's own currency first, the price it shows, then the
 * others with their language's page (an Offer per currency: tests/unit/structured-data.test.ts).
 */
function productContext(route: RouteEntry, site: SiteContent): ProductContext | null {
  const code = route.product?.code;
  const own = site.languages.find((c) => c.language.code === route.languageCode);
  const detail = own && code ? productIn(own, code) : undefined;
  if (!code || !own || !detail) return null;
  const offers = new Map<string, ProductOffer>();
  // The page's own language first: its currency's offer is at this page's address.
  for (const lc of [own, ...site.languages.filter((c) => c !== own)]) {
    const inLanguage = productIn(lc, code);
    if (!inLanguage || offers.has(lc.language.currency.code)) continue;
    offers.set(lc.language.currency.code, {
      currency: lc.language.currency.code,
      price: Math.min(...inLanguage.skus.map((s) => s.price.sale)),
      url: absoluteUrl(siteUrl(), localizedPath(lc.language, productPagePath(code))),
    });
  }
  return { detail, offers: [...offers.values()] };
}

export async function componentContext(languageCode: string): Promise<ComponentContext> {
  const [{ content, now }, language] = await Promise.all([siteToRender(), languageContent(languageCode)]);
  return {
    languageCode: language.language.code,
    now,
    switchConfig: content.switchConfig,
    productCorner: language.shared['product-corner'],
    priceRanges: language.priceRanges,
  };
}

export function organizationOf(content: LanguageContent): Organization {
  return brandOrganization(siteUrl(), buildTranslator(content.language.code)('common.brand'), localizedPath(content.language, '/'));
}

export async function pageContext(route: RouteEntry): Promise<PageContext> {
  const [components, content] = await Promise.all([componentContext(route.languageCode), languageContent(route.languageCode)]);
  const organization = organizationOf(content);
  const press: PressContext | null = isPressSection(route.section)
    ? {
        section: route.section,
        releases: content.press,
        language: content.language,
        site: siteUrl(),
        organization,
        feedTitle: buildTranslator(route.languageCode)('press.feedTitle'),
      }
    : null;
  return {
    ...components,
    route,
    content,
    home: route.isHome ? content.home : null,
    cmsPage: route.kind === 'cms' && route.pageCode !== null ? (content.pagesByCode.get(route.pageCode) ?? null) : null,
    organization,
    press,
    product: route.kind === 'product' ? productContext(route, (await siteToRender()).content) : null,
    mobileSiteUrl: mobileSiteUrl() || null,
    analyticsCollector: analyticsCollector(),
    scriptSources: scriptSources(content.language.region),
    serviceLinks: { faq: faqUrl(), chat: chatUrl() },
  };
}
