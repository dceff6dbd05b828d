/** The gender landing pages (tplt 2): slides, groups, new arrivals, categories and a product carousel. */
import { productDetailHref } from '../../../src/lib/product/product-id.ts';
import type { CatalogueProduct } from '../../sample-data/catalogue-schema.ts';
import { SOLD_OUT_STYLE } from '../catalogue.ts';
import { TAXONOMY, type GenderKey, type GroupNode, type LeafNode } from '../taxonomy.ts';
import {
  basePlan,
  groupBannerItems,
  html,
  idMaker,
  landingCode,
  productList,
  type BannerItemIn,
  type PagePlan,
  type PlanInput,
  type SmallPictureIn,
} from './page-kit.ts';

export function landingPlans({ sample, images }: PlanInput): PagePlan[] {
  const { catalogue, byGender, pick } = sample;
  const { genderSlides, groupImage, leafImage } = images;
  const soldOutProduct = catalogue.products.find((p) => p.styleKey === SOLD_OUT_STYLE);
  const landingPicks = new Map<GenderKey, CatalogueProduct[]>(
    TAXONOMY.map((g) => {
      const picks = pick(`LANDING-${g.gender}`, byGender(g.gender), 8);
      // The sold-out product is shown on its gender's landing page, to show the corner mark.
      if (soldOutProduct && soldOutProduct.gender === g.gender && !picks.includes(soldOutProduct)) picks[picks.length - 1] = soldOutProduct;
      return [g.gender, picks];
    }),
  );
  return TAXONOMY.map((g) => ({
    ...basePlan,
    code: landingCode(g),
    path: g.landingPath,
    tplt: 2,
    build: (ctx) => {
      const id = idMaker(g.gender);
      const { copy } = ctx;
      const leaves = g.groups.flatMap((group) => group.leaves);
      const slideLinks = [1, 2, 3].map((n) => `/c/${(leaves[(n * 3) % leaves.length] as LeafNode).code}.html`);
      const products = landingPicks.get(g.gender) ?? [];
      return {
        title: copy.landing[g.gender].title,
        description: copy.landing[g.gender].description,
        components: [
          {
            type: 'carousel',
            id: id('carousel'),
            aspectRatio: 2.4,
            items: copy.slides[g.gender].map((slide, i) => ({
              indexFlag: i,
              title: slide.title,
              name: `${g.gender.toLowerCase()}_kv_${i + 1}`,
              frequency: i + 1,
              props: {
                coverUrl: (genderSlides.get(g.gender) ?? [])[i] as string,
                alt: slide.alt,
                videoFlag: 'N',
                link: slideLinks[i] as string,
                linkName: slide.linkName,
              },
            })),
          },
          {
            type: 'bannerList',
            id: id('bannerList'),
            orientation: 'horizontal',
            items: groupBannerItems(g.groups, groupImage, copy),
          },
          productList(id('productList'), copy.sections.newArrivals, products, ctx),
          {
            type: 'smallPictureCarousel',
            id: id('smallPictureCarousel'),
            title: copy.sections.shopByCategory,
            buttonText: copy.buttons.viewAll,
            buttonLink: `/c/${(g.groups[0] as GroupNode).code}.html`,
            items: leaves.slice(0, 8).map((leaf): SmallPictureIn => ({
              link: `/c/${leaf.code}.html`,
              aspectRatio: 1,
              media: 'N',
              urlPath: leafImage.get(leaf.code) as string,
              picContent: copy.categories[leaf.code],
              btnContent: copy.buttons.shopNow,
            })),
          },
          {
            type: 'autoCarousel',
            id: id('autoCarousel'),
            speed: 24,
            direction: g.prefix === 'M' || g.prefix === 'B' ? 'right' : 'left',
            itemAspectRatio: 0.8,
            items: products.map((p, i): BannerItemIn => ({
              link: productDetailHref(p.productCode, ctx.tile(p).productId),
              aspectRatio: 0.8,
              media: 'N',
              urlPath: p.colours[0]?.images[0] as string,
              linkName: p.names[ctx.lang.code] ?? p.productCode,
              frequency: i + 1,
            })),
          },
          html(id('customContent'), copy.editorial.landing[g.gender]),
        ],
      };
    },
  }));
}
