/**
 * JavaScript weight per page type of a built site: the inline scripts plus every module a
 * page loads (script src, island components and renderers, and everything they import),
 * raw and gzipped.
 *
 *   npm run bench:js [-- dist]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const PAGE_TYPES: Array<[string, string]> = [
  ['home', 'index.html'],
  ['gender landing', 'women.html'],
  ['category', 'c/W0101.html'],
  ['content (feature)', 'feature/lookbook.html'],
  ['not found', 'not-found.html'],
  ['press list (year and release pages alike)', 'press/index.html'],
  ['search results', 'search.html'],
  ['product detail', 'product-detail.html'],
  ['cart', 'cart.html'],
  ['checkout', 'payment/payment.html'],
  ['login', 'login.html'],
  ['account (guarded)', 'account/info.html'],
];

const moduleImports = (code: string) =>
  [...code.matchAll(/(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js|\/_astro\/[^"']+\.js)["']/g)].map((m) => m[1]!);

function closure(entry: string, seen: Set<string>): void {
  if (seen.has(entry)) return;
  seen.add(entry);
  const code = readFileSync(join(root, entry), 'utf8');
  for (const spec of moduleImports(code)) closure(spec.startsWith('/') ? spec.slice(1) : join(entry, '..', spec), seen);
}

const rows: string[][] = [];
for (const [type, file] of PAGE_TYPES) {
  let html: string;
  try {
    html = readFileSync(join(root, file), 'utf8');
  } catch {
    rows.push([type, file, 'missing', '', '']);
    continue;
  }
  // Structured data (application/ld+json) is not JavaScript.
  const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .join('\n');
  const entries = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/(?:component|renderer)-url="([^"]+\.js)"/g)].map((m) => m[1]!),
    ...moduleImports(inline),
  ].map((src) => src.replace(/^\//, ''));
  const modules = new Set<string>();
  for (const entry of entries) closure(entry, modules);
  const code = [inline, ...[...modules].map((m) => readFileSync(join(root, m), 'utf8'))].join('\n');
  const raw = Buffer.byteLength(code);
  rows.push([type, file, String(modules.size), `${(raw / 1024).toFixed(1)} KiB`, `${(gzipSync(code).length / 1024).toFixed(1)} KiB`]);
}

const header = ['page type', 'file', 'JS modules', 'JS raw', 'JS gzip'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
console.log(`\nJavaScript loaded by each page type at start (${root}/; chunks imported on demand are not counted)`);
for (const row of [header, ...rows]) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`);
