/**
 * The content pages (tplt 5, /feature/…): campaigns with date windows (one with an archived
 * version), the lookbook, guides and a members-only page.
 */
import { productDetailHref } from '../../../src/lib/product/product-id.ts';
import type { CatalogueProduct } from '../../sample-data/catalogue-schema.ts';
import { DAY } from '../sample-set.ts';
import { officialLookLink, sampleLooks, staffLookLink, STYLING_COPY } from '../styling-looks.ts';
import { TAXONOMY, type GenderNode } from '../taxonomy.ts';
import {
  esc,
  featureBody as body,
  featurePlan,
  heroBanner,
  html,
  idMaker,
  productList,
  type BannerItemIn,
  type PagePlan,
  type PlanInput,
  type SmallPictureIn,
} from './page-kit.ts';

const EXTERNAL_CARE_LINK = 'https://example.com/linea/fabric-care';

export function featurePlans({ sample, images }: PlanInput): PagePlan[] {
  const { now, listable, pick, scene, featureHero } = sample;
  const { genderImage, lookImages, tileBackground, paperBackground } = images;
  const plans: PagePlan[] = [];
  const feature = (...args: Parameters<typeof featurePlan>) => plans.push(featurePlan(...args));
  const newProducts = listable.filter((p) => p.cornerCode === 'NEW');
  const discountedProducts = listable.filter((p) => p.skus.some((s) => Object.values(s.prices).some((pr) => pr.sale < pr.origin)));
  const linenProducts = listable.filter((p) => p.styleKey.includes('linen'));
  const lookProducts = pick(
    'LOOKS',
    listable.filter((p) => p.gender === 'WOMEN' || p.gender === 'MEN'),
    8,
  );

  const newArrivalsHero = featureHero('new-arrivals', newProducts);
  const newArrivalsSlide2 = scene('/media/features/new-arrivals-2.jpg', 1920, 800, newProducts.slice(2, 4));
  const newArrivalsTiles = [1, 2, 3].map((n) =>
    scene(`/media/features/new-arrivals-tile-${n}.jpg`, 800, 1000, pick(`NA-TILE-${n}`, newProducts, 2), true),
  );
  feature('new-arrivals', { startDate: now - 7 * DAY }, (ctx, id) => ({
    components: [
      {
        type: 'carousel',
        id: id('carousel'),
        aspectRatio: 2.4,
        items: [newArrivalsHero, newArrivalsSlide2].map((image, i) => ({
          indexFlag: i,
          title: i === 0 ? ctx.copy.features['new-arrivals'].headline : ctx.copy.sections.newArrivals,
          name: `new_arrivals_kv_${i + 1}`,
          frequency: i + 1,
          props: {
            coverUrl: image,
            alt: ctx.copy.features['new-arrivals'].title,
            videoFlag: 'N',
            link: i === 0 ? '/women.html' : '/men.html',
            linkName: ctx.copy.buttons.shopNow,
          },
        })),
      },
      {
        type: 'bannerList',
        id: id('bannerList'),
        orientation: 'horizontal',
        items: newArrivalsTiles.map((image, i) => {
          const g = TAXONOMY[i] as GenderNode;
          return {
            link: g.landingPath,
            aspectRatio: 0.8,
            media: 'N',
            urlPath: image,
            linkName: ctx.copy.genders[g.gender],
            frequency: i + 1,
          };
        }),
      },
      html(id('customContent'), ctx.copy.windows.liveNow, 'notice', now - DAY, now + 6 * DAY),
      productList(id('productList'), ctx.copy.sections.newArrivals, newProducts.slice(0, 8), ctx),
      html(id('customContent'), body(ctx, 'new-arrivals')),
    ],
  }));

  const staffLooks = sampleLooks(sample, images).staff;
  const lookbookBanners = [1, 2, 3].map((n) => scene(`/media/features/lookbook-${n}.jpg`, 1920, 640, pick(`LB-${n}`, lookProducts, 2)));
  feature('lookbook', {}, (ctx, id) => ({
    background: { imageUrl: tileBackground, attachment: 'scroll', fit: 'TILE' },
    components: [
      {
        type: 'autoCarousel',
        id: id('autoCarousel'),
        speed: 16,
        direction: 'right',
        itemAspectRatio: 0.75,
        items: lookImages.map((image, i): BannerItemIn => ({
          link: officialLookLink(i + 1),
          aspectRatio: 0.75,
          media: 'N',
          urlPath: image,
          linkName: ctx.copy.looks[i] ?? '',
          frequency: i + 1,
        })),
      },
      html(
        id('customContent'),
        `${body(ctx, 'lookbook')}<ol class="looks">${ctx.copy.looks.map((caption, i) => `<li id="look-${i + 1}">${esc(caption)}</li>`).join('')}</ol>`,
      ),
      {
        type: 'bannerList',
        id: id('bannerList'),
        orientation: 'vertical',
        items: lookbookBanners.map((image, i) => ({
          link: officialLookLink(i * 2 + 1),
          aspectRatio: 3,
          media: 'N',
          urlPath: image,
          linkName: ctx.copy.looks[i * 2] ?? '',
          frequency: i + 1,
        })),
      },
      {
        type: 'smallPictureCarousel',
        id: id('smallPictureCarousel'),
        title: ctx.copy.sections.looks,
        buttonText: ctx.copy.buttons.viewAll,
        buttonLink: '/feature/new-arrivals.html',
        items: lookImages.map((image, i): SmallPictureIn => {
          const product = lookProducts[i] as CatalogueProduct;
          return {
            link: productDetailHref(product.productCode, ctx.tile(product).productId),
            aspectRatio: 0.75,
            media: 'N',
            urlPath: image,
            picContent: ctx.copy.looks[i] ?? '',
            btnContent: ctx.copy.buttons.shopTheLook,
          };
        }),
      },
      {
        type: 'smallPictureCarousel',
        id: id('smallPictureCarousel'),
        title: STYLING_COPY[ctx.lang.sampleCopy].staffPicks,
        items: staffLooks.map((look, i): SmallPictureIn => ({
          link: staffLookLink(i + 1),
          aspectRatio: 0.75,
          media: 'N',
          urlPath: look.imageOriginal,
          picContent: STYLING_COPY[ctx.lang.sampleCopy].staffTitles[look.staff] ?? '',
          btnContent: STYLING_COPY[ctx.lang.sampleCopy].viewLook,
        })),
      },
      html(id('customContent'), ctx.copy.windows.comingSoon, 'notice', now + 2 * DAY, now + 9 * DAY),
      html(
        id('customContent'),
        `<div class="care-widget" data-linea-widget="care-tool"><p>${esc(ctx.copy.windows.externalIntro)} <a href="${EXTERNAL_CARE_LINK}" target="_blank">${esc(ctx.copy.windows.externalLinkText)}</a></p><p class="care-widget__label">${esc(ctx.copy.windows.widgetLabel)}</p></div>` +
          `<script>document.querySelectorAll('[data-linea-widget="care-tool"]').forEach(function (el) { el.setAttribute('data-widget-ready', 'true'); });</script>`,
        'care-widget-block',
      ),
      productList(id('productList'), ctx.copy.sections.shopByCategory, lookProducts, ctx),
    ],
  }));

  const linenHero = featureHero('linen-edit', linenProducts);
  feature('linen-edit', { startDate: now + 3 * DAY }, (ctx, id) => ({
    components: [
      heroBanner(id('bannerList'), linenHero, ctx.copy.features['linen-edit'].headline),
      html(id('customContent'), body(ctx, 'linen-edit')),
      productList(id('productList'), ctx.copy.features['linen-edit'].title, linenProducts, ctx),
    ],
  }));

  const saleProducts = discountedProducts.filter((p) =>
    ['down', 'vest', 'coat', 'jacket', 'knit', 'fleece', 'innerwear'].includes(p.garmentKind),
  );
  const winterHero = featureHero('winter-sale', saleProducts);
  feature('winter-sale', { startDate: now - 30 * DAY, endDate: now - 2 * DAY }, (ctx, id) => ({
    components: [
      heroBanner(id('bannerList'), winterHero, ctx.copy.features['winter-sale'].headline),
      productList(id('productList'), ctx.copy.features['winter-sale'].title, saleProducts.slice(0, 12), ctx),
      html(id('customContent'), body(ctx, 'winter-sale')),
    ],
  }));

  const memberProducts = pick('MEMBER-WEEK', listable, 8);
  const memberHero = featureHero('member-week', memberProducts);
  feature(
    'member-week',
    { startDate: now + DAY, endDate: now + 8 * DAY },
    (ctx, id) => ({
      components: [
        heroBanner(id('bannerList'), memberHero, ctx.copy.features['member-week'].headline, '/register.html'),
        html(id('customContent'), body(ctx, 'member-week')),
        productList(id('productList'), ctx.copy.sections.featured, memberProducts, ctx),
      ],
    }),
    (ctx) => {
      const id = idMaker('F-MEMBER-WEEK');
      const old = ctx.copy.memberWeekArchive;
      return {
        title: old.title,
        description: old.description,
        components: [
          heroBanner(id('bannerList'), memberHero, old.headline, '/register.html'),
          html(id('customContent'), `<h2>${esc(old.headline)}</h2>${old.body}`),
        ],
      };
    },
  );

  const weekendProducts = discountedProducts
    .filter((p) => ['tee', 'shirt', 'trousers', 'polo', 'shorts'].includes(p.garmentKind))
    .slice(0, 8);
  const weekendHero = featureHero('weekend-offer', weekendProducts);
  feature('weekend-offer', { startDate: now - 2 * DAY, endDate: now + 5 * DAY }, (ctx, id) => ({
    components: [
      heroBanner(id('bannerList'), weekendHero, ctx.copy.features['weekend-offer'].headline),
      productList(id('productList'), ctx.copy.features['weekend-offer'].title, weekendProducts, ctx),
      html(id('customContent'), body(ctx, 'weekend-offer')),
    ],
  }));

  const careProducts = listable.filter((p) => ['knit', 'jeans', 'down'].includes(p.garmentKind) && p.gender === 'WOMEN');
  const careHero = featureHero('care-guide', careProducts);
  feature('care-guide', {}, (ctx, id) => ({
    components: [
      heroBanner(id('bannerList'), careHero, ctx.copy.features['care-guide'].headline),
      html(id('customContent'), body(ctx, 'care-guide')),
      productList(id('productList'), ctx.copy.sections.related, careProducts.slice(0, 8), ctx),
    ],
  }));

  const sustainabilityHero = featureHero('sustainability', []);
  feature('sustainability', {}, (ctx, id) => ({
    background: { color: '#f4efe6', imageUrl: paperBackground, attachment: 'fixed', fit: 'FILL' },
    components: [
      heroBanner(id('bannerList'), sustainabilityHero, ctx.copy.features.sustainability.headline),
      html(id('customContent'), body(ctx, 'sustainability')),
      {
        type: 'bannerList',
        id: id('bannerList'),
        orientation: 'horizontal',
        items: TAXONOMY.slice(0, 3).map((g, i) => ({
          link: g.landingPath,
          aspectRatio: 1,
          media: 'N',
          urlPath: genderImage.get(g.gender) as string,
          linkName: ctx.copy.genders[g.gender],
          frequency: i + 1,
        })),
      },
    ],
  }));

  const exclusiveProducts = pick('MEMBER-EXCLUSIVE', listable, 4);
  const exclusiveHero = featureHero('member-exclusive', exclusiveProducts);
  feature('member-exclusive', { accessCheck: true }, (ctx, id) => ({
    components: [
      heroBanner(id('bannerList'), exclusiveHero, ctx.copy.features['member-exclusive'].headline),
      html(id('customContent'), body(ctx, 'member-exclusive')),
      productList(id('productList'), ctx.copy.sections.featured, exclusiveProducts, ctx),
    ],
  }));
  return plans;
}
