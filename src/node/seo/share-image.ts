/**
 * The picture a CMS page is shared with (og:image): what LINE and Facebook show beside the link.
 * A content page (home, a gender landing, a feature) shows its first picture, in the order its
 * components come (a slide, a banner, a picture, a product); a category page shows its
 * category's own picture from the classification, else its first product's, else its first
 * picture. Each is asked of the image CDN at one size, so the size we state is the size served.
 */
import type { CmsComponent, CategoryNode } from '../../lib/cms/schema.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { categoryTrail } from '../../lib/cms/classification.ts';
import type { ShareImage } from '../../lib/seo/open-graph.ts';
import { absoluteUrl } from '../../lib/seo/urls.ts';
import type { RouteEntry } from '../routing/route-entry.ts';
import { PRODUCT_IMAGE } from '../product/head.ts';
import type { PageHead } from './head.ts';

/** Campaign pictures: the card size sharing sites draw (1.91:1); the CDN crops to it. */
export const BANNER_SHARE_SIZE = { width: 1200, height: 630 } as const;
/** A category's own picture is square. */
export const CATEGORY_SHARE_SIZE = { width: 600, height: 600 } as const;

type Size = { readonly width: number; readonly height: number };
interface Candidate {
  src: string;
  alt: string;
  size: Size;
}

/** The component's pictures, in the order a shopper sees them. */
function picturesOf(component: CmsComponent): Candidate[] {
  const banner = (src: string | undefined, alt: string): Candidate[] => (src ? [{ src, alt, size: BANNER_SHARE_SIZE }] : []);
  switch (component.type) {
    case 'carousel':
      return [...component.items]
        .sort((a, b) => a.indexFlag - b.indexFlag)
        .flatMap((item) => banner(item.props.coverUrl, item.props.alt || item.title));
    case 'bannerList':
    case 'autoCarousel':
      return component.items.flatMap((item) => banner(item.media === 'Y' ? item.posterPath : item.urlPath, item.linkName));
    case 'smallPictureCarousel':
      return component.items.flatMap((item) => banner(item.media === 'Y' ? item.posterPath : item.urlPath, item.picContent));
    case 'productList':
      return component.products.map((p) => ({ src: p.imageUrl, alt: p.name, size: PRODUCT_IMAGE }));
    case 'customContent':
      return [];
  }
}

/** The first candidate the image CDN can size (it cannot resize SVG or GIF), as a share image. */
function firstSized(candidates: Iterable<Candidate>, site: string): ShareImage | null {
  for (const { src, alt, size } of candidates) {
    const sized = withResizeSuffix(src, `${size.width}-${size.height}`);
    if (sized !== src) return { url: absoluteUrl(site, sized), width: size.width, height: size.height, alt };
  }
  return null;
}

/** The share picture of a CMS page; null when it has none the CDN can size. */
export function cmsShareImage(
  route: Pick<RouteEntry, 'components' | 'pageCode' | 'tplt'>,
  classification: readonly CategoryNode[],
  site: string,
): ShareImage | null {
  const pictures = route.components.flatMap(picturesOf);
  const isCategory = route.pageCode !== null && (route.tplt === 3 || route.tplt === 4);
  if (!isCategory) return firstSized(pictures, site);
  const node = categoryTrail(classification, route.pageCode!).at(-1);
  const own: Candidate[] = node?.imgUrl ? [{ src: node.imgUrl, alt: node.title, size: CATEGORY_SHARE_SIZE }] : [];
  const products = pictures.filter((p) => p.size === PRODUCT_IMAGE);
  return firstSized([...own, ...products, ...pictures], site);
}

/** What a CMS page adds to its head: its share picture. */
export function cmsPageHead(
  route: Pick<RouteEntry, 'components' | 'pageCode' | 'tplt'>,
  classification: readonly CategoryNode[],
  site: string,
): PageHead {
  const image = cmsShareImage(route, classification, site);
  return image ? { openGraph: { image } } : {};
}
