/**
 * Coupons as a shopper meets them: each region's collect page in its currency and language (or
 * "not available in this region"), an unknown coupon's message without a retry, the offers a
 * member holds marked collected, one rule for "usable now" in the wallet, the hub and checkout,
 * and a coupon given back once its order was cancelled and refunded before shipping.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { addThroughApi, catalogue, newMember, PASSWORD, signInOnPage, spareSkus, type TestMember } from './shopper.ts';
import { api, hydrated, signIn } from './member.ts';
import { actAsStore } from './orders.ts';

test.describe.configure({ timeout: 90_000 });

/** Each language's own offer and how it reads there; and how "not available in this region" reads. */
const REGIONS = [
  { prefix: '', couponId: 'CC001', amount: 'NT$150', title: '領取即用 NT$150', notHere: null },
  { prefix: '/zh-hk', couponId: 'CC101', amount: 'HK$40', title: '領取即用 HK$40', notHere: '此優惠券不適用於本地區的網店' },
  { prefix: '/zh-mo', couponId: 'CC301', amount: 'MOP$40', title: '領取即用 MOP$40', notHere: '此優惠券不適用於本地區的網店' },
  { prefix: '/zh-cn', couponId: 'CC201', amount: '¥30', title: '领取即用 ¥30', notHere: '这张优惠券不适用于本地区的商店' },
  {
    prefix: '/en-gb',
    couponId: 'CC101',
    amount: 'HK$40',
    title: 'Collect and save HK$40',
    notHere: 'This coupon is not available in this region',
  },
] as const;

for (const { prefix, couponId, amount, title, notHere } of REGIONS) {
  test(`${prefix || 'zh-TW'}: the region's coupon in its currency and language; Taiwan's is not offered here`, async ({ page }) => {
    await page.goto(`${prefix}/coupon-collect.html`);
    const own = page.locator(`.coupon[data-coupon="${couponId}"]`);
    await expect(own.locator('.coupon__amount')).toHaveText(amount);
    await expect(own.locator('.coupon__title')).toHaveText(title);
    // Every coupon listed is in the region's currency.
    for (const shown of await page.locator('.coupon__amount').allInnerTexts())
      expect(shown.startsWith(amount.replace(/[\d,]+$/, ''))).toBe(true);

    await page.goto(`${prefix}/coupon-collect.html?couponId=CC001`);
    if (notHere === null) {
      await expect(page.locator('.coupon[data-coupon="CC001"] .coupon__amount')).toHaveText('NT$150');
    } else {
      await expect(page.locator('[data-app-page="coupon-collect"] [role="alert"]')).toHaveText(notHere);
      await expect(page.locator('.coupon')).toHaveCount(0);
      await expect(page.locator('[data-app-page="coupon-collect"] button')).toHaveCount(0);
    }
  });
}

test('an unknown coupon says so, with no retry that could never work', async ({ page }) => {
  await page.goto('/coupon-collect.html?couponId=NOPE');
  const message = page.locator('[data-app-page="coupon-collect"] [role="alert"]');
  await expect(message).toHaveText('找不到這張優惠券');
  await expect(page.locator('[data-app-page="coupon-collect"] button')).toHaveCount(0);
  await page.goto('/en-gb/voucherDescription.html?couponId=NOPE');
  await expect(page.locator('[data-app-page="voucher-description"] [role="alert"]')).toHaveText("We can't find this coupon");
  // A failure to reach the API at all still offers a retry, which works once the API answers.
  await page.route('**/api/coupon/collectable', (route) => route.abort('internetdisconnected'), { times: 1 });
  await page.goto('/coupon-collect.html?couponId=CC001');
  await expect(message).toContainText('無法載入優惠券。');
  await message.getByRole('button', { name: '重試' }).click();
  await expect(page.locator('.coupon[data-coupon="CC001"]')).toBeVisible();
});

test('a coupon is collected once; the collect list then shows it as collected, beside the one the account opened with', async ({
  page,
}) => {
  const member = await newMember(page, 'coupon');
  await page.goto('/coupon-collect.html?couponId=CC002');
  const coupon = page.locator('.coupon[data-coupon="CC002"]');
  await coupon.getByRole('button', { name: '領取', exact: true }).click();
  await expect(page).toHaveURL(/\/login\.html\?redirect_url=/);
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(/\/coupon-collect\.html\?couponId=CC002$/);
  await coupon.getByRole('button', { name: '領取', exact: true }).click();
  await expect(coupon.locator('.form-success')).toBeVisible();
  await expect(coupon.getByRole('button', { name: '已領取' })).toBeDisabled();
  // On the full list after a reload, the held coupons are marked (the first-purchase one came
  // with the account) and the others still offered.
  await page.goto('/coupon-collect.html');
  for (const held of ['CC001', 'CC002'])
    await expect(page.locator(`.coupon[data-coupon="${held}"]`).getByRole('button', { name: '已領取' })).toBeDisabled();
  await expect(page.locator('.coupon[data-coupon="CC003"]').getByRole('button', { name: '領取', exact: true })).toBeEnabled();
  await page.goto('/membershipcoupon.html');
  await expect(page.locator('.coupon[data-status="usable"]')).toHaveCount(2);
  // The description page shows the terms; a held coupon says so instead of leading to collecting.
  await page.goto('/voucherDescription.html?couponId=CC002');
  await expect(page.locator('.coupon__description')).toBeVisible();
  await expect(page.locator('.coupon .coupon__status')).toHaveText('已領取');
  await page.goto('/voucherDescription.html?couponId=CC003');
  await expect(page.locator('.coupon a')).toHaveAttribute('href', '/coupon-collect.html?couponId=CC003');
});

