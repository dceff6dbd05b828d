/**
 * Home's promotion pop-up as a first-time shopper meets it, and the
 * newsletter's double opt-in behind its email form: the custom type shows the editors' content;
 * every way of closing it sets the seen cookie (for the session; for a year with "don't show
 * this again" on the email type, or once subscribed); the email is checked (UR_EMAIL_08,
 * UR_EMAIL_06); subscribing mails a confirmation link; the link confirms once, then ends on the
 * failure page; the mail's signed link unsubscribes.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { E2E_CMS_URL } from '../../playwright.config.ts';
import { CUSTOM_POPUP_SEEN_COOKIE, DONT_PROMPT_DAYS } from '../../src/lib/popups/promo.ts';
import { MEMBER_PRIVACY_SEEN_COOKIE } from '../../src/lib/popups/member-privacy.ts';
import { NECESSARY_ONLY_COOKIE, SEEN_PRIVACY_COOKIE, SETTLED_LANGUAGE_COOKIE } from './promo-cookie.ts';
import { newMember, signInOnPage, signInThroughApi } from './shopper.ts';
import { linkIn, mailsTo, mailTo } from './mailbox.ts';

// The member-privacy notice, which would greet first, is acknowledged; its own test clears it.
test.use({ storageState: { cookies: [SEEN_PRIVACY_COOKIE, SETTLED_LANGUAGE_COOKIE, NECESSARY_ONLY_COOKIE], origins: [] } });
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const POPUP_DOC = 'en_GB/popup.json';
const YEAR_S = DONT_PROMPT_DAYS * 24 * 3600;

async function seenCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === CUSTOM_POPUP_SEEN_COOKIE);
}

/** Changes a CMS document through the sample CMS's edit API, and waits until home's HTML shows `live`. */
async function editCms(request: APIRequestContext, page: Page, path: string, changes: object, live: string): Promise<void> {
  const doc = await (await request.get(`${E2E_CMS_URL}/cms/${path}`)).json();
  const answer = await request.put(`${E2E_CMS_URL}/cms/_edit/${path}`, {
    data: { ...doc, ...changes },
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  await expect
    .poll(async () => (await (await page.request.get('/en-gb/')).text()).includes(live), { timeout: 90_000, intervals: [500] })
    .toBe(true);
}
const setPopup = (request: APIRequestContext, page: Page, changes: { pPopupType: string }) =>
  editCms(request, page, POPUP_DOC, changes, `data-type="${changes.pPopupType}"`);
const bindMember = (request: APIRequestContext, page: Page, value: 'Y' | 'N') =>
  editCms(request, page, 'switch-config.json', { popupEmailBindsMember: value }, `data-binds-member="${value}"`);

test('the custom pop-up shows the editors’ content on home, and closing it keeps it closed for the session', async ({ page }) => {
  await page.goto('/en-gb/');
  const popup = page.getByRole('dialog', { name: 'Promotion' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Welcome to LINEA' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bhas-popup\b/);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(page.locator('html')).not.toHaveClass(/\bhas-popup\b/);
  expect(await seenCookie(page)).toMatchObject({ value: 'Y', expires: -1 });

  await page.goto('/en-gb/');
  await expect(popup).toBeHidden();
  // Only home has it.
  await page.context().clearCookies({ name: CUSTOM_POPUP_SEEN_COOKIE });
  await page.goto('/en-gb/women.html');
  await expect(page.locator('dialog[data-popup="promo"]')).toHaveCount(0);
  // A click outside its box closes it too.
  await page.goto('/en-gb/');
  await expect(popup).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(popup).toBeHidden();
  expect((await seenCookie(page))?.value).toBe('Y');
});

test.describe('the email pop-up', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await setPopup(page.request, page, { pPopupType: 'email' });
    await page.close();
  });
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await setPopup(page.request, page, { pPopupType: 'custom' });
    await page.close();
  });

  test('checks the address, subscribes it with a mailed confirmation, and the mail confirms and unsubscribes', async ({ page }) => {
    await page.goto('/en-gb/');
    const popup = page.getByRole('dialog', { name: 'The LINEA newsletter' });
    await expect(popup).toBeVisible();
    const subscribe = popup.getByRole('button', { name: 'Subscribe' });
    await subscribe.click();
    await expect(popup.getByRole('alert')).toHaveText('Enter your email');
    await popup.getByLabel('Email').fill('not-an-address');
    await subscribe.click();
    await expect(popup.getByRole('alert')).toHaveText('Enter a valid email address');
    await expect(popup.getByLabel('Email')).toBeFocused();

    const email = `reader.${Date.now()}@linea.example`;
    await popup.getByLabel('Email').fill(email);
    await subscribe.click();
    await expect(popup.getByRole('status')).toHaveText(/we have sent you an email/);
    await popup.getByRole('button', { name: 'Close' }).click();
    // Subscribed: not asked again for a year.
    const cookie = await seenCookie(page);
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + YEAR_S - 120);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Please confirm your LINEA newsletter');
    const confirm = linkIn(mail, '/en-gb/subscription-success.html');
    const unsubscribe = linkIn(mail, '/en-gb/unsubscribe.html');
    await page.goto(confirm);
    await expect(page.getByRole('status')).toHaveText(`Thank you: ${email} now receives the LINEA newsletter.`);
    // A link works once: the second time it ends on the failure page, which offers a new one.
    await page.goto(confirm);
    await expect(page).toHaveURL(/\/en-gb\/subscription-failure\.html$/);
    await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // The same answer as for any address; the mailbox is told it is subscribed already.
    await expect(page.getByRole('status')).toHaveText(/we have sent you an email/);
    await expect.poll(async () => (await mailsTo(email))[0]?.subject).toBe('You already receive the LINEA newsletter');

    await page.goto(unsubscribe);
    await expect(page.getByText(`Stop sending the LINEA newsletter to ${email}?`)).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toHaveText(`${email} will no longer receive the LINEA newsletter.`);
    // Somebody else's address with this link's signature is refused.
    await page.goto(unsubscribe.replace(encodeURIComponent(email), encodeURIComponent('someone.else@linea.example')));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('This link is not valid any more, or not for this address.');
  });

  test('with the switch tying it to the member, a signed-in member’s address goes to their subscriptions, every category N', async ({
    page,
  }) => {
    await bindMember(page.request, page, 'Y');
    try {
      const member = await newMember(page, 'bound', { address: false });
      await page.goto('/en-gb/login.html');
      await signInOnPage(page, member.email);
      await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
      await page.context().clearCookies({ name: CUSTOM_POPUP_SEEN_COOKIE });
      await page.goto('/en-gb/');
      const popup = page.getByRole('dialog', { name: 'The LINEA newsletter' });
      await popup.getByLabel('Email').fill(member.email);
      await popup.getByRole('button', { name: 'Subscribe' }).click();
      await expect(popup.getByRole('status')).toHaveText(/your newsletter choices are on the newsletter page/);
      const saved = (await (await page.request.get('/api/member/subscription', { headers: member.auth })).json()).resp;
      expect(saved).toMatchObject({
        subscribeEmail: member.email,
        emailFlag: 'Y',
        subscribeMap: { NEW_ARRIVALS: 'N', MEMBER_OFFERS: 'N', STYLING: 'N', KIDS_BABY: 'N' },
      });
      // No confirmation mail: the member's own account needs none. The outbox sends in order,
      // so once a mail queued after it has arrived, one for the member would have too. The
      // member's one mail is the link that opened the account.
      const later = `later.${member.email}`;
      expect((await (await page.request.post('/api/newsletter/subscribe', { data: { email: later } })).json()).success).toBe(true);
      await mailTo(later);
      const mails = await mailsTo(member.email);
      expect(mails).toHaveLength(1);
      linkIn(mails[0]!, '/register.html');
    } finally {
      await bindMember(page.request, page, 'N');
    }
  });

  test("declining sets the seen cookie for the session; with don't show again ticked, for a year", async ({ page }) => {
    await page.goto('/en-gb/');
    const popup = page.getByRole('dialog', { name: 'The LINEA newsletter' });
    await popup.getByRole('button', { name: 'No, thanks' }).click();
    await expect(popup).toBeHidden();
    expect(await seenCookie(page)).toMatchObject({ value: 'Y', expires: -1 });

    await page.context().clearCookies({ name: CUSTOM_POPUP_SEEN_COOKIE });
    await page.goto('/en-gb/');
    await popup.getByLabel("Don't show this again").check();
    await popup.getByRole('button', { name: 'No, thanks' }).click();
    const cookie = await seenCookie(page);
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + YEAR_S - 120);
    expect(cookie!.expires).toBeLessThan(Date.now() / 1000 + YEAR_S + 120);
    await page.goto('/en-gb/');
    await expect(popup).toBeHidden();
  });
});

