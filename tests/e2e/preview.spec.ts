/**
 * An editor previews a draft before it goes live (docs/publishing.md, Preview): a changed title
 * and carousel slide, saved as drafts in the sample CMS, show in the preview link's page under
 * the preview bar (and on the page a link inside it leads to) while the live page is unchanged;
 * a tampered or expired link is refused with nothing of the page; publishing the drafts makes
 * the live page what the preview showed. The test puts the content back.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test.ts';
import { E2E_CMS_URL } from '../../playwright.config.ts';
import { DEV_PREVIEW_SECRET } from '../../src/node/env.ts';
import { previewLinkQuery } from '../../src/node/preview/link.ts';

const PREVIEW_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4398) + 5}`;
const PAGE = '/baby.html';
const DOCUMENT = 'zh_TW/pages/baby.json';
const CONFIG = 'zh_TW/config.json';
const LIVE_WAIT = { timeout: 90_000, intervals: [500] };

test.describe.configure({ mode: 'serial' });
// The first preview starts the renderer (the site's bundles): some 20 s on the 2-core machine.
test.setTimeout(180_000);

interface Config {
  pages: Array<{ path: string; title: string }>;
}
interface PageDocument {
  components: Array<{ type: string; items?: Array<{ title: string }> }>;
}

const published = async <T>(request: APIRequestContext, cachePath: string) =>
  (await request.get(`${E2E_CMS_URL}/cms/${cachePath}`)).json() as Promise<T>;

async function edit(request: APIRequestContext, method: 'PUT' | 'POST', path: string, body?: unknown) {
  const answer = await request.fetch(`${E2E_CMS_URL}/cms/_edit/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer.json() as Promise<Record<string, unknown>>;
}

test('an editor previews a draft title and carousel, the live page is unchanged until the draft is published', async ({
  page,
  browser,
  request,
}) => {
  const marker = `${Date.now()}`;
  const config = await published<Config>(request, CONFIG);
  const document = await published<PageDocument>(request, DOCUMENT);
  const draftConfig = structuredClone(config);
  draftConfig.pages.find((p) => p.path === PAGE)!.title = `預覽標題 ${marker}`;
  const draftDocument = structuredClone(document);
  draftDocument.components.find((c) => c.type === 'carousel')!.items![0]!.title = `預覽輪播 ${marker}`;
  await edit(request, 'PUT', `${CONFIG}?draft=1`, draftConfig);
  await edit(request, 'PUT', `${DOCUMENT}?draft=1`, draftDocument);

  try {
    const { url } = (await edit(request, 'POST', '_preview-link', { path: PAGE })) as { url: string };
    const preview = await page.goto(url);
    expect(preview!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview!.headers()['cache-control']).toBe('no-store');
    const bar = page.locator('#linea-preview-bar');
    await expect(bar).toContainText('PREVIEW');
    await expect(bar).toContainText('zh-TW');
    await expect(page.locator('main h1')).toHaveText(`預覽標題 ${marker}`);
    await expect(page.locator('.cms-carousel__caption').first()).toHaveText(`預覽輪播 ${marker}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    // The live page is as it was.
    const live = await request.get(PAGE);
    expect(await live.text()).not.toContain(marker);

    // The links inside the preview stay in the preview.
    await page.locator('main a[href$=".html"]').first().click();
    await expect(page).toHaveURL(new RegExp(`^${PREVIEW_URL}/`));
    await expect(bar).toBeVisible();

    // Another browser, with a changed or expired link: refused, and nothing of the page.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    const tampered = new URL(url);
    tampered.searchParams.set('path', '/men.html');
    const refused = await other.goto(tampered.toString());
    expect(refused!.status()).toBe(403);
    await expect(other.locator('body')).toContainText('signature');
    const expired = `${PREVIEW_URL}/_preview/open?${previewLinkQuery({ path: PAGE, language: 'zh-TW', expires: Math.floor(Date.now() / 1000) - 60 }, DEV_PREVIEW_SECRET)}`;
    expect((await other.goto(expired))!.status()).toBe(403);
    await expect(other.locator('body')).toContainText('expired');
    expect((await other.goto(`${PREVIEW_URL}${PAGE}`))!.status()).toBe(403);
    await expect(other.locator('body')).not.toContainText(marker);
    await stranger.close();

    // Publishing the drafts makes the live page what the preview showed.
    await edit(request, 'POST', `_publish/${CONFIG}`);
    await edit(request, 'POST', `_publish/${DOCUMENT}`);
    await expect.poll(async () => (await request.get(PAGE)).text(), LIVE_WAIT).toContain(`預覽輪播 ${marker}`);
    await page.goto(PAGE);
    await expect(page.locator('main h1')).toHaveText(`預覽標題 ${marker}`);
    await expect(page.locator('.cms-carousel__caption').first()).toHaveText(`預覽輪播 ${marker}`);
  } finally {
    // Back as it was, for the other tests: drafts discarded, the published documents put back.
    for (const path of [CONFIG, DOCUMENT]) await request.delete(`${E2E_CMS_URL}/cms/_edit/${path}?draft=1`);
    await edit(request, 'PUT', CONFIG, config);
    await edit(request, 'PUT', DOCUMENT, document);
    await expect.poll(async () => (await request.get(PAGE)).text(), LIVE_WAIT).not.toContain(marker);
  }
});
