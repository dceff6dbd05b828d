/**
 * After the purchase, as a member meets it: finding an order and its page, cancelling and
 * paying an unpaid one, confirming receipt and reviewing (published by the store), returning
 * a line all the way to the money back, exchanging a size, an after-sales case, a presale's
 * balance, and every list page in zh-TW and en-GB. The store's side goes through the local
 * admin endpoint, as a person would use the admin page.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './test.ts';
import { REFUND_REASONS } from '../../src/lib/constants.ts';
import { catalogue, newMember, PASSWORD } from './shopper.ts';
import { api, demoAuth, expectErrorInView, group, hydrated, signIn, signInDemo } from './member.ts';
import { actAsStore, finishedOrder, orderSkus, placeOrder } from './orders.ts';

test.describe.configure({ timeout: 90_000 });

interface OrderAnswer {
  orderCode: string;
  status: string;
  products: Array<{ productId: string; productCode: string; productDetailInfo: { skuName: string } }>;
  shipments: Array<{ shipmentCode: string }>;
  address: { receiver: string; mobile: string } | null;
}

test('the order list finds an order by code and by status (hidden statuses under All only), and its page shows every shipment', async ({
  page,
}) => {
  const auth = await demoAuth(page);
  const all = await api<{ list: OrderAnswer[]; counts: Record<string, number> }>(page, auth, '/order/list', { page: 1, pageSize: 100 });
  const twoParcels = all.list.find((o) => o.shipments.length > 1)!;
  await signInDemo(page);
  await page.goto('/account/order/order-list.html');
  await expect(page.locator('[data-tab="FINISHED"] .account-tabs__count')).toHaveText(String(all.counts.FINISHED ?? 0));
  // The statuses the CMS hides (by default WAIT_BACK and WAIT_CONFIRM) have no tab; their orders count under All.
  expect(all.counts.WAIT_BACK).toBeGreaterThan(0);
  await expect(page.locator('[data-tab="WAIT_BACK"], [data-tab="WAIT_CONFIRM"]')).toHaveCount(0);
  const everything = Object.values(all.counts).reduce((a, b) => a + b, 0);
  await expect(page.locator('.order-tabs button', { hasText: '全部' }).locator('.account-tabs__count')).toHaveText(String(everything));
  await page.locator('[data-tab="UNPAID"]').click();
  await expect(page.locator('.order-card')).toHaveCount(all.counts.UNPAID ?? 0);
  for (const card of await page.locator('.order-card').all()) await expect(card).toHaveAttribute('data-status', 'UNPAID');
  await page.getByLabel('搜尋訂單').fill(twoParcels.orderCode);
  await page.locator('main').getByRole('button', { name: '搜尋', exact: true }).click();
  await page.locator('.order-tabs button', { hasText: '全部' }).click();
  // All, still searched: only the searched order's card (the unpaid tab's card shows until All's list answers).
  const cards = () => page.locator('.order-card').evaluateAll((list) => list.map((card) => card.getAttribute('data-order')));
  await expect.poll(cards).toEqual([twoParcels.orderCode]);
  await page.locator('.order-card').getByRole('link', { name: '訂單明細' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/detail\\.html\\?orderCode=${twoParcels.orderCode}$`));
  await expect(page.locator('.shipment')).toHaveCount(twoParcels.shipments.length);
  await expect(page.locator('.order-detail [data-total]')).toBeVisible();
  // The receiver's mobile is masked (desensitize switch Y: 3 leading digits, the last 2).
  const mobile = twoParcels.address!.mobile;
  const delivery = page.locator('section[aria-labelledby="delivery-heading"]');
  await expect(delivery).toContainText(`${twoParcels.address!.receiver} ${mobile.slice(0, 3)}****${mobile.slice(-2)}`);
  await expect(delivery).not.toContainText(mobile);
  // The refund filter leaves out the refund statuses the CMS hides, and offers the others.
  await page.goto('/account/refund.html');
  const filter = page.locator('#case-status option');
  await expect(filter.first()).toHaveText('全部');
  const offered = await filter.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(offered).toContain('RETURN_UNAPPROVED,REFUND_UNAPPROVED');
  for (const hidden of ['BUYER_UNCONFIRMED', 'SELLER_CONFIRMED', 'CONFIRM_RETURNED_STORE', 'WAIT_RETURN_STORE', 'PART_REFUND_FAILURE'])
    expect(
      offered.flatMap((value) => value.split(',')),
      hidden,
    ).not.toContain(hidden);
  // One entry per label: a return and a refund only both await review, under one 待審核 that lists both.
  const labels = await filter.allTextContents();
  expect(labels.filter((label) => label === '待審核')).toHaveLength(1);
  expect(new Set(labels).size).toBe(labels.length);
  await page.locator('#case-status').selectOption({ label: '待審核' });
  // The whole list shows until the filtered one arrives: wait for it to go.
  await expect(page.locator('.case-row:not([data-status="RETURN_UNAPPROVED"]):not([data-status="REFUND_UNAPPROVED"])')).toHaveCount(0);
  await expect(page.locator('.case-row').first()).toBeVisible();
  const reviewed = await page.locator('.case-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
  expect(new Set(reviewed)).toEqual(new Set(['RETURN_UNAPPROVED', 'REFUND_UNAPPROVED']));
});

test('an unpaid order is cancelled from the list, and another is paid through the provider', async ({ page }) => {
  const member = await newMember(page, 'unpaid');
  const skus = orderSkus(2, 12);
  const first = await placeOrder(page, member, [skus[0]!], { online: true });
  await signIn(page, member.email);
  await page.goto('/account/order/order-list.html');
  const card = page.locator(`.order-card[data-order="${first}"]`);
  await expect(card).toHaveAttribute('data-status', 'UNPAID');
  await card.locator('[data-action="cancel"]').click();
  await page.getByRole('dialog', { name: '取消這筆訂單？' }).getByRole('button', { name: '取消訂單' }).click();
  await expect(card).toHaveAttribute('data-status', 'CANCELLED');
  await page.reload();
  await expect(card).toHaveAttribute('data-status', 'CANCELLED');
  // A cancelled order offers no payment, only buying again.
  await expect(card.locator('[data-action="pay"]')).toHaveCount(0);

  const second = await placeOrder(page, member, [skus[1]!], { online: true });
  await page.goto('/account/order/order-list.html');
  await page.locator(`.order-card[data-order="${second}"] [data-action="pay"]`).click();
  await expect(page).toHaveURL(/\/payment\/third-party-pay\.html\?orderCode=/);
  await page.getByLabel('付款管道').selectOption('WALLET');
  await page.getByRole('button', { name: /支付/ }).click();
  await page.locator('#pay').click();
  await expect(page).toHaveURL(/\/payment\/complete\.html\?orderCode=/);
  await page.getByRole('link', { name: '查看訂單' }).click();
  await expect(page.locator('.order-detail')).toHaveAttribute('data-status', 'WAIT_SHIP');
});

test('receipt confirmed, a review written (emoji refused), and once the store publishes it, it is on /evaluation.html', async ({
  page,
}) => {
  const member = await newMember(page, 'review');
  const [sku] = orderSkus(1, 14);
  const orderCode = await placeOrder(page, member, [sku!]);
  await actAsStore(page, 'order', orderCode, 'shipAll');
  await signIn(page, member.email);
  await page.goto(`/account/detail.html?orderCode=${orderCode}`);
  await page.locator('[data-action="confirmReceipt"]').click();
  await page.getByRole('dialog').getByRole('button', { name: '確認收貨' }).click();
  await expect(page.locator('.order-detail')).toHaveAttribute('data-status', 'FINISHED');
  await page.locator('[data-action="evaluate"]').first().click();
  await expect(page).toHaveURL(/\/account\/order\/evaluate\.html\?orderCode=/);
  await page.getByLabel('4 顆星（滿分 5 顆）').check();
  await page.getByLabel('評價內容').fill('版型很好看！');
  await page.getByRole('button', { name: '送出評價' }).click();
  await expectErrorInView(page, 'text', '請勿使用表情符號或 # & !');
  await page.getByLabel('評價內容').fill('版型很好看，布料柔軟');
  const created = page.waitForResponse((response) => response.url().endsWith('/api/evaluation/create'));
  await page.getByRole('button', { name: '送出評價' }).click();
  const { evaluationId } = (await (await created).json()).resp as { evaluationId: string };
  await expect(page.getByText('謝謝您的評價！審核通過後就會公開。')).toBeVisible();
  // This review among the others waiting (other tests write theirs meanwhile), with its publish button.
  const evaluations = await (await page.request.get('/api/_admin', { headers: { accept: 'text/html' } })).text();
  expect(evaluations, 'the admin page lists the unpublished review').toContain(`name="evaluationId" value="${evaluationId}"`);
  const published = await (
    await page.request.post('/api/_admin/evaluation/publish', { headers: { accept: 'application/json' }, data: { evaluationId } })
  ).json();
  expect(published.success).toBe(true);
  await page.goto(`/en-gb/evaluation.html?productCode=${sku!.productCode}`);
  await expect(page.locator(`[data-evaluation="${evaluationId}"]`)).toContainText('版型很好看，布料柔軟');
  await expect(page.locator('.evaluations__summary')).toContainText('Average');
});

test('a line is returned: emoji refused, the parcel recorded, approved, received, inspected and paid back', async ({ page }) => {
  const member = await newMember(page, 'return');
  const skus = orderSkus(2, 16);
  const orderCode = await finishedOrder(page, member, skus);
  await signIn(page, member.email, PASSWORD, '/en-gb');
  await page.goto(`/en-gb/account/detail.html?orderCode=${orderCode}`);
  await page.locator('[data-action="refund"]').click();
  await expect(page).toHaveURL(/\/en-gb\/account\/apply-refund\.html\?orderCode=/);
  // A line that can only be exchanged offers no quantity; the first that can be returned does.
  await page.locator('.refund-choose select:not([disabled])').first().selectOption('1');
  await page.getByLabel(/Return and refund/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/en-gb\/account\/refund-return\.html\?orderCode=.*&lines=/);
  await expect(page.locator('.refund-form .order-line')).toHaveCount(1);
  await page.getByLabel('Reason').selectOption('SIZE');
  await page.getByLabel('Tell us more (optional)').fill('Too small 😢');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expectErrorInView(page, 'description', 'Please write without emoji or # & !');
  await page.getByLabel('Tell us more (optional)').fill('Too small');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/en-gb\/account\/view-refund\.html\?refundCode=/);
  const refundCode = new URL(page.url()).searchParams.get('refundCode')!;
  await expect(page.locator('.case')).toHaveAttribute('data-status', 'RETURN_UNAPPROVED');
  await actAsStore(page, 'refund', refundCode, 'approve');
  await page.reload();
  await page.getByRole('link', { name: 'Send the goods back' }).click();
  await page.getByLabel('Express company').selectOption('SF');
  await page.getByLabel('Logistics code').fill('AB1234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectErrorInView(page, 'logisticsCode', 'Two capital letters and 14 digits');
  await page.getByLabel('Logistics code').fill('ab12345678901234');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.case')).toHaveAttribute('data-status', 'WAIT_SEND_WH');
  await expect(page.locator('.case')).toContainText('AB12345678901234');
  for (const action of ['warehouseReceive', 'inspectPass', 'paidBack']) await actAsStore(page, 'refund', refundCode, action);
  await page.reload();
  await expect(page.locator('.case')).toHaveAttribute('data-status', 'SUCCESS');
  await expect(page.locator('.timeline__step').first()).toContainText('Refunded');
  await expect(page.locator('.timeline__step')).toHaveCount(6);
  await page.goto('/en-gb/account/refund.html');
  await expect(page.locator(`[data-case="${refundCode}"]`)).toHaveAttribute('data-status', 'SUCCESS');
});

test('a size is exchanged for another in stock (a sold-out one cannot be chosen), sent back, and listed with the courier’s name', async ({
  page,
}) => {
  const member = await newMember(page, 'exchange');
  // A product of its own here (the product tests take the first with a sold-out size).
  const product = catalogue()
    .filter((p) => p.enabledFlag === 'Y' && p.skus.some((s) => s.stock === 0) && p.skus.filter((s) => s.stock > 5).length >= 2)
    .at(-1)!;
  const [from, to] = product.skus.filter((s) => s.stock > 5);
  const soldOut = product.skus.find((s) => s.stock === 0)!;
  const orderCode = await finishedOrder(page, member, [{ productCode: product.productCode, skuCode: from!.skuCode }]);
  await signIn(page, member.email);
  await page.goto(`/account/replace.html?orderCode=${orderCode}`);
  await page.locator(hydrated('CaseForms')).waitFor({ state: 'attached' });
  // Sold out: shown, marked, and not to be chosen.
  const gone = page.locator(`input[name="toSkuCode"][value="${soldOut.skuCode}"]`);
  await expect(gone).toBeDisabled();
  await expect(page.locator('.choice-card', { has: gone })).toContainText('已售完');
  await page.locator(`input[name="toSkuCode"][value="${to!.skuCode}"]`).check();
  await page.getByLabel('原因').selectOption('SIZE');
  await page.getByRole('button', { name: '申請換貨' }).click();
  await expect(page).toHaveURL(/\/account\/replace-list\.html#/);
  const row = page.locator('.case-row').first();
  await expect(row).toHaveAttribute('data-status', 'EXCHANGE_UNAPPROVED');
  await actAsStore(page, 'exchange', (await row.getAttribute('data-case'))!, 'approve');
  await page.reload();
  await page.locator('.case-row').first().getByRole('link', { name: '寄回商品' }).click();
  await page.getByLabel('物流公司').selectOption('HCT');
  await page.getByLabel('物流單號').fill('TW12345678901234');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/account\/replace-list\.html#/);
  // The courier by its name, as a refund's record says it, never its code.
  await expect(page.locator('.case-row').first()).toHaveAttribute('data-status', 'UNCONFIRM_RCV');
  await expect(page.locator('.case-row').first()).toContainText('已由 新竹物流 寄回，物流單號 TW12345678901234');
  await expect(page.locator('.case-row').first()).not.toContainText('HCT');
});

test('a product returned only for a fault: exchanging it offers only the goods’ faults as reasons, cancelling it before shipping any', async ({
  page,
}) => {
  const member = await newMember(page, 'fault-only');
  const product = catalogue()
    .filter((p) => p.enabledFlag === 'Y' && p.noReasonToReturnFlag === 'N' && p.presaleFlag === 'N' && p.customMadeFlag === 'N')
    .filter((p) => p.skus.filter((s) => s.stock > 5).length >= 2)
    .at(-2)!;
  const line = [{ productCode: product.productCode, skuCode: product.skus.find((s) => s.stock > 5)!.skuCode }];
  const unshipped = await placeOrder(page, member, line);
  const finished = await finishedOrder(page, member, line);
  const reasons = () =>
    page
      .getByLabel('原因')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await signIn(page, member.email);
  await page.goto(`/account/replace.html?orderCode=${finished}`);
  await page.locator(hydrated('CaseForms')).waitFor({ state: 'attached' });
  await expect.poll(reasons).toEqual(['', 'QUALITY', 'NOT_AS_DESCRIBED', 'WRONG_ITEM', 'MISSING_ITEM']);
  // A cancellation returns nothing: the API takes any reason, and so does the page.
  await page.goto(`/account/apply-refund.html?orderCode=${unshipped}`);
  await page.locator(hydrated('RefundPages')).waitFor({ state: 'attached' });
  await expect.poll(reasons).toEqual(['', ...REFUND_REASONS]);
  await page.getByLabel('原因').selectOption('CHANGED_MIND');
  await page.locator('main form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/account\/view-refund\.html\?refundCode=/);
});

test('an alteration: a picture refused is said beside its field and leaves; handed in at a shop (one must be chosen); done, it reads as altered, never refunded', async ({
  page,
}) => {
  const member = await newMember(page, 'repair');
  const [sku] = orderSkus(1, 18);
  const orderCode = await finishedOrder(page, member, [sku!]);
  await signIn(page, member.email);
  await page.goto(`/account/apply-aftermarket.html?orderCode=${orderCode}`);
  await page.getByRole('button', { name: '送出申請' }).click();
  await expectErrorInView(page, 'serviceType', '請選擇服務項目');
  await page.getByLabel(/修改褲長或版型/).check();
  await page.getByLabel('狀況說明').fill('褲長想改短 3 公分');
  const dir = mkdtempSync(join(tmpdir(), 'aftersale-'));
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const files = { notPicture: join(dir, 'note.png'), misnamed: join(dir, 'hem.jpg'), picture: join(dir, 'hem.png') };
  writeFileSync(files.notPicture, 'not a picture');
  writeFileSync(files.misnamed, png);
  writeFileSync(files.picture, png);
  const pictures = page.getByLabel('圖片（選填）');
  const previews = page.locator('.attachment-list li');
  // Named a picture but none: refused as it is picked, no broken preview.
  await pictures.setInputFiles(files.notPicture);
  await expect(group(page, 'attachments').locator('.form-field__error')).toHaveText('note.png: 僅能附加 gif、png、jpg、jpeg 或 bmp 圖片');
  await expect(previews).toHaveCount(0);
  // A PNG named .jpg: the browser draws it, the server refuses it. Its error goes beside the field, its preview away.
  await pictures.setInputFiles(files.misnamed);
  await expect(previews).toHaveCount(1);
  await page.getByRole('button', { name: '送出申請' }).click();
  await expectErrorInView(page, 'attachments', 'hem.jpg: 僅能附加 gif、png、jpg、jpeg 或 bmp 圖片');
  await expect(previews).toHaveCount(0);
  await expect(page.locator('main form > .form-error')).toHaveCount(0);
  await pictures.setInputFiles(files.picture);
  await expect(previews).toHaveCount(1);
  await page.getByRole('button', { name: '送出申請' }).click();
  await expect(page).toHaveURL(/\/account\/view-refund\.html\?afterSaleCode=/);
  const afterSaleCode = new URL(page.url()).searchParams.get('afterSaleCode')!;
  const kase = page.locator('.case');
  await expect(kase).toHaveAttribute('data-status', 'RETURN_UNAPPROVED');
  await expect(page.locator('h1')).toHaveText('修改進度');
  await expect(page).toHaveTitle(/^修改進度/);

  await actAsStore(page, 'afterSale', afterSaleCode, 'approve');
  await page.reload();
  await page.getByRole('link', { name: '寄回商品' }).click();
  await page.getByLabel('門市交回').check();
  await page.getByRole('button', { name: '儲存' }).click();
  // What is missing here is the shop to hand it in at, not a pickup store.
  await expectErrorInView(page, 'storeCode', '請選擇交回商品的門市');
  await page.getByLabel('門市', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/account\/view-refund\.html\?afterSaleCode=/);
  await expect(kase).toHaveAttribute('data-status', 'WAIT_SEND_STORE');

  await actAsStore(page, 'afterSale', afterSaleCode, 'storeReceive');
  await actAsStore(page, 'afterSale', afterSaleCode, 'complete');
  await page.reload();
  await expect(kase).toHaveAttribute('data-status', 'SUCCESS');
  await expect(page.locator('h1')).toHaveText('修改進度');
  await expect(kase.locator('.order-card__header .status-pill')).toHaveText('修改完成');
  await expect(page.locator('.timeline__step').first()).toContainText('修改完成');
  await expect(page.locator('.timeline__step')).toHaveText([/修改完成/, /修改中/, /請至門市交付/, /請寄出商品/, /待審核/]);
  await expect(kase).not.toContainText('退款');
  await page.goto('/account/refund.html');
  await page.locator('[data-tab="afterSales"]').click();
  await expect(page.locator('.case-row')).toHaveCount(1);
  await expect(page.locator('.case-row .status-pill')).toHaveText('修改完成');
  // The after-sales filter reads as services do, one entry per label.
  const labels = await page.locator('#case-status option').allTextContents();
  expect(labels).toContain('已完成');
  expect(labels).not.toContain('已退款');
  expect(new Set(labels).size).toBe(labels.length);
  // The order's own page lists the case with its service's label too.
  await page.goto(`/account/detail.html?orderCode=${orderCode}`);
  await expect(page.locator('.status-pill[data-status="SUCCESS"]').last()).toHaveText('修改完成');
});

test('a stale tab: the store approved the cancel meanwhile, so keeping the order is refused and the page shows it cancelled', async ({
  page,
}) => {
  const member = await newMember(page, 'stale-tab');
  const [sku] = orderSkus(1, 21);
  const orderCode = await placeOrder(page, member, [sku!]);
  const asked = await (
    await page.request.post('/api/refund/create', {
      headers: member.auth,
      data: { orderCode, refundType: 'REFUND_UNSHIPPED', lines: [], reason: 'CHANGED_MIND', description: '' },
    })
  ).json();
  expect(asked.success, JSON.stringify(asked)).toBe(true);
  await signIn(page, member.email);
  const tabs = [page, await page.context().newPage()];
  for (const tab of tabs) {
    await tab.goto(`/account/detail.html?orderCode=${orderCode}`);
    await expect(tab.locator('.order-detail')).toHaveAttribute('data-status', 'WAIT_CONFIRM');
  }
  await actAsStore(page, 'order', orderCode, 'approveCancel');
  const stale = tabs[1]!;
  await stale.locator('[data-action="withdrawCancel"]').click();
  await stale.getByRole('dialog', { name: '保留這筆訂單？' }).getByRole('button', { name: '不取消了' }).click();
  await expect(stale.locator('.order-detail [role="alert"]')).toHaveText('申請狀態已更新，頁面已顯示最新狀態');
  await expect(stale.locator('.order-detail')).toHaveAttribute('data-status', 'CANCELLED');
  await expect(stale.locator('.order-detail .order-card__header .status-pill').first()).toHaveText('已取消');
  await expect(stale.locator('[data-action="withdrawCancel"]')).toHaveCount(0);
});

test('a presale’s balance is paid within its window', async ({ page }) => {
  const auth = await demoAuth(page);
  const all = await api<{ list: Array<OrderAnswer & { presale: unknown }> }>(page, auth, '/order/list', {
    page: 1,
    pageSize: 100,
    status: 'WAIT_REST_PAY',
  });
  const presale = all.list[0]!;
  await signInDemo(page);
  await page.goto(`/account/view-prepay.html?orderCode=${presale.orderCode}`);
  await expect(page.locator('[data-presale]')).toBeVisible();
  await page.getByRole('link', { name: '支付尾款' }).click();
  await page.getByRole('button', { name: /支付/ }).click();
  await page.locator('#pay').click();
  await expect(page).toHaveURL(/\/payment\/complete\.html\?orderCode=/);
  const after = await api<OrderAnswer>(page, auth, '/order/detail', { orderCode: presale.orderCode });
  expect(after.status).toBe('WAIT_SHIP');
});

for (const prefix of ['', '/en-gb']) {
  test(`every list page of the after-purchase journey shows the demo member’s data (${prefix || 'zh-TW'})`, async ({ page }) => {
    await signInDemo(page, prefix);
    for (const [path, selector] of [
      ['/account/order/order-list.html', '.order-card'],
      ['/account/refund.html', '.case-row'],
      ['/account/replace-list.html', '.case-row'],
    ] as const) {
      await page.goto(`${prefix}${path}`);
      await expect(page.locator(selector).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', prefix ? 'en-GB' : 'zh-TW');
      await expect(page.locator('main')).not.toContainText(/coming soon|即將開放/i);
    }
  });
}
