/**
 * Forms another site posts to the store (docs/commerce-api.md, Guards), as the attack was made: a page on another
 * loopback port (another origin of the same site, so the browser even sends our SameSite=Lax
 * cookies) auto-submits a text/plain form whose body parses as JSON. Sign-in, sign-out and a
 * member's write are each refused with 403, and the browser's session is as it was.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../src/lib/api/cookies.ts';
import { linkIn, mailTo } from './mailbox.ts';
import { signIn } from './member.ts';
import { captchaToken, newMember, openAccount, PASSWORD } from './shopper.ts';
import { expect, test } from './test.ts';

/** The other site: `/?action=/api/…&json={…}` answers a page that posts that JSON there as text/plain at once. */
async function otherSite(baseURL: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://other').searchParams;
    const json = query.get('json') ?? '';
    // text/plain sends `name=value`: the name holds the JSON up to a last string, the value closes it.
    const field = json ? `<input type="hidden" name='${json.slice(0, -1)},"pad":"' value='"}'>` : '';
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><title>Other</title><form method="post" enctype="text/plain" action="${baseURL}${query.get('action')}">${field}</form>` +
        '<script>document.forms[0].submit()</script>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Opens the other site's page for one attack; the store's answer to its post. */
async function attack(page: Page, site: string, action: string, body?: object) {
  const answered = page.waitForResponse((response) => response.url().endsWith(action));
  await page.goto(`${site}/?${new URLSearchParams({ action, json: body ? JSON.stringify(body) : '' })}`);
  const response = await answered;
  return { status: response.status(), sent: response.request().postData(), answer: await response.json() };
}

const sessionCookies = async (page: Page) =>
  (await page.context().cookies()).filter((c) => c.name === REFRESH_COOKIE || c.name === SESSION_HINT_COOKIE).map((c) => c.name);

test('another origin cannot sign a visitor into its account, sign a member out, or write for them', async ({ page, request, baseURL }) => {
  const other = await otherSite(baseURL!);
  try {
    // The attacker's own account, registered apart from the victim's browser.
    const attacker = `attacker.${Date.now()}@linea.example`;
    await openAccount(request, { name: 'Other Site', email: attacker, password: PASSWORD });

    // 1. A visitor's browser is not signed into the attacker's account.
    const login = await attack(page, other.url, '/api/auth/login', {
      account: attacker,
      password: PASSWORD,
      captchaToken: await captchaToken(request),
    });
    // The body is the JSON the API used to take, sent as text/plain.
    expect(JSON.parse(login.sent!)).toMatchObject({ account: attacker, password: PASSWORD });
    expect(login).toMatchObject({ status: 403, answer: { success: false, msgCode: 'CROSS_SITE_REFUSED' } });
    expect(await sessionCookies(page)).toEqual([]);

    // 2. A member is not signed out by an empty form.
    const member = await newMember(page, 'victim');
    await signIn(page, member.email);
    const signedIn = await sessionCookies(page);
    expect(signedIn.sort()).toEqual([REFRESH_COOKIE, SESSION_HINT_COOKIE].sort());
    const logout = await attack(page, other.url, '/api/auth/logout');
    expect(logout).toMatchObject({ status: 403, answer: { msgCode: 'CROSS_SITE_REFUSED' } });
    expect((await sessionCookies(page)).sort()).toEqual(signedIn.sort());

    // 3. Nor is anything written for them.
    const write = await attack(page, other.url, '/api/address/save', {
      receiver: 'Other Site',
      mobile: '0912345678',
      region: 'TW',
      city: '台北市',
      detail: '其他路 1 號',
      zipCode: '110',
      isDefault: 'Y',
    });
    expect(write).toMatchObject({ status: 403, answer: { msgCode: 'CROSS_SITE_REFUSED' } });

    // Still signed in, with only the address they saved.
    await page.goto('/account/address.html');
    await expect(page.locator('main')).toContainText('信義路五段 7 號');
    await expect(page.locator('main')).not.toContainText('其他路 1 號');
    await expect(page).toHaveURL(/\/account\/address\.html$/);
  } finally {
    other.server.close();
  }
});

test('no test hook answers on the store’s origin: a reset link is read only from the mail', async ({ page }) => {
  const member = await newMember(page, 'hooks');
  expect((await (await page.request.post('/api/auth/forget-password', { data: { email: member.email } })).json()).success).toBe(true);
  const link = linkIn(await mailTo(member.email, '/reset-email.html'), '/reset-email.html');
  const token = new URL(link).searchParams.get('token')!;
  for (const hook of [`mail?to=${member.email}`, `reset-token?email=${member.email}`, 'analytics', 'risk-checks', 'tag-hits']) {
    const answer = await page.request.get(`/api/_test/${hook}`);
    expect(answer.status(), hook).toBe(404);
    expect(await answer.text(), hook).not.toContain(token);
  }
});
