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
import { rngFor } from './random.ts';
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

/** The catalogue, named in `languages` (the language table unless a test or a benchmark passes others). */
export function buildCatalogue(seed: number, now: number, languages: readonly LanguageDefinition[] = LANGUAGES): BuiltCatalogue {
  const perLanguage = (names: Record<CopyKey, string>) => Object.fromEntries(languages.map((l) => [l.code, names[l.sampleCopy]]));
  const products: CatalogueProduct[] = [];
  const imageJobs: ImageJob[] = [];
  let index = 0;
  for (const { gender, group, leaf } of allLeaves()) {
    for (const [styleKey, kind] of leaf.styles) {
      const rng = rngFor(seed, 'product', styleKey);
      const serial = index++;
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
        const image = productImagePath(productCode, colorNo);
        imageJobs.push({ path: image, width: 800, height: 1000, format: 'jpeg', svg: productSvg(kind, COLOURS[key].hex) });
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
      else if (rng.chance(0.25) && discountable && styleKey !== SOLD_OUT_STYLE)
        priceGroup = rng.chance(0.5) ? 'PRICE_DOWN' : 'LIMITED_OFFER';
      const discounted =
        discountable && (priceGroup === 'PRICE_DOWN' || priceGroup === 'LIMITED_OFFER' || (priceGroup === 'MANUAL' && serial % 40 === 7));
      const saleTwd = discounted ? Math.min(originTwd - 100, roundTo90(originTwd * (0.6 + rng.next() * 0.2))) : originTwd;
      const bumpSizes = new Set(
        gender.gender === 'KIDS' ? ['150', '160'] : gender.gender === 'MEN' && (kind === 'coat' || kind === 'down') ? ['006'] : [],
      );

      // SKUs
      const soldOut = styleKey === SOLD_OUT_STYLE;
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

      const presale = PRESALE_STYLES.includes(styleKey);
      const disabled = styleKey === DISABLED_STYLE;
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
        names: Object.fromEntries(languages.map((l) => [l.code, COPY[l.sampleCopy].products[styleKey]])),
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
        customMadeFlag: CUSTOM_MADE_STYLES.includes(styleKey) ? 'Y' : 'N',
        semiOptions: CUSTOM_MADE_STYLES.includes(styleKey)
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

/** Products that may appear in CMS lists (switched-off products never do). */
export function isListable(product: CatalogueProduct): boolean {
  return product.enabledFlag === 'Y';
}

export function isSoldOut(product: CatalogueProduct): boolean {
  return product.skus.every((s) => s.stock === 0);
}
