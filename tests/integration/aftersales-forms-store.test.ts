/**
 * The after-sales forms' stores (stores/refund-forms.ts, case-forms.ts, return-form.ts) as the
 * islands use them, without a browser: over the real local API with the demo member's seeded
 * orders and cases, the page's address and navigation injected. A refund: which page an order
 * gets, the lines and units it may choose, the choice carried in the address and read back, the
 * reasons, the amount, and sending it. An exchange: the other sizes with live stock (sold out
 * offered marked), the reasons a line allows, and sending it. An after-sales case: the lines
 * its window allows, a refused picture named by its place, and sending it. The goods sent back:
 * the case the address names, the ways its state allows, a shop required when handing in.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { NO_FAULT_REASONS, REFUND_REASONS } from '../../src/lib/constants.ts';
import { firstFailure, runSubmit, type FormValues } from '../../src/lib/forms/form.ts';
import { returnedAmount } from '../../src/lib/orders/refund-amount.ts';
import { level2ProductId } from '../../src/lib/product/product-id.ts';
import type { Order } from '../../src/stores/orders.ts';
import { miniCatalogue } from '../fixtures/mini-catalogue.ts';
import { storeFixture } from './store-fixture.ts';

/** The mini catalogue with a product returned only for a fault (L000007) and one only exchanged (L000008). */
function casesCatalogue() {
  const catalogue = miniCatalogue();
  const base = catalogue.products[0]!;
  const copy = (n: number, flag: 'N' | 'ONLY_EXCHANGE_NOT_RETREAT') => {
    const productCode = `L00000${n}`;
    return {
      ...base,
      productCode,
      omsProductCode: `00000${n}-26S`,
      styleKey: `style-${n}`,
      noReasonToReturnFlag: flag,
      skus: base.skus.map((s) => {
        const omsSkuCode = s.omsSkuCode.replace('000001-', `00000${n}-`);
        return {
          ...s,
          skuCode: s.skuCode.replace(base.productCode, productCode),
          omsSkuCode,
          productId: level2ProductId(omsSkuCode, s.colorNo, s.sizeNo),
        };
      }),
    };
  };
  catalogue.products.push(copy(7, 'N'), copy(8, 'ONLY_EXCHANGE_NOT_RETREAT'));
  return catalogue;
}

const fixture = storeFixture({ catalogue: casesCatalogue() });
const demo = DEMO_MEMBERS[0];
let address = '/';

/**
 * The build's product data, as the static host serves it (here from the API's product detail);
 * everything else to the API.
 */
