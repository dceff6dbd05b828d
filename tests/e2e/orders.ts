/** What the order and after-sales browser tests share: an order placed through the API, and the store's side through the admin endpoint. */
import { expect, type Page } from '@playwright/test';
import { addThroughApi, spareSkus, type TestMember } from './shopper.ts';

/**
 * Places an order for the member through the API (one unit of each SKU; delivered home, paid
 * on delivery unless `online`), and answers its code. The member's saved address is the default.
 */
export async function placeOrder(
  page: Page,
  member: TestMember,
  skus: ReadonlyArray<{ productCode: string; skuCode: string }>,
  options: { online?: boolean } = {},
): Promise<string> {
  for (const sku of skus) await addThroughApi(page, member, sku.productCode, sku.skuCode);
  const addresses = await (await page.request.get('/api/address/list', { headers: member.auth })).json();
  const answer = await (
    await page.request.post('/api/order/create', {
      headers: member.auth,
      data: {
        deliveryType: 'EXPRESS_HOME',
        addressId: addresses.resp[0].addressId,
        invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
        currency: 'TWD',
        paymentMethod: options.online ? 'ONLINE' : 'COD',
        ...(options.online ? { payChannel: 'CARD' } : {}),
        from: 'cart',
      },
    })
  ).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.resp.orderCode as string;
}

/** The store, the warehouse or the payment provider takes an action (the local admin endpoint); answers the new status. */
export async function actAsStore(
  page: Page,
  machine: 'order' | 'refund' | 'exchange' | 'afterSale',
  code: string,
  action: string,
  amount?: number,
): Promise<string> {
  const answer = await (
    await page.request.post('/api/_admin/act', {
      headers: { accept: 'application/json' },
      data: { machine, code, action, ...(amount === undefined ? {} : { amount }) },
    })
  ).json();
  expect(answer.success, `${machine} ${code} ${action}: ${JSON.stringify(answer)}`).toBe(true);
  return answer.resp.status as string;
}

/** An order of the member that the warehouse shipped and the member received: finished, its returns window open. */
export async function finishedOrder(
  page: Page,
  member: TestMember,
  skus: ReadonlyArray<{ productCode: string; skuCode: string }>,
): Promise<string> {
  const orderCode = await placeOrder(page, member, skus);
  await actAsStore(page, 'order', orderCode, 'shipAll');
  const answer = await (await page.request.post('/api/order/confirm-receipt', { headers: member.auth, data: { orderCode } })).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return orderCode;
}

/** In-stock SKUs for these tests: from the far end of the catalogue the other tests draw from. */
export const orderSkus = (count: number, skip: number) => spareSkus(skip + count, 10).slice(skip);
