/**
 * What the page plans share: a plan (a page's place in the site and how its content is built in
 * a language), the language context the content is built in, and the component helpers.
 */
import type { z } from 'zod';
import type {
  backgroundSchema,
  bannerItemSchema,
  componentSchema,
  pageConfigSchema,
  productTileSchema,
  smallPictureItemSchema,
} from '../../../src/lib/cms/schema.ts';
import { CodedError } from '../../../src/lib/errors.ts';
import type { LanguageDefinition } from '../../../src/lib/i18n/languages.ts';
import type { CatalogueProduct } from '../../sample-data/catalogue-schema.ts';
import { isSoldOut } from '../catalogue.ts';
import { COPY, type CopySet } from '../copy.ts';
import type { SampleSet } from '../sample-set.ts';
import type { SharedImages } from '../shared-images.ts';
import type { FeatureKey, GenderNode, GroupNode } from '../taxonomy.ts';

export type ComponentIn = z.input<typeof componentSchema>;
export type BannerItemIn = z.input<typeof bannerItemSchema>;
export type SmallPictureIn = z.input<typeof smallPictureItemSchema>;
export type TileIn = z.input<typeof productTileSchema>;
export type PageConfigIn = z.input<typeof pageConfigSchema>;
export type BackgroundIn = z.input<typeof backgroundSchema>;

export interface PageContent {
  title: string;
  description: string;
  background?: BackgroundIn;
  components: ComponentIn[];
}

export interface LangContext {
  lang: LanguageDefinition;
  copy: CopySet;
  tile(product: CatalogueProduct): TileIn;
}

export interface PagePlan {
  code: string;
  path: string;
  tplt: number;
  superCode: string | null;
  startDate: number | null;
  endDate: number | null;
  productPageCode: string | null;
  accessCheck: boolean;
  homepage: boolean;
  build(ctx: LangContext): PageContent;
  /** The previous version, shown while the page is outside its window. */
  archive?: (ctx: LangContext) => PageContent;
}

/** What every plan module is given. */
export interface PlanInput {
  sample: SampleSet;
  images: SharedImages;
}

export const basePlan = { superCode: null, startDate: null, endDate: null, productPageCode: null, accessCheck: false, homepage: false };
export const landingCode = (g: GenderNode) => g.gender;

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Component ids unique within a page: {code}-{type}-{n}. */
export function idMaker(code: string): (type: string) => string {
  let n = 0;
  return (type) => `${code.toLowerCase()}-${type.toLowerCase()}-${++n}`;
}

export function productList(id: string, title: string, products: readonly CatalogueProduct[], ctx: LangContext, columns = 4): ComponentIn {
  return { type: 'productList', id, title, columns, products: products.map((p) => ctx.tile(p)) };
}
export function heroBanner(id: string, image: string, linkName: string, link?: string, aspectRatio = 2.4): ComponentIn {
  return {
    type: 'bannerList',
    id,
    orientation: 'vertical',
    items: [{ ...(link ? { link } : {}), aspectRatio, media: 'N', urlPath: image, linkName, frequency: 1 }],
  };
}
export function html(
  id: string,
  content: string,
  className = 'editorial',
  startDate: number | null = null,
  endDate: number | null = null,
): ComponentIn {
  return { type: 'customContent', id, html: content, className, startDate, endDate };
}

/** A content page (tplt 5) at /feature/{key}.html, titled from the copy set's feature. */
export function featurePlan(
  key: FeatureKey,
  extra: Partial<Omit<PagePlan, 'build' | 'code' | 'path'>>,
  build: (ctx: LangContext, id: (type: string) => string) => Omit<PageContent, 'title' | 'description'>,
  archive?: PagePlan['archive'],
): PagePlan {
  const code = `F-${key.toUpperCase()}`;
  return {
    ...basePlan,
    tplt: 5,
    ...extra,
    code,
    path: `/feature/${key}.html`,
    build: (ctx) => ({
      title: ctx.copy.features[key].title,
      description: ctx.copy.features[key].description,
      ...build(ctx, idMaker(code)),
    }),
    ...(archive ? { archive } : {}),
  };
}

export const featureBody = (ctx: LangContext, key: FeatureKey) =>
  `<h2>${esc(ctx.copy.features[key].headline)}</h2>${ctx.copy.features[key].body}`;

/** The language context: its copy set, and product tiles in its currency. */
export function langContext(lang: LanguageDefinition): LangContext {
  const copy = COPY[lang.sampleCopy];
  const currency = lang.currency.code;
  return {
    lang,
    copy,
    tile: (product) => {
      const colour = product.colours[0];
      const colourSkus = product.skus.filter((s) => s.colorNo === colour?.colorNo);
      const shown = colourSkus.find((s) => s.stock > 0) ?? colourSkus[0] ?? product.skus[0];
      const sales = product.skus.map((s) => {
        const price = s.prices[currency];
        if (!price) throw new CodedError('SAMPLE_PRICE_MISSING', `product ${product.productCode} has no ${currency} price`);
        return price.sale;
      });
      return {
        productCode: product.productCode,
        ...(shown ? { productId: shown.productId } : {}),
        name: product.names[lang.code] ?? product.productCode,
        imageUrl: colour?.images[0] ?? '/media/marks/sold-out.png',
        minPrice: Math.min(...sales),
        maxPrice: Math.max(...sales),
        stockFlag: isSoldOut(product) ? 'N' : 'Y',
        ...(product.cornerCode
          ? { cornerCode: product.cornerCode, badge: copy.badges[product.cornerCode as keyof CopySet['badges']] }
          : {}),
      };
    },
  };
}

/** One square banner per category group, linking to its category page: home and the landings show them alike. */
export function groupBannerItems(groups: readonly GroupNode[], groupImage: ReadonlyMap<string, string>, copy: CopySet): BannerItemIn[] {
  return groups.map((group, i) => ({
    link: `/c/${group.code}.html`,
    aspectRatio: 1,
    media: 'N',
    urlPath: groupImage.get(group.code) as string,
    linkName: copy.groups[group.code],
    frequency: i + 1,
  }));
}
