/**
 * Every page type is valid HTML, as the W3C Nu HTML checker (vnu-jar, on Java) reads the
 * release the browser tests serve: a sample of each type in zh-TW and English, checked in one
 * run of the checker (one JVM for all files: a few seconds), any error named with its page.
 * The files are read from disk: no page is opened.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { E2E_RELEASES_DIR } from '../../playwright.config.ts';
import { expect, test } from './test.ts';

const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar');

/** The first HTML file (by name) under a folder of the release, for types whose names come from the CMS. */
function first(root: string, folder: string, depth = 1): string {
  const found: string[] = [];
  const walk = (dir: string, level: number) => {
    if (!existsSync(join(root, dir))) return;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && level < depth) walk(path, level + 1);
      else if (entry.isFile() && entry.name.endsWith('.html') && entry.name !== 'index.html' && level === depth) found.push(path);
    }
  };
  walk(folder, 1);
  if (found.length === 0) throw new Error(`no page under ${folder}/ of the release`);
  return found[0]!;
}

/** One page of each type, by its file in the release (a language's folder prefixed). */
function samples(root: string): string[] {
  const files = [
    'index.html',
    'women.html',
    first(root, 'c'),
    first(root, 'product'),
    first(root, 'feature'),
    'press/index.html',
    `press/${readdirSync(join(root, 'press')).find((name) => /^\d{4}$/.test(name))}/index.html`,
    first(root, 'press', 3),
    'shop/shop_list.html',
    'shop/shop.html',
    // A shop's own page: codes are capitals, listed before shop.html and shop_list.html.
    first(root, 'shop'),
    'official-styling-detail.html',
    'staff-styling-detail.html',
    first(root, 'official-styling'),
    first(root, 'staff-styling'),
    'search.html',
    'cart.html',
    'payment_settlement.html',
    ...readdirSync(join(root, 'account'))
      .filter((name) => name.endsWith('.html'))
      .map((name) => `account/${name}`),
    'login.html',
    'register.html',
    'not-found.html',
    '404.html',
  ];
  for (const file of files) expect(existsSync(join(root, file)), `${file} is in the release`).toBe(true);
  return files;
}

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

test('every page type is valid HTML (W3C Nu checker), in zh-TW and English', async () => {
  test.setTimeout(120_000);
  const release = realpathSync(join(E2E_RELEASES_DIR, 'current'));
  const pages = [...samples(release), ...samples(join(release, 'en-gb')).map((file) => `en-gb/${file}`)];
  // vnu exits 1 when it finds an error: its report is on stderr either way.
  // The quick compiler alone halves the checker's CPU time on a run this short; its schema needs a larger thread stack.
  const java = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', VNU_JAR];
  const run = await promisify(execFile)('java', [...java, '--errors-only', '--format', 'json', ...pages], {
    cwd: release,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((failed: { stderr?: string; code?: number }) => {
    if (failed.code !== 1 || !failed.stderr) throw failed;
    return { stderr: failed.stderr };
  });
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const errors = messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => `${relative(release, fileURLToPath(m.url))}: ${m.message}${m.extract ? ` (…${m.extract.trim().slice(0, 120)}…)` : ''}`);
  expect(errors, `${pages.length} pages checked`).toEqual([]);
});
