/**
 * Member sign-in as a shopper meets it: guarded pages, login with redirect_url, register and
 * its mailed link, logout, hostile redirect targets and the third-party round trip through the
 * fake provider.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { captchaToken, forgetSession, newMember, openAccount, passCaptcha, PASSWORD, signInOnPage } from './shopper.ts';
import { linkIn, mailsTo, mailTo } from './mailbox.ts';

const demo = DEMO_MEMBERS[0];

const signIn = (page: Page, account: string = demo.email, password: string = demo.password) => signInOnPage(page, account, password);
/** What the register form says once it has sent, in English. */
const checkMail = (email: string) =>
  `Check your mail: we've sent a link to ${email}. Open it within 24 hours to finish opening your account. Wrong address? Correct it below and create the account again.`;

/** Five wrong passwords for the account from this machine, through the API: its address's allowance. */
async function guessFiveTimes(page: Page, account: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const answer = await page.request.post('/api/auth/login', {
      data: { account, password: `Guess${i}2026`, captchaToken: await captchaToken(page.request) },
    });
    expect((await answer.json()).msgCode).toBe('UR_LOGIN_FAILED');
  }
}

test('a visitor on /cart.html is sent to login with redirect_url, and comes back after signing in', async ({ page }) => {
  await page.goto('/cart.html');
  await expect(page).toHaveURL(/\/login\.html\?redirect_url=%2Fcart\.html$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/cart\.html$/);
  await expect(page.locator('main').locator('.cart-page, .cart-page__empty')).toBeVisible();
  await expect(page.locator('[data-account-state="member"] .header-tool__button')).toHaveAccessibleName(new RegExp(demo.name));
});

test('the guard keeps the language and the query of the target', async ({ page }) => {
  await page.goto('/en-gb/account/order/order-list.html?page=2');
  await expect(page).toHaveURL(/\/en-gb\/login\.html\?redirect_url=%2Fen-gb%2Faccount%2Forder%2Forder-list\.html%3Fpage%3D2$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await signIn(page);
  await expect(page).toHaveURL(/\/en-gb\/account\/order\/order-list\.html\?page=2$/);
});

test('a wrong password shows the error beside the form and stays on login', async ({ page }) => {
  await page.goto('/login.html');
  await signIn(page, demo.email, 'Wrong12345');
  await expect(page.locator('.form-error')).toHaveText('帳號或密碼不正確');
  await expect(page).toHaveURL(/\/login\.html$/);
});

test('after five wrong passwords the account waits, and the form says for how long', async ({ page }) => {
  const member = await newMember(page, 'guessed', { address: false });
  await guessFiveTimes(page, member.email);
  await page.goto('/login.html');
  await signIn(page, member.email, PASSWORD);
  // 15 minutes from the first failure, a moment ago.
  await expect(page.locator('.form-error')).toHaveText(/^嘗試次數過多，請於 1[45] 分鐘後再試$/);
  await expect(page).toHaveURL(/\/login\.html$/);
});

test('a refused sign-in offers a link by mail, and the link signs the member in', async ({ page }) => {
  const member = await newMember(page, 'linked', { address: false });
  await guessFiveTimes(page, member.email);
  await page.goto('/en-gb/login.html');
  await signIn(page, member.email, PASSWORD);
  await expect(page.locator('.form-error')).toHaveText(/^Too many attempts\. Please try again in 1[45] min$/);
  const offer = page.getByRole('button', { name: 'Email me a sign-in link' });
  // The refusal used the security check up: asked for the link without a new pass, the form says so.
  await offer.click();
  await expect(page.locator('#error-captchaToken')).toHaveText('Complete the security check');
  await passCaptcha(page);
  await offer.click();
  await expect(page.locator('.form-success')).toHaveText(
    'If this account exists, a sign-in link is on its way to its email. It works once, within 15 minutes.',
  );

  const mail = await mailTo(member.email, '/en-gb/login.html');
  expect(mail.subject).toBe('Your sign-in link');
  const link = linkIn(mail, '/en-gb/login.html');
  expect(new URL(link).searchParams.get('signInToken')).toBeTruthy();
  await page.goto(link);
  await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
  await expect(page.locator('[data-profile]')).toContainText(member.email);
  // Once only.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This sign-in link has expired or has been used' })).toBeVisible();
});

test('sign-in asks for the security check: missing, failed and asked again, then passed', async ({ page }) => {
  await page.goto('/en-gb/login.html');
  await page.getByLabel('Email or mobile number').fill(demo.email);
  await page.getByLabel(/^Password$/).fill(demo.password);
  const check = page.locator('main .standin-captcha');
  await expect(check.getByRole('button', { name: "I'm not a robot" })).toBeVisible();
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('#error-captchaToken')).toHaveText('Complete the security check');

  await check.getByRole('button', { name: 'Fail the check' }).click();
  await expect(check).toHaveText('✗');
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('#error-captchaToken')).toHaveText('The security check did not pass. Please try it again.');
  // The refusal used the token up: the check is drawn again.
  await expect(check.getByRole('button', { name: "I'm not a robot" })).toBeVisible();

  await passCaptcha(page);
  await page.locator('main form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
});

