/**
 * Generates the local sample CMS: every CMS document of the contract (src/lib/cms/schema.ts)
 * in every language of src/lib/i18n/languages.ts, the sample product catalogue and the images,
 * written under outDir at the endpoint paths of src/lib/cms/endpoints.ts so that
 * scripts/local-cms/server.ts can serve them by path.
 *
 *   npx node scripts/local-cms/generate.ts --out .data/cms --scale 3400 --seed 7 --now 1790000000000
 *
 * Deterministic: the same seed and now give byte-identical JSON (and images).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import {
  classificationSchema,
  cmsConfigSchema,
  genderRecommendationSchema,
  languageConfigSchema,
  pageDocumentSchema,
  popupSchema,
  pressIndexSchema,
  pressReleaseSchema,
  returnNoticeSchema,
  shopsSchema,
  productCornerSchema,
  productPageSchema,
  searchWordsSchema,
  switchConfigSchema,
  tickerSchema,
  type CategoryNode,
  type bannerItemSchema,
  type backgroundSchema,
  type componentSchema,
  type pageConfigSchema,
  type productTileSchema,
  type smallPictureItemSchema,
} from '../../src/lib/cms/schema.ts';
import { LANGUAGES, type LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import { productDetailHref } from '../../src/lib/product/product-id.ts';
import { buildCatalogue, isListable, isSoldOut, SOLD_OUT_STYLE } from './catalogue.ts';
import { catalogueSchema, type CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { COPY, fill, type CopySet } from './copy.ts';
import {
  SCENE_PALETTES,
  categorySvg,
  liveIconSvg,
  markSvg,
  mix,
  paperSvg,
  renderImages,
  runPool,
  sceneSvg,
  tileSvg,
  type ImageJob,
  type ScenePalette,
} from './images.ts';
import { pressIndexEntry, samplePressReleases, sampleShops } from './press-and-shops.ts';
import { rngFor } from './random.ts';
import { PRODUCT_PAGES, TAXONOMY, type FeatureKey, type GarmentKind, type GenderKey, type GenderNode, type GroupNode, type LeafNode } from './taxonomy.ts';

export interface GenerateOptions {
  outDir: string;
  /** Pages per language in total; extra content pages are added to reach it. */
  scale?: number;
  seed?: number;
  /** The clock the date windows are built around (ms); default: start of today (UTC). */
  now?: number;
}
export interface GenerateResult {
  languages: number;
  pagesPerLanguage: number;
  products: number;
  images: number;
  outDir: string;
}

type ComponentIn = z.input<typeof componentSchema>;
type BannerItemIn = z.input<typeof bannerItemSchema>;
type SmallPictureIn = z.input<typeof smallPictureItemSchema>;
type TileIn = z.input<typeof productTileSchema>;
type PageConfigIn = z.input<typeof pageConfigSchema>;
type BackgroundIn = z.input<typeof backgroundSchema>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EXTERNAL_CARE_LINK = 'https://example.com/linea/fabric-care';

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/** The file an endpoint is served from: the URL path, percent-decoded, under outDir. */
export function endpointFile(outDir: string, endpoint: string): string {
  return path.join(outDir, ...endpoint.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment)));
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function firstColourHex(product: CatalogueProduct): string {
  return product.colours[0]?.hex ?? '#7d7f83';
}

// ---------------------------------------------------------------------------------------
// Page plan

interface PageContent {
  title: string;
  description: string;
  background?: BackgroundIn;
  components: ComponentIn[];
}

interface LangContext {
  lang: LanguageDefinition;
  copy: CopySet;
  tile(product: CatalogueProduct): TileIn;
}

interface PagePlan {
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

/** Component ids unique within a page: {code}-{type}-{n}. */
function idMaker(code: string): (type: string) => string {
  let n = 0;
  return (type) => `${code.toLowerCase()}-${type.toLowerCase()}-${++n}`;
}

function productList(id: string, title: string, products: readonly CatalogueProduct[], ctx: LangContext, columns = 4): ComponentIn {
  return { type: 'productList', id, title, columns, products: products.map((p) => ctx.tile(p)) };
}
function heroBanner(id: string, image: string, linkName: string, link?: string, aspectRatio = 2.4): ComponentIn {
  return { type: 'bannerList', id, orientation: 'vertical', items: [{ ...(link ? { link } : {}), aspectRatio, media: 'N', urlPath: image, linkName, frequency: 1 }] };
}
function html(id: string, content: string, className = 'editorial', startDate: number | null = null, endDate: number | null = null): ComponentIn {
  return { type: 'customContent', id, html: content, className, startDate, endDate };
}

// ---------------------------------------------------------------------------------------
// The generator

export async function generateSampleCms(options: GenerateOptions): Promise<GenerateResult> {
  const seed = options.seed ?? 1;
  const now = options.now ?? startOfUtcDay(Date.now());
  const outDir = path.resolve(options.outDir);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(now) || now < 0) throw new RangeError(`now must be a non-negative integer (ms), got ${now}`);

  // Images are registered once, by path, and rendered at the end.
  const images = new Map<string, ImageJob>();
  const addImage = (job: ImageJob): string => {
    if (!images.has(job.path)) images.set(job.path, job);
    return job.path;
  };

