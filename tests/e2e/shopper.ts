/** Shoppers for browser tests: a fresh member each (the suite's tests share one commerce API), and the sample catalogue. */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CatalogueProduct } from '../../scripts/sample-data/catalogue-schema.ts';
import { linkIn, mailTo } from './mailbox.ts';
import { SEEN_POPUP_COOKIES } from './promo-cookie.ts';

export const PASSWORD = 'Shopper2026';

export interface TestMember {
  email: string;
  name: string;
  userId: string;
  /** An access token of the member's own, for setting things up through the API. */
  auth: { authorization: string };
}

/**
 * Opens an account through the API as a shopper does: registers, then opens the link the store
 * mailed to the address (read from MailDev). The session the link gives, in `request`'s cookies.
 */
export async function openAccount(
  request: APIRequestContext,
  member: { name: string; email: string; password: string },
): Promise<{ accessToken: string; member: { userId: string } }> {
  const registered = await (
    await request.post('/api/auth/register', { data: { ...member, agreeTerms: true, captchaToken: await captchaToken(request) } })
  ).json();
  expect(registered, JSON.stringify(registered)).toMatchObject({ success: true, resp: { status: 'pending' } });
  const token = new URL(linkIn(await mailTo(member.email, '/register.html'), '/register.html')).searchParams.get('registerToken');
  const opened = await (await request.post('/api/auth/register/confirm', { data: { token } })).json();
  expect(opened.success, JSON.stringify(opened)).toBe(true);
  return opened.resp as { accessToken: string; member: { userId: string } };
}

/** Registers a member through the API (with a saved address, so home delivery works); the page stays a visitor's. */
export async function newMember(page: Page, label: string, options: { address?: boolean } = {}): Promise<TestMember> {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@linea.example`;
  // Names follow the name rule: letters, no digits.
  const name = `Shopper ${label.replace(/[^A-Za-z]/g, '') || 'Member'}`;
  const session = await openAccount(page.request, { name, email, password: PASSWORD });
  const auth = { authorization: `Bearer ${session.accessToken}` };
  if (options.address !== false) {
    const address = await (
      await page.request.post('/api/address/save', {
        headers: auth,
        data: {
          receiver: name,
          mobile: '0912345678',
          region: 'TW',
          city: '台北市',
          detail: '信義路五段 7 號',
          zipCode: '110',
          isDefault: 'Y',
        },
      })
    ).json();
    expect(address.success, JSON.stringify(address)).toBe(true);
  }
  // Opening the account set this context's refresh cookie: sign out so the member starts as a visitor.
  await forgetSession(page);
  return { email, name, userId: session.member.userId, auth };
}

/** Drops the context's cookies (the session's among them), keeping the greeting pop-ups seen. */
export async function forgetSession(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.context().addCookies(SEEN_POPUP_COOKIES);
}

/** Puts a SKU in the member's cart through the API. */
export async function addThroughApi(page: Page, member: TestMember, productCode: string, skuCode: string, quantity = 1): Promise<void> {
  const answer = await (
    await page.request.post('/api/cart/add', { headers: member.auth, data: { productCode, skuCode, quantity } })
  ).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
}

/** In-stock SKUs of switched-on products, from the end of the catalogue (the other tests start at its beginning). */
export function spareSkus(count: number, minimumStock = 5): Array<{ productCode: string; skuCode: string; stock: number }> {
  return catalogue()
    .filter((p) => p.enabledFlag === 'Y' && p.approval === 'LIST')
    .reverse()
    .flatMap((p) =>
      p.skus
        .filter((s) => s.stock >= minimumStock)
        .slice(0, 1)
        .map((s) => ({ productCode: p.productCode, skuCode: s.skuCode, stock: s.stock })),
    )
    .slice(0, count);
}

/** Passes the local stand-in captcha (scripts/local-commerce/routes/stand-ins.ts) of the form the page is on. */
export async function passCaptcha(page: Page): Promise<void> {
  const check = page.locator('main .standin-captcha');
  await check.locator('button').first().click();
  await expect(check).toContainText('✓');
}

/** A passed captcha's token, for signing in or registering through the API as the local API asks. */
export async function captchaToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/_standin/captcha/solve', { data: { pass: true } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** Signs in through the API, in the page's context (its refresh cookie), as a test's set-up. */
export async function signInThroughApi(page: Page, account: string, password = PASSWORD): Promise<{ accessToken: string }> {
  const answer = await (
    await page.request.post('/api/auth/login', { data: { account, password, captchaToken: await captchaToken(page.request) } })
  ).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.resp as { accessToken: string };
}

/** Fills the login form the page is on, passes its check and submits. */
export async function signInOnPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel(/^(電子郵件或手機號碼|電郵或手提電話號碼|邮箱或手机号码|Email or mobile number)$/).fill(email);
  await page.getByLabel(/^(密碼|密码|Password)$/).fill(password);
  await passCaptcha(page);
  await page.locator('main form button[type="submit"]').click();
}

export function catalogue(): CatalogueProduct[] {
  return (JSON.parse(readFileSync('.data/cms/catalogue.json', 'utf8')) as { products: CatalogueProduct[] }).products;
}

/** A switched-on product whose first colour has a sold-out size beside sizes in stock. */
export function productWithSoldOutSize(): {
  product: CatalogueProduct;
  soldOut: CatalogueProduct['skus'][number];
  inStock: CatalogueProduct['skus'][number];
} {
  for (const product of catalogue()) {
    if (product.enabledFlag !== 'Y') continue;
    const first = product.skus.filter((s) => s.colorNo === product.colours[0]!.colorNo);
    const soldOut = first.find((s) => s.stock === 0);
    const inStock = first.find((s) => s.stock > 5);
    if (soldOut && inStock) return { product, soldOut, inStock };
  }
  throw new Error('The sample catalogue has no product with a sold-out size beside one in stock');
}
