/**
 * The sample product catalogue both sample services share, so it lives beside neither: the
 * local CMS generator writes it to {outDir}/catalogue.json and derives its product tiles from
 * it, and the local commerce API seeds its products, SKUs, prices and stock from it, so the
 * two agree. It is not a CMS document.
 */
import { z } from 'zod';

const yesNo = z.enum(['Y', 'N']);
const mediaPath = z
  .string()
  .regex(/^\/media\/\S+$/)
  .describe('Root-relative path on the media host, e.g. /media/products/L451000-01.jpg');
/** Keyed by LanguageDefinition.code (zh-TW, zh-HK, en-GB…). */
const perLanguage = z.record(z.string(), z.string().min(1)).describe('Text per language, keyed by LanguageDefinition.code');

export const priceSchema = z
  .object({
    origin: z.number().int().positive().describe('Regular (list) price'),
    sale: z.number().int().positive().describe('Current selling price; below origin when discounted'),
  })
  .refine((p) => p.sale <= p.origin, 'sale must not exceed origin')
  .describe('A price in one currency, whole units');
/** Keyed by ISO 4217 currency code (TWD, HKD…). */
const perCurrency = z.record(z.string().regex(/^[A-Z]{3}$/), priceSchema).describe('Prices keyed by ISO 4217 currency code');

export const catalogueColourSchema = z.object({
  colorNo: z
    .string()
    .regex(/^\d{2}$/)
    .describe('Two-digit colour number within the product: 01, 02…'),
  code: z.string().min(1).describe('Colour code, e.g. NAVY'),
  hex: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .describe('Swatch colour'),
  names: perLanguage.describe('Colour name per language'),
  images: z.array(mediaPath).min(1).describe('Product images of this colour, main image first'),
});

export const catalogueSizeSchema = z.object({
  sizeNo: z
    .string()
    .regex(/^\d{3}$/)
    .describe('Three-digit size number: 001 XS … 006 XXL, 100–160 kids, 070–100 baby, 000 one size'),
  alias: z.string().min(1).describe('Size as shown: XS–XXL, 100–160, 70–100 or ONE SIZE'),
});

export const catalogueSkuSchema = z.object({
  skuCode: z.string().min(1).describe('SKU code used by cart and wishlist: productCode + colorNo + sizeNo'),
  omsSkuCode: z.string().min(9).describe('Order-management SKU code (at least 9 characters)'),
  productId: z.string().min(1).describe('Level-2 product id: level2ProductId(omsSkuCode, colorNo, sizeNo)'),
  colorNo: z.string().regex(/^\d{2}$/),
  sizeNo: z.string().regex(/^\d{3}$/),
  stock: z.number().int().nonnegative().describe('Units in stock; 0 is sold out'),
  prices: perCurrency.describe('Price of this SKU per currency (larger sizes may cost more)'),
});

export const catalogueProductSchema = z.object({
  productCode: z
    .string()
    .regex(/^L\d{6}$/)
    .describe("Product code: 'L' and 6 digits"),
  omsProductCode: z.string().min(6).describe('Order-management product code'),
  styleKey: z.string().min(1).describe('Key of the style in the sample copy (scripts/local-cms/copy.ts)'),
  gender: z.enum(['WOMEN', 'MEN', 'KIDS', 'BABY']).describe('Top-level gender of the product'),
  groupCode: z.string().min(1).describe('Category group page code, e.g. W01'),
  categoryCode: z.string().min(1).describe('Leaf category page code, e.g. W0101'),
  garmentKind: z.string().min(1).describe('Garment kind (down, tee, jeans…), drives silhouette, flags and copy'),
  names: perLanguage.describe('Product name per language'),
  descriptions: perLanguage.describe('Product description per language'),
  colours: z.array(catalogueColourSchema).min(1),
  sizes: z.array(catalogueSizeSchema).min(1),
  skus: z.array(catalogueSkuSchema).min(1).describe('One SKU per colour and size'),
  prices: perCurrency.describe('Base price (smallest size) per currency'),
  priceGroup: z
    .string()
    .min(1)
    .describe('Price group, matched against the switch config price-group lists (REGULAR, LIMITED_OFFER, PRICE_DOWN, MANUAL)'),
  makePantsLengthFlag: yesNo.describe('Y when hemming (pants-length alteration) can be ordered'),
  caseFlag: yesNo.describe('Y when gift wrapping can be ordered'),
  customMadeFlag: yesNo.describe('Y for made-to-order items'),
  semiOptions: z
    .array(
      z.object({
        key: z.string().min(1),
        names: perLanguage,
        values: z.array(z.object({ key: z.string().min(1), names: perLanguage })).min(1),
      }),
    )
    .default([])
    .describe('Made-to-order choices (customMadeFlag Y): each option, e.g. sleeve length, with its values; the cart keeps the keys'),
  presaleFlag: yesNo.describe('Y when the product is sold before it is in stock'),
  noReasonToReturnFlag: z
    .enum(['Y', 'N', 'ONLY_EXCHANGE_NOT_RETREAT'])
    .describe('Return policy: Y returnable without reason, N not returnable, ONLY_EXCHANGE_NOT_RETREAT exchange only'),
  cornerCode: z.string().optional().describe('Key into product-corner.json marks (NEW, LIMITED)'),
  productPageCode: z.string().optional().describe('CMS product-page content shown on the detail page'),
  enabledFlag: yesNo.describe('N when the product is switched off'),
  approval: z.string().min(1).describe('Listing status: LIST, AUTOLIST, BE_GOING_TO_LIST are sellable; UNLIST is not'),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueSchema = z
  .object({
    seed: z.number().int().describe('Generator seed'),
    generatedAt: z.number().int().describe('The generator clock (ms) the content was built around'),
    currencies: z.array(z.string()).min(1).describe('Currency codes that prices are given in'),
    languages: z.array(z.string()).min(1).describe('Language codes that names are given in'),
    products: z.array(catalogueProductSchema).min(1),
  })
  .superRefine((catalogue, ctx) => {
    const seen = new Set<string>();
    catalogue.products.forEach((product, index) => {
      if (seen.has(product.productCode))
        ctx.addIssue({ code: 'custom', path: ['products', index, 'productCode'], message: `duplicate productCode ${product.productCode}` });
      seen.add(product.productCode);
    });
  })
  .describe('The sample product catalogue shared by the local CMS and the local commerce API');
export type Catalogue = z.infer<typeof catalogueSchema>;
