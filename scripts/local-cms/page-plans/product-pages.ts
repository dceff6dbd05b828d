/** Content shown on product pages (productPageFlag Y): one content page per product page code. */
import { PRODUCT_PAGES } from '../taxonomy.ts';
import { featureBody, featurePlan, heroBanner, html, productList, type PagePlan, type PlanInput } from './page-kit.ts';

export function productPagePlans({ sample }: PlanInput): PagePlan[] {
  const { listable, pick, featureHero } = sample;
  return PRODUCT_PAGES.map((productPage) => {
    const related = listable.filter((p) => p.productPageCode === productPage.productPageCode);
    const hero = featureHero(productPage.feature, related);
    return featurePlan(productPage.feature, { productPageCode: productPage.productPageCode }, (ctx, id) => ({
      components: [
        html(id('customContent'), featureBody(ctx, productPage.feature), 'product-content'),
        heroBanner(id('bannerList'), hero, ctx.copy.features[productPage.feature].headline, undefined, 2.4),
        productList(id('productList'), ctx.copy.sections.related, pick(`PP-${productPage.productPageCode}`, related, 6), ctx, 6),
      ],
    }));
  });
}
