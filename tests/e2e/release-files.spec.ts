/**
 * The live release as the store serves it: every text file has its Brotli and gzip copies, each
 * the same bytes, and no copy stands alone. The build writes most copies while Astro renders
 * (scripts/build/page-pipeline.ts), naming each page's file itself: a wrong name shows here.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './test.ts';
import { E2E_RELEASES_DIR } from '../../playwright.config.ts';
import { isCompressible } from '../../scripts/compress.ts';

test('every compressible file of the live release has both copies, each decompressing to it, and no copy is alone', () => {
  const release = join(E2E_RELEASES_DIR, 'current');
  const files = readdirSync(release, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(release.length + 1));
  const compressible = files.filter(isCompressible);
  expect(compressible.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(200);
  const wrong = compressible.filter((file) => {
    const raw = readFileSync(join(release, file));
    const br = join(release, `${file}.br`);
    const gz = join(release, `${file}.gz`);
    return (
      !existsSync(br) || !existsSync(gz) || !brotliDecompressSync(readFileSync(br)).equals(raw) || !gunzipSync(readFileSync(gz)).equals(raw)
    );
  });
  expect(wrong).toEqual([]);
  const alone = files.filter((file) => /\.(br|gz)$/.test(file) && !existsSync(join(release, file.replace(/\.(br|gz)$/, ''))));
  expect(alone).toEqual([]);
});
