/** Products and search: what the build and the product pages read, live prices and stock. */
import type { ProductDetail } from '../../../src/lib/api/contract.ts';
import type { CatalogueProduct } from '../../sample-data/catalogue-schema.ts';
import { ApiFailure, type RouteKit } from '../kit.ts';
import { productSummary, regionPrice } from '../products.ts';
import { hotWords, matchRank, nameIn, queryForms, searchLanguage, suggestions } from '../search-index.ts';

/** A product's static detail as the build reads it: in one language, prices in one region's currency. */
function productDetailOf(product: CatalogueProduct, region: string, language: string): ProductDetail {
  const text = (values: Record<string, string>) => values[language] ?? values['zh-TW'] ?? Object.values(values)[0] ?? '';
  return {
    productCode: product.productCode,
    omsProductCode: product.omsProductCode,
    name: text(product.names),
    description: text(product.descriptions),
    gender: product.gender,
    categoryCode: product.categoryCode,
    colours: product.colours.map((c) => ({ colorNo: c.colorNo, code: c.code, hex: c.hex, name: text(c.names), images: c.images })),
    sizes: product.sizes,
    skus: product.skus.map((s) => ({
      skuCode: s.skuCode,
      omsSkuCode: s.omsSkuCode,
      productId: s.productId,
      colorNo: s.colorNo,
      sizeNo: s.sizeNo,
      price: regionPrice(s, region),
    })),
    priceGroup: product.priceGroup,
    makePantsLengthFlag: product.makePantsLengthFlag,
    caseFlag: product.caseFlag,
    customMadeFlag: product.customMadeFlag,
    semiOptions: product.semiOptions.map((o) => ({
      key: o.key,
      name: text(o.names),
      values: o.values.map((v) => ({ key: v.key, name: text(v.names) })),
    })),
    presaleFlag: product.presaleFlag,
    noReasonToReturnFlag: product.noReasonToReturnFlag,
    cornerCode: product.cornerCode ?? null,
    productPageCode: product.productPageCode ?? null,
    enabledFlag: product.enabledFlag,
    approval: product.approval,
  };
}

export function registerCatalogueRoutes(kit: RouteKit): void {
  const { db, handle, productOf, stockOf } = kit;
  const allProducts = () =>
    (db.prepare('SELECT json FROM products').all() as Array<{ json: string }>).map(({ json }) => JSON.parse(json) as CatalogueProduct);
  const existing = (productCode: string) => {
    const product = productOf(productCode);
    if (!product) throw new ApiFailure('PRODUCT_NOT_FOUND', `No product ${productCode}`, 404);
    return product;
  };

  handle('productsByCodes', ({ body }) =>
    body.codes
      .map(productOf)
      .filter((p): p is CatalogueProduct => p !== null)
      .map((p) => productSummary(kit, p, body.region, body.language)),
  );
  handle('productCatalogue', () => {
    const rows = db.prepare('SELECT product_code, updated_at FROM products ORDER BY product_code').all() as Array<{
      product_code: string;
      updated_at: number;
    }>;
    return rows.map((r) => ({ productCode: r.product_code, updatedAt: r.updated_at }));
  });
  handle('productDetail', ({ body }) => productDetailOf(existing(body.productCode), body.region, body.language));
  // The build's pull asks for many at once (a page of the catalogue's codes); a code the
  // catalogue no longer has is left out, and the pull sees it missing.
  handle('productDetails', ({ body }) =>
    body.productCodes
      .map(productOf)
      .filter((p): p is CatalogueProduct => p !== null)
      .map((p) => productDetailOf(p, body.region, body.language)),
  );
  handle('productStock', ({ body }) => {
    const product = existing(body.productCode);
    return {
      productCode: product.productCode,
      skus: product.skus.map((s) => ({ skuCode: s.skuCode, stock: stockOf(s.skuCode) ?? 0, price: regionPrice(s, body.region) })),
    };
  });
  // Search is in one language: its own names, the query also read in the language's script (search-index.ts).
  handle('recommendedWords', ({ c }) => {
    // A GET has no body: the language is the request's (the store sends the page's as
    // Accept-Language), so a cache between must keep the languages apart.
    c.header('Vary', 'Accept-Language');
    return hotWords(searchLanguage(undefined)).map((wordName) => ({ wordName }));
  });
  handle('searchSuggestions', ({ body }) => suggestions(allProducts(), body.word, searchLanguage(body.language)));

  handle('productSearch', ({ body }) => {
    // Every local store carries the whole catalogue, so a store search (searchType storeCode)
    // lists every switched-on product, narrowed by the word when one is given too.
    const language = searchLanguage(body.language);
    const forms = queryForms(body.description ?? '', language);
    if (body.searchType === 'keyword' && !forms.length) return { list: [], total: 0 };
    const products = allProducts().filter((p) => p.enabledFlag === 'Y');
    // Relevance: a name that is the word, then one that starts with it, then one that contains it.
    const found = products
      .map((p) => ({ p, rank: forms.length ? matchRank(nameIn(p, language), forms) : 0 }))
      .filter((f): f is { p: CatalogueProduct; rank: number } => f.rank !== null)
      .map((f) => ({ ...f, summary: productSummary(kit, f.p, body.region, language.code) }));
    // Ties keep product-code order, so pages never overlap. Codes are issued in sequence: the
    // highest is the newest product.
    const byCode = (a: { p: CatalogueProduct }, b: { p: CatalogueProduct }) => a.p.productCode.localeCompare(b.p.productCode);
    const orders: Record<typeof body.sort, (a: (typeof found)[number], b: (typeof found)[number]) => number> = {
      relevance: (a, b) => a.rank - b.rank || byCode(a, b),
      priceAsc: (a, b) => a.summary.priceInfo.minPrice - b.summary.priceInfo.minPrice || byCode(a, b),
      priceDesc: (a, b) => b.summary.priceInfo.minPrice - a.summary.priceInfo.minPrice || byCode(a, b),
      newest: (a, b) => byCode(b, a),
    };
    found.sort(orders[body.sort]);
    const start = (body.page - 1) * body.pageSize;
    return { list: found.slice(start, start + body.pageSize).map((f) => f.summary), total: found.length };
  });
}
