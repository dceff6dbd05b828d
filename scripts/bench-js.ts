/**
 * JavaScript per page type, measured in Debian's Chromium on a store of the bench's own:
 * every script the page loads while a visitor or member meets it (start-up: 5 s untouched),
 * each file compressed on its own with Brotli, beside the page type's budget.
 *
 *   npm run bench:js [-- --files]
 *
 * --files also lists each page type's files, heaviest first.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { JS_PAGE_TYPES } from './bench/js-page-types.ts';
import { kib, totalBrotli } from './bench/startup-js.ts';
import { startBenchStore } from './bench/store.ts';

const { values } = parseArgs({ options: { files: { type: 'boolean', default: false } } });
const store = await startBenchStore();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const rows: string[][] = [];
try {
  for (const type of JS_PAGE_TYPES) {
    const context = await browser.newContext({ baseURL: store.url });
    const files = await type.measure(context);
    await context.close();
    const total = totalBrotli(files);
    const verdict = type.budget === null ? '' : total <= type.budget ? 'within' : 'OVER';
    rows.push([type.name, String(files.length), kib(total), type.budget === null ? '—' : kib(type.budget), verdict]);
    if (values.files) console.log(`${type.name}: ${files.map((f) => `${f.path} ${kib(f.brotli)}`).join(', ') || 'no module JavaScript'}`);
  }
} finally {
  await browser.close();
  await store.stop();
}
const header = ['page type', 'files', 'JS (brotli)', 'budget', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log(`\nJavaScript loaded per page type, each file brotli-compressed on its own (${new Date().toISOString().slice(0, 10)})`);
for (const row of [header, ...rows]) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`);
