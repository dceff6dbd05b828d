/** What the account-area browser tests share: signing in on the page, reading the API as the member, and where a failure shows. */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { PASSWORD, signInThroughApi, type TestMember } from './shopper.ts';

export const DEMO = DEMO_MEMBERS[0];
export const hydrated = (component: string) => `astro-island[component-url*="${component}"]:not([ssr])`;

/**
 * Signs in as a test's set-up and lands on the account hub: through the API, whose refresh
 * cookie the page's context keeps, as a browser that signed in before would have it. The
 * login form itself is tested in auth.spec.ts (signInOnPage); going through it for every
 * member test cost a page load and its hydration each time.
 */
export async function signIn(page: Page, email: string, password = PASSWORD, prefix = ''): Promise<void> {
  await signInThroughApi(page, email, password);
  await page.goto(`${prefix}/account/info.html`);
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/info\\.html$`));
}

export const signInDemo = (page: Page, prefix = '') => signIn(page, DEMO.email, DEMO.password, prefix);

/** An access token of the demo member's own (through the API), to read what the page should show. */
export async function demoAuth(page: Page): Promise<{ authorization: string }> {
  const { accessToken } = await signInThroughApi(page, DEMO.email, DEMO.password);
  return { authorization: `Bearer ${accessToken}` };
}

/** One API call as a member; the envelope's resp. */
export async function api<T>(page: Page, auth: TestMember['auth'], path: string, data?: object): Promise<T> {
  const response =
    data === undefined
      ? await page.request.get(`/api${path}`, { headers: auth })
      : await page.request.post(`/api${path}`, { headers: auth, data });
  const answer = await response.json();
  expect(answer.success, `${path}: ${JSON.stringify(answer)}`).toBe(true);
  return answer.resp as T;
}

/** A form group (its label, controls and error slot) by the field it holds. */
export const group = (scope: Page | Locator, name: string) => scope.locator(`[data-group="${name}"]`);

/**
 * The group shows `text` as its error, and the page has brought it into view below the sticky
 * header (not hidden under it, not below the fold).
 */
export async function expectErrorInView(page: Page, name: string, text: string | RegExp, scope: Page | Locator = page): Promise<void> {
  const box = group(scope, name);
  await expect(box.locator('.form-field__error')).toHaveText(text);
  await expect
    .poll(async () =>
      box.evaluate((element) => {
        const header = document.querySelector('.site-header')!.getBoundingClientRect();
        const rect = element.getBoundingClientRect();
        return rect.top >= header.bottom - 1 && rect.top < window.innerHeight;
      }),
    )
    .toBe(true);
}