/** Enough units of one SKU for a subtotal of at least `amount` (NT$). */
async function fillCart(page: Page, member: TestMember, amount: number, skip: number): Promise<void> {
  const sku = spareSkus(skip + 1, 10)[skip]!;
  const price = catalogue()
    .find((p) => p.productCode === sku.productCode)!
    .skus.find((s) => s.skuCode === sku.skuCode)!.prices.TWD!.sale;
  await addThroughApi(page, member, sku.productCode, sku.skuCode, Math.ceil(amount / price));
}

test('usable now is one rule: a coupon not started yet is on its own tab, not counted by the hub, not offered at checkout', async ({
  page,
}) => {
  // CC001, the first-purchase coupon, came with the account.
  const member = await newMember(page, 'upcoming');
  await api(page, member.auth, '/coupon/collect', { couponId: 'CC003' });
  await fillCart(page, member, 1600, 31); // over both thresholds (NT$1,000 and NT$1,500)
  await signIn(page, member.email, PASSWORD);
  await expect(page.locator('[data-tile="coupons"] strong')).toHaveText('1');

  await page.goto('/account/coupon.html');
  await expect(page.getByRole('tab', { name: /可使用/ })).toContainText('1');
  await expect(page.locator('.coupon[data-coupon="CC001"]')).toHaveAttribute('data-status', 'usable');
  await expect(page.locator('.coupon[data-coupon="CC003"]')).toHaveCount(0);
  await page.getByRole('tab', { name: /未開始/ }).click();
  await expect(page.locator('.coupon[data-coupon="CC003"]')).toHaveAttribute('data-status', 'notStarted');

  await page.goto('/payment/payment.html');
  const choice = page.locator('#coupon');
  await expect(choice.locator('option')).toHaveText(['不使用優惠券', '領取即用 NT$150']);
  await expect(choice).toHaveValue('CC001');
});

test('on the English (Hong Kong) pages a Taiwan member’s NT$ coupons are kept apart as another region’s', async ({ page }) => {
  // A Taiwan account: CC001, the first-purchase coupon, came with it.
  const member = await newMember(page, 'abroad');
  await signIn(page, member.email, PASSWORD, '/en-gb');
  await expect(page.locator('[data-tile="coupons"] strong')).toHaveText('0');
  await page.goto('/en-gb/account/coupon.html');
  await page.locator(hydrated('CouponWallet')).waitFor({ state: 'attached' });
  await expect(page.locator('.account-empty')).toHaveText('No coupons ready to use.');
  await page.getByRole('tab', { name: /Other regions/ }).click();
  await expect(page.locator('.coupon[data-coupon="CC001"] .coupon__amount')).toHaveText('NT$150');
  await expect(page.locator('.coupon[data-coupon="CC001"] .coupon__title')).toHaveText('Collect and save NT$150');
  await expect(page.locator('.coupon[data-coupon="CC001"] .coupon__status')).toHaveText('Other regions');
});

test('an order cancelled and refunded before shipping gives its coupon back to the wallet', async ({ page }) => {
  // CC001, the first-purchase coupon, came with the account.
  const member = await newMember(page, 'giveback');
  await fillCart(page, member, 1100, 32);
  const [address] = await api<Array<{ addressId: string }>>(page, member.auth, '/address/list');
  const placed = await api<{ orderCode: string; discount: number }>(page, member.auth, '/order/create', {
    deliveryType: 'EXPRESS_HOME',
    addressId: address!.addressId,
    invoice: { type: 'CLOUD', vehicle: 'MEMBER' },
    currency: 'TWD',
    paymentMethod: 'COD',
    couponId: 'CC001',
    from: 'cart',
  });
  await signIn(page, member.email, PASSWORD);
  await page.goto('/account/coupon.html');
  await page.getByRole('tab', { name: /已使用/ }).click();
  await expect(page.locator('.coupon[data-coupon="CC001"]')).toHaveAttribute('data-status', 'used');

  const refund = await api<{ refundCode: string }>(page, member.auth, '/refund/create', {
    orderCode: placed.orderCode,
    refundType: 'REFUND_UNSHIPPED',
    reason: 'CHANGED_MIND',
    description: '',
  });
  await actAsStore(page, 'refund', refund.refundCode, 'auditPass');
  await actAsStore(page, 'refund', refund.refundCode, 'paidBack');
  await page.reload();
  await expect(page.getByRole('tab', { name: /可使用/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.coupon[data-coupon="CC001"]')).toHaveAttribute('data-status', 'usable');
  await page.goto('/account/info.html');
  await expect(page.locator('[data-tile="coupons"] strong')).toHaveText('1');
});
