/**
 * Builds the sample product catalogue from the taxonomy and the copy sets. Everything random
 * comes from rngFor(seed, 'product', styleKey), so a product does not change when another one
 * is added.
 */
import { CodedError } from '../../src/lib/errors.ts';
import { formatPrice } from '../../src/lib/format/currency.ts';
import { LANGUAGES, type LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import { level2ProductId } from '../../src/lib/product/product-id.ts';
import type { Catalogue, CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { COPY, fill, type CopyKey } from './copy.ts';
import { withHans } from './hans.ts';
import { productSvg, type ImageJob } from './images.ts';
import { rngFor, type Rng } from './random.ts';
import { REGION_CURRENCIES, type CurrencyFormat } from '../../src/lib/i18n/regions.ts';
import {
  COLOURS,
  KIND_PRICE_TWD,
  ONE_SIZE,
  ONE_SIZE_KINDS,
  PRODUCT_PAGES,
  SIZE_RANGES,
  allLeaves,
  colourCandidates,
  type GarmentKind,
  type PriceGroup,
  type StyleKey,
} from './taxonomy.ts';

/** Fully sold out: every SKU has zero stock. */
export const SOLD_OUT_STYLE: StyleKey = 'w-satin-skirt';
/** Switched off (enabledFlag N, approval UNLIST): kept out of every CMS product list. */
export const DISABLED_STYLE: StyleKey = 'm-knitted-polo';
const PRESALE_STYLES: readonly StyleKey[] = ['w-linen-dress', 'w-linen-wide-pants', 'm-linen-shirt'];
const CUSTOM_MADE_STYLES: readonly StyleKey[] = ['w-oxford-shirt', 'm-oxford-shirt'];
/** The choices a made-to-order shirt is made with, per copy set. */
const SHIRT_OPTIONS = [
  {
    key: 'SLEEVE',
    names: withHans({ 'zh-Hant': '袖長', en: 'Sleeve length' }),
    values: [
      { key: 'REGULAR', names: withHans({ 'zh-Hant': '標準', en: 'Regular' }) },
      { key: 'LONG', names: withHans({ 'zh-Hant': '加長 3 公分', en: '3 cm longer' }) },
      { key: 'SHORT', names: withHans({ 'zh-Hant': '縮短 3 公分', en: '3 cm shorter' }) },
    ],
  },
  {
    key: 'COLLAR',
    names: withHans({ 'zh-Hant': '領型', en: 'Collar' }),
    values: [
      { key: 'BUTTON_DOWN', names: withHans({ 'zh-Hant': '扣領', en: 'Button-down' }) },
      { key: 'SPREAD', names: withHans({ 'zh-Hant': '寬角領', en: 'Spread' }) },
    ],
  },
] as const;
const GIFT_WRAP_KINDS: readonly GarmentKind[] = ['knit', 'coat', 'hat', 'bag', 'socks', 'bodysuit', 'romper'];
const EXCHANGE_ONLY_KINDS: readonly GarmentKind[] = ['innerwear', 'socks'];

/** Rounds to a price ending in 90 (TWD style), within 390..4990. */
export function roundTo90(twd: number): number {
  return Math.min(4990, Math.max(390, Math.round((twd - 90) / 100) * 100 + 90));
}

/** TWD amount to another currency, with that currency's usual price endings. */
const CURRENCY_FROM_TWD: Record<string, (twd: number) => number> = {
  TWD: (twd) => twd,
  /** About a quarter, ending in 9. */
  HKD: (twd) => Math.round(twd / 40) * 10 - 1,
  MOP: (twd) => Math.round((twd * 1.03) / 40) * 10 - 1,
  CNY: (twd) => Math.round(twd / 44) * 10 - 1,
};

/** The currencies of every region, whether or not a language shows it yet: prices never depend on the languages built. */
export function catalogueCurrencies(): string[] {
  return Object.values(REGION_CURRENCIES).map((c) => c.code);
}

export function convertFromTwd(twd: number, currency: string): number {
  const convert = CURRENCY_FROM_TWD[currency];
  if (!convert)
    throw new CodedError(
      'SAMPLE_PRICE_RULE_MISSING',
      `No sample price rule for currency ${currency}: add one to CURRENCY_FROM_TWD in scripts/local-cms/catalogue.ts`,
    );
  return convert(twd);
}

/** A TWD amount the copy names (a coupon, a spending tier), written in a language's own currency. */
export function amountText(twd: number, currency: CurrencyFormat): string {
  return formatPrice(convertFromTwd(twd, currency.code), currency);
}

function pricesFromTwd(origin: number, sale: number): Record<string, { origin: number; sale: number }> {
  return Object.fromEntries(catalogueCurrencies().map((c) => [c, { origin: convertFromTwd(origin, c), sale: convertFromTwd(sale, c) }]));
}

export function productImagePath(productCode: string, colorNo: string): string {
  return `/media/products/${productCode}-${colorNo}.jpg`;
}

export interface BuiltCatalogue {
  catalogue: Catalogue;
  imageJobs: ImageJob[];
}

/** Every style of the taxonomy once, in navigation order: the default sample's products. */
const BASE_STYLES = allLeaves().flatMap(({ gender, group, leaf }) =>
  leaf.styles.map(([styleKey, kind]) => ({ gender, group, leaf, styleKey, kind })),
);
/** How many products the default sample has: one per style. */
export const BASE_PRODUCT_COUNT = BASE_STYLES.length;
/** Product codes are 'L' and 6 digits, issued 13 apart from L450011. */
export const MAX_PRODUCTS = Math.floor((999_999 - 450_011) / 13) + 1;

/**
 * The lines a style comes in again when the catalogue is asked for more products than there
 * are styles (a larger store carries the same garment in several cuts and fabrics). Only the
 * name differs in copy; everything else is drawn again for the line.
 */
const LINE_NAMES = withHans({
  'zh-Hant': ['經典款', '修身款', '寬鬆款', '輕量款', '機能款', '亞麻混紡', '有機棉', '羊毛混紡', '防潑水', '彈性款', '短版', '長版'],
  en: [
    'Classic',
    'Slim fit',
    'Relaxed fit',
    'Lightweight',
    'Active',
    'Linen blend',
    'Organic cotton',
    'Wool blend',
    'Water-repellent',
    'Stretch',
    'Cropped',
    'Longline',
  ],
});
const lineName = (copy: CopyKey, base: string, round: number): string => {
  const names = LINE_NAMES[copy];
  const word = names[(round - 1) % names.length]!;
  const series = Math.ceil(round / names.length);
  const line = series > 1 ? `${word} ${series}` : word;
  return copy === 'en' ? `${base} (${line})` : `${base}（${line}）`;
};

export interface CatalogueOptions {
  /**
   * How many products: every style once (the default sample, BASE_PRODUCT_COUNT), then each
   * style again as a line of its own, round after round, until there are this many. Fewer
   * than BASE_PRODUCT_COUNT takes the first styles only.
   */
  products?: number;
}

/** The catalogue, named in `languages` (the language table unless a test or a benchmark passes others). */
export function buildCatalogue(
  seed: number,
  now: number,
  languages: readonly LanguageDefinition[] = LANGUAGES,
  options: CatalogueOptions = {},
): BuiltCatalogue {
  const count = options.products ?? BASE_PRODUCT_COUNT;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PRODUCTS)
    throw new RangeError(`products must be a whole number from 1 to ${MAX_PRODUCTS}, got ${count}`);
  const perLanguage = (names: Record<CopyKey, string>) => Object.fromEntries(languages.map((l) => [l.code, names[l.sampleCopy]]));
  const products: CatalogueProduct[] = [];
  const imageJobs: ImageJob[] = [];
  const linePictures = new Set<string>();
  for (let serial = 0; serial < count; serial++) {
    const { gender, group, leaf, styleKey, kind } = BASE_STYLES[serial % BASE_STYLES.length]!;
    // Round 0 is the default sample, drawn exactly as it always was; a line (round 1 on) draws
    // from a stream of its own, and its flags from another, so the default stays byte for byte.
    const round = Math.floor(serial / BASE_STYLES.length);
    const rng = round === 0 ? rngFor(seed, 'product', styleKey) : rngFor(seed, 'product', styleKey, round);
    const line = round === 0 ? null : lineFlags(rngFor(seed, 'product-line', styleKey, round), kind);
    const productCode = `L${450011 + serial * 13}`;
    const digits = productCode.slice(1);
    const season = rng.pick(['25F', '25W', '26S']);

    // Colours
    const colourKeys = rng.sample(
      colourCandidates(kind, gender.gender, styleKey),
      rng.int(2, gender.gender === 'BABY' || ONE_SIZE_KINDS.includes(kind) ? 3 : 4),
    );
    const colours = colourKeys.map((key, i) => {
      const colorNo = String(i + 1).padStart(2, '0');
      // A line's pictures are its kind's in that colour, shared by every line: thousands of
      // products do not need thousands of drawings, and the generator stays quick.
      const image = line ? `/media/products/lines/${kind}-${COLOURS[key].code.toLowerCase()}.jpg` : productImagePath(productCode, colorNo);
      if (!linePictures.has(image))
        imageJobs.push({ path: image, width: 800, height: 1000, format: 'jpeg', svg: productSvg(kind, COLOURS[key].hex) });
      if (line) linePictures.add(image);
      return {
        colorNo,
        code: COLOURS[key].code,
        hex: COLOURS[key].hex,
        names: Object.fromEntries(languages.map((l) => [l.code, COPY[l.sampleCopy].colours[key]])),
        images: [image],
      };
    });
    const sizes = ONE_SIZE_KINDS.includes(kind) ? [ONE_SIZE] : [...SIZE_RANGES[gender.sizeRange]];

    // Prices (TWD first, other currencies derived)
    const [min, max] = KIND_PRICE_TWD[kind];
    let originTwd = min + 100 * rng.int(0, Math.round((max - min) / 100));
    if (gender.gender === 'KIDS') originTwd = roundTo90(originTwd * 0.65);
    if (gender.gender === 'BABY') originTwd = roundTo90(originTwd * 0.55);
    // Every 20th product is in the manual price group (half of those discounted); about a
    // quarter of the others are discounted, if the price leaves room for a discount.
    let priceGroup: PriceGroup = 'REGULAR';
    const discountable = originTwd >= 590;
    if (serial % 20 === 7) priceGroup = 'MANUAL';
    else if (rng.chance(0.25) && discountable && (line ? !line.soldOut : styleKey !== SOLD_OUT_STYLE))
      priceGroup = rng.chance(0.5) ? 'PRICE_DOWN' : 'LIMITED_OFFER';
    const discounted =
      discountable && (priceGroup === 'PRICE_DOWN' || priceGroup === 'LIMITED_OFFER' || (priceGroup === 'MANUAL' && serial % 40 === 7));
    const saleTwd = discounted ? Math.min(originTwd - 100, roundTo90(originTwd * (0.6 + rng.next() * 0.2))) : originTwd;
    const bumpSizes = new Set(
      gender.gender === 'KIDS' ? ['150', '160'] : gender.gender === 'MEN' && (kind === 'coat' || kind === 'down') ? ['006'] : [],
    );

    // SKUs
    const soldOut = line ? line.soldOut : styleKey === SOLD_OUT_STYLE;
    const skus = colours.flatMap((colour) =>
      sizes.map((size) => {
        const bump = bumpSizes.has(size.sizeNo) ? 100 : 0;
        const omsSkuCode = `${digits}-${colour.colorNo}${size.sizeNo}-${season}`;
        return {
          skuCode: `${productCode}${colour.colorNo}${size.sizeNo}`,
          omsSkuCode,
          productId: level2ProductId(omsSkuCode, colour.colorNo, size.sizeNo),
          colorNo: colour.colorNo,
          sizeNo: size.sizeNo,
          stock: soldOut || rng.chance(0.12) ? 0 : rng.int(2, 80),
          prices: pricesFromTwd(originTwd + bump, saleTwd + bump),
        };
      }),
    );

    const presale = line ? line.presale : PRESALE_STYLES.includes(styleKey);
    const disabled = line ? line.disabled : styleKey === DISABLED_STYLE;
    const customMade = line ? line.customMade : CUSTOM_MADE_STYLES.includes(styleKey);
    const cornerCode = priceGroup === 'LIMITED_OFFER' ? 'LIMITED' : presale || rng.chance(0.18) ? 'NEW' : undefined;
    const productPage = PRODUCT_PAGES.find((p) => (p.kinds as readonly GarmentKind[]).includes(kind));
    const adult = gender.gender === 'WOMEN' || gender.gender === 'MEN';

    const product: CatalogueProduct = {
      productCode,
      omsProductCode: `${digits}-${season}`,
      styleKey,
      gender: gender.gender,
      groupCode: group.code,
      categoryCode: leaf.code,
      garmentKind: kind,
      names: Object.fromEntries(
        languages.map((l) => {
          const name = COPY[l.sampleCopy].products[styleKey];
          return [l.code, round === 0 ? name : lineName(l.sampleCopy, name, round)];
        }),
      ),
      descriptions: Object.fromEntries(
        languages.map((l) => {
          const copy = COPY[l.sampleCopy];
          return [l.code, copy.kindDescriptions[kind] + fill(copy.colourCount, { n: colours.length })];
        }),
      ),
      colours,
      sizes,
      skus,
      prices: pricesFromTwd(originTwd, saleTwd),
      priceGroup,
      makePantsLengthFlag: adult && (kind === 'trousers' || kind === 'jeans') ? 'Y' : 'N',
      caseFlag: GIFT_WRAP_KINDS.includes(kind) ? 'Y' : 'N',
      customMadeFlag: customMade ? 'Y' : 'N',
      semiOptions: customMade
        ? SHIRT_OPTIONS.map((o) => ({
            key: o.key,
            names: perLanguage(o.names),
            values: o.values.map((v) => ({ key: v.key, names: perLanguage(v.names) })),
          }))
        : [],
      presaleFlag: presale ? 'Y' : 'N',
      noReasonToReturnFlag: EXCHANGE_ONLY_KINDS.includes(kind) ? 'ONLY_EXCHANGE_NOT_RETREAT' : priceGroup === 'PRICE_DOWN' ? 'N' : 'Y',
      ...(cornerCode ? { cornerCode } : {}),
      ...(productPage ? { productPageCode: productPage.productPageCode } : {}),
      enabledFlag: disabled ? 'N' : 'Y',
      approval: disabled ? 'UNLIST' : presale ? 'BE_GOING_TO_LIST' : rng.chance(0.1) ? 'AUTOLIST' : 'LIST',
    };
    products.push(product);
  }
  return {
    catalogue: {
      seed,
      generatedAt: now,
      currencies: catalogueCurrencies(),
      languages: languages.map((l) => l.code),
      products,
    },
    imageJobs,
  };
}

/**
 * What the default sample gives named styles (sold out, switched off, presale, made to order),
 * a line draws at about a store's rates, so every kind recurs as the catalogue grows.
 */
function lineFlags(rng: Rng, kind: GarmentKind) {
  return {
    soldOut: rng.chance(0.04),
    disabled: rng.chance(0.02),
    presale: rng.chance(0.03),
    // The made-to-order choices are a shirt's (sleeve and collar).
    customMade: kind === 'shirt' && rng.chance(0.25),
  };
}

/** Products that may appear in CMS lists (switched-off products never do). */
export function isListable(product: CatalogueProduct): boolean {
  return product.enabledFlag === 'Y';
}

export function isSoldOut(product: CatalogueProduct): boolean {
  return product.skus.every((s) => s.stock === 0);
}