const withProductData =
  (fetchApi: typeof fetch): typeof fetch =>
  async (input, init) => {
    const data = /^\/product-data\/([^/]+)\/([^/]+)\.json$/.exec(String(input));
    if (!data) return fetchApi(input, init);
    const language = data[1]!;
    const region = language === 'zh-TW' ? 'TW' : 'HK';
    const answer = await fetch(`${fixture.api.apiBase}/product/detail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productCode: data[2], region, language }),
    });
    const { resp } = (await answer.json()) as { resp: unknown };
    return new Response(JSON.stringify(resp), { headers: { 'content-type': 'application/json' } });
  };

/** A page of the demo member at `url` (its address as the store reads it), with its stores. */
async function page(url: string, language = 'zh-TW') {
  address = url;
  await fixture.openPage({ url: () => address, language, platform: { fetch: withProductData(fixture.browser.fetch) } });
  const session = await import('../../src/stores/session.ts');
  expect((await session.signIn(demo.email, demo.password)).ok).toBe(true);
  return {
    orders: await import('../../src/stores/orders.ts'),
    refundForms: await import('../../src/stores/refund-forms.ts'),
    caseForms: await import('../../src/stores/case-forms.ts'),
    returnForm: await import('../../src/stores/return-form.ts'),
    refunds: await import('../../src/stores/refunds.ts'),
    detail: await import('../../src/stores/product-detail.ts'),
  };
}
type Page = Awaited<ReturnType<typeof page>>;

async function orderOf(p: Page, orderCode: string): Promise<Order> {
  await p.orders.loadOrder(orderCode);
  const state = p.orders.$order.get();
  if (state.status !== 'ready') throw new Error(`the order is ${state.status}`);
  return state.order;
}

/** The code of the demo member's seeded case of `kind` in `status`. */
const seededCase = (kind: string, status: string) =>
  (
    fixture.api.db
      .prepare('SELECT id FROM records WHERE kind = ? AND status = ? AND member_id = (SELECT id FROM members WHERE email = ?) LIMIT 1')
      .get(kind, status, demo.email) as { id: string }
  ).id;

/** A PNG of one pixel. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('a refund', () => {
  it('an order not yet shipped is cancelled on the first page, for its total and any reason', async () => {
    const p = await page('/account/apply-refund.html?orderCode=O2026000002');
    const order = await orderOf(p, 'O2026000002');
    expect(p.refundForms.refundPage(order, 'apply', Date.now())).toEqual({
      page: 'form',
      backHref: '/account/detail.html?orderCode=O2026000002',
      type: 'REFUND_UNSHIPPED',
      chosen: order.products,
      reasons: REFUND_REASONS,
      amount: order.total,
      notices: [],
    });
    // Cancelling returns nothing: any reason, even for a product returned only for a fault.
    const faultOnly = { ...order, products: order.products.map((l) => ({ ...l, noReasonToReturnFlag: 'N' as const })) };
    expect(p.refundForms.refundPage(faultOnly, 'apply', Date.now())).toMatchObject({ reasons: REFUND_REASONS });
    // Its other pages are a finished order's.
    expect(p.refundForms.refundPage(order, 'only', Date.now())).toMatchObject({ page: 'notAllowed' });
  });

  it('a finished order chooses lines and units (none of a product only exchanged); closed once its returns window is', async () => {
    const p = await page('/en-gb/account/apply-refund.html?orderCode=O2026000006', 'en-GB');
    const order = await orderOf(p, 'O2026000006');
    const choose = p.refundForms.refundPage(order, 'apply', Date.now());
    if (choose.page !== 'choose') throw new Error(choose.page);
    expect(choose.backHref).toBe('/en-gb/account/detail.html?orderCode=O2026000006');
    expect(choose.lines.map((l) => [l.line.productCode, l.exchangeOnly, l.available])).toEqual([
      [order.products[0]!.productCode, false, order.products[0]!.returnableQty],
      ['L000007', false, 1],
      ['L000008', true, 0],
    ]);
    expect(p.refundForms.refundPage(order, 'apply', order.finishedAt! + 8 * 86_400_000)).toMatchObject({ page: 'notAllowed' });
  });

  it('the choice: at least one unit and a kind, carried to the next page in its address', async () => {
    const p = await page('/en-gb/account/apply-refund.html?orderCode=O2026000006', 'en-GB');
    const order = await orderOf(p, 'O2026000006');
    const fields = p.refundForms.chooseFields(order);
    const [first, faulty] = order.products;
    const qty = p.refundForms.quantityField;
    expect(await firstFailure(fields, { lines: 'lines', [qty(first!.productId)]: '0' })).toMatchObject({
      code: 'OD_REFUND_LINES_REQUIRED',
    });
    expect(await firstFailure(fields, { lines: 'lines', [qty(first!.productId)]: '1' })).toMatchObject({ code: 'OD_REFUND_TYPE' });
    const values: FormValues = { lines: 'lines', refundType: 'REFUND_RETURN', [qty(first!.productId)]: '1', [qty(faulty!.productId)]: '0' };
    const outcome = await runSubmit({
      fields,
      values,
      process: (v) => p.refundForms.choiceOf(order, v),
      send: (choice) => p.refundForms.goToRefundForm(order, choice),
    });
    expect(outcome.kind).toBe('ok');
    expect(fixture.navigations).toEqual([
      `/en-gb/account/refund-return.html?orderCode=O2026000006&lines=${encodeURIComponent(`${first!.productId}:1`)}`,
    ]);
  });

  it('the next page reads the lines from its address, never more than is left; the reasons they allow, the amount, the notices', async () => {
    const p = await page('/');
    const order = await orderOf(p, 'O2026000006');
    const [first, faulty] = order.products;
    address = `/account/refund-return.html?orderCode=O2026000006&lines=${first!.productId}:9,${faulty!.productId}:1,nonsense`;
    const form = p.refundForms.refundPage(order, 'return', Date.now());
    if (form.page !== 'form') throw new Error(form.page);
    expect(form.chosen.map((l) => [l.productId, l.quantity])).toEqual([
      [first!.productId, first!.returnableQty],
      [faulty!.productId, 1],
    ]);
    // A product returned only for a fault takes only the goods' faults.
    expect(form.reasons).toEqual(REFUND_REASONS.filter((r) => !(NO_FAULT_REASONS as readonly string[]).includes(r)));
    expect(form.notices).toEqual(['Y', 'N']);
    expect(form.amount).toBe(
      returnedAmount(order, first!.productDetailInfo.unitPrice, first!.returnableQty) +
        returnedAmount(order, faulty!.productDetailInfo.unitPrice, 1),
    );
    address = '/account/refund-return.html?orderCode=O2026000006&lines=nothing';
    expect(p.refundForms.refundPage(order, 'return', Date.now())).toEqual({
      page: 'nothingChosen',
      chooseAgainHref: '/account/apply-refund.html?orderCode=O2026000006',
    });
  });

  it('sent: the description refused with emoji before sending; the API’s refusal is the form’s; opened, the refund’s page', async () => {
    const p = await page('/');
    const order = await orderOf(p, 'O2026000006');
    const [first, faulty] = order.products;
    const submit = (lines: string, values: FormValues) => {
      address = `/account/only-refund.html?orderCode=O2026000006&lines=${lines}`;
      const form = p.refundForms.refundPage(order, 'only', Date.now());
      if (form.page !== 'form') throw new Error(form.page);
      return runSubmit({
        fields: p.refundForms.REFUND_FIELDS,
        values,
        process: (v) => p.refundForms.refundBody(order, form, v),
        send: p.refundForms.sendRefund,
      });
    };
    expect(await submit(`${faulty!.productId}:1`, { reason: 'QUALITY', description: 'Torn!' })).toMatchObject({
      kind: 'invalid',
      failure: { field: 'description', code: 'OD_REFUND_EMOJI' },
    });
    // Asked for a product returned only for a fault without one, the API refuses: nothing opens.
    expect(await submit(`${faulty!.productId}:1`, { reason: 'SIZE', description: '' })).toMatchObject({ kind: 'refused' });
    expect(fixture.navigations).toEqual([]);
    const sent = await submit(`${faulty!.productId}:1`, { reason: 'QUALITY', description: 'Torn at the seam' });
    if (sent.kind !== 'ok') throw new Error(JSON.stringify(sent));
    expect(fixture.navigations).toEqual([`/account/view-refund.html?refundCode=${(sent.data as { refundCode: string }).refundCode}`]);
    expect(first).toBeDefined();
  });
});

describe('an exchange', () => {
  it('the lines of a finished order within its window (no free gift); closed after it', async () => {
    const p = await page('/');
    const order = await orderOf(p, 'O2026000015');
    // Two of its lines are wholly taken by the seeded cases.
    expect(order.products.map((l) => l.returnableQty)).toEqual([0, 0, 1]);
    expect(p.caseForms.caseFormLines(order, 'exchange', Date.now())).toEqual({ lines: [order.products[2]] });
    expect(p.caseForms.caseFormLines(order, 'exchange', order.finishedAt! + 8 * 86_400_000)).toEqual({
      closed: true,
      backHref: '/account/detail.html?orderCode=O2026000015',
    });
    // After-sales stay open longer.
    expect(p.caseForms.caseFormLines(order, 'afterSale', order.finishedAt! + 8 * 86_400_000)).toHaveProperty('lines');
  });

  it('offers every other size of the line with its live stock: a sold-out one marked, not known ones not offered until they are', async () => {
    const p = await page('/en-gb/account/replace.html?orderCode=O2026000006', 'en-GB');
    const order = await orderOf(p, 'O2026000006');
    const { lines } = p.caseForms.caseFormLines(order, 'exchange', Date.now()) as { lines: Order['products'] };
    const form = p.caseForms.createExchangeForm(order, lines);
    const first = lines[0]!;
    expect(first.productCode).toBe('L000003');
    const other = `L00000301${first.skuCode.endsWith('002') ? '003' : '002'}`;
    expect(form.$choices.get()).toEqual([]);
    fixture.api.db.prepare('UPDATE skus SET stock = 0 WHERE sku_code = ?').run(other);
    await form.start();
    expect(form.$choices.get()).toEqual([{ skuCode: other, colour: 'Navy', size: other.endsWith('002') ? 'S' : 'M', inStock: false }]);
    fixture.api.db.prepare('UPDATE skus SET stock = 5 WHERE sku_code = ?').run(other);
    await form.retryStock();
    expect(form.$choices.get()).toMatchObject([{ skuCode: other, inStock: true }]);
    expect(form.$reasons.get()).toEqual(REFUND_REASONS);
    // Another line: its own product's sizes.
    const exchangeOnly = lines.find((l) => l.productCode === 'L000008')!;
    await form.chooseLine(exchangeOnly.productId);
    expect(form.$line.get()).toBe(exchangeOnly);
    expect(form.$choices.get().map((c) => c.skuCode)).toEqual([exchangeOnly.skuCode.endsWith('002') ? 'L00000801003' : 'L00000801002']);
  });

  it('a product returned only for a fault is exchanged only for one', async () => {
    const p = await page('/account/replace.html?orderCode=O2026000016');
    const order = await orderOf(p, 'O2026000016');
    const { lines } = p.caseForms.caseFormLines(order, 'exchange', Date.now()) as { lines: Order['products'] };
    expect(lines.map((l) => l.productCode)).toEqual(['L000007']);
    const form = p.caseForms.createExchangeForm(order, lines);
    expect(form.$reasons.get()).toEqual(REFUND_REASONS.filter((r) => !(NO_FAULT_REASONS as readonly string[]).includes(r)));
  });

  it('without live stock nothing can be chosen, and asking again brings it', async () => {
    const p = await page('/account/replace.html?orderCode=O2026000016');
    const order = await orderOf(p, 'O2026000016');
    const form = p.caseForms.createExchangeForm(order, order.products.slice(-1));
    await fixture.offline(() => form.start());
    expect(form.$stockFailed.get()).toBe(true);
    expect(form.$choices.get().every((c) => c.inStock === null)).toBe(true);
    await form.retryStock();
    expect(form.$stockFailed.get()).toBe(false);
    expect(form.$choices.get().every((c) => c.inStock !== null)).toBe(true);
  });

  it('sent: a size and a reason required; opened, the exchanges list at its entry', async () => {
    const p = await page('/account/replace.html?orderCode=O2026000016');
    const order = await orderOf(p, 'O2026000016');
    const { lines } = p.caseForms.caseFormLines(order, 'exchange', Date.now()) as { lines: Order['products'] };
    const form = p.caseForms.createExchangeForm(order, lines);
    await form.start();
    const line = form.$line.get();
    const submit = (values: FormValues) => runSubmit({ fields: p.caseForms.EXCHANGE_FIELDS, values, process: form.body, send: form.send });
    expect(await submit({ productId: line.productId, reason: 'SIZE' })).toMatchObject({
      kind: 'invalid',
      failure: { code: 'OD_EXCHANGE_SKU_REQUIRED' },
    });
    const toSku = form.$choices.get()[0]!.skuCode;
    expect(await submit({ productId: line.productId, toSkuCode: toSku })).toMatchObject({
      kind: 'invalid',
      failure: { code: 'OD_REFUND_REASON_REQUIRED' },
    });
    const sent = await submit({ productId: line.productId, toSkuCode: toSku, reason: 'QUALITY', description: '' });
    if (sent.kind !== 'ok') throw new Error(JSON.stringify(sent));
    expect(fixture.navigations).toEqual([`/account/replace-list.html#${(sent.data as { exchangeCode: string }).exchangeCode}`]);
  });
});

