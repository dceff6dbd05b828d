/**
 * The member's account as a member meets it, part 1: what they keep with us. Addresses,
 * coupons, invoices and the default carrier, the inbox (and its header badge), support
 * tickets with pictures, old-clothes recycling, the reviews page. Each page shows the member's real data, each
 * action is still there after a reload, and a refusal shows on its field, in view below the
 * header; on a phone-sized window, where reaching the field needs a scroll.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './test.ts';
import { addThroughApi, forgetSession, newMember, PASSWORD, signInOnPage, spareSkus } from './shopper.ts';
import { api, demoAuth, expectErrorInView, group, hydrated, signIn, signInDemo } from './member.ts';
import { finishedOrder, orderSkus } from './orders.ts';

test.describe.configure({ timeout: 60_000 });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 700 } });

  test('addresses: the region’s phone rule, a second address made the default, deleting the default moves it', async ({ page }) => {
    const member = await newMember(page, 'addr');
    await signIn(page, member.email);
    await page.goto('/account/address.html');
    const cards = page.locator('.address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-default', 'true');
    // The receiver's mobile is masked on the card (the desensitize switch is Y: 3 leading digits
    // and the last 2), and whole in the form that edits it.
    await expect(cards.first().locator('.address-card__who')).toContainText(`${member.name} 091****78`);
    await cards
      .first()
      .getByRole('button', { name: `編輯 ${member.name} 的地址` })
      .click();
    await expect(page.getByRole('dialog', { name: '編輯地址' }).getByLabel('手機號碼')).toHaveValue('0912345678');
    await page.getByRole('dialog', { name: '編輯地址' }).getByRole('button', { name: '關閉', exact: true }).click();
    await page.getByRole('button', { name: '新增地址' }).click();
    const dialog = page.getByRole('dialog', { name: '新增地址' });
    await dialog.getByLabel('收件人').fill('陳大文');
    await dialog.getByLabel('地區').selectOption('HK');
    await dialog.getByLabel('手機號碼').fill('21234567');
    // Hong Kong's fields: a district, and no postcode (it has none).
    await dialog.getByLabel('區域').fill('中西區');
    await expect(dialog.getByLabel(/郵遞區號/)).toHaveCount(0);
    await dialog.getByLabel('詳細地址').fill('皇后大道中 1 號');
    await dialog.getByRole('button', { name: '儲存地址' }).click();
    // A Hong Kong landline is no mobile number: refused on the field, before anything is sent.
    await expect(group(dialog, 'mobile').locator('.form-field__error')).toHaveText('香港手機號碼為 4–9 開頭的 8 位數字');
    await dialog.getByLabel('手機號碼').fill('91234567');
    await dialog.getByLabel('設為預設地址').check();
    // A right-to-left override pasted in (it would turn the label round): refused by the API on its field.
    await dialog.getByLabel('詳細地址').fill('皇后大道中 1 號\u202E');
    await dialog.getByRole('button', { name: '儲存地址' }).click();
    await expect(group(dialog, 'detail').locator('.form-field__error')).toHaveText('含有無法使用的控制字元，請刪除後再試');
    await dialog.getByLabel('詳細地址').fill('皇后大道中 1 號');
    await dialog.getByRole('button', { name: '儲存地址' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(cards).toHaveCount(2);
    // The default comes first.
    await expect(cards.first()).toContainText('陳大文');
    await expect(cards.first()).toContainText('912****67');
    await expect(cards.first()).toHaveAttribute('data-default', 'true');
    await cards.first().getByRole('button', { name: '刪除 陳大文 的地址' }).click();
    const confirm = page.getByRole('dialog', { name: '刪除這個地址？' });
    await expect(confirm).toContainText('最新的另一筆地址將成為預設地址');
    await confirm.getByRole('button', { name: '刪除' }).click();
    await expect(cards).toHaveCount(1);
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-default', 'true');
    await expect(cards.first()).toContainText(member.name);
  });

  test('recycling: a date outside the window is refused on its field; a drop-off is booked, cancelled and kept, each with its own notice only', async ({
    page,
  }) => {
    const member = await newMember(page, 'recycle');
    await signIn(page, member.email);
    await page.goto('/account/recycle.html');
    await page.locator(hydrated('RecyclePage')).waitFor({ state: 'attached' });
    await expect(page.locator('.recycle__programme h2')).toHaveText('舊衣回收計畫');
    const form = page.locator('form.account-card');
    await form.getByLabel('門市', { exact: true }).selectOption({ index: 1 });
    await form.getByLabel('日期').fill('2020-01-01');
    await form.getByRole('button', { name: '確認預約' }).click();
    await expectErrorInView(page, 'date', '請選擇明天起 30 天內的日期');
    const day = await form.getByLabel('日期').getAttribute('min');
    await form.getByLabel('日期').fill(day!);
    await form.getByLabel('袋數').selectOption('2');
    await form.getByRole('button', { name: '確認預約' }).click();
    // Each state says its own notice only: booked, then cancelled on the same page.
    const bookedNote = page.getByText('預約成功，期待與您見面。');
    const cancelledNote = page.getByText('預約已取消。');
    await expect(bookedNote).toBeVisible();
    await expect(cancelledNote).toHaveCount(0);
    const booking = page.locator('.recycle__booking[data-status="BOOKED"]');
    await expect(booking).toHaveCount(1);
    await expect(booking).toContainText(day!);
    await expect(booking).toContainText('2 袋');
    await booking.getByRole('button', { name: '取消預約' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '取消預約' }).click();
    const cancelled = page.locator('.recycle__booking[data-status="CANCELLED"]');
    await expect(cancelled).toHaveCount(1);
    await expect(cancelledNote).toBeVisible();
    await expect(bookedNote).toHaveCount(0);
    await page.reload();
    await expect(cancelled).toHaveCount(1);
    await expect(cancelled).toContainText(day!);
    await expect(cancelled).toContainText('2 袋');
    await expect(bookedNote.or(cancelledNote)).toHaveCount(0);
    // A pick-up needs a saved address; this member has one.
    await form.getByLabel('到府收件').check();
    await expect(form.getByLabel('收件地址')).toBeVisible();
  });
});

test('reviews: the account menu’s entry lists what waits for a review and the reviews written; a review moves its line', async ({
  page,
}) => {
  const member = await newMember(page, 'reviews');
  const [sku] = orderSkus(1, 28);
  const orderCode = await finishedOrder(page, member, [sku!]);
  await signIn(page, member.email);
  const openReviews = async () => {
    await page.locator('.account-nav').getByRole('link', { name: '商品評價' }).click();
    await expect(page).toHaveURL(/\/account\/order\/evaluate\.html$/);
    await page.locator(hydrated('Evaluations')).waitFor({ state: 'attached' });
  };
  await openReviews();
  await expect(page.locator('main')).not.toContainText('找不到這筆訂單');
  const waiting = page.locator('[data-waiting]');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(`訂單 ${orderCode}`);
  await expect(page.getByText('您還沒有寫過評價。')).toBeVisible();
  await waiting.getByRole('link', { name: /^為 .+ 寫評價$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/account/order/evaluate\\.html\\?orderCode=${orderCode}$`));
  await page.getByLabel('5 顆星（滿分 5 顆）').check();
  await page.getByLabel('評價內容').fill('質感很好，尺寸剛好');
  await page.getByRole('button', { name: '送出評價' }).click();
  await expect(page.getByText('謝謝您的評價！審核通過後就會公開。')).toBeVisible();
  await openReviews();
  await expect(page.getByText('目前沒有待評價的商品。')).toBeVisible();
  const written = page.locator('[data-evaluation]');
  await expect(written).toHaveCount(1);
  await expect(written).toHaveAttribute('data-published', 'N');
  await expect(written).toContainText('審核中');
  await expect(written).toContainText('質感很好，尺寸剛好');
});

test('coupons: tabs hold the demo member’s coupons by state; a code adds one once (case does not matter)', async ({ page }) => {
  await signInDemo(page, '/en-gb');
  const held = await api<{ list: Array<{ used: string; endDate: number }> }>(page, await demoAuth(page), '/coupon/list', {
    page: 1,
    pageSize: 100,
  });
  const now = Date.now();
  const used = held.list.filter((c) => c.used === 'Y').length;
  const expired = held.list.filter((c) => c.used === 'N' && c.endDate <= now).length;
  await page.goto('/en-gb/account/coupon.html');
  await expect(page.getByRole('tab', { name: /Used/ })).toContainText(String(used));
  await expect(page.getByRole('tab', { name: /Expired/ })).toContainText(String(expired));
  await page.getByRole('tab', { name: /Expired/ }).click();
  await expect(page.locator('.coupon[data-status="expired"]')).toHaveCount(expired);

  const member = await newMember(page, 'redeem');
  await forgetSession(page);
  await signIn(page, member.email, PASSWORD, '/en-gb');
  await page.goto('/en-gb/account/coupon.html');
  await page.locator(hydrated('CouponWallet')).waitFor({ state: 'attached' });
  await expect(page.locator('.account-empty')).toHaveText('No coupons ready to use.');
  await page.getByLabel('Coupon code').fill('NOSUCH99');
  await page.getByRole('button', { name: 'Add coupon' }).click();
  await expectErrorInView(page, 'code', "We don't know this code");
  // A Hong Kong coupon's code on Hong Kong's English pages.
  await page.getByLabel('Coupon code').fill('hkwelcome40');
  await page.getByRole('button', { name: 'Add coupon' }).click();
  await expect(page.locator('.coupon[data-coupon="CC101"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('.coupon[data-status="usable"][data-coupon="CC101"]')).toBeVisible();
  await page.getByLabel('Coupon code').fill('HKWELCOME40');
  await page.getByRole('button', { name: 'Add coupon' }).click();
  await expectErrorInView(page, 'code', 'You have already collected this coupon');
});

test('invoices: the demo member’s invoices with their carriers; a default carrier is checked, kept, and checkout starts with it', async ({
  page,
}) => {
  await signInDemo(page);
  const invoices = await api<{ list: Array<{ invoiceNo: string; status: string }>; total: number }>(
    page,
    await demoAuth(page),
    '/invoice/list',
    {
      page: 1,
      pageSize: 10,
    },
  );
  await page.goto('/account/invoice.html');
  const rows = page.locator('tr[data-invoice]');
  await expect(rows).toHaveCount(Math.min(invoices.total, 10));
  await expect(rows.first()).toHaveAttribute('data-invoice', invoices.list[0]!.invoiceNo);
  const voided = invoices.list.find((i) => i.status === 'VOID')!;
  await expect(page.locator(`tr[data-invoice="${voided.invoiceNo}"]`)).toContainText('已作廢');
  await expect(page.getByLabel('手機條碼載具')).toBeChecked();

  const member = await newMember(page, 'carrier');
  await forgetSession(page);
  await signIn(page, member.email);
  await page.goto('/account/invoice.html');
  await page.locator(hydrated('InvoicesPage')).waitFor({ state: 'attached' });
  await expect(page.locator('.account-empty')).toHaveText('目前沒有開立給您的發票。');
  await page.getByLabel('手機條碼載具').check();
  await page
    .getByLabel(/^手機條碼/)
    .last()
    .fill('ABC1234');
  await page.getByRole('button', { name: '設為預設' }).click();
  await expect(group(page, 'vehicleCode').locator('.form-field__error')).toBeVisible();
  await page.locator('#field-vehicleCode').fill('/abc+123');
  await page.getByRole('button', { name: '設為預設' }).click();
  await expect(page.getByText('已儲存。')).toBeVisible();
  await page.reload();
  await expect(page.locator('#field-vehicleCode')).toHaveValue('/ABC+123');
  const carrier = await api<{ vehicle: string; vehicleCode: string }>(page, member.auth, '/invoice/carrier');
  expect(carrier).toEqual({ type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ABC+123' });
  // Checkout starts from the saved carrier.
  const [sku] = spareSkus(7, 10).slice(6);
  await addThroughApi(page, member, sku!.productCode, sku!.skuCode);
  await page.goto('/payment/payment.html');
  await expect(page.locator('input[name="vehicle"][value="PHONE"]')).toBeChecked();
  await expect(page.locator('#field-vehicleCode')).toHaveValue('/ABC+123');
});

test('inbox: unread messages are counted in the header; opening one reads it, all can be marked read, chosen ones deleted', async ({
  page,
}) => {
  const auth = await demoAuth(page);
  await signInDemo(page);
  const before = await api<{ unread: number; total: number }>(page, auth, '/inbox/list', { page: 1, pageSize: 10 });
  expect(before.unread).toBeGreaterThan(1);
  await expect(page.locator('.account-menu [data-unread]')).toHaveText(String(before.unread));
  await page.goto('/inbox.html');
  await expect(page.getByText(`未讀 ${before.unread} 則`)).toBeVisible();
  const id = await page.locator('.inbox__message[data-unread]').first().getAttribute('data-message');
  const first = page.locator(`.inbox__message[data-message="${id}"]`);
  const title = (await first.locator('.inbox__title strong').innerText()).trim();
  await first.locator('.inbox__title').click();
  await expect(first.locator('.inbox__body')).toBeVisible();
  await expect(page.locator('.account-menu [data-unread]')).toHaveText(String(before.unread - 1));
  await page.reload();
  await expect(page.locator('.inbox__message', { hasText: title })).not.toHaveAttribute('data-unread');
  // Delete one after confirming.
  const victim = page.locator('.inbox__message').last();
  const victimTitle = (await victim.locator('.inbox__title strong').innerText()).trim();
  await victim.getByRole('checkbox').check();
  await page.getByRole('button', { name: '刪除所選（1）' }).click();
  await page.getByRole('dialog', { name: '刪除訊息？' }).getByRole('button', { name: '刪除' }).click();
  await expect(page.locator('.inbox__message', { hasText: victimTitle })).toHaveCount(0);
  await page.getByRole('button', { name: '全部標為已讀' }).click();
  await expect(page.locator('.inbox__message[data-unread]')).toHaveCount(0);
  await expect(page.locator('.account-menu [data-unread]')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.inbox__message[data-unread]')).toHaveCount(0);
  const after = await api<{ unread: number; total: number }>(page, auth, '/inbox/list', { page: 1, pageSize: 10 });
  expect(after).toMatchObject({ unread: 0, total: before.total - 1 });
});

test('tickets: a question about delivery with a picture gets the store’s reply; the member replies, closes it, and finds it by status', async ({
  page,
}) => {
  const member = await newMember(page, 'ticket');
  await signIn(page, member.email, PASSWORD, '/en-gb');
  await page.goto('/en-gb/account/ticket-list.html');
  await page.locator(hydrated('TicketsPage')).waitFor({ state: 'attached' });
  await expect(page.locator('.account-empty')).toHaveText('No tickets here.');
  await page.getByRole('button', { name: 'Ask a question' }).click();
  await page.getByLabel('Subject').fill('Where is my parcel?');
  await page.getByLabel('Your question').fill('It has been a week.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expectErrorInView(page, 'category', 'Choose what your question is about');
  await page.getByLabel("What it's about").selectOption('DELIVERY');
  // Pictures only: a text file is refused at once, with the reason.
  const dir = tmpdir();
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'not a picture');
  const picture = join(dir, 'parcel.png');
  writeFileSync(
    picture,
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  );
  await page.getByLabel('Pictures (optional)').setInputFiles(text);
  await expect(group(page, 'attachments').locator('.form-field__error')).toHaveText(
    'notes.txt: Only gif, png, jpg, jpeg or bmp pictures can be attached',
  );
  await page.getByLabel('Pictures (optional)').setInputFiles(picture);
  await expect(page.locator('.attachment-list li')).toHaveCount(1);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/en-gb\/account\/ticket-detail\.html\?ticketId=/);
  const ticket = page.locator('.ticket');
  await expect(ticket).toHaveAttribute('data-status', 'REPLIED');
  await expect(ticket.locator('.ticket__message[data-from="MEMBER"] img')).toHaveAttribute('alt', 'parcel.png');
  await expect(ticket.locator('.ticket__message[data-from="STORE"]')).toHaveCount(1);
  await page.getByLabel('Your reply').fill('Thank you!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(ticket.locator('.ticket__message[data-from="MEMBER"]')).toHaveCount(2);
  await expect(ticket).toHaveAttribute('data-status', 'OPEN');
  await page.reload();
  await expect(ticket.locator('.ticket__message')).toHaveCount(3);
  await page.getByRole('button', { name: 'Close ticket' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click();
  await expect(ticket).toHaveAttribute('data-status', 'CLOSED');
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  await page.goto('/en-gb/account/ticket-list.html');
  await page.getByRole('button', { name: 'Closed' }).click();
  await expect(page.locator('.ticket-row[data-status="CLOSED"]')).toHaveText(/Where is my parcel\?/);
  await page.getByRole('button', { name: 'Waiting for us' }).click();
  await expect(page.locator('.account-empty')).toHaveText('No tickets here.');
});

test('another member’s ticket is not found, and a visitor on an account page is sent to sign in', async ({ page }) => {
  const member = await newMember(page, 'nosy');
  await page.goto('/account/ticket-detail.html?ticketId=T0001');
  await expect(page).toHaveURL(/\/login\.html\?redirect_url=%2Faccount%2Fticket-detail\.html%3FticketId%3DT0001$/);
  await page.locator(hydrated('LoginForm')).waitFor({ state: 'attached' });
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(/\/account\/ticket-detail\.html\?ticketId=T0001$/);
  await expect(page.locator('.account-empty')).toContainText('找不到這張客服單。');
});
