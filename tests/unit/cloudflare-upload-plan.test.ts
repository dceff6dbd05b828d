/**
 * Cloudflare's upload at 20,000 products: what the deploy uploads, split so that no Worker
 * version holds more files than Cloudflare takes (100,000 on a paid plan, 20,000 on the free one).
 * The release is the file names a build writes: each product's page in each language
 * (`{prefix}/product/{code}.html`) and data file (`product-data/{language}/{code}.json`), with
 * their compressed copies, and the 11,000 other files a build at 2,000 CMS pages a language writes
 * besides (measured: 31,041 uncompressed files at 2,000 products, 20,000 of them the products').
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { productPagePath } from '../../src/lib/product/product-id.ts';
import {
  FREE_PLAN_MAX_FILES,
  PAID_PLAN_MAX_FILES,
  cloudflareUploads,
  planUpload,
  productOfFile,
  shardOf,
} from '../../src/lib/routing/hosts/cloudflare.ts';

const PRODUCTS = 20_000;
const OTHER_FILES = 11_000;

function releaseFiles(): string[] {
  const files: string[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const code = `L${String(450_000 + i)}`;
    for (const language of LANGUAGES) {
      const prefix = language.pathSegment ? `${language.pathSegment}/` : '';
      const page = `${prefix}${productPagePath(code).slice(1)}`;
      const data = `product-data/${language.code}/${code}.json`;
      files.push(page, `${page}.br`, `${page}.gz`, data, `${data}.br`, `${data}.gz`);
    }
  }
  for (let i = 0; i < OTHER_FILES; i++) files.push(`feature/page-${i}.html`, `feature/page-${i}.html.br`, `feature/page-${i}.html.gz`);
  files.push('_host/cloudflare/release.json', '.routes.json', '.assetsignore', '_redirects', '_headers');
  return files;
}

describe("the upload to Cloudflare at 20,000 products (the deploy's plan, planUpload)", () => {
  const uploaded = releaseFiles().filter(cloudflareUploads);

  it('uploads no compressed copy, build internal or Netlify file: 211,000 files, over what one Worker version takes', () => {
    expect(uploaded).toHaveLength(PRODUCTS * LANGUAGES.length * 2 + OTHER_FILES);
    expect(uploaded.length).toBeGreaterThan(PAID_PLAN_MAX_FILES);
  });

  for (const [plan, limit] of [
    ['paid', PAID_PLAN_MAX_FILES],
    ['free', FREE_PLAN_MAX_FILES],
  ] as const) {
    it(`on the ${plan} plan (${limit} files a version), no deployment is over the limit, and each file is in the one the Worker asks`, () => {
      const { main, shards } = planUpload(uploaded, limit);
      expect(main.length).toBeLessThanOrEqual(limit);
      for (const shard of shards) expect(shard.length).toBeLessThanOrEqual(limit);
      expect(main.length + shards.reduce((sum, s) => sum + s.length, 0)).toBe(uploaded.length);
      expect(main.every((file) => productOfFile(file) === null)).toBe(true);
      shards.forEach((files, i) => expect(files.every((file) => shardOf(file, shards.length) === i)).toBe(true));
      // A product's pages and data are in one deployment.
      expect(new Set(shards[0]!.map(productOfFile)).size * LANGUAGES.length * 2).toBe(shards[0]!.length);
    });
  }

  it('keeps a release within the limit whole, and refuses one whose other files alone are over it', () => {
    expect(planUpload(uploaded.slice(0, 1000), PAID_PLAN_MAX_FILES).shards).toEqual([]);
    expect(() => planUpload(uploaded, 10_000)).toThrow(/11000 of them other than product pages and data/);
  });
});