describe('an after-sales case', () => {
  it('a picture the API refuses is named by its place and nothing opens; sent with a picture, the case’s page', async () => {
    const p = await page('/en-gb/account/apply-aftermarket.html?orderCode=O2026000015', 'en-GB');
    const order = await orderOf(p, 'O2026000015');
    const { caseForms } = p;
    const { lines } = caseForms.caseFormLines(order, 'afterSale', Date.now()) as { lines: Order['products'] };
    const values = { productId: lines[0]!.productId, serviceType: 'REPAIR', description: 'A seam came apart' };
    const submit = (pictures: Array<{ name: string; dataUrl: string }>, v: FormValues = values) =>
      runSubmit({
        fields: caseForms.AFTER_SALE_FIELDS,
        values: v,
        process: (x) => caseForms.afterSaleBody(order, x, pictures),
        send: caseForms.sendAfterSale,
      });
    expect(await submit([], { ...values, serviceType: '' })).toMatchObject({
      kind: 'invalid',
      failure: { code: 'OD_AFTERSALE_SERVICE_REQUIRED' },
    });
    expect(await submit([], { ...values, description: '' })).toMatchObject({
      kind: 'invalid',
      failure: { code: 'OD_AFTERSALE_DESCRIPTION_REQUIRED' },
    });
    const refused = await submit([
      { name: 'seam.png', dataUrl: PIXEL },
      { name: 'fake.png', dataUrl: 'data:image/png;base64,bm90IGEgcGljdHVyZQ==' },
    ]);
    if (refused.kind !== 'refused') throw new Error(JSON.stringify(refused));
    // Said beside the pictures, and the refused one named by its place.
    expect(refused.group).toBe('attachments');
    expect(caseForms.refusedPicture((refused.info.resp as { field: string }).field)).toBe(1);
    expect(caseForms.refusedPicture('description')).toBeNull();
    expect(fixture.navigations).toEqual([]);
    const sent = await submit([{ name: 'seam.png', dataUrl: PIXEL }]);
    if (sent.kind !== 'ok') throw new Error(JSON.stringify(sent));
    expect(fixture.navigations).toEqual([
      `/en-gb/account/view-refund.html?afterSaleCode=${(sent.data as { afterSaleCode: string }).afterSaleCode}`,
    ]);
  });
});

