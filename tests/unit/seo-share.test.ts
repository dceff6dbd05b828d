/** What a shared link shows: each page type's picture, and a product's price and availability. */
import { describe, expect, it } from 'vitest';
import { BANNER_SHARE_SIZE, CATEGORY_SHARE_SIZE, cmsShareImage } from '../../src/node/seo/share-image.ts';
import { PRODUCT_IMAGE, productAvailability } from '../../src/node/product/head.ts';
import type { CategoryNode, CmsComponent } from '../../src/lib/cms/schema.ts';
import { openGraphTags, type OpenGraph } from '../../src/lib/seo/open-graph.ts';

const SITE = 'https://shop.example';
const carousel: CmsComponent = {
  type: 'carousel',
  id: 'c',
  aspectRatio: 2.4,
  items: [
    { indexFlag: 1, title: 'Second', name: '', props: { coverUrl: '/media/2.jpg', alt: 'Two', videoFlag: 'N', linkName: '' } },
    { indexFlag: 0, title: 'First', name: '', props: { coverUrl: '/media/1.jpg', alt: 'One', videoFlag: 'N', linkName: '' } },
  ],
};
const products: CmsComponent = {
  type: 'productList',
  id: 'p',
  title: '',
  columns: 4,
  products: [{ productCode: 'L1', name: 'Coat', imageUrl: '/media/products/L1.jpg', minPrice: 1, maxPrice: 1, stockFlag: 'Y' }],
};
const html: CmsComponent = { type: 'customContent', id: 'h', html: '<p>x</p>', className: '', startDate: null, endDate: null };
const node = (imgUrl?: string): CategoryNode => ({
  classifyId: 'W01',
  classifyStyle: 'default',
  title: 'Outerwear',
  sort: 1,
  type: 'GROUP',
  parentId: null,
  link: '/c/W01.html',
  imgUrl,
  childData: [],
  pageInfo: { code: 'W01', path: '/c/W01.html' },
});

describe('share pictures of CMS pages', () => {
  it('a content page shares its first picture, absolute, at the size the image CDN serves', () => {
    expect(cmsShareImage({ components: [html, carousel, products], pageCode: 'HOME', tplt: 1 }, [], SITE)).toEqual({
      url: `${SITE}/media/1.jpg_r-1200-630`,
      ...BANNER_SHARE_SIZE,
      alt: 'One',
    });
    expect(cmsShareImage({ components: [html], pageCode: 'LEGAL', tplt: 5 }, [], SITE)).toBeNull();
  });

  it("a category shares its own picture, else its first product's", () => {
    const category = { components: [carousel, products], pageCode: 'W01', tplt: 3 };
    expect(cmsShareImage(category, [node('/media/categories/W01.jpg')], SITE)).toEqual({
      url: `${SITE}/media/categories/W01.jpg_r-600-600`,
      ...CATEGORY_SHARE_SIZE,
      alt: 'Outerwear',
    });
    expect(cmsShareImage(category, [node()], SITE)).toEqual({
      url: `${SITE}/media/products/L1.jpg_r-800-1000`,
      ...PRODUCT_IMAGE,
      alt: 'Coat',
    });
  });

  it('skips a picture the CDN cannot size (SVG) for the next', () => {
    const svg: CmsComponent = {
      ...carousel,
      items: [{ ...carousel.items[1]!, indexFlag: 0, props: { ...carousel.items[1]!.props, coverUrl: '/media/a.svg' } }],
    };
    expect(cmsShareImage({ components: [svg, products], pageCode: 'F', tplt: 5 }, [], SITE)?.url).toBe(
      `${SITE}/media/products/L1.jpg_r-800-1000`,
    );
  });
});

describe('a product shared', () => {
  const og: OpenGraph = {
    type: 'product',
    title: 'Coat',
    description: 'Warm',
    url: `${SITE}/en-gb/product/L1.html`,
    siteName: 'LINEA',
    languageCode: 'en-GB',
    alternateLanguageCodes: [],
    image: null,
    product: { price: 399.5, currency: 'HKD', availability: 'in stock' },
  };

  it('is an Open Graph product with its price, currency and availability', () => {
    const keys = openGraphTags(og).map((t) => `${t.key}=${t.content}`);
    expect(keys).toContain('og:type=product');
    expect(keys).toEqual(
      expect.arrayContaining(['product:price:amount=399.5', 'product:price:currency=HKD', 'product:availability=in stock']),
    );
    expect(openGraphTags({ ...og, type: 'website' }).some((t) => t.key.startsWith('product:'))).toBe(false);
  });

  it('is in stock on sale, a pre-order for an advance sale, discontinued when off sale', () => {
    expect(productAvailability(true, false)).toBe('in stock');
    expect(productAvailability(true, true)).toBe('preorder');
    expect(productAvailability(false, true)).toBe('discontinued');
  });
});
