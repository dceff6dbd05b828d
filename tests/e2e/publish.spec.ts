/**
 * Publishing as an editor meets it, against the running store: an edit in the sample CMS
 * fires a signed webhook, the publish service rebuilds the touched page and swaps the release,
 * and the new text is served; a malformed document leaves the live site as it was and says
 * why in /status, as does a page at a store page's address; `npm run rollback` brings the previous release back; at a date
 * boundary, a page whose start date passes appears and one whose end date passes goes, without
 * anyone publishing. Each test puts the content back.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test.ts';
import { signIn } from './member.ts';
import { newMember } from './shopper.ts';
import { E2E_CMS_URL, E2E_PUBLISH_URL, E2E_RELEASES_DIR } from '../../playwright.config.ts';

const WOMEN = 'zh_TW/pages/women.json';
const CONFIG = 'zh_TW/config.json';
/** A page document an editor puts at the cart's address. */
const CLASHING_PAGE = 'zh_TW/pages/cart.json';
const LOOKBOOK = '/feature/lookbook.html';
/** A page no other test of this file reads, to end at the boundary where the lookbook starts. */
const CARE_GUIDE = '/feature/care-guide.html';
const BUILD_WAIT = { timeout: 90_000, intervals: [500] };

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

async function cmsDocument(request: APIRequestContext, cachePath: string) {
  return (await request.get(`${E2E_CMS_URL}/cms/${cachePath}`)).json();
}
/** Saves a document in the CMS; returns the id of the webhook delivery that announces it. */
async function putDocument(request: APIRequestContext, cachePath: string, body: unknown, force = false): Promise<string> {
  const answer = await request.put(`${E2E_CMS_URL}/cms/_edit/${cachePath}${force ? '?force=1' : ''}`, {
    data: body,
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return ((await answer.json()) as { delivery: string }).delivery;
}
interface BuildRecord {
  ok: boolean;
  error?: string;
  finishedAt: number;
  changeSet: { documents: Record<string, string>; sources: string[] };
  result?: { mode: string; removed: string[] };
}
async function recentBuilds(request: APIRequestContext): Promise<BuildRecord[]> {
  return (await (await request.get(`${E2E_PUBLISH_URL}/status`)).json()).queue.recent as BuildRecord[];
}
/**
 * The newest finished build that matches: not simply the last one, because the service may
 * have run another publish since (a scheduled boundary, a webhook retry).
 */
async function findBuild(request: APIRequestContext, matches: (record: BuildRecord) => boolean): Promise<BuildRecord | null> {
  return (await recentBuilds(request)).find(matches) ?? null;
}
/**
 * The first finished build that took a delivery in. Known by the delivery's id, not by the
 * time: the previous test's build can go live a moment before its record is written, and a
 * failed build's changes go into the next one too.
 */
async function buildOf(request: APIRequestContext, delivery: string): Promise<BuildRecord | null> {
  return (await recentBuilds(request)).findLast((record) => record.changeSet.sources.includes(delivery)) ?? null;
}
const withNotice = (doc: { components: unknown[] }, text: string) => ({
  ...doc,
  components: [
    {
      type: 'customContent',
      id: `e2e-${Date.now()}`,
      html: `<p class="e2e-notice">${text}</p>`,
      className: '',
      startDate: null,
      endDate: null,
    },
    ...doc.components,
  ],
});

test('an edit in the CMS is live in seconds, and rollback brings the page before it back', async ({ page, request }) => {
  const original = await cmsDocument(request, WOMEN);
  const text = `Published at ${Date.now()}`;
  try {
    await putDocument(request, WOMEN, withNotice(original, text));
    await expect.poll(async () => (await request.get('/women.html')).text(), BUILD_WAIT).toContain(text);
    await page.goto('/women.html');
    await expect(page.locator('.e2e-notice')).toHaveText(text);

    execFileSync(process.execPath, ['scripts/publish/rollback.ts'], {
      env: { ...process.env, RELEASES_DIR: E2E_RELEASES_DIR },
      stdio: 'pipe',
    });
    await page.reload();
    await expect(page.locator('.e2e-notice')).toHaveCount(0);
  } finally {
    await putDocument(request, WOMEN, original);
    await expect.poll(async () => (await request.get('/women.html')).text(), BUILD_WAIT).not.toContain(text);
  }
});

test("an editor's script published in custom HTML runs under the policy, in a sandboxed frame away from the member's session", async ({
  page,
  request,
}) => {
  const original = await cmsDocument(request, WOMEN);
  const marker = `${Date.now()}`;
  // What a hostile script would try: read the session cookie and storage, and get a fresh
  // access token with the member's refresh cookie.
  const script = [
    `const n=document.querySelector('.e2e-notice');n.dataset.ran=${JSON.stringify(marker)};`,
    "try{n.dataset.cookie=document.cookie||'empty'}catch(e){n.dataset.cookie='refused'}",
    "try{n.dataset.storage=String(localStorage.length)}catch(e){n.dataset.storage='refused'}",
    "fetch('/api/auth/refresh',{method:'POST',credentials:'include'}).then(r=>r.text()).then(t=>{n.dataset.refresh=t.includes('accessToken')?'token':'no-token'},()=>{n.dataset.refresh='failed'})",
  ].join('');
  const edited = withNotice(original, 'Script');
  (edited.components[0] as { html: string }).html += `<script>${script}</script>`;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  try {
    await putDocument(request, WOMEN, edited);
    await expect.poll(async () => (await request.get('/women.html')).text(), BUILD_WAIT).toContain(marker);
    // A signed-in member opens the page.
    const member = await newMember(page, 'framed', { address: false });
    await signIn(page, member.email);
    const response = await page.goto('/women.html');
    expect(response?.headers()['content-security-policy']).toContain(hash);
    // It ran, in its frame, and the test's own watch saw no violation on the page.
    const frame = page.frameLocator('iframe.cms-custom__frame');
    const notice = frame.locator('.e2e-notice');
    await expect(notice).toHaveAttribute('data-ran', marker);
    await expect(page.locator('main .e2e-notice')).toHaveCount(0);
    // Without our origin: no cookie, no storage, no token.
    await expect(notice).toHaveAttribute('data-cookie', 'refused');
    await expect(notice).toHaveAttribute('data-storage', 'refused');
    await expect(notice).toHaveAttribute('data-refresh', /^(failed|no-token)$/);
    // Sized to its content: the notice shows whole, with no scroll bar.
    const height = await page.locator('iframe.cms-custom__frame').evaluate((el) => el.getBoundingClientRect().height);
    const content = await notice.evaluate((el) => el.ownerDocument.documentElement.scrollHeight);
    expect(Math.abs(height - content)).toBeLessThanOrEqual(1);
  } finally {
    await putDocument(request, WOMEN, original);
    await expect.poll(async () => (await request.get('/women.html')).text(), BUILD_WAIT).not.toContain(marker);
  }
});

test('a malformed document leaves the live site as it was, and /status says which document and field', async ({ request }) => {
  const original = await cmsDocument(request, WOMEN);
  const before = await (await request.get('/women.html')).text();
  try {
    const malformed = await putDocument(request, WOMEN, { ...original, updatedAt: 'yesterday' }, true);
    await expect.poll(async () => (await buildOf(request, malformed)) !== null, BUILD_WAIT).toBe(true);
    const failed = await buildOf(request, malformed);
    expect(failed?.ok).toBe(false);
    expect(failed?.error).toMatch(/language zh_TW, document zh_TW\/pages\/women\.json, field updatedAt/);
    const statusPage = await (await request.get(`${E2E_PUBLISH_URL}/status.html`)).text();
    expect(statusPage).toContain('FAILED');
    expect(await (await request.get('/women.html')).text()).toBe(before);
  } finally {
    // The fix is the next publish: the failed change goes into it, and it succeeds.
    const fix = await putDocument(request, WOMEN, original);
    await expect.poll(async () => (await buildOf(request, fix))?.ok ?? null, BUILD_WAIT).toBe(true);
  }
});

test("a page an editor puts at a store page's address leaves the store page live, and /status names both", async ({ request }) => {
  const config = await cmsDocument(request, CONFIG);
  const cart = await (await request.get('/cart.html')).text();
  const clash = { code: 'e2e-cart-sale', path: '/cart.html', tplt: 5, title: 'Cart sale', updatedAt: Date.now() };
  try {
    await putDocument(request, CLASHING_PAGE, { code: clash.code, updatedAt: clash.updatedAt, components: [] });
    const listed = await putDocument(request, CONFIG, { ...config, pages: [...config.pages, clash] });
    await expect.poll(async () => (await buildOf(request, listed)) !== null, BUILD_WAIT).toBe(true);
    const failed = await buildOf(request, listed);
    expect(failed?.ok).toBe(false);
    expect(failed?.error).toContain(
      "CMS page e2e-cart-sale (zh-TW, /cart.html) and the store's cart page (zh-TW, /cart.html) are both cart.html",
    );
    expect(await (await request.get('/cart.html')).text()).toBe(cart);
  } finally {
    const fix = await putDocument(request, CONFIG, config);
    await expect.poll(async () => (await buildOf(request, fix))?.ok ?? null, BUILD_WAIT).toBe(true);
    expect((await request.delete(`${E2E_CMS_URL}/cms/_edit/${CLASHING_PAGE}`)).status()).toBeLessThan(300);
  }
});

// One boundary for both pages, set in one edit of the language's configuration (one publish):
// the boundary's wait is real time (the running service keeps the real clock), so both rules
// share one. publish-service.test.ts and affected-pages.test.ts pin each rule on an injected
// clock; this is the whole chain, live.
test('at a date boundary, a page whose start date passes appears and one whose end date passes is gone with its file, without an editor', async ({
  request,
}) => {
  const config = await cmsDocument(request, CONFIG);
  const boundary = Date.now() + 25_000;
  const status = (path: string) => async () => (await request.get(path, { maxRedirects: 0 })).status();
  const scheduled = {
    ...config,
    pages: (config.pages as Array<{ path: string }>).map((page) =>
      page.path === LOOKBOOK ? { ...page, startDate: boundary } : page.path === CARE_GUIDE ? { ...page, endDate: boundary } : page,
    ),
  };
  try {
    await putDocument(request, CONFIG, scheduled);
    // Published with a future start: gone for now (an unknown page answers 404); the ending page is still there.
    await expect.poll(status(LOOKBOOK), BUILD_WAIT).toBe(404);
    // The live swap comes a moment before the build's record (and its next boundary) in /status.
    await expect.poll(async () => (await (await request.get(`${E2E_PUBLISH_URL}/status`)).json()).nextBoundary, BUILD_WAIT).toBe(boundary);
    expect(await status(CARE_GUIDE)()).toBe(200);
    // Nobody publishes again: the service rebuilds at the boundary, page by page.
    await expect.poll(status(LOOKBOOK), { timeout: 120_000, intervals: [1000] }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(boundary);
    // The same publish took the ended page's file out of the release (an unknown page answers 404).
    await expect.poll(status(CARE_GUIDE), BUILD_WAIT).toBe(404);
    // The publish that removed it, page by page: found among the recent builds, since another
    // may already have run after it; and polled, since the swap comes a moment before the
    // build's record.
    const removedIt = (record: BuildRecord) => record.finishedAt >= boundary && (record.result?.removed ?? []).includes(CARE_GUIDE);
    await expect
      .poll(async () => (await findBuild(request, removedIt))?.result ?? null, BUILD_WAIT)
      .toMatchObject({ mode: 'pages', removed: expect.arrayContaining([CARE_GUIDE]) });
  } finally {
    await putDocument(request, CONFIG, config);
    await expect.poll(status(LOOKBOOK), BUILD_WAIT).toBe(200);
    await expect.poll(status(CARE_GUIDE), BUILD_WAIT).toBe(200);
  }
});
