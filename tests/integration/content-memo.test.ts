/**
 * The waiting build process's memo of the product cache (src/node/cms/content.ts, readProducts):
 * a load with the memo reads again only what the pull wrote since the last one. The pull writes
 * each product file by a rename into its language's folder, which moves the folder's time; a
 * folder whose time has not moved since it was listed (and had not moved for a while before) is
 * taken whole from the memo, file checks and all; otherwise each file is checked by its size
 * and time.
 */
import { readFileSync, renameSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteContent, type DocumentMemo } from '../../src/node/cms/content.ts';
import { PRODUCTS_DIR } from '../../src/node/catalogue/pull-products.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { pulledMiniCms } from '../fixtures/pulled-cms.ts';
import { productDetail } from '../fixtures/product-detail.ts';

const CODE = 'L450011';
const OTHER = 'L450012';
let content: Awaited<ReturnType<typeof pulledMiniCms>>;
const folder = (language: string) => join(content.cacheDir, PRODUCTS_DIR, language);
const fileOf = (language: string, code: string) => join(folder(language), `${code}.json`);

/** As the pull writes a product: a file beside it, renamed over it. */
function pullWrites(language: string, code: string, name: string): void {
  writeFileSync(`${fileOf(language, code)}.tmp`, `${JSON.stringify(productDetail(code, name))}\n`);
  renameSync(`${fileOf(language, code)}.tmp`, fileOf(language, code));
}

/** Not as the pull writes: in place, so the folder's time stays (the file's own moves). */
function writtenInPlace(language: string, code: string, name: string): void {
  writeFileSync(fileOf(language, code), `${JSON.stringify(productDetail(code, name))}\n`);
}

/** The folders as a pull a minute ago left them. */
function pulledAMinuteAgo(): void {
  const then = new Date(Date.now() - 60_000);
  for (const language of LANGUAGES) utimesSync(folder(language.code), then, then);
}

const load = (memo?: DocumentMemo) =>
  loadSiteContent({ cacheDir: content.cacheDir, localesDir: join(process.cwd(), 'public', 'locales'), ...(memo ? { memo } : {}) });
const nameIn = async (memo: DocumentMemo | undefined, code = CODE) =>
  (await load(memo)).languages[0]!.products.find((p) => p.productCode === code)?.name;

beforeAll(async () => {
  content = await pulledMiniCms();
  for (const language of LANGUAGES) {
    mkdirSync(folder(language.code), { recursive: true });
    pullWrites(language.code, CODE, 'Linen shirt');
    pullWrites(language.code, OTHER, 'Wool coat');
  }
  pulledAMinuteAgo();
});
afterAll(() => content?.remove());

describe('the product cache, loaded again with the memo', () => {
  it('takes a folder the pull has not written since from the memo, without checking its files', async () => {
    const memo: DocumentMemo = new Map();
    expect(await nameIn(memo)).toBe('Linen shirt');
    // Nothing but the pull writes the cache: a change that does not move the folder's time is
    // not looked for (this is what spares the file checks).
    writtenInPlace(LANGUAGES[0]!.code, CODE, 'Linen shirt, edited in place');
    expect(await nameIn(memo)).toBe('Linen shirt');
    // Without the memo, a build reads every file.
    expect(await nameIn(undefined)).toBe('Linen shirt, edited in place');
    pullWrites(LANGUAGES[0]!.code, CODE, 'Linen shirt');
    pulledAMinuteAgo();
  });

  it('reads again what the pull wrote, and keeps the products it did not write', async () => {
    const memo: DocumentMemo = new Map();
    await load(memo);
    pullWrites(LANGUAGES[0]!.code, CODE, 'Linen shirt II');
    const products = (await load(memo)).languages[0]!.products;
    expect(products.map((p) => [p.productCode, p.name])).toEqual([
      [CODE, 'Linen shirt II'],
      [OTHER, 'Wool coat'],
    ]);
    expect(JSON.parse(readFileSync(fileOf(LANGUAGES[0]!.code, CODE), 'utf8')).name).toBe('Linen shirt II');
    pulledAMinuteAgo();
  });

  it('checks each file when the folder changed just before it was listed: a change in the same tick would not move its time', async () => {
    const memo: DocumentMemo = new Map();
    // A pull has just written: the folder's time is now.
    pullWrites(LANGUAGES[0]!.code, CODE, 'Linen shirt III');
    expect(await nameIn(memo)).toBe('Linen shirt III');
    // The file changes within the folder's time: found by its own size and time.
    writtenInPlace(LANGUAGES[0]!.code, CODE, 'Linen shirt, a longer name');
    expect(await nameIn(memo)).toBe('Linen shirt, a longer name');
  });
});