  // ---- Catalogue ---------------------------------------------------------------------
  const { catalogue, imageJobs } = buildCatalogue(seed, now);
  for (const job of imageJobs) addImage(job);
  const listable = catalogue.products.filter(isListable);
  const byGender = (g: GenderKey) => listable.filter((p) => p.gender === g);
  const byGroup = (code: string) => listable.filter((p) => p.groupCode === code);
  const byLeaf = (code: string) => listable.filter((p) => p.categoryCode === code);
  const pick = (key: string, from: readonly CatalogueProduct[], count: number) => rngFor(seed, 'picks', key).sample(from, count);
  const asGarment = (p: CatalogueProduct) => ({ kind: p.garmentKind as GarmentKind, hex: firstColourHex(p) });

  const homePicks = TAXONOMY.flatMap((g) => pick(`HOME-${g.gender}`, byGender(g.gender), 2));
  const soldOutProduct = catalogue.products.find((p) => p.styleKey === SOLD_OUT_STYLE);
  const landingPicks = new Map<GenderKey, CatalogueProduct[]>(
    TAXONOMY.map((g) => {
      const picks = pick(`LANDING-${g.gender}`, byGender(g.gender), 8);
      // The sold-out product is shown on its gender's landing page, to show the corner mark.
      if (soldOutProduct && soldOutProduct.gender === g.gender && !picks.includes(soldOutProduct)) picks[picks.length - 1] = soldOutProduct;
      return [g.gender, picks];
    }),
  );
  const newProducts = listable.filter((p) => p.cornerCode === 'NEW');
  const discountedProducts = listable.filter((p) => p.skus.some((s) => Object.values(s.prices).some((pr) => pr.sale < pr.origin)));
  const linenProducts = listable.filter((p) => p.styleKey.includes('linen'));

  // ---- Shared images -----------------------------------------------------------------
  const palette = (key: string): ScenePalette => rngFor(seed, 'palette', key).pick(SCENE_PALETTES);
  const scene = (pathName: string, width: number, height: number, garments: readonly CatalogueProduct[] = [], outfit = false) =>
    addImage({
      path: pathName,
      width,
      height,
      format: 'jpeg',
      svg: sceneSvg(rngFor(seed, 'scene', pathName), { width, height, palette: palette(pathName), garments: garments.map(asGarment), outfit }),
    });
  const categoryImage = (code: string, kind: GarmentKind, hex: string) =>
    addImage({ path: `/media/categories/${code}.jpg`, width: 600, height: 600, format: 'jpeg', svg: categorySvg(kind, hex, mix(palette(code).from, '#ffffff', 0.3)) });

