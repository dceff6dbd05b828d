/**
 * Products: by codes, the build's catalogue, detail and live stock. Search (hot words,
 * suggestions, the product search) has its own file, search.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectSuccess, sampleCatalogue, sampleEnv } from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();

describe('products', () => {
  it('by-codes answers live price and stock per region and skips unknown codes', async () => {
    const { app } = sampleEnv();
    const [a, b] = catalogue.products;
    const tw = expectSuccess(
      'productsByCodes',
      await call(app, 'productsByCodes', { codes: [a!.productCode, 'L999999', b!.productCode], region: 'TW' }),
    );
    expect(tw.map((p) => p.productCode)).toEqual([a!.productCode, b!.productCode]);
    const hk = expectSuccess('productsByCodes', await call(app, 'productsByCodes', { codes: [a!.productCode], region: 'HK' }));
    expect(tw[0]!.priceInfo.minPrice).toBe(Math.min(...a!.skus.map((s) => s.prices.TWD!.sale)));
    expect(hk[0]!.priceInfo.minPrice).toBe(Math.min(...a!.skus.map((s) => s.prices.HKD!.sale)));
    expect(tw[0]!.stockFlag).toBe(a!.skus.some((s) => s.stock > 0) ? 'Y' : 'N');
    expectFailure(await call(app, 'productsByCodes', { codes: [a!.productCode], region: 'JP' }), 'INVALID_FIELD', { field: 'region' });
  });

  it('the catalogue lists every product once, for the build', async () => {
    const { app } = sampleEnv();
    const list = expectSuccess('productCatalogue', await call(app, 'productCatalogue'));
    expect(list.map((p) => p.productCode)).toEqual(catalogue.products.map((p) => p.productCode).sort());
    expect(list.every((p) => p.updatedAt === catalogue.generatedAt)).toBe(true);
  });

  it("a product's detail comes in the asked language and the region's currency", async () => {
    const { app } = sampleEnv();
    const product = catalogue.products.find((p) => p.colours.length > 1)!;
    const en = expectSuccess(
      'productDetail',
      await call(app, 'productDetail', { productCode: product.productCode, region: 'HK', language: 'en-GB' }),
    );
    expect(en.name).toBe(product.names['en-GB']);
    expect(en.colours.map((c) => c.name)).toEqual(product.colours.map((c) => c.names['en-GB']));
    expect(en.skus.map((s) => s.price)).toEqual(product.skus.map((s) => s.prices.HKD));
    expect(en.skus.map((s) => s.productId)).toEqual(product.skus.map((s) => s.productId));
    expect([en.makePantsLengthFlag, en.caseFlag, en.noReasonToReturnFlag]).toEqual([
      product.makePantsLengthFlag,
      product.caseFlag,
      product.noReasonToReturnFlag,
    ]);
    const tw = expectSuccess(
      'productDetail',
      await call(app, 'productDetail', { productCode: product.productCode, region: 'TW', language: 'zh-TW' }),
    );
    expect(tw.name).toBe(product.names['zh-TW']);
    expect(tw.skus[0]!.price).toEqual(product.skus[0]!.prices.TWD);
    expectFailure(await call(app, 'productDetail', { productCode: 'L999999', region: 'TW', language: 'zh-TW' }), 'PRODUCT_NOT_FOUND', {
      status: 404,
    });
  });

  it('stock is live: an order taken from the database shows at once', async () => {
    const { app, db } = sampleEnv();
    const product = catalogue.products.find((p) => p.skus.some((s) => s.stock > 1))!;
    const sku = product.skus.find((s) => s.stock > 1)!;
    const before = expectSuccess('productStock', await call(app, 'productStock', { productCode: product.productCode, region: 'TW' }));
    expect(before.skus.find((s) => s.skuCode === sku.skuCode)).toEqual({ skuCode: sku.skuCode, stock: sku.stock, price: sku.prices.TWD });
    db.prepare('UPDATE skus SET stock = stock - 1 WHERE sku_code = ?').run(sku.skuCode);
    const after = expectSuccess('productStock', await call(app, 'productStock', { productCode: product.productCode, region: 'TW' }));
    expect(after.skus.find((s) => s.skuCode === sku.skuCode)!.stock).toBe(sku.stock - 1);
    expectFailure(await call(app, 'productStock', { productCode: 'L999999', region: 'TW' }), 'PRODUCT_NOT_FOUND', { status: 404 });
  });
});
