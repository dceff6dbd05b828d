/**
 * What JavaScript a page makes the browser load, measured in a real browser: every script
 * response of the page's origin while the page is loaded and left alone for `settleMs`
 * (start-up), or while an action runs (a touch of the header). Each file is weighed as it
 * would travel, compressed on its own with Brotli. Used by `npm run bench:js`, which prints
 * the figures, and by the budget test, which fails over budget naming the files.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface ScriptFile {
  /** Path on the site, e.g. /_astro/client.Ab12.js. */
  path: string;
  raw: number;
  brotli: number;
}

/** A visitor's start-up: what loads in the first 5 s without touching the page. */
export const STARTUP_WINDOW_MS = 5000;

const weigh = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    .length;

/**
 * How the page is left alone after the action: a number is that many milliseconds of real time;
 * a function lets the caller move the page's own time instead (the budget test runs the page's
 * clock through the same window, which takes far less real time).
 */
export type Settle = number | ((page: Page) => Promise<void>);

/** The scripts the page loads while `during` runs (and the page settles after it). */
export async function scriptsLoaded(page: Page, during: () => Promise<unknown>, settle: Settle = STARTUP_WINDOW_MS): Promise<ScriptFile[]> {
  const origin = new URL(page.url() === 'about:blank' ? 'http://x/' : page.url()).origin;
  const pending: Array<Promise<ScriptFile | null>> = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url());
    if (origin !== 'http://x' && url.origin !== origin) return;
    pending.push(
      response.body().then(
        (body) => ({ path: url.pathname, raw: body.length, brotli: weigh(body) }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    await during();
    if (typeof settle === 'number') await page.waitForTimeout(settle);
    else await settle(page);
  } finally {
    page.off('response', onResponse);
  }
  const files = (await Promise.all(pending)).filter((f): f is ScriptFile => f !== null);
  // A file asked for twice counts once.
  return [...new Map(files.map((f) => [f.path, f])).values()].sort((a, b) => b.brotli - a.brotli);
}

export const totalBrotli = (files: readonly ScriptFile[]) => files.reduce((sum, f) => sum + f.brotli, 0);
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
