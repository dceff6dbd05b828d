/**
 * The sample catalogue at scale (npm run cms:generate -- --products N), drawn in memory: the
 * count asked for, every product option kind at every size, categories listing every product
 * of theirs, and the default sample unchanged inside any larger one.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, getLanguage } from '../../src/lib/i18n/languages.ts';
import { BASE_PRODUCT_COUNT, buildCatalogue, catalogueCurrencies, isListable } from '../../scripts/local-cms/catalogue.ts';
import { langContext } from '../../scripts/local-cms/page-plans/page-kit.ts';
import { planSite } from '../../scripts/local-cms/page-plans/site-plan.ts';
import { createSampleSet } from '../../scripts/local-cms/sample-set.ts';
import { drawSharedImages } from '../../scripts/local-cms/shared-images.ts';
import { allLeaves } from '../../scripts/local-cms/taxonomy.ts';
import { catalogueSchema, type CatalogueProduct } from '../../scripts/sample-data/catalogue-schema.ts';

const SEED = 1;
const NOW = 1_790_000_000_000;

/** Every kind of product a shopper meets, by what makes it that kind. */
const OPTION_KINDS: Record<string, (p: CatalogueProduct) => boolean> = {
  'sold out': (p) => p.skus.every((s) => s.stock === 0),
  'some sizes sold out': (p) => p.skus.some((s) => s.stock === 0) && p.skus.some((s) => s.stock > 0),
  'switched off': (p) => p.enabledFlag === 'N' && p.approval === 'UNLIST',
  presale: (p) => p.presaleFlag === 'Y' && p.approval === 'BE_GOING_TO_LIST',
  'made to order': (p) => p.customMadeFlag === 'Y' && p.semiOptions.length > 0,
  'made-to-order trousers (hem length)': (p) => p.makePantsLengthFlag === 'Y',
  'gift wrapping': (p) => p.caseFlag === 'Y',
  'exchange only': (p) => p.noReasonToReturnFlag === 'ONLY_EXCHANGE_NOT_RETREAT',
  'not returnable': (p) => p.noReasonToReturnFlag === 'N',
  discounted: (p) => p.skus.some((s) => s.prices.TWD!.sale < s.prices.TWD!.origin),
  'larger sizes cost more': (p) => new Set(p.skus.map((s) => s.prices.TWD!.origin)).size > 1,
  'one size': (p) => p.sizes.length === 1,
  'several colours': (p) => p.colours.length > 1,
  'marked new': (p) => p.cornerCode === 'NEW',
  'marked limited': (p) => p.cornerCode === 'LIMITED',
  'with product-page content': (p) => p.productPageCode !== undefined,
  'auto-listed': (p) => p.approval === 'AUTOLIST',
};

describe('the sample catalogue at scale', () => {
  it.each([300, 2000])('makes %i products with every option kind, gender, category, price group and currency', (count) => {
    const { catalogue } = buildCatalogue(SEED, NOW, LANGUAGES, { products: count });
    expect(catalogue.products).toHaveLength(count);
    expect(() => catalogueSchema.parse(catalogue)).not.toThrow();
    expect(new Set(catalogue.products.map((p) => p.productCode)).size).toBe(count);
    for (const [kind, is] of Object.entries(OPTION_KINDS)) expect(catalogue.products.filter(is).length, kind).toBeGreaterThan(0);
    // The options recur beyond the default sample's named styles: the lines have them too.
    const lines = catalogue.products.slice(BASE_PRODUCT_COUNT);
    for (const kind of ['sold out', 'switched off', 'presale', 'made to order'])
      expect(lines.filter(OPTION_KINDS[kind]!).length, `${kind} among the lines`).toBeGreaterThan(0);
    expect(new Set(catalogue.products.map((p) => p.gender))).toEqual(new Set(['WOMEN', 'MEN', 'KIDS', 'BABY']));
    expect(new Set(catalogue.products.map((p) => p.categoryCode))).toEqual(new Set(allLeaves().map((l) => l.leaf.code)));
    expect(new Set(catalogue.products.map((p) => p.priceGroup))).toEqual(new Set(['REGULAR', 'LIMITED_OFFER', 'PRICE_DOWN', 'MANUAL']));
    for (const product of catalogue.products) {
      for (const sku of product.skus) expect(Object.keys(sku.prices).sort()).toEqual(catalogueCurrencies().sort());
      for (const language of LANGUAGES) expect(product.names[language.code], product.productCode).toBeTruthy();
    }
    // A line is named apart from its style: the same garment in another cut.
    lines.forEach((line, i) => {
      const style = catalogue.products[i % BASE_PRODUCT_COUNT]!;
      expect(line.styleKey).toBe(style.styleKey);
      for (const language of LANGUAGES) expect(line.names[language.code]).not.toBe(style.names[language.code]);
    });
  });

  it('keeps the default sample as the first products of any larger catalogue', () => {
    const base = buildCatalogue(SEED, NOW).catalogue.products;
    expect(base).toHaveLength(BASE_PRODUCT_COUNT);
    expect(buildCatalogue(SEED, NOW, LANGUAGES, { products: 300 }).catalogue.products.slice(0, BASE_PRODUCT_COUNT)).toEqual(base);
  });

  it('refuses a count it cannot issue codes for', () => {
    expect(() => buildCatalogue(SEED, NOW, LANGUAGES, { products: 0 })).toThrow(RangeError);
    expect(() => buildCatalogue(SEED, NOW, LANGUAGES, { products: 1.5 })).toThrow(RangeError);
    expect(() => buildCatalogue(SEED, NOW, LANGUAGES, { products: 50_000 })).toThrow(RangeError);
  });

  it('lists every switched-on product on its category group page and its category page (unless that one shows its group)', () => {
    const sample = createSampleSet(SEED, NOW, LANGUAGES, { products: 300 });
    const plans = planSite({ sample, images: drawSharedImages(sample) });
    const ctx = langContext(getLanguage('en-GB'));
    const listedOn = (code: string) => {
      const page = plans.find((p) => p.code === code)!.build(ctx);
      return { inherits: page.components.length === 0, codes: new Set(JSON.stringify(page).match(/L\d{6}/g) ?? []) };
    };
    const switchedOn = (where: (p: CatalogueProduct) => boolean) =>
      new Set(sample.catalogue.products.filter((p) => where(p) && isListable(p)).map((p) => p.productCode));
    for (const { group, leaf } of allLeaves()) {
      expect(listedOn(group.code).codes).toEqual(switchedOn((p) => p.groupCode === group.code));
      const own = listedOn(leaf.code);
      if (!own.inherits) expect(own.codes).toEqual(switchedOn((p) => p.categoryCode === leaf.code));
    }
  });
});
