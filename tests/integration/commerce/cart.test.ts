/**
 * The cart: adding under concurrency and within stock, the mini cart, updating and removing,
 * made-to-order choices, and the cart page with its hem and gift-wrap services (checkout catalogue).
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import { level2ProductId } from '../../../src/lib/product/product-id.ts';
import {
  addToCart,
  call,
  cartIdsOf,
  cartOf,
  CHECKOUT_CATALOGUE,
  checkoutEnv,
  DEMO,
  expectFailure,
  expectSuccess,
  freeSkus,
  isSellable,
  login,
  memberState,
  OTHER,
  sampleCatalogue,
  sampleEnv,
  setStock,
  shopper,
  sku,
  state,
  UNIT,
} from '../../fixtures/commerce-app.ts';

const catalogue = sampleCatalogue();

describe('cart', () => {
  it('50 concurrent adds for one member give the exact total', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const initial = expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }));
    const skus = freeSkus(db, 10).slice(0, 5);
    expect(skus).toHaveLength(5);
    const adds = Array.from({ length: 50 }, (_, i) => skus[i % skus.length]!);
    const answers = await Promise.all(
      adds.map((sku) => call(app, 'cartAdd', { productCode: sku.productCode, skuCode: sku.skuCode, quantity: 1 }, { token })),
    );
    const totals = answers.map((a) => expectSuccess('cartAdd', a).count);
    // Each add was applied atomically: the answers are exactly initial+1 … initial+50.
    expect([...totals].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => initial + i + 1));
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }))).toBe(initial + 50);
    const [mini] = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    for (const sku of skus) expect(mini!.cartList.find((l) => l.skuCode === sku.skuCode)?.quantity).toBe(10);
  });

  it('50 concurrent adds on a scarce SKU never oversell', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const sku = freeSkus(db, 3, 20)[0]!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(app, 'cartAdd', { productCode: sku.productCode, skuCode: sku.skuCode, quantity: 1 }, { token }),
      ),
    );
    const won = answers.filter((a) => (a.json as { success: boolean }).success);
    for (const a of won) expectSuccess('cartAdd', a);
    for (const a of answers.filter((x) => !won.includes(x))) expectFailure(a, 'CART_STOCK_NOT_ENOUGH', { field: 'quantity' });
    expect(won).toHaveLength(sku.stock);
    expect((db.prepare('SELECT quantity FROM cart_lines WHERE sku_code = ?').get(sku.skuCode) as { quantity: number }).quantity).toBe(
      sku.stock,
    );
  });

  it('adding beyond stock is CART_STOCK_NOT_ENOUGH and changes nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const [sku, other] = freeSkus(db, 2, 30);
    expectSuccess(
      'cartAdd',
      await call(app, 'cartAdd', { productCode: sku!.productCode, skuCode: sku!.skuCode, quantity: sku!.stock }, { token }),
    );
    const countBefore = expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }));
    const miniBefore = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    const before = memberState(db);

    expectFailure(
      await call(app, 'cartAdd', { productCode: sku!.productCode, skuCode: sku!.skuCode, quantity: 1 }, { token }),
      'CART_STOCK_NOT_ENOUGH',
      { field: 'quantity' },
    );
    expectFailure(
      await call(app, 'cartAdd', { productCode: other!.productCode, skuCode: other!.skuCode, quantity: other!.stock + 1 }, { token }),
      'CART_STOCK_NOT_ENOUGH',
      { field: 'quantity' },
    );
    const soldOut = catalogue.products
      .filter(isSellable)
      .flatMap((p) => p.skus.filter((s) => s.stock === 0).map((s) => ({ productCode: p.productCode, skuCode: s.skuCode })))[0]!;
    expectFailure(await call(app, 'cartAdd', { ...soldOut, quantity: 1 }, { token }), 'CART_STOCK_NOT_ENOUGH');

    expect(memberState(db)).toEqual(before);
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }))).toBe(countBefore);
    expect(expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }))).toEqual(miniBefore);
  });

  it('rejects an unknown SKU, a SKU of another product, a switched-off product and quantities outside 1–99', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    const [a, b] = freeSkus(db, 5).filter((s, i, all) => all.findIndex((x) => x.productCode === s.productCode) === i);
    expectFailure(
      await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: 'L99999901002', quantity: 1 }, { token }),
      'CART_SKU_NOT_FOUND',
      { field: 'skuCode' },
    );
    expectFailure(
      await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: b!.skuCode, quantity: 1 }, { token }),
      'CART_SKU_NOT_FOUND',
      { field: 'skuCode' },
    );
    // Switched off but with stock: still not for sale.
    const off = catalogue.products.find((p) => p.enabledFlag === 'N' && p.skus.some((s) => s.stock > 0))!;
    expect(off, 'the sample catalogue has a switched-off product with stock').toBeDefined();
    const offSku = off.skus.find((s) => s.stock > 0)!;
    expectFailure(
      await call(app, 'cartAdd', { productCode: off.productCode, skuCode: offSku.skuCode, quantity: 1 }, { token }),
      'CART_SKU_NOT_FOUND',
      { field: 'skuCode' },
    );
    expectFailure(
      await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: a!.skuCode, quantity: 0 }, { token }),
      'INVALID_FIELD',
      { field: 'quantity' },
    );
    expectFailure(
      await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: a!.skuCode, quantity: 100 }, { token }),
      'INVALID_FIELD',
      { field: 'quantity' },
    );
    expectFailure(
      await call(app, 'cartAdd', { productCode: a!.productCode, skuCode: a!.skuCode, quantity: 1.5 }, { token }),
      'INVALID_FIELD',
      { field: 'quantity' },
    );
    expect(memberState(db)).toEqual(before);
  });

  it('mini cart: resp[0].cartList lines match the count, newest first, with catalogue details', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const count = expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }));
    const resp = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    expect(resp).toHaveLength(1);
    const { cartList, total } = resp[0]!;
    expect(cartList.length).toBeGreaterThan(0);
    expect(cartList.length).toBe(cartIdsOf(db, DEMO.id).length);
    expect(total).toBe(count);
    expect(cartList.reduce((n, l) => n + l.quantity, 0)).toBe(count);
    for (const line of cartList) {
      const product = catalogue.products.find((p) => p.productCode === line.productCode)!;
      const sku = product.skus.find((s) => s.skuCode === line.skuCode)!;
      expect(line.productDetail.productDetailInfo.unitPrice).toBe(sku.prices.TWD!.sale);
      expect(line.productDetail.summaryInfo.originPrice).toBe(sku.prices.TWD!.origin);
      expect(line.productDetail.productDetailInfo.skuName).toBe(product.names['zh-TW']);
    }
    const created = cartList.map(
      (l) => (db.prepare('SELECT created_at FROM cart_lines WHERE cart_id = ?').get(Number(l.cartId)) as { created_at: number }).created_at,
    );
    expect(created).toEqual([...created].sort((x, y) => y - x));
    // Another member's cart is empty and separate.
    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token: other.token }))).toBe(0);
    expect(expectSuccess('miniCart', await call(app, 'miniCart', {}, { token: other.token }))).toEqual([
      { cartList: [], total: 0, currency: 'TWD' },
    ]);
  });

  it('update changes a line quantity within stock; remove drops lines; each answers the cart it made; other members cannot touch them', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const [mini] = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    const [first, second] = mini!.cartList;
    const stock = (db.prepare('SELECT stock FROM skus WHERE sku_code = ?').get(first!.skuCode) as { stock: number }).stock;
    const quantity = Math.min(stock, 4);
    const expected = mini!.total - first!.quantity + quantity;
    const updated = expectSuccess('cartUpdate', await call(app, 'cartUpdate', { cartId: first!.cartId, quantity }, { token }));
    expect(updated.count).toBe(expected);
    expect(updated.lines.find((l) => l.cartId === first!.cartId)?.quantity).toBe(quantity);
    expect(updated).toEqual(expectSuccess('cartDetail', await call(app, 'cartDetail', {}, { token })));
    expect(expectSuccess('cartCount', await call(app, 'cartCount', {}, { token }))).toBe(expected);

    const other = await login(app, OTHER.email, OTHER.password);
    const before = memberState(db);
    if (stock < 99)
      expectFailure(await call(app, 'cartUpdate', { cartId: first!.cartId, quantity: stock + 1 }, { token }), 'CART_STOCK_NOT_ENOUGH', {
        field: 'quantity',
      });
    expectFailure(await call(app, 'cartUpdate', { cartId: '999999', quantity: 1 }, { token }), 'CART_LINE_NOT_FOUND', { field: 'cartId' });
    expectFailure(await call(app, 'cartUpdate', { cartId: 'abc', quantity: 1 }, { token }), 'CART_LINE_NOT_FOUND', { field: 'cartId' });
    expectFailure(await call(app, 'cartUpdate', { cartId: first!.cartId, quantity: 1 }, { token: other.token }), 'CART_LINE_NOT_FOUND');
    expect(expectSuccess('cartRemove', await call(app, 'cartRemove', { cartIds: [first!.cartId] }, { token: other.token })).count).toBe(0);
    expect(memberState(db)).toEqual(before);

    const removed = expectSuccess('cartRemove', await call(app, 'cartRemove', { cartIds: [first!.cartId] }, { token }));
    expect(removed.count).toBe(second!.quantity);
    expect(removed.lines.map((l) => l.cartId)).toEqual([second!.cartId]);
    const [after] = expectSuccess('miniCart', await call(app, 'miniCart', {}, { token }));
    expect(after!.cartList.map((l) => l.cartId)).toEqual([second!.cartId]);
    expect(expectSuccess('cartRemove', await call(app, 'cartRemove', { cartIds: [second!.cartId, first!.cartId] }, { token })).count).toBe(
      0,
    );
    expectFailure(await call(app, 'cartRemove', { cartIds: [] }, { token }), 'INVALID_FIELD', { field: 'cartIds' });
  });
});

describe('made-to-order choices (semiValues)', () => {
  it('a made-to-order item needs one value of each option; the cart names them in the page language', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const shirt = catalogue.products.find((p) => p.customMadeFlag === 'Y' && p.semiOptions.length > 0 && p.skus.some((s) => s.stock > 0))!;
    const sku = shirt.skus.find((s) => s.stock > 0)!;
    const add = (semiValues?: Array<{ semiName: string; semiValue: string }>) =>
      call(
        app,
        'cartAdd',
        { productCode: shirt.productCode, skuCode: sku.skuCode, quantity: 1, ...(semiValues ? { semiValues } : {}) },
        { token },
      );
    expectFailure(await add(), 'CART_SEMI_REQUIRED', { field: 'semiValues' });
    expectFailure(await add([{ semiName: 'SLEEVE', semiValue: 'LONG' }]), 'CART_SEMI_REQUIRED', { field: 'semiValues' });
    expectFailure(
      await add([
        { semiName: 'SLEEVE', semiValue: 'XXL' },
        { semiName: 'COLLAR', semiValue: 'SPREAD' },
      ]),
      'CART_SEMI_INVALID',
      { field: 'semiValues' },
    );
    expectSuccess(
      'cartAdd',
      await add([
        { semiName: 'SLEEVE', semiValue: 'LONG' },
        { semiName: 'COLLAR', semiValue: 'SPREAD' },
      ]),
    );
    const mini = (await (
      await app.request('/api/cart/mini', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-GB' } })
    ).json()) as {
      resp: Array<{ cartList: Array<{ productCode: string; productDetail: { productDetailInfo: { semiValues: unknown } } }> }>;
    };
    const line = mini.resp[0]!.cartList.find((l) => l.productCode === shirt.productCode)!;
    expect(line.productDetail.productDetailInfo.semiValues).toEqual([
      { semiName: 'Sleeve length', semiValue: '3 cm longer' },
      { semiName: 'Collar', semiValue: 'Spread' },
    ]);
    const detail = expectSuccess(
      'productDetail',
      await call(app, 'productDetail', { productCode: shirt.productCode, region: 'TW', language: 'zh-TW' }),
    );
    expect(detail.semiOptions.map((o) => o.name)).toEqual(['袖長', '領型']);
  });

  it('an item that is not made to order takes no choices', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const plain = catalogue.products.find((p) => p.customMadeFlag === 'N' && p.enabledFlag === 'Y' && p.skus.some((s) => s.stock > 0))!;
    const sku = plain.skus.find((s) => s.stock > 0)!;
    expectFailure(
      await call(
        app,
        'cartAdd',
        { productCode: plain.productCode, skuCode: sku.skuCode, quantity: 1, semiValues: [{ semiName: 'SLEEVE', semiValue: 'LONG' }] },
        { token },
      ),
      'CART_SEMI_INVALID',
      { field: 'semiValues' },
    );
  });
});

describe('the cart page', () => {
  it('lists every line, flags the ones that cannot be ordered, and sums only the valid ones', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [
      [1, 3],
      [2, 1],
      [3, 2],
      [4, 2],
    ]);
    setStock(env.db, sku(2).skuCode, 0);
    setStock(env.db, sku(3).skuCode, 1);
    env.db.prepare("UPDATE products SET json = json_set(json, '$.approval', 'UNLIST') WHERE product_code = ?").run('L000004');

    const cart = await cartOf(env, me);
    const reason = Object.fromEntries(cart.lines.map((l) => [l.productCode, l.invalidReason]));
    expect(reason).toEqual({ L000001: null, L000002: 'SOLD_OUT', L000003: 'STOCK_SHORT', L000004: 'OFF_SALE' });
    for (const line of cart.lines) expect(line.invalid).toBe(line.invalidReason !== null);
    expect(cart.currency).toBe('TWD');
    expect(cart.summary).toEqual({ itemCount: 3, subtotal: 3 * UNIT, discount: 0, couponId: null, freight: 0, total: 3 * UNIT });

    const line = cart.lines.find((l) => l.productCode === 'L000001')!;
    const catalogueSku = CHECKOUT_CATALOGUE.products[0]!.skus.find((s) => s.skuCode === line.skuCode)!;
    expect(line.productId).toBe(level2ProductId(catalogueSku.omsSkuCode, catalogueSku.colorNo, catalogueSku.sizeNo));
    expect(line).toMatchObject({
      quantity: 3,
      lineTotal: 3 * UNIT,
      caseFlag: 'N',
      giftFlag: 'N',
      alterMode: null,
      finalInseam: null,
      serviceFlags: { makePantsLengthFlag: 'N', caseFlag: 'Y' },
    });
  });

  it("applies the member's best usable coupon to the summary", async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [[1, 3]]);
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC001' }, { token: me.token }));
    expectSuccess('couponCollect', await call(env.app, 'couponCollect', { couponId: 'CC002' }, { token: me.token }));
    // 1,470: CC001 (150 from 1,000) applies; CC002 (500 from 3,000) does not yet.
    expect((await cartOf(env, me)).summary).toMatchObject({ subtotal: 1470, discount: 150, couponId: 'CC001', total: 1320 });
    await addToCart(env, me, 1, 4);
    expect((await cartOf(env, me)).summary).toMatchObject({ subtotal: 3430, discount: 500, couponId: 'CC002', total: 2930 });
  });

  it('sets and clears the hem only on a product that can be hemmed, and wrapping only on one that can be wrapped', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, [
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    const ids = Object.fromEntries((await cartOf(env, me)).lines.map((l) => [l.productCode, l.cartId]));
    const options = (body: RequestOf<'cartOptions'>) => call(env.app, 'cartOptions', body, { token: me.token });

    const hemmed = expectSuccess(
      'cartOptions',
      await options({ cartId: ids.L000002!, alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'Y' }),
    );
    expect(hemmed.lines.find((l) => l.cartId === ids.L000002)).toMatchObject({ alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'Y' });
    // Leaving the hem out leaves it as it is.
    const wrappedOff = expectSuccess('cartOptions', await options({ cartId: ids.L000002!, caseFlag: 'N' }));
    expect(wrappedOff.lines.find((l) => l.cartId === ids.L000002)).toMatchObject({ alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'N' });
    const cleared = expectSuccess('cartOptions', await options({ cartId: ids.L000002!, alterMode: null, finalInseam: null }));
    expect(cleared.lines.find((l) => l.cartId === ids.L000002)).toMatchObject({ alterMode: null, finalInseam: null });

    const before = state(env.db);
    expectFailure(await options({ cartId: ids.L000001!, alterMode: 'HEM', finalInseam: 70 }), 'CART_HEM_NOT_AVAILABLE', {
      field: 'alterMode',
    });
    expectFailure(await options({ cartId: ids.L000003!, caseFlag: 'Y' }), 'CART_CASE_NOT_AVAILABLE', { field: 'caseFlag' });
    expectFailure(await options({ cartId: ids.L000002!, alterMode: 'HEM' }), 'CART_HEM_INSEAM_REQUIRED', { field: 'finalInseam' });
    expectFailure(await options({ cartId: ids.L000002!, finalInseam: 70 }), 'CART_HEM_MODE_REQUIRED', { field: 'alterMode' });
    expectFailure(await options({ cartId: ids.L000002!, alterMode: 'HEM', finalInseam: 20 }), 'CART_HEM_INSEAM_RANGE', {
      field: 'finalInseam',
    });
    expectFailure(await options({ cartId: ids.L000002!, alterMode: 'hem', finalInseam: 70 }), 'CART_HEM_MODE_FORMAT', {
      field: 'alterMode',
    });
    const other = await shopper(env, []);
    expectFailure(
      await call(env.app, 'cartOptions', { cartId: ids.L000002!, caseFlag: 'N' }, { token: other.token }),
      'CART_LINE_NOT_FOUND',
      { field: 'cartId' },
    );
    expect(state(env.db).cart).toEqual(before.cart);
  });

  it('adding takes the hem and gift wrapping in the same call, all or nothing, and answers the cart', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const add = (n: number, services: Omit<RequestOf<'cartAdd'>, 'productCode' | 'skuCode' | 'quantity'>) =>
      call(env.app, 'cartAdd', { ...sku(n), quantity: 1, ...services }, { token: me.token });

    const added = expectSuccess('cartAdd', await add(2, { alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'Y' }));
    expect(added.lines).toHaveLength(1);
    expect(added.lines[0]).toMatchObject({ productCode: 'L000002', quantity: 1, alterMode: 'HEM', finalInseam: 72.5, caseFlag: 'Y' });
    expect(added.count).toBe(1);
    expect(added).toEqual(await cartOf(env, me));
    // Adding the same SKU again adds to its line; services left out stay as they were.
    expect(expectSuccess('cartAdd', await add(2, {})).lines[0]).toMatchObject({ quantity: 2, alterMode: 'HEM', caseFlag: 'Y' });

    const before = state(env.db);
    expectFailure(await add(1, { alterMode: 'HEM', finalInseam: 70 }), 'CART_HEM_NOT_AVAILABLE', { field: 'alterMode' });
    expectFailure(await add(3, { caseFlag: 'Y' }), 'CART_CASE_NOT_AVAILABLE', { field: 'caseFlag' });
    expectFailure(await add(2, { alterMode: 'HEM' }), 'CART_HEM_INSEAM_REQUIRED', { field: 'finalInseam' });
    expect(state(env.db).cart).toEqual(before.cart); // a refused service added nothing
  });
});
