/**
 * The member's account as a member meets it, part 1: the hub with their real data, editing
 * the profile, changing the password and the email (the code read from the local mail hook,
 * and the mailed link on another device), and closing the account. Every change is read back
 * after a reload; every refusal shows on its field, in view below the header.
 */
import { expect, test } from './test.ts';
import { forgetSession, newMember, PASSWORD, signInOnPage } from './shopper.ts';
import { api, DEMO, demoAuth, expectErrorInView, group, hydrated, signIn, signInDemo } from './member.ts';
import { linkIn, mailTo } from './mailbox.ts';

test.describe.configure({ timeout: 60_000 });

interface Summary {
  usableCoupons: number;
  wishCount: number;
  unreadMessages: number;
  openTickets: number;
  latestOrder: { orderCode: string } | null;
}

for (const [prefix, labels] of [
  ['', { language: 'zh-TW', mobile: '手機號碼', greeting: `${DEMO.name}，您好`, coupons: '可使用優惠券' }],
  ['/en-gb', { language: 'en-GB', mobile: 'Mobile', greeting: `Hello, ${DEMO.name}`, coupons: 'Coupons to use' }],
] as const) {
  test(`the hub shows the demo member's own data (${prefix || 'zh-TW'})`, async ({ page }) => {
    await signInDemo(page, prefix);
    // Asked in the page's language: coupons to use are those of its region (another region's are kept for its store).
    const asThePage = { ...(await demoAuth(page)), 'accept-language': labels.language };
    const summary = await api<Summary>(page, asThePage, '/member/summary');
    await expect(page.locator('#profile-heading')).toHaveText(labels.greeting);
    const facts = page.locator('[data-profile]');
    await expect(facts).toContainText(DEMO.email);
    // The mobile is masked (the CMS's desensitize switch is Y): 3 leading digits and the last 2.
    await expect(facts.locator('[data-mobile]')).toHaveText('091****78');
    await expect(facts).toContainText('1990-05-12');
    await expect(page.locator('[data-tile="coupons"] strong')).toHaveText(String(summary.usableCoupons));
    await expect(page.locator('[data-tile="coupons"]')).toContainText(labels.coupons);
    await expect(page.locator('[data-tile="messages"] strong')).toHaveText(String(summary.unreadMessages));
    await expect(page.locator('[data-tile="tickets"] strong')).toHaveText(String(summary.openTickets));
    await expect(page.locator('[data-order]')).toHaveAttribute('data-order', summary.latestOrder!.orderCode);
    // The menu leads to every account page, the current one marked.
    await expect(page.locator('.account-nav a[aria-current="page"]')).toHaveAttribute('href', `${prefix}/account/info.html`);
    await expect(page.locator('.account-nav a')).toHaveCount(14);
    await expect(page.locator('main')).not.toContainText(/coming soon|即將開放/);
  });
}

test('the profile is edited with the name rule, and stays after a reload; a set birthday is locked', async ({ page }) => {
  const member = await newMember(page, 'profile');
  await signIn(page, member.email);
  await page.getByRole('button', { name: '編輯個人資料' }).click();
  const form = page.locator('form.account-form');
  await form.getByLabel('姓名').fill('<b>Mei</b>');
  await form.getByRole('button', { name: '儲存', exact: true }).click();
  await expectErrorInView(page, 'name', "僅能使用中文、英文字母、空格與 · ' - .");
  await form.getByLabel('姓名').fill('  陳美玲  ');
  await form.getByLabel('生日').fill('1992-08-30');
  await form.getByLabel('女').check();
  await form.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page.locator('.account-hub .form-success')).toHaveText('已儲存。');
  // The header greets the new name at once.
  await expect(page.locator('[data-account-state="member"] .header-tool__button')).toHaveAccessibleName(/陳美玲/);
  await page.reload();
  const facts = page.locator('[data-profile]');
  await expect(facts).toContainText('陳美玲');
  await expect(facts).toContainText('1992-08-30');
  await expect(facts).toContainText('女');
  await page.getByRole('button', { name: '編輯個人資料' }).click();
  await expect(page.getByLabel('生日')).toHaveAttribute('readonly', '');
});