test('a captcha that cannot load says to reload, and the form does not send without it', async ({ page }) => {
  await page.route('**/api/_standin/captcha.js', (route) => route.abort());
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/')) sent.push(request.url());
  });
  await page.goto('/en-gb/register.html');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The security check could not load. Reload the page to try again.' }),
  ).toBeVisible();
  await page.getByLabel('Name').fill('Wong Siu Ming');
  await page.getByLabel('Email').fill(`nocheck.${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('abcd1234');
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#error-captchaToken')).toHaveText('Complete the security check');
  expect(sent).toEqual([]);
});

test('register checks the password rule, says to check the mail, and the mailed link opens the account signed in', async ({ page }) => {
  const email = `new.member.${Date.now()}@example.com`;
  await page.goto('/en-gb/register.html');
  await page.getByLabel('Name').fill('Wong Siu Ming');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('abcdefgh');
  await page.getByLabel(/I agree/).check();
  await passCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#error-password')).toHaveText('Use 8–20 characters with at least one letter and one digit');
  await page.getByLabel('Password').fill('abcd1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('.form-success')).toHaveText(checkMail(email));
  // No account, no session yet: the page stays, still a visitor's.
  await expect(page).toHaveURL(/\/en-gb\/register\.html$/);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('lin_rt');

  const mail = await mailTo(email, '/en-gb/register.html');
  expect(mail.subject).toBe('Finish opening your LINEA account');
  const link = linkIn(mail, '/en-gb/register.html');
  await page.goto(link);
  await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
  await expect(page.locator('[data-profile]')).toContainText(email);
  // Once only.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This link has already opened your account' })).toBeVisible();
  // …and the password signs in.
  await page.goto('/en-gb/account/info.html');
  await page.locator('.account-hub').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en-gb\/$/); // signing out lands on the home page
  await expect(page.locator('[data-account-state="visitor"]')).toBeVisible();
  await page.goto('/en-gb/login.html');
  await signIn(page, email, 'abcd1234');
  await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
});

test('registering an address that has an account says the same, mails its owner, and the form stays to correct it', async ({ page }) => {
  const owner = await newMember(page, 'owner', { address: false });
  await page.goto(`/en-gb/register.html?redirect_url=${encodeURIComponent('/en-gb/account/order/order-list.html')}`);
  await page.getByLabel('Name').fill('Wong Siu Ming');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill('abcd1234');
  await page.getByLabel(/I agree/).check();
  await passCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('.form-success')).toHaveText(checkMail(owner.email));

  // The owner is told, and given a way in; their account is as it was.
  await expect(async () => {
    const warning = (await mailsTo(owner.email)).find((m) => m.subject === 'Someone tried to open a LINEA account with your email');
    expect(warning?.text).toContain('It already has an account, so no new one was opened');
    expect(new URL(linkIn(warning!, '/en-gb/login.html')).origin).toBe(new URL(page.url()).origin);
    linkIn(warning!, '/en-gb/forget_password.html');
  }).toPass({ timeout: 10_000 });

  // A mistyped address is corrected in place and sent again, the security check passed anew.
  const corrected = `corrected.${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(corrected);
  await passCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('.form-success')).toHaveText(checkMail(corrected));
  // Its link lands where the registration was headed.
  await page.goto(linkIn(await mailTo(corrected, '/en-gb/register.html'), '/en-gb/register.html'));
  await expect(page).toHaveURL(/\/en-gb\/account\/order\/order-list\.html$/);
  await expect(page.locator('[data-account-state="member"] .header-tool__button')).toHaveAccessibleName(/Wong Siu Ming/);
  // The owner still signs in with their own password.
  await forgetSession(page);
  await page.goto('/en-gb/login.html');
  await signIn(page, owner.email, PASSWORD);
  await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
});

test('logout clears the header state, and guarded pages send to login again', async ({ page }) => {
  await page.goto('/login.html');
  await signIn(page);
  await expect(page).toHaveURL(/\/account\/info\.html$/); // the redirect after sign-in has landed
  await expect(page.locator('[data-account-state="member"]')).toBeVisible();
  await page.goto('/women.html');
  const account = page.locator('[data-account-state="member"]');
  await expect(account.locator('.header-tool__button')).toHaveAccessibleName(new RegExp(demo.name));
  await account.hover();
  await page.locator('.account-menu__popup button').click();
  await expect(page.locator('[data-account-state="visitor"]')).toBeVisible();
  await page.goto('/inbox.html');
  await expect(page).toHaveURL(/\/login\.html\?redirect_url=%2Finbox\.html$/);
});