test("a member edits their own subscriptions: addresses, ways to reach them and the CMS's categories, kept", async ({ page }) => {
  const member = await newMember(page, 'letter', { address: false });
  await page.goto('/en-gb/login.html');
  await signInOnPage(page, member.email);
  await expect(page).toHaveURL(/\/en-gb\/account\/info\.html$/);
  await page.goto('/en-gb/newsletter-subscription.html');
  // Nothing saved yet: the account's email, nothing ticked.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Styling notes')).not.toBeChecked();
  await page.getByLabel('Newsletter by email').check();
  await page.getByLabel('Styling notes').check();
  await page.getByLabel('Second email (optional)').fill('second');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address');
  await page.getByLabel('Second email (optional)').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your newsletter choices are saved.');

  const saved = (await (await page.request.get('/api/member/subscription', { headers: member.auth })).json()).resp;
  expect(saved).toEqual({
    subscribeEmail: member.email,
    extensionEmail: '',
    phoneFlag: 'N',
    smsFlag: 'N',
    emailFlag: 'Y',
    popupNoticeFlag: 'N',
    subscribeMap: { NEW_ARRIVALS: 'N', MEMBER_OFFERS: 'N', STYLING: 'Y', KIDS_BABY: 'N' },
  });
  await page.reload();
  await expect(page.getByLabel('Styling notes')).toBeChecked();
  await expect(page.getByLabel('Newsletter by email')).toBeChecked();
  await expect(page.getByLabel('Text messages')).not.toBeChecked();
});