test('a new password: the current one is checked, the two must match, then every session ends', async ({ page, browser }) => {
  const member = await newMember(page, 'password');
  // A second device, signed in too: it must be signed out by the change.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, member.email);
  await signIn(page, member.email);
  await page.goto('/account/security/password.html');
  await page.locator(hydrated('SecurityPages')).waitFor({ state: 'attached' });
  await page.getByLabel('目前的密碼').fill('Wrong1234');
  await page.getByLabel('新密碼', { exact: true }).fill('Newpass2026');
  await page.getByLabel('再次輸入新密碼').fill('Newpass2027');
  await page.getByRole('button', { name: '變更密碼' }).click();
  await expectErrorInView(page, 'confirmPassword', '兩次輸入的新密碼不一致');
  await page.getByLabel('再次輸入新密碼').fill('Newpass2026');
  await page.getByRole('button', { name: '變更密碼' }).click();
  await expectErrorInView(page, 'currentPassword', '目前的密碼不正確');
  await page.getByLabel('目前的密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '變更密碼' }).click();
  await expect(page.locator('[data-password-changed] .form-success')).toBeVisible();
  await expect(page.locator('[data-account-state="visitor"]')).toBeVisible();
  // The other device's next page finds no session.
  await otherPage.goto('/account/info.html');
  await expect(otherPage).toHaveURL(/\/login\.html\?redirect_url=/);
  await other.close();
  // The old password no longer works; the new one does.
  await page.goto('/login.html');
  await signInOnPage(page, member.email, PASSWORD);
  await expect(page.locator('main .form-error')).toHaveText('帳號或密碼不正確');
  await signInOnPage(page, member.email, 'Newpass2026');
  await expect(page).toHaveURL(/\/account\/info\.html$/);
});

test('a new email: another account’s is refused as such, a code is mailed, resent only after 60 s, checked, the email changes and the old address is told', async ({
  page,
}) => {
  const member = await newMember(page, 'email');
  const next = `new.${member.email}`;
  await signIn(page, member.email, PASSWORD, '/en-gb');
  await page.goto('/en-gb/account/security/email.html');
  await page.locator(hydrated('SecurityPages')).waitFor({ state: 'attached' });
  await expect(page.getByText(`Your email now: ${member.email}`)).toBeVisible();
  await page.getByLabel('New email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectErrorInView(page, 'email', 'Enter a valid email address');
  // The member is signed in: an address of another account is that, not a hint to sign in.
  await page.getByLabel('New email').fill(DEMO.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectErrorInView(page, 'email', 'This email address belongs to another account. Please use another address');
  await page.getByLabel('New email').fill(next);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We've sent a code to ${next}` })).toBeVisible();
  // The resend button counts down from 60 s and stays off meanwhile.
  const resend = page.locator('[data-send-code]');
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Send again in (60|59|58) s$/);
  const mail = await mailTo(next);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrong);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expectErrorInView(page, 'code', "That code isn't right");
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Your email is now ${next}.`)).toBeVisible();
  await page.goto('/en-gb/account/info.html');
  await expect(page.locator('[data-profile]')).toContainText(next);
  // The old address learns where the account's mail goes now, masked.
  const notice = await mailTo(member.email, '/forget_password.html');
  expect(notice.subject).toBe('Your LINEA email address was changed');
  expect(notice.text).toContain(`${next[0]}***@${next.split('@')[1]}`);
});

test('the mailed link changes the email on a device with no session; a used link says it no longer works', async ({ page, browser }) => {
  const member = await newMember(page, 'link');
  const next = `linked.${member.email}`;
  const sent = await page.request.post('/api/member/email/code', { headers: member.auth, data: { email: next } });
  expect((await sent.json()).success).toBe(true);
  const link = linkIn(await mailTo(next), '/email.html');
  const phone = await browser.newContext();
  const other = await phone.newPage();
  await other.goto(link);
  await expect(other.locator('[data-verify="done"]')).toContainText(next);
  await other.goto(link);
  await expect(other.locator('[data-verify="failed"] .form-error')).toHaveText('此連結已失效，請到電子郵件設定重新發送驗證碼。');
  await phone.close();
  const profile = await api<{ email: string }>(page, member.auth, '/member/info');
  expect(profile.email).toBe(next);
});

test('closing the account: refused while orders are open, then the clause, agreement and password close it for good', async ({ page }) => {
  // The demo member has open orders: refused, with where to look.
  await signInDemo(page);
  await page.goto('/account/cancellation-clause.html');
  await expect(page.locator('.clause h2')).toHaveText('LINEA 會員帳號註銷條款');
  await page.getByLabel(/我已閱讀並同意/).check();
  await page.getByLabel('密碼').fill(DEMO.password);
  await page.getByRole('button', { name: '註銷帳號' }).click();
  await expect(page.locator('main .form-error')).toHaveText('您還有處理中的訂單，暫時無法註銷帳號');
  await expect(page.getByRole('link', { name: '查看我的訂單' })).toBeVisible();

  const member = await newMember(page, 'close');
  await forgetSession(page);
  await signIn(page, member.email);
  await page.goto('/account/cancellation-clause.html');
  await page.locator(hydrated('CloseAccount')).waitFor({ state: 'attached' });
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '註銷帳號' }).click();
  await expectErrorInView(page, 'agree', '請勾選同意註銷條款');
  await page.getByLabel(/我已閱讀並同意/).check();
  await page.getByLabel('密碼').fill('Wrong12345');
  await page.getByRole('button', { name: '註銷帳號' }).click();
  await expectErrorInView(page, 'password', '目前的密碼不正確');
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '註銷帳號' }).click();
  await expect(page.locator('[data-account-closed]')).toContainText('您的帳號已註銷');
  await page.goto('/login.html');
  await signInOnPage(page, member.email);
  await expect(page.locator('main .form-error')).toHaveText('此帳號已註銷，無法登入');
});

test('a field group names its error for screen readers, and Enter in a field does not submit', async ({ page }) => {
  const member = await newMember(page, 'aria');
  await signIn(page, member.email);
  await page.goto('/account/security/password.html');
  await page.locator(hydrated('SecurityPages')).waitFor({ state: 'attached' });
  await page.getByLabel('目前的密碼').press('Enter');
  await expect(group(page, 'currentPassword').locator('.form-field__error')).toHaveCount(0);
  await page.getByRole('button', { name: '變更密碼' }).click();
  const input = page.getByLabel('目前的密碼');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', 'error-currentPassword');
  await expect(input).toBeFocused();
});

test('every page of the account is in English under /en-gb/, with the demo member’s data', async ({ page }) => {
  await signInDemo(page, '/en-gb');
  const pages: Array<[string, string, string]> = [
    ['/account/security/info.html', 'Account security', 'Change email'],
    ['/account/security/password.html', 'Change password', 'Current password'],
    ['/account/security/email.html', 'Change email', `Your email now: ${DEMO.email}`],
    ['/account/address.html', 'Addresses', '大安區忠孝東路四段 100 號 5 樓'],
    ['/account/coupon.html', 'My coupons', 'Coupon code'],
    ['/account/invoice.html', 'Invoices', 'Default invoice carrier'],
    ['/inbox.html', 'Inbox', 'Mark all as read'],
    ['/account/ticket-list.html', 'Support tickets', 'Ask a question'],
    ['/account/ticket-detail.html?ticketId=T0001', 'Support ticket', 'LINEA customer service'],
    ['/account/recycle.html', 'Clothing recycling', 'Book a recycling'],
    ['/account/cancellation-clause.html', 'Account closure terms', 'Closing your LINEA account'],
  ];
  for (const [path, title, text] of pages) {
    await page.goto(`/en-gb${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.locator('main h1')).toHaveText(title);
    await expect(page.locator('main')).toContainText(text);
    // The menu marks the page, or the entry a sub-page is reached from.
    const entry =
      { '/account/security/password.html': '/account/security/info.html', '/account/security/email.html': '/account/security/info.html' }[
        path
      ] ?? path.replace(/ticket-detail\.html.*$/, 'ticket-list.html');
    await expect(page.locator('.account-nav a[aria-current]')).toHaveAttribute('href', `/en-gb${entry}`);
    await expect(page.locator('main')).not.toContainText(/coming soon|即將開放/i);
  }
});
