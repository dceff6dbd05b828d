/**
 * Checkout follows the region (checkout/offers.ts), as shoppers meet it: a mainland shopper on
 * /zh-cn/ searches, adds to the bag and pays in CNY with WeChat Pay through the fake provider,
 * with an invoice made out to their company; a Macao shopper is offered Macao's shops to collect
 * from, sends the order to a locker and pays in MOP with MPay; Taiwan's checkout still offers everything it did; and a member with a
 * bag is told what happens to it before switching region.
 */
import type { Page } from '@playwright/test';
import { hydrateIsland } from './islands.ts';
import { api, hydrated, signIn } from './member.ts';
import { addThroughApi, newMember, spareSkus, type TestMember } from './shopper.ts';
import { expect, test } from './test.ts';
import { shops } from './content.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';

// Each test walks several pages on 2 busy cores.
test.describe.configure({ timeout: 90_000 });

interface PlacedOrder {
  currency: string;
  total: number;
  status: string;
  deliveryType: string;
  storeCode: string | null;
  invoice: Record<string, string>;
  payment: { method: string; channel: string | null };
  address: { region: string; zipCode: string } | null;
}

const orderOf = (page: Page, member: TestMember, orderCode: string) => api<PlacedOrder>(page, member.auth, '/order/detail', { orderCode });

/** The provider's page: pays, and answers what it showed. */
async function payAtProvider(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/api\/pay\/provider\//);
  const shown = await page.locator('#pay').innerText();
  await page.locator('#pay').click();
  return shown;
}