  const GENDER_KIND: Record<GenderKey, GarmentKind> = { WOMEN: 'dress', MEN: 'jacket', KIDS: 'hoodie', BABY: 'bodysuit' };
  const genderImage = new Map<GenderKey, string>();
  const genderTile = new Map<GenderKey, string>();
  const groupImage = new Map<string, string>();
  const groupBanner = new Map<string, string>();
  const leafImage = new Map<string, string>();
  for (const g of TAXONOMY) {
    const gp = byGender(g.gender);
    genderImage.set(g.gender, categoryImage(g.gender, GENDER_KIND[g.gender], firstColourHex(gp[0] ?? (catalogue.products[0] as CatalogueProduct))));
    genderTile.set(g.gender, scene(`/media/campaigns/${g.gender.toLowerCase()}-tile.jpg`, 800, 1000, pick(`TILE-${g.gender}`, gp, 2), true));
    for (const group of g.groups) {
      const products = byGroup(group.code);
      const first = products[0];
      groupImage.set(group.code, categoryImage(group.code, first ? asGarment(first).kind : 'tee', first ? firstColourHex(first) : '#7d7f83'));
      groupBanner.set(group.code, scene(`/media/banners/${group.code}.jpg`, 1920, 480, products.slice(0, 3)));
      for (const leaf of group.leaves) {
        const lp = byLeaf(leaf.code)[0] ?? catalogue.products.find((p) => p.categoryCode === leaf.code);
        leafImage.set(leaf.code, categoryImage(leaf.code, lp ? asGarment(lp).kind : 'tee', lp ? firstColourHex(lp) : '#7d7f83'));
      }
    }
  }
  const slideImages = (key: string, from: readonly CatalogueProduct[]) =>
    [1, 2, 3].map((n) => scene(`/media/campaigns/${key}-${n}.jpg`, 1920, 800, pick(`SLIDE-${key}-${n}`, from, n === 2 ? 1 : 2)));
  const homeSlides = slideImages('home', listable);
  const genderSlides = new Map(TAXONOMY.map((g) => [g.gender, slideImages(g.gender.toLowerCase(), byGender(g.gender))]));
  const lookImages = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => {
    const rng = rngFor(seed, 'look', n);
    const gender = rng.pick(['WOMEN', 'MEN'] as const);
    const top = rng.pick(byGender(gender).filter((p) => ['tee', 'shirt', 'knit', 'jacket', 'down', 'coat', 'hoodie', 'polo'].includes(p.garmentKind)));
    const bottom = rng.pick(byGender(gender).filter((p) => ['trousers', 'jeans', 'skirt', 'shorts'].includes(p.garmentKind)));
    return scene(`/media/looks/look-${n}.jpg`, 600, 800, [top, bottom], true);
  });
  const lookProducts = pick('LOOKS', listable.filter((p) => p.gender === 'WOMEN' || p.gender === 'MEN'), 8);
  const featureHero = (key: FeatureKey, products: readonly CatalogueProduct[]) => scene(`/media/features/${key}.jpg`, 1920, 800, products.slice(0, 2));

  const marks = {
    soldOut: addImage({ path: '/media/marks/sold-out.png', width: 120, height: 120, format: 'png', svg: markSvg('sold-out') }),
    NEW: addImage({ path: '/media/marks/new.png', width: 120, height: 120, format: 'png', svg: markSvg('new') }),
    LIMITED: addImage({ path: '/media/marks/limited.png', width: 120, height: 120, format: 'png', svg: markSvg('limited') }),
  };
  const tileBackground = addImage({ path: '/media/backgrounds/linen-tile.png', width: 80, height: 80, format: 'png', svg: tileSvg() });
  const paperBackground = addImage({ path: '/media/backgrounds/paper.jpg', width: 1920, height: 1080, format: 'jpeg', svg: paperSvg(1920, 1080) });
  const liveIcon = addImage({ path: '/media/live/station.png', width: 96, height: 96, format: 'png', svg: liveIconSvg() });

  // ---- Pages -------------------------------------------------------------------------
  const plans: PagePlan[] = [];
  const basePlan = { superCode: null, startDate: null, endDate: null, productPageCode: null, accessCheck: false, homepage: false };
  const landingCode = (g: GenderNode) => g.gender;
  const categoryTitle = (ctx: LangContext, g: GenderNode, name: string) => fill(ctx.copy.categoryTitle, { gender: ctx.copy.genderPrefix[g.gender], name });

  // Home
  plans.push({
    ...basePlan,
    code: 'HOME',
    path: '/index.html',
    tplt: 1,
    homepage: true,
    build: (ctx) => {
      const id = idMaker('HOME');
      const { copy } = ctx;
      return {
        title: copy.home.title,
        description: copy.home.description,
        background: { color: '#f7f4ee' },
        components: [
          {
            type: 'carousel',
            id: id('carousel'),
            aspectRatio: 2.4,
            items: copy.slides.HOME.map((slide, i) => ({
              indexFlag: i,
              title: slide.title,
              name: `home_kv_${i + 1}`,
              frequency: i + 1,
              props: { coverUrl: homeSlides[i] as string, alt: slide.alt, videoFlag: 'N', link: ['/c/W0101.html', '/feature/new-arrivals.html', '/kids.html'][i] as string, linkName: slide.linkName },
            })),
          },
          {
            type: 'bannerList',
            id: id('bannerList'),
            orientation: 'horizontal',
            items: TAXONOMY.map((g, i) => ({ link: g.landingPath, aspectRatio: 0.8, media: 'N', urlPath: genderTile.get(g.gender) as string, linkName: copy.genders[g.gender], frequency: i + 1 })),
          },
          productList(id('productList'), copy.sections.recommended, homePicks, ctx),
          {
            type: 'smallPictureCarousel',
            id: id('smallPictureCarousel'),
            title: copy.sections.styleNotes,
            buttonText: copy.buttons.discover,
            buttonLink: '/feature/lookbook.html',
            items: lookImages.map(
              (image, i): SmallPictureIn => ({ link: `/feature/lookbook.html#look-${i + 1}`, aspectRatio: 0.75, media: 'N', urlPath: image, picContent: copy.looks[i] ?? '', btnContent: copy.buttons.shopTheLook }),
            ),
          },
          {
            type: 'autoCarousel',
            id: id('autoCarousel'),
            speed: 20,
            direction: 'left',
            itemAspectRatio: 1,
            items: TAXONOMY.flatMap((g) => g.groups.slice(0, 2)).map((group, i): BannerItemIn => ({
              link: `/c/${group.code}.html`,
              aspectRatio: 1,
              media: 'N',
              urlPath: groupImage.get(group.code) as string,
              linkName: copy.groups[group.code],
              frequency: i + 1,
            })),
          },
          html(id('customContent'), copy.editorial.home),
        ],
      };
    },
  });

  // Gender landing pages
  for (const g of TAXONOMY) {
    plans.push({
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
                props: { coverUrl: (genderSlides.get(g.gender) ?? [])[i] as string, alt: slide.alt, videoFlag: 'N', link: slideLinks[i] as string, linkName: slide.linkName },
              })),
            },
            {
              type: 'bannerList',
              id: id('bannerList'),
              orientation: 'horizontal',
              items: g.groups.map((group, i) => ({
                link: `/c/${group.code}.html`,
                aspectRatio: 1,
                media: 'N',
                urlPath: groupImage.get(group.code) as string,
                linkName: copy.groups[group.code],
                frequency: i + 1,
              })),
            },
            productList(id('productList'), copy.sections.newArrivals, products, ctx),
            {
              type: 'smallPictureCarousel',
              id: id('smallPictureCarousel'),
              title: copy.sections.shopByCategory,
              buttonText: copy.buttons.viewAll,
              buttonLink: `/c/${(g.groups[0] as GroupNode).code}.html`,
              items: leaves.slice(0, 8).map(
                (leaf): SmallPictureIn => ({
                  link: `/c/${leaf.code}.html`,
                  aspectRatio: 1,
                  media: 'N',
                  urlPath: leafImage.get(leaf.code) as string,
                  picContent: copy.categories[leaf.code],
                  btnContent: copy.buttons.shopNow,
                }),
              ),
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
    });
  }

  // Category tree: groups (tplt 3) and leaves (tplt 4). The last leaf of each gender has no
  // components of its own and inherits its group's content.
  for (const g of TAXONOMY) {
    const lastGroup = g.groups[g.groups.length - 1] as GroupNode;
    const inheritingLeaf = lastGroup.leaves[lastGroup.leaves.length - 1] as LeafNode;
    for (const group of g.groups) {
      plans.push({
        ...basePlan,
        code: group.code,
        path: `/c/${group.code}.html`,
        tplt: 3,
        superCode: landingCode(g),
        build: (ctx) => {
          const id = idMaker(group.code);
          const name = ctx.copy.groups[group.code];
          const title = categoryTitle(ctx, g, name);
          return {
            title,
            description: fill(ctx.copy.categoryDescription, { gender: ctx.copy.genderPrefix[g.gender], name }),
            components: [
              heroBanner(id('bannerList'), groupBanner.get(group.code) as string, fill(ctx.copy.categoryBannerAlt, { gender: ctx.copy.genderPrefix[g.gender], name }), undefined, 4),
              productList(id('productList'), fill(ctx.copy.sections.categoryProducts, { name: title }), byGroup(group.code), ctx),
              html(id('customContent'), fill(ctx.copy.editorial.category, { name: esc(title) })),
            ],
          };
        },
      });
      for (const leaf of group.leaves) {
        const inherits = leaf === inheritingLeaf;
        plans.push({
          ...basePlan,
          code: leaf.code,
          path: `/c/${leaf.code}.html`,
          tplt: 4,
          superCode: group.code,
          build: (ctx) => {
            const id = idMaker(leaf.code);
            const name = ctx.copy.categories[leaf.code];
            const title = categoryTitle(ctx, g, name);
            return {
              title,
              description: fill(ctx.copy.categoryDescription, { gender: ctx.copy.genderPrefix[g.gender], name }),
              components: inherits
                ? []
                : [
                    heroBanner(id('bannerList'), groupBanner.get(group.code) as string, fill(ctx.copy.categoryBannerAlt, { gender: ctx.copy.genderPrefix[g.gender], name }), undefined, 4),
                    productList(id('productList'), fill(ctx.copy.sections.categoryProducts, { name: title }), byLeaf(leaf.code), ctx),
                  ],
            };
          },
        });
      }
    }
  }

  // Content pages
  const feature = (key: FeatureKey, extra: Partial<Omit<PagePlan, 'build' | 'code' | 'path'>>, build: (ctx: LangContext, id: (type: string) => string) => Omit<PageContent, 'title' | 'description'>, archive?: PagePlan['archive']) => {
    const code = `F-${key.toUpperCase()}`;
    plans.push({
      ...basePlan,
      tplt: 5,
      ...extra,
      code,
      path: `/feature/${key}.html`,
      build: (ctx) => ({ title: ctx.copy.features[key].title, description: ctx.copy.features[key].description, ...build(ctx, idMaker(code)) }),
      ...(archive ? { archive } : {}),
    });
  };
  // The size chart the product pages link to: editor content, a table per audience.
  const ADULT_SIZES: ReadonlyArray<readonly [string, number, number, number]> = [['XS', 78, 62, 85], ['S', 82, 66, 89], ['M', 88, 72, 94], ['L', 94, 78, 99], ['XL', 100, 85, 104], ['XXL', 106, 92, 109]];
  const KIDS_SIZES = [100, 110, 120, 130, 140, 150, 160];
  plans.push({
    ...basePlan,
    tplt: 5,
    code: 'SIZE-CHART',
    path: '/product-size-chart.html',
    build: (ctx) => {
      const c = ctx.copy.sizeChart;
      const row = (cells: ReadonlyArray<string | number>, cell = 'td') => `<tr>${cells.map((x) => `<${cell}>${esc(String(x))}</${cell}>`).join('')}</tr>`;
      const adults = `<h2>${esc(c.adults)}</h2><table class="size-chart"><thead>${row([c.size, c.chest, c.waist, c.hip], 'th')}</thead><tbody>${ADULT_SIZES.map((r) => row(r)).join('')}</tbody></table>`;
      const kids = `<h2>${esc(c.kids)}</h2><table class="size-chart"><thead>${row([c.size, c.height], 'th')}</thead><tbody>${KIDS_SIZES.map((h) => row([h, `${h - 5}–${h + 5}`])).join('')}</tbody></table>`;
      return { title: c.title, description: c.description, components: [html('SIZE-CHART-customContent-1', `<h1>${esc(c.title)}</h1><p>${esc(c.intro)}</p>${adults}${kids}`, 'size-chart-page')] };
    },
  });

  const body = (ctx: LangContext, key: FeatureKey) => `<h2>${esc(ctx.copy.features[key].headline)}</h2>${ctx.copy.features[key].body}`;

  const newArrivalsHero = featureHero('new-arrivals', newProducts);
  const newArrivalsSlide2 = scene('/media/features/new-arrivals-2.jpg', 1920, 800, newProducts.slice(2, 4));
  const newArrivalsTiles = [1, 2, 3].map((n) => scene(`/media/features/new-arrivals-tile-${n}.jpg`, 800, 1000, pick(`NA-TILE-${n}`, newProducts, 2), true));
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
          props: { coverUrl: image, alt: ctx.copy.features['new-arrivals'].title, videoFlag: 'N', link: i === 0 ? '/women.html' : '/men.html', linkName: ctx.copy.buttons.shopNow },
        })),
      },
      {
        type: 'bannerList',
        id: id('bannerList'),
        orientation: 'horizontal',
        items: newArrivalsTiles.map((image, i) => {
          const g = TAXONOMY[i] as GenderNode;
          return { link: g.landingPath, aspectRatio: 0.8, media: 'N', urlPath: image, linkName: ctx.copy.genders[g.gender], frequency: i + 1 };
        }),
      },
      html(id('customContent'), ctx.copy.windows.liveNow, 'notice', now - DAY, now + 6 * DAY),
      productList(id('productList'), ctx.copy.sections.newArrivals, newProducts.slice(0, 8), ctx),
      html(id('customContent'), body(ctx, 'new-arrivals')),
    ],
  }));

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
        items: lookImages.map((image, i): BannerItemIn => ({ link: `#look-${i + 1}`, aspectRatio: 0.75, media: 'N', urlPath: image, linkName: ctx.copy.looks[i] ?? '', frequency: i + 1 })),
      },
      html(id('customContent'), `${body(ctx, 'lookbook')}<ol class="looks">${ctx.copy.looks.map((caption, i) => `<li id="look-${i + 1}">${esc(caption)}</li>`).join('')}</ol>`),
      {
        type: 'bannerList',
        id: id('bannerList'),
        orientation: 'vertical',
        items: lookbookBanners.map((image, i) => ({ link: `#look-${i * 2 + 1}`, aspectRatio: 3, media: 'N', urlPath: image, linkName: ctx.copy.looks[i * 2] ?? '', frequency: i + 1 })),
      },
      {
        type: 'smallPictureCarousel',
        id: id('smallPictureCarousel'),
        title: ctx.copy.sections.looks,
        buttonText: ctx.copy.buttons.viewAll,
        buttonLink: '/feature/new-arrivals.html',
        items: lookImages.map((image, i): SmallPictureIn => {
          const product = lookProducts[i] as CatalogueProduct;
          return { link: productDetailHref(product.productCode, ctx.tile(product).productId), aspectRatio: 0.75, media: 'N', urlPath: image, picContent: ctx.copy.looks[i] ?? '', btnContent: ctx.copy.buttons.shopTheLook };
        }),
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
    components: [heroBanner(id('bannerList'), linenHero, ctx.copy.features['linen-edit'].headline), html(id('customContent'), body(ctx, 'linen-edit')), productList(id('productList'), ctx.copy.features['linen-edit'].title, linenProducts, ctx)],
  }));

  const saleProducts = discountedProducts.filter((p) => ['down', 'vest', 'coat', 'jacket', 'knit', 'fleece', 'innerwear'].includes(p.garmentKind));
  const winterHero = featureHero('winter-sale', saleProducts);
  feature('winter-sale', { startDate: now - 30 * DAY, endDate: now - 2 * DAY }, (ctx, id) => ({
    components: [heroBanner(id('bannerList'), winterHero, ctx.copy.features['winter-sale'].headline), productList(id('productList'), ctx.copy.features['winter-sale'].title, saleProducts.slice(0, 12), ctx), html(id('customContent'), body(ctx, 'winter-sale'))],
  }));

  const memberProducts = pick('MEMBER-WEEK', listable, 8);
  const memberHero = featureHero('member-week', memberProducts);
  feature(
    'member-week',
    { startDate: now + DAY, endDate: now + 8 * DAY },
    (ctx, id) => ({
      components: [heroBanner(id('bannerList'), memberHero, ctx.copy.features['member-week'].headline, '/register.html'), html(id('customContent'), body(ctx, 'member-week')), productList(id('productList'), ctx.copy.sections.featured, memberProducts, ctx)],
    }),
    (ctx) => {
      const id = idMaker('F-MEMBER-WEEK');
      const old = ctx.copy.memberWeekArchive;
      return {
        title: old.title,
        description: old.description,
        components: [heroBanner(id('bannerList'), memberHero, old.headline, '/register.html'), html(id('customContent'), `<h2>${esc(old.headline)}</h2>${old.body}`)],
      };
    },
  );

  const weekendProducts = discountedProducts.filter((p) => ['tee', 'shirt', 'trousers', 'polo', 'shorts'].includes(p.garmentKind)).slice(0, 8);
  const weekendHero = featureHero('weekend-offer', weekendProducts);
  feature('weekend-offer', { startDate: now - 2 * DAY, endDate: now + 5 * DAY }, (ctx, id) => ({
    components: [heroBanner(id('bannerList'), weekendHero, ctx.copy.features['weekend-offer'].headline), productList(id('productList'), ctx.copy.features['weekend-offer'].title, weekendProducts, ctx), html(id('customContent'), body(ctx, 'weekend-offer'))],
  }));

  const careProducts = listable.filter((p) => ['knit', 'jeans', 'down'].includes(p.garmentKind) && p.gender === 'WOMEN');
  const careHero = featureHero('care-guide', careProducts);
  feature('care-guide', {}, (ctx, id) => ({
    components: [heroBanner(id('bannerList'), careHero, ctx.copy.features['care-guide'].headline), html(id('customContent'), body(ctx, 'care-guide')), productList(id('productList'), ctx.copy.sections.related, careProducts.slice(0, 8), ctx)],
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
        items: TAXONOMY.slice(0, 3).map((g, i) => ({ link: g.landingPath, aspectRatio: 1, media: 'N', urlPath: genderImage.get(g.gender) as string, linkName: ctx.copy.genders[g.gender], frequency: i + 1 })),
      },
    ],
  }));

  const exclusiveProducts = pick('MEMBER-EXCLUSIVE', listable, 4);
  const exclusiveHero = featureHero('member-exclusive', exclusiveProducts);
  feature('member-exclusive', { accessCheck: true }, (ctx, id) => ({
    components: [heroBanner(id('bannerList'), exclusiveHero, ctx.copy.features['member-exclusive'].headline), html(id('customContent'), body(ctx, 'member-exclusive')), productList(id('productList'), ctx.copy.sections.featured, exclusiveProducts, ctx)],
  }));

  // Content shown on product pages (productPageFlag Y).
  for (const productPage of PRODUCT_PAGES) {
    const related = listable.filter((p) => p.productPageCode === productPage.productPageCode);
    const hero = featureHero(productPage.feature, related);
    feature(productPage.feature, { productPageCode: productPage.productPageCode }, (ctx, id) => ({
      components: [
        html(id('customContent'), body(ctx, productPage.feature), 'product-content'),
        heroBanner(id('bannerList'), hero, ctx.copy.features[productPage.feature].headline, undefined, 2.4),
        productList(id('productList'), ctx.copy.sections.related, pick(`PP-${productPage.productPageCode}`, related, 6), ctx, 6),
      ],
    }));
  }

  // Benchmark pages: /feature/scale-{n}.html up to `scale` pages per language.
  const basePageCount = plans.length;
  const scale = options.scale ?? basePageCount;
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError(`scale must be a positive integer, got ${scale}`);
  const reusableHeroes = [...images.values()].filter((job) => job.width === 1920 && job.height === 800).map((job) => job.path);
  for (let n = 1; basePageCount + n - 1 < scale; n++) {
    const code = `SCALE-${n}`;
    const hero = reusableHeroes[n % reusableHeroes.length] as string;
    const products = pick(code, listable, 8);
    plans.push({
      ...basePlan,
      code,
      path: `/feature/scale-${n}.html`,
      tplt: 5,
      build: (ctx) => {
        const id = idMaker(code);
        const copy = ctx.copy.scale;
        return {
          title: fill(copy.title, { n }),
          description: fill(copy.description, { n }),
          components: [
            heroBanner(id('bannerList'), hero, fill(copy.headline, { n })),
            productList(id('productList'), ctx.copy.sections.featured, products, ctx),
            html(id('customContent'), `<h2>${esc(fill(copy.headline, { n }))}</h2>${copy.body}`),
          ],
        };
      },
    });
  }

  // Press and shop pictures: scenes with two garments of the catalogue, chosen by the picture's path.
  const pressPicture = (pathName: string, width: number, height: number) => scene(pathName, width, height, pick(pathName, listable, 2));

  // ---- Documents per language ----------------------------------------------------------
  const docs: OutDoc[] = [];
  const emit = (endpoint: string, schema: z.ZodType, data: unknown) => docs.push({ endpoint, schema, data });

  for (const lang of LANGUAGES) {
    const copy = COPY[lang.sampleCopy];
    const currency = lang.currency.code;
    const ctx: LangContext = {
      lang,
      copy,
      tile: (product) => {
        const colour = product.colours[0];
        const colourSkus = product.skus.filter((s) => s.colorNo === colour?.colorNo);
        const shown = colourSkus.find((s) => s.stock > 0) ?? colourSkus[0] ?? product.skus[0];
        const sales = product.skus.map((s) => {
          const price = s.prices[currency];
          if (!price) throw new Error(`product ${product.productCode} has no ${currency} price`);
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
          ...(product.cornerCode ? { cornerCode: product.cornerCode, badge: copy.badges[product.cornerCode as keyof CopySet['badges']] } : {}),
        };
      },
    };

    const pages: PageConfigIn[] = [];
    for (const plan of plans) {
      const rng = rngFor(seed, 'updated', lang.cmsCode, plan.code);
      const updatedAt = now - rng.int(1, 60 * 24 * 45) * MINUTE;
      const content = plan.build(ctx);
      emit(cmsEndpoints.page(lang.cmsCode, plan.path), pageDocumentSchema, {
        code: plan.code,
        updatedAt,
        description: content.description,
        ...(content.background ? { background: content.background } : {}),
        components: content.components,
      });
      let archivedPage: { version: string; updatedAt: number } | null = null;
      if (plan.archive) {
        const old = plan.archive(ctx);
        archivedPage = { version: `v${rng.int(1, 4)}`, updatedAt: updatedAt - rng.int(2, 20) * DAY };
        emit(cmsEndpoints.archivedPage(lang.cmsCode, plan.code, archivedPage.version), pageDocumentSchema, {
          code: plan.code,
          updatedAt: archivedPage.updatedAt,
          description: old.description,
          components: old.components,
        });
      }
      if (plan.productPageCode) {
        emit(cmsEndpoints.productPage(lang.cmsCode, plan.productPageCode), productPageSchema, {
          productPageCode: plan.productPageCode,
          updatedAt,
          components: content.components,
        });
      }
      pages.push({
        code: plan.code,
        path: plan.path,
        tplt: plan.tplt,
        title: content.title,
        superCode: plan.superCode,
        components: [...new Set(content.components.map((c) => c.type))],
        startDate: plan.startDate,
        endDate: plan.endDate,
        archivedPage,
        productPageFlag: plan.productPageCode ? 'Y' : 'N',
        productPageCode: plan.productPageCode,
        accessCheck: plan.accessCheck ? 'Y' : 'N',
        homepage: plan.homepage ? 'Y' : 'N',
        updatedAt,
      });
    }
    emit(cmsEndpoints.shared(lang.cmsCode, 'config'), cmsConfigSchema, { langCode: lang.cmsCode, titleSeparator: ' | ', titleSuffix: copy.titleSuffix, pages });

    // Category tree
    const classification: CategoryNode[] = TAXONOMY.map((g, gi) => ({
      classifyId: g.gender,
      classifyStyle: 'tab',
      title: copy.genders[g.gender],
      sort: gi + 1,
      type: 'GENDER',
      parentId: null,
      link: g.landingPath,
      imgUrl: genderImage.get(g.gender),
      pageInfo: { code: landingCode(g), path: g.landingPath },
      childData: g.groups.map((group, i) => ({
        classifyId: group.code,
        classifyStyle: 'group',
        title: copy.groups[group.code],
        sort: i + 1,
        type: 'GROUP',
        parentId: g.gender,
        link: `/c/${group.code}.html`,
        imgUrl: groupImage.get(group.code),
        pageInfo: { code: group.code, path: `/c/${group.code}.html` },
        childData: group.leaves.map((leaf, j) => ({
          classifyId: leaf.code,
          classifyStyle: 'default',
          title: copy.categories[leaf.code],
          sort: j + 1,
          type: 'CATEGORY',
          parentId: group.code,
          link: `/c/${leaf.code}.html`,
          imgUrl: leafImage.get(leaf.code),
          pageInfo: { code: leaf.code, path: `/c/${leaf.code}.html` },
          childData: [],
        })),
      })),
    }));
    emit(cmsEndpoints.shared(lang.cmsCode, 'classification'), classificationSchema, { data: classification });

    emit(cmsEndpoints.shared(lang.cmsCode, 'ticker'), tickerSchema, {
      web: {
        A: { type: 'text', closeButton: 'Y', pcText: copy.tickers.A, linkFlag: 'Y', pcLink: '/feature/new-arrivals.html', displayFlag: 'Y' },
        B: { type: 'text', closeButton: 'N', pcText: copy.tickers.B, linkFlag: 'Y', pcLink: '/register.html', displayFlag: 'Y' },
        C: { type: 'text', closeButton: 'Y', pcText: copy.tickers.C, linkFlag: 'N', pcLink: '', displayFlag: 'Y' },
      },
    });
    emit(cmsEndpoints.shared(lang.cmsCode, 'language-config'), languageConfigSchema, {
      liveLink: '/feature/lookbook.html',
      liveStationIcon: liveIcon,
      liveCopywriting: copy.live.copywriting,
      liveProgress: copy.live.progress,
      balloonTips: copy.balloonTip,
    });
    emit(cmsEndpoints.shared(lang.cmsCode, 'product-corner'), productCornerSchema, {
      soldOut: { imageUrl: marks.soldOut, position: 'top-right' },
      marks: { NEW: { imageUrl: marks.NEW, position: 'top-left' }, LIMITED: { imageUrl: marks.LIMITED, position: 'top-left' } },
    });
    emit(cmsEndpoints.shared(lang.cmsCode, 'gender-recommendation'), genderRecommendationSchema, {
      genders: TAXONOMY.map((g) => ({ gender: g.gender, title: copy.recommendationTitles[g.gender], productCodes: pick(`RECOMMEND-${g.gender}`, byGender(g.gender), 8).map((p) => p.productCode) })),
    });
    emit(cmsEndpoints.shared(lang.cmsCode, 'search-words'), searchWordsSchema, Object.fromEntries(copy.searchWords.map(([word, link]) => [word, { pcLink: link }])));
    emit(cmsEndpoints.shared(lang.cmsCode, 'return-notice'), returnNoticeSchema, copy.returnNotice);
    const releases = samplePressReleases({ seed, now, copyKey: lang.sampleCopy, region: lang.region, picture: pressPicture });
    emit(cmsEndpoints.pressIndex(lang.cmsCode), pressIndexSchema, { releases: releases.map(pressIndexEntry) });
    for (const release of releases) emit(cmsEndpoints.pressRelease(lang.cmsCode, release.id), pressReleaseSchema, release);
    emit(cmsEndpoints.shops(lang.cmsCode), shopsSchema, { shops: sampleShops(lang.sampleCopy, pressPicture) });
    emit(cmsEndpoints.shared(lang.cmsCode, 'popup'), popupSchema, {
      pPopupType: 'custom',
      customStartTime: now - DAY,
      customEndTime: now + 30 * DAY,
      pCustomContent: `<div class="linea-popup"><h2>${esc(copy.popup.heading)}</h2><p>${esc(copy.popup.body)}</p><a class="linea-popup__button" href="/newsletter-subscription.html">${esc(copy.popup.button)}</a></div>`,
    });
  }

  emit(cmsEndpoints.switchConfig(), switchConfigSchema, {
    collectionSwitch: 'Y',
    tailorServiceSwitch: 'Y',
    hemDeliveryType: ['EXPRESS_HEM', 'PICKUP_HEM'],
    caseServiceSwitch: 'Y',
    caseDeliveryType: ['EXPRESS', 'PICKUP'],
    liveStartTime: now - DAY,
    liveEndTime: now + DAY,
    liveDisplayClient: 'PC',
    recopfSwitch: 'Y',
    certonaSwitch: 'N',
    pPopupType: 'custom',
    isPeakPromotion: 'N',
    associativeSearchSwitch: 'Y',
    customerServiceSwitch: 'Y',
    RestrictPriceGroup: ['LIMITED_OFFER'],
    VaryPriceGroup: ['PRICE_DOWN'],
    ManualPriceGroup: ['MANUAL'],
  });

  checkReferences(plans, catalogue.products);

  // ---- Write ---------------------------------------------------------------------------
  // Only the generator's own outputs are cleared, never the rest of outDir.
  await Promise.all(['cms', 'media', '.resized', 'catalogue.json'].map((name) => rm(path.join(outDir, name), { recursive: true, force: true })));
  await mkdir(outDir, { recursive: true });
  const madeDirs = new Set<string>();
  const writeJson = async (relative: string, data: unknown) => {
    const file = endpointFile(outDir, relative);
    const dir = path.dirname(file);
    if (!madeDirs.has(dir)) {
      madeDirs.add(dir);
      await mkdir(dir, { recursive: true });
    }
    await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  };
  // Directories first (sequentially, cheap), then files with bounded concurrency.
  for (const doc of docs) {
    const dir = path.dirname(endpointFile(outDir, doc.endpoint));
    if (!madeDirs.has(dir)) {
      madeDirs.add(dir);
      await mkdir(dir, { recursive: true });
    }
  }
  await runPool(docs, 32, (doc) => writeJson(doc.endpoint, doc.data));
  await writeJson('/catalogue.json', catalogue);
  await renderImages(outDir, [...images.values()]);

  // ---- Validate what was written ---------------------------------------------------------
  const failures: string[] = [];
  await runPool(docs, 32, async (doc) => {
    const file = endpointFile(outDir, doc.endpoint);
    const result = doc.schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!result.success) {
      for (const issue of result.error.issues.slice(0, 5)) failures.push(`${doc.endpoint} ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
  });
  const catalogueResult = catalogueSchema.safeParse(JSON.parse(await readFile(path.join(outDir, 'catalogue.json'), 'utf8')));
  if (!catalogueResult.success) {
    for (const issue of catalogueResult.error.issues.slice(0, 5)) failures.push(`/catalogue.json ${issue.path.join('.')}: ${issue.message}`);
  }
  if (failures.length > 0) {
    failures.sort();
    throw new Error(`Generated sample CMS documents fail their schema (${failures.length} issues):\n  ${failures.slice(0, 30).join('\n  ')}`);
  }

  return { languages: LANGUAGES.length, pagesPerLanguage: plans.length, products: catalogue.products.length, images: images.size, outDir };
}

interface OutDoc {
  endpoint: string;
  schema: z.ZodType;
  data: unknown;
}

/** Internal consistency the schemas cannot see: parents exist, listed products exist. */
function checkReferences(plans: readonly PagePlan[], products: readonly CatalogueProduct[]): void {
  const codes = new Set(plans.map((p) => p.code));
  for (const plan of plans) {
    if (plan.superCode && !codes.has(plan.superCode)) throw new Error(`page ${plan.code}: superCode ${plan.superCode} is not a page`);
  }
  if (products.length < 100) throw new Error(`only ${products.length} products`);
}

// ---------------------------------------------------------------------------------------
// CLI

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: '.data/cms' },
      scale: { type: 'string' },
      seed: { type: 'string', default: '1' },
      now: { type: 'string' },
    },
  });
  const started = performance.now();
  const result = await generateSampleCms({
    outDir: values.out,
    seed: Number(values.seed),
    ...(values.scale !== undefined ? { scale: Number(values.scale) } : {}),
    ...(values.now !== undefined ? { now: Number(values.now) } : {}),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Sample CMS written to ${result.outDir}: ${result.languages} languages × ${result.pagesPerLanguage} pages, ${result.products} products, ${result.images} images (${seconds} s)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
