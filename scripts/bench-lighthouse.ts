/**
 * Lighthouse (the `lighthouse` package, default mobile preset with simulated throttling) on
 * Debian's Chromium against a store of the bench's own: home, a category, a product, a press
 * release, search results and a signed-in member's cart. Each page is run 3 times; the
 * median of each figure is printed.
 *
 *   npm run bench:lighthouse [-- --runs 3] [--base http://127.0.0.1:4321] [--only product]
 *
 * --base measures a store already running instead of starting one; --only keeps the pages
 * whose name contains the word.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { startBenchStore } from './bench/store.ts';
import { PATHS, pressReleasePath, productPath, signedInWithCart } from './bench/js-page-types.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, base: { type: 'string' }, only: { type: 'string' } } });
const runs = Number(values.runs);
const DEBUG_PORT = 9333;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const store = values.base ? { url: values.base.replace(/\/$/, ''), stop: async () => {} } : await startBenchStore();
const profile = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'));
// The default (persistent) context: Lighthouse opens its tabs there, with the member's cookies.
const context: BrowserContext = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  baseURL: store.url,
  args: ['--no-sandbox', `--remote-debugging-port=${DEBUG_PORT}`],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: string[][] = [];
try {
  const product = await productPath(context);
  const release = await pressReleasePath(context);
  const pages: Array<[string, string, boolean]> = [
    ['home', '/', false],
    ['category', PATHS.category, false],
    ['product', product, false],
    ['press release', release, false],
    ['search', `/search.html?description=${encodeURIComponent('外套')}`, false],
    ['cart (member)', '/cart.html', true],
  ];
  for (const [name, path, member] of pages.filter(([name]) => !values.only || name.includes(values.only))) {
    if (member) await signedInWithCart(context);
    const figures: Record<string, number[]> = {};
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${store.url}${path}`, {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Keeps the member's cookies (Lighthouse clears the origin's storage otherwise).
        disableStorageReset: member,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits, runtimeError } = result.lhr;
      // A page Lighthouse could not load or measure has no figures: say so and stop, never print a zero.
      if (runtimeError) throw new Error(`Lighthouse could not measure ${name} (${path}): ${runtimeError.code} ${runtimeError.message}`);
      const measured = (what: string, value: number | null | undefined): number => {
        if (typeof value !== 'number' || !Number.isFinite(value))
          throw new Error(`Lighthouse gave no ${what} for ${name} (${path}), run ${run + 1}: nothing to report`);
        return value;
      };
      const add = (key: string, value: number) => (figures[key] ??= []).push(value);
      for (const category of CATEGORIES) add(category, Math.round(measured(`${category} score`, categories[category]?.score) * 100));
      add('lcp', measured('largest contentful paint', audits['largest-contentful-paint']?.numericValue));
      add('tbt', measured('total blocking time', audits['total-blocking-time']?.numericValue));
      add('cls', measured('cumulative layout shift', audits['cumulative-layout-shift']?.numericValue));
      const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary');
      if (run === 0 && failed.length > 0) console.error(`${name}: ${failed.map((a) => a.id).join(', ')}`);
    }
    rows.push([
      name,
      ...CATEGORIES.map((c) => String(median(figures[c]!))),
      `${(median(figures.lcp!) / 1000).toFixed(1)} s`,
      `${Math.round(median(figures.tbt!))} ms`,
      median(figures.cls!).toFixed(3),
    ]);
  }
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
  await store.stop();
}
const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log(`\nLighthouse, mobile preset, median of ${runs} runs (${new Date().toISOString().slice(0, 10)})`);
for (const row of [header, ...rows]) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`);