test('a mainland shopper searches, adds to the bag and pays in CNY with WeChat Pay, invoiced to their company', async ({ page }) => {
  const member = await newMember(page, 'mainland', { address: false });
  await signIn(page, member.email, undefined, '/zh-cn');
  await page.goto('/zh-cn/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // Search from the header (a plain GET form until it hydrates), then the first result.
  await page.locator('.search-panel__input').first().fill('羽绒');
  await page.locator('.search-panel__input').first().press('Enter');
  await expect(page).toHaveURL(/\/zh-cn\/search\.html\?description=/);
  const tile = page.locator('.search-results .product-tile').first();
  await expect(tile).toContainText(/¥[\d,]+/);
  await tile.click();
  await expect(page).toHaveURL(/\/zh-cn\/product\/L\d+\.html/);
  await expect(page.locator('.product-detail')).toHaveAttribute('data-stock', 'ready');
  await page.locator('.size:not([disabled])').first().click();
  await page.locator('.product-detail__add').click();
  await expect(page.locator('.product-detail .form-success')).toBeVisible();

  await page.goto('/zh-cn/cart.html');
  await expect(page.locator('[data-cart-line]')).toHaveCount(1);
  await expect(page.locator('.cart-summary')).toContainText(/¥[\d,]+/);
  await expect(page.locator('.cart-summary')).not.toContainText('NT$');
  await page.locator('.cart-summary a.button').click();
  await expect(page).toHaveURL(/\/zh-cn\/payment\/payment\.html$/);
  await page.locator(hydrated('CheckoutPage')).waitFor({ state: 'attached' });

  // The mainland's offer: express home delivery, online payment, the invoice title.
  await expect(page.locator('input[name="deliveryType"]')).toHaveCount(1);
  await expect(page.locator('input[name="deliveryType"]')).toHaveValue('EXPRESS_HOME');
  await expect(page.locator('input[name="paymentMethod"]')).toHaveCount(1);
  await expect(page.locator('#field-payChannel option')).toHaveText(['支付宝', '微信支付', '银联卡']);
  await expect(page.locator('input[name="invoiceType"]')).toHaveCount(2);

  // A mainland address, in the address form of the region: its mobile rule and a 6-digit postcode.
  await page.locator('[data-group="addressId"] .link-button', { hasText: '新增地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await expect(dialog.getByLabel('地区')).toHaveValue('CN');
  await dialog.getByLabel('收货人').fill('王小明');
  await dialog.getByLabel('手机号码').fill('0912345678');
  await dialog.getByLabel('省／市／区').fill('上海市浦东新区');
  await dialog.getByLabel('邮政编码', { exact: true }).fill('2001');
  await dialog.getByLabel('详细地址').fill('世纪大道 100 号');
  await dialog.getByRole('button', { name: '保存地址' }).click();
  await expect(dialog.locator('[data-group="mobile"] .form-field__error')).toContainText('13–19');
  await dialog.getByLabel('手机号码').fill('13812345678');
  await dialog.getByRole('button', { name: '保存地址' }).click();
  await expect(dialog.locator('[data-group="zipCode"] .form-field__error')).toContainText('6 位');
  await dialog.getByLabel('邮政编码', { exact: true }).fill('200120');
  await dialog.getByRole('button', { name: '保存地址' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('input[name="addressId"]:checked')).toHaveCount(1);

  await page.locator('input[name="invoiceType"][value="TITLE_COMPANY"]').check();
  await page.getByLabel('公司抬头').fill('上海林线服饰有限公司');
  await page.getByLabel(/纳税人识别号/).fill('91310115ma1k4b2c3d');
  await page.locator('#field-payChannel').selectOption('WECHAT_PAY');
  const total = await page.locator('.checkout__summary [data-total]').innerText();
  expect(total).toMatch(/^¥[\d,]+$/);
  await page.locator('.checkout button[type="submit"]').click();

  expect(await payAtProvider(page)).toBe(`Pay ${total} (CNY)`);
  await expect(page).toHaveURL(/\/zh-cn\/payment\/complete\.html\?orderCode=/);
  await expect(page.locator('.payment-result')).toContainText(total);
  const order = await orderOf(page, member, await page.locator('[data-order-code]').innerText());
  expect(order).toMatchObject({
    currency: 'CNY',
    status: 'WAIT_SHIP',
    deliveryType: 'EXPRESS_HOME',
    payment: { method: 'ONLINE', channel: 'WECHAT_PAY' },
    invoice: { type: 'TITLE_COMPANY', title: '上海林线服饰有限公司', taxNumber: '91310115MA1K4B2C3D' },
    address: { region: 'CN', zipCode: '200120' },
  });
  expect(total).toBe(`¥${order.total.toLocaleString('en-US')}`);
});

test('a Macao shopper sends the order to a locker and pays in MOP with MPay, with a receipt', async ({ page }) => {
  const member = await newMember(page, 'macao', { address: false });
  const [sku] = spareSkus(21, 10).slice(20);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await signIn(page, member.email, undefined, '/zh-mo');
  await page.goto('/zh-mo/payment/payment.html');
  await page.locator(hydrated('CheckoutPage')).waitFor({ state: 'attached' });
  const deliveries = page.locator('input[name="deliveryType"]');
  await expect(deliveries).toHaveCount(3);
  expect(await deliveries.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    'EXPRESS_HOME',
    'STORE_PICKUP',
    'LOCKER',
  ]);
  // A store pickup offers Macao's own shops of the CMS's list, none of Taiwan's or Hong Kong's.
  await page.locator('input[name="deliveryType"][value="STORE_PICKUP"]').check();
  const macao = shops(getLanguage('zh-MO')).filter((shop) => shop.salesRegion === 'MO');
  expect(macao.length).toBeGreaterThan(0);
  await expect(page.locator('#field-storeCode option')).toHaveText(['請選擇店舖', ...macao.map((shop) => shop.name)]);
  // The total to compare is the locker's (its own freight): read it once its preview has come.
  const lockerPreview = page.waitForResponse(
    (r) => r.url().endsWith('/api/checkout/preview') && (r.request().postDataJSON() as { deliveryType?: string }).deliveryType === 'LOCKER',
  );
  await page.locator('input[name="deliveryType"][value="LOCKER"]').check();
  await lockerPreview;
  await expect(page.locator('.checkout__summary')).toHaveAttribute('aria-busy', 'false');
  await page.getByLabel('智能櫃／自取點編號').fill('MO-LK-0031');
  await expect(page.locator('input[name="invoiceType"]')).toHaveValue('RECEIPT');
  await expect(page.locator('#field-payChannel option')).toHaveText(['信用卡', 'MPay']);
  await page.locator('#field-payChannel').selectOption('MPAY');
  const total = await page.locator('.checkout__summary [data-total]').innerText();
  expect(total).toMatch(/^MOP\$[\d,]+$/);
  await page.locator('.checkout button[type="submit"]').click();

  expect(await payAtProvider(page)).toBe(`Pay ${total} (MOP)`);
  await expect(page).toHaveURL(/\/zh-mo\/payment\/complete\.html\?orderCode=/);
  const orderCode = await page.locator('[data-order-code]').innerText();
  const order = await orderOf(page, member, orderCode);
  expect(order).toMatchObject({
    currency: 'MOP',
    deliveryType: 'LOCKER',
    storeCode: 'MO-LK-0031',
    invoice: { type: 'RECEIPT' },
    payment: { channel: 'MPAY' },
  });
  // Its detail page shows it in MOP$, also from a Taiwan page.
  await page.goto(`/account/detail.html?orderCode=${orderCode}`);
  await expect(page.locator('main')).toContainText(total);
});

test('Taiwan checkout still offers its five deliveries, its e-invoices, cash on delivery and its five channels', async ({ page }) => {
  const member = await newMember(page, 'taiwan');
  const [sku] = spareSkus(22, 10).slice(21);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await signIn(page, member.email);
  await page.goto('/payment/payment.html');
  await expect(page.locator('.checkout__summary [data-total]')).toBeVisible();
  const values = (selector: string) => page.locator(selector).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(await values('input[name="deliveryType"]')).toEqual(['EXPRESS_HOME', 'CVS_711', 'CVS_FAMILY', 'STORE_PICKUP', 'DIRECT_SITE']);
  expect(await values('input[name="invoiceType"]')).toEqual(['CLOUD', 'COMPANY', 'DONATION']);
  expect(await values('input[name="paymentMethod"]')).toEqual(['COD', 'ONLINE']);
  await page.locator('input[name="paymentMethod"][value="ONLINE"]').check();
  expect(await values('#field-payChannel option')).toEqual(['CARD', 'UNION_CARD', 'WALLET', 'BANK_A', 'BANK_B']);
  await expect(page.locator('.checkout__summary [data-total]')).toHaveText(/^NT\$[\d,]+$/);
});

test('a member with a bag is told what happens to it before switching region, and may stay', async ({ page }) => {
  const member = await newMember(page, 'switch');
  const [sku] = spareSkus(23, 10).slice(22);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await signIn(page, member.email);
  await page.goto('/cart.html');
  await expect(page.locator('.cart-summary')).toContainText('NT$');

  const chooser = page.locator('.language-menu');
  await hydrateIsland(page, 'LanguageChooser');
  await chooser.locator('summary').click();
  await chooser.getByRole('link', { name: '简体中文' }).click();
  const notice = page.getByRole('dialog', { name: '購物袋會跟著您' });
  // Read out on opening: the title, then what happens to the bag.
  await expect(notice).toHaveAccessibleDescription(/^購物袋中的商品會保留。在中國大陸將以 ¥ 計價/);
  await notice.getByRole('button', { name: '留在本頁' }).click();
  await expect(notice).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/cart.html');

  // The menu is still open, the focus back on the language chosen.
  await expect(chooser.getByRole('link', { name: '简体中文' })).toBeFocused();
  await chooser.getByRole('link', { name: '简体中文' }).click();
  await page.getByRole('dialog', { name: '購物袋會跟著您' }).getByRole('button', { name: '繼續' }).click();
  await expect(page).toHaveURL(/\/zh-cn\/cart\.html$/);
  await expect(page.locator('[data-cart-line]')).toHaveCount(1);
  await expect(page.locator('.cart-summary')).toContainText('¥');

  // Within one region there is nothing to tell: Hong Kong's English and Traditional pages.
  await page.goto('/zh-hk/cart.html');
  await hydrateIsland(page, 'LanguageChooser');
  await chooser.locator('summary').click();
  await chooser.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en-gb\/cart\.html$/);
});