for (const hostile of ['https://evil.example/phish', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '%2F%2Fevil.example']) {
  test(`a tampered redirect_url (${hostile}) lands on the account home`, async ({ page }) => {
    await page.goto(`/login.html?redirect_url=${encodeURIComponent(hostile)}`);
    await signIn(page);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/account\/info\.html$/);
  });
}

test('third-party sign-in through the fake provider returns to the target', async ({ page }) => {
  await page.goto('/cart.html');
  await expect(page).toHaveURL(/\/login\.html/);
  const google = page.locator('a[data-provider="google"]');
  await expect(google).toHaveAttribute('href', /\/api\/auth\/third-party\/google\/start\?redirect_uri=%2Fthird_party\.html$/);
  await google.click();
  await expect(page.getByRole('heading', { name: 'Fake google sign-in' })).toBeVisible();
  // At the provider: Google's number and a random part, and a PKCE challenge.
  const atProvider = new URL(page.url());
  expect(atProvider.searchParams.get('state')).toMatch(/^6\.[\w-]{43}$/);
  expect(atProvider.searchParams.get('code_challenge_method')).toBe('S256');
  await page.locator('#approve').click();
  await expect(page).toHaveURL(/\/cart\.html$/);
  await expect(page.locator('[data-account-state="member"] .header-tool__button')).toHaveAccessibleName(/google user/i);
});

test('mainland sign-in offers only the providers reachable there; the other regions offer all six', async ({ page }) => {
  const providers = page.locator('.auth-card__providers a[data-provider]');
  const offered = () => providers.evaluateAll((links) => links.map((a) => a.getAttribute('data-provider')));
  await page.goto('/zh-cn/login.html');
  expect(await offered()).toEqual(['weibo', 'wechat', 'qq']);
  await page.goto('/zh-hk/login.html');
  expect(await offered()).toEqual(['weibo', 'wechat', 'qq', 'facebook', 'google', 'line']);
});

test("an attacker's social sign-in code sent as a link signs the visitor into nothing", async ({ page, browser, baseURL }) => {
  // The attacker starts a sign-in in their own browser and keeps the code instead of using it.
  const theirs = await browser.newContext();
  try {
    const attackerPage = await theirs.newPage();
    await attackerPage.goto(`${baseURL}/api/auth/third-party/google/start?redirect_uri=%2Fthird_party.html`);
    const approve = new URL((await attackerPage.locator('#approve').getAttribute('href'))!, baseURL);
    const code = approve.searchParams.get('code')!;
    // The link the victim is sent, with the constant state the store used to accept, then with the attacker's own.
    for (const state of ['6', approve.searchParams.get('state')!]) {
      await page.goto(`/third_party.html?${new URLSearchParams({ code, state, provider: 'google' })}`);
      await expect(page.locator('.form-error')).toHaveText('這次登入不是從此瀏覽器開始，或已逾時，請重新登入');
      await expect(page.getByRole('link', { name: '返回登入' })).toBeVisible();
    }
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('lin_rt');
  } finally {
    await theirs.close();
  }
});

test('forgotten password: the link MailDev caught sets a new password, typed twice alike, and the owner is told', async ({
  page,
  request,
}) => {
  const email = `reset.${Date.now()}@example.com`;
  await openAccount(request, { name: 'Reset Me', email, password: 'first1234' });
  await page.goto('/forget_password_phone.html');
  await expect(page).toHaveURL(/\/forget_password\.html$/);
  await page.getByLabel('電子郵件').fill(email);
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('.form-success')).toBeVisible();
  // The link as MailDev caught it, on the store's address.
  const mail = await mailTo(email, '/reset-email.html');
  expect(mail.subject).toBe('重設您的密碼');
  expect(mail.from).toEqual([{ address: 'no-reply@linea.example', name: 'LINEA' }]);
  const link = linkIn(mail, '/reset-email.html');
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await page.getByLabel('新密碼', { exact: true }).fill('second1234');
  // A typo in the second one is the form's to refuse: nothing is sent.
  const again = page.getByLabel('再次輸入新密碼');
  await again.fill('second1235');
  await page.locator('main form button[type="submit"]').click();
  await expect(again).toHaveAccessibleDescription(/兩次輸入的新密碼不一致/);
  await expect(page.locator('.form-success')).toHaveCount(0);
  await again.fill('second1234');
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('.form-success')).toBeVisible();
  // The account's address is told the password changed, with the way back.
  const notice = await mailTo(email, '/forget_password.html');
  expect(notice.subject).toBe('您的 LINEA 密碼已變更');
  await page.goto('/login.html');
  await signIn(page, email, 'second1234');
  await expect(page).toHaveURL(/\/account\/info\.html$/);
});