test('the member-privacy notice greets first on its pages only, and once acknowledged stays closed for a year', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/en-gb/');
  const notice = page.getByRole('dialog', { name: 'Your personal data as a member' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute('href', '/en-gb/privacy-policy.html');
  // One greeting per page view: the promotion waits.
  await expect(page.getByRole('dialog', { name: 'Promotion' })).toBeHidden();
  await notice.getByRole('button', { name: 'I understand' }).click();
  await expect(notice).toBeHidden();
  const cookie = (await page.context().cookies()).find((c) => c.name === MEMBER_PRIVACY_SEEN_COOKIE);
  expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + YEAR_S - 120);
  // The next visit to home gets the promotion instead.
  await page.goto('/en-gb/');
  await expect(page.getByRole('dialog', { name: 'Promotion' })).toBeVisible();

  // Signed in, so the settlement page stays put instead of sending a visitor to sign in.
  const member = await newMember(page, 'privacy', { address: false });
  await signInThroughApi(page, member.email);
  await page.context().clearCookies({ name: MEMBER_PRIVACY_SEEN_COOKIE });
  for (const path of ['/en-gb/login.html', '/en-gb/register.html', '/en-gb/payment_settlement.html', '/en-gb/product-detail.html']) {
    await page.goto(path);
    await expect(page.locator('dialog[data-popup="member-privacy"]'), path).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  for (const path of ['/en-gb/women.html', '/en-gb/search.html', '/en-gb/site-map.html']) {
    await page.goto(path);
    await expect(page.locator('dialog[data-popup="member-privacy"]'), path).toHaveCount(0);
  }
  await page.goto('/en-gb/login.html');
  await expect(notice).toBeVisible();
});