describe('sending the goods back', () => {
  it('the case the address names; a refund may go by courier or be handed in at a shop, which must then be chosen', async () => {
    const p = await page('/');
    const { returnForm } = p;
    expect(returnForm.caseRefOf(null)).toBeUndefined();
    expect(returnForm.caseRefOf(new URLSearchParams(''))).toBeNull();
    expect(returnForm.caseRefOf(new URLSearchParams('exchangeCode=E1'))).toEqual({ kind: 'exchange', code: 'E1' });
    const refundCode = seededCase('refund', 'WAIT_BUYER_RETURN_GOODS');
    address = `/account/refund-logistics.html?refundCode=${refundCode}`;
    await returnForm.loadCaseInAddress();
    const ref = returnForm.caseRefOf(new URLSearchParams(address.split('?')[1]))!;
    const shown = returnForm.returnPage(ref, returnForm.caseStateOf(ref).get());
    expect(shown).toEqual({ page: 'form', ref, storeAllowed: true, caseHref: `/account/view-refund.html?refundCode=${refundCode}` });
    const fields = (values: FormValues) => returnForm.returnFields(values, true);
    expect(await firstFailure(fields({ way: 'STORE' }), { way: 'STORE' })).toMatchObject({ code: 'OD_DROP_STORE_REQUIRED' });
    expect(await firstFailure(fields({}), { expressCode: 'SF' })).toMatchObject({ code: 'OD_RETURN_WAY_REQUIRED' });
    const courier = { way: 'COURIER', expressCode: 'SF', logisticsCode: 'ab12345678901234' };
    expect(await firstFailure(fields(courier), { ...courier, logisticsCode: 'AB123' })).toMatchObject({ code: 'OD_LOGISTICS_CODE' });
    expect(returnForm.returnRoute(courier)).toEqual({ way: 'COURIER', expressCode: 'SF', logisticsCode: 'AB12345678901234' });
    const result = await returnForm.sendReturn(ref, returnForm.returnRoute({ way: 'STORE', storeCode: 'S001' }));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(fixture.navigations).toEqual([`/account/view-refund.html?refundCode=${refundCode}`]);
    // Recorded, the goods are on their way: nothing more to send.
    expect(returnForm.returnPage(ref, returnForm.caseStateOf(ref).get())).toEqual({
      page: 'notNow',
      caseHref: `/account/view-refund.html?refundCode=${refundCode}`,
    });
  });

  it('an exchange’s goods go by courier only: no way to choose, and a shop is refused without asking', async () => {
    const p = await page('/');
    const { returnForm } = p;
    const exchangeCode = seededCase('exchange', 'UNUPLOAD_EXPR');
    address = `/account/refund-logistics.html?exchangeCode=${exchangeCode}`;
    await returnForm.loadCaseInAddress();
    const ref = { kind: 'exchange' as const, code: exchangeCode };
    expect(returnForm.returnPage(ref, returnForm.caseStateOf(ref).get())).toMatchObject({ page: 'form', storeAllowed: false });
    expect(returnForm.returnFields({}, false).map((f) => f.name)).toEqual(['expressCode', 'logisticsCode']);
    const since = fixture.browser.requests.length;
    expect(await returnForm.sendReturn(ref, { way: 'STORE', storeCode: 'S001' })).toMatchObject({
      ok: false,
      msgCode: 'OD_RETURN_WAY_REQUIRED',
      field: 'way',
    });
    expect(fixture.browser.requests.slice(since)).toEqual([]);
    expect(fixture.navigations).toEqual([]);
  });

  it('an unknown case is not found', async () => {
    const p = await page('/account/refund-logistics.html?afterSaleCode=A2099999999');
    await p.returnForm.loadCaseInAddress();
    const ref = { kind: 'afterSale' as const, code: 'A2099999999' };
    expect(p.returnForm.returnPage(ref, p.returnForm.caseStateOf(ref).get())).toEqual({ page: 'notFound' });
  });
});
