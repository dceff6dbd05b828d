/**
 * What the Content-Security-Policy must allow, read from the pages a build wrote: the hash of
 * every inline script and style element, and the origins of the pictures and videos that are
 * not on our origin. Our own inline scripts are the same on every page, so the list stays
 * short; a script in editors' custom HTML adds its own hash (it runs: docs/content-security-policy.md).
 *
 * A partial build writes only the pages that changed, so its scan is laid over the scan of the
 * release it is merged over (`mergeScans`), page by page: a page kept from there keeps what it
 * needs, and a page built again carries only its new scripts. (A page removed by a partial
 * build keeps its entry until the next full build.)
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FRAME_CLASS } from '../../src/lib/cms/custom-frame.ts';
import { originOf } from '../../src/lib/security/content-security-policy.ts';

/** What one page carries. */
export interface PageScan {
  /** sha256-… of each inline script the browser runs. */
  scripts: string[];
  styles: string[];
  /** Origins of its pictures and videos on other hosts. */
  imageHosts: string[];
  /** It has an inline event handler (onclick=…), which the policy does not run. */
  handler: boolean;
}

/** Page by page, so a page built again replaces what it carried before: an edited script leaves no stale hash. */
export interface ReleaseScan {
  pages: Record<string, PageScan>;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
/** An attribute by its whole name: data-type and data-src are not type and src. */
const attribute = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*["']?([^"'\\s>]*)`, 'i');
const TYPE = attribute('type');
const SRC = attribute('src');
/** The types a browser runs; any other type (JSON-LD, the JSON data blocks) is data. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);
/** The pictures' and videos' own elements (a script's or a frame's src is not a picture), and CSS url()s. */
const MEDIA_TAG = /<(?:img|source|video|audio|track)\b[^>]*>/gi;
const MEDIA_ADDRESS = /(?:^|\s)(?:src|poster)\s*=\s*["'](https?:\/\/[^"']+)["']|(?:^|\s)srcset\s*=\s*["']([^"']+)["']/gi;
const CSS_URL = /url\((?:&quot;|["'])?(https?:\/\/[^)"'&]+)/gi;
/**
 * The document of one of our sandboxed frames (custom content with a script,
 * lib/cms/custom-frame.ts), as Astro writes it: class, sandbox, srcdoc. Any other srcdoc (an
 * editor's own, nested in ours) is not read: its scripts are not allowed.
 */
const SRCDOC = new RegExp(`<iframe class="${FRAME_CLASS}" sandbox="[^"]*" srcdoc="([^"]*)"`, 'gi');
const ENTITY = /&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** An attribute's value as the browser reads it. */
const decodeAttribute = (value: string) =>
  value.replace(ENTITY, (_, decimal: string | undefined, hex: string | undefined, name: string | undefined) =>
    decimal ? String.fromCodePoint(Number(decimal)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : NAMED[name!.toLowerCase()]!,
  );
const ON_ATTRIBUTE = /\son[a-z]+\s*=/gi;
const TAG_NAME_START = /[a-z]/i;
/**
 * Whether an on…= attribute stands inside a tag (not in text): a < that opens a tag name comes
 * after the nearest > before it. Found from the rare "on…=" outward, because one
 * pattern that starts at every tag backtracks through each: half the scan's time on a build.
 */
function hasHandler(html: string): boolean {
  for (const match of html.matchAll(ON_ATTRIBUTE)) {
    const close = html.lastIndexOf('>', match.index);
    // A < that opens no tag name (alt="<3", a < b) is passed over to the tag's own.
    let open = html.lastIndexOf('<', match.index);
    while (open > close && !TAG_NAME_START.test(html[open + 1] ?? '')) open = html.lastIndexOf('<', open - 1);
    if (open > close) return true;
  }
  return false;
}

/**
 * The hash a browser allows a script or style by: of its text as the HTML parser hands it over,
 * with line breaks normalised (an editor's CRLF is LF to the browser) and NUL replaced.
 */
export const cspHash = (text: string) =>
  `sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n').replaceAll('\0', '\uFFFD'), 'utf8').digest('base64')}`;

/** What one page's HTML carries. */
export function scanPage(html: string): PageScan {
  // A srcdoc frame inherits the page's policy: what its document runs, the page must allow.
  const frames = [...html.matchAll(SRCDOC)].map(([, document]) => scanPage(decodeAttribute(document!)));
  html = html.replace(SRCDOC, '<iframe');
  const scripts = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes!)) continue;
    const type = (TYPE.exec(attributes!)?.[1] ?? '').toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.add(cspHash(body!));
  }
  const styles = new Set([...html.matchAll(STYLE)].map(([, body]) => cspHash(body!)));
  const addresses: string[] = [];
  for (const [tag] of html.matchAll(MEDIA_TAG))
    for (const [, src, srcset] of tag.matchAll(MEDIA_ADDRESS))
      addresses.push(...(srcset ? srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!) : [src!]));
  for (const [, url] of html.matchAll(CSS_URL)) addresses.push(url!);
  const hosts = new Set(addresses.flatMap((address) => originOf(address.replaceAll('&amp;', '&')) ?? []));
  for (const frame of frames) {
    for (const hash of frame.scripts) scripts.add(hash);
    for (const hash of frame.styles) styles.add(hash);
    for (const host of frame.imageHosts) hosts.add(host);
  }
  return {
    scripts: [...scripts].sort(),
    styles: [...styles].sort(),
    imageHosts: [...hosts].sort(),
    // Scripts are data here: an "onclick=" inside one is not an attribute.
    handler: hasHandler(html.replace(SCRIPT, '')) || frames.some((frame) => frame.handler),
  };
}

/** Every HTML file under `dir`, as paths relative to it. */
async function pagesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/**
 * Scans the pages under `dir` (a release, or a partial build's output). Pages scanned already
 * (`scanned`, by the build's page pipeline as Astro rendered them) are not read again.
 */
export async function scanRelease(dir: string, scanned: Readonly<Record<string, PageScan>> = {}): Promise<ReleaseScan> {
  const pages: Record<string, PageScan> = {};
  for (const page of await pagesOf(dir)) pages[page] = scanned[page] ?? scanPage(await readFile(join(dir, page), 'utf8'));
  return { pages };
}

/** A partial build's scan over its base release's: a page built again replaces its entry. */
export function mergeScans(base: ReleaseScan, fresh: ReleaseScan, removed: readonly string[] = []): ReleaseScan {
  const pages = { ...base.pages, ...fresh.pages };
  // A page the partial build removes takes its hashes with it, or they would stay allowed.
  for (const file of removed) delete pages[file];
  return { pages };
}

export type ScanTotals = ReturnType<typeof scanTotals>;

/**
 * What the policy allows, over all pages: each hash with the first page that carries it. Pages
 * in code-unit order, not localeCompare's: at 110,000 pages (20,000 products) the locale-aware
 * sort took most of a second, twice in each publish, for a name in an error message.
 */
export function scanTotals(scan: ReleaseScan) {
  const scripts: Record<string, string> = {};
  const styles: Record<string, string> = {};
  const imageHosts = new Set<string>();
  const handlers: string[] = [];
  for (const page of Object.keys(scan.pages).sort()) {
    const found = scan.pages[page]!;
    for (const hash of found.scripts) scripts[hash] ??= page;
    for (const hash of found.styles) styles[hash] ??= page;
    for (const host of found.imageHosts) imageHosts.add(host);
    if (found.handler) handlers.push(page);
  }
  return { scripts, styles, imageHosts: [...imageHosts].sort(), handlers };
}

/**
 * The scan as a release keeps it (_host/release-scan.json), read back by the next publish over
 * that release: each distinct page scan once, and each page by its scan's place in that list.
 * Pages mostly carry the same scripts, so at 110,000 pages the file is a tenth of the page-by-page
 * shape (50 MB), which every publish read and wrote whole.
 */
interface StoredScan {
  scans: PageScan[];
  pages: Record<string, number>;
}

export function serializeScan(scan: ReleaseScan): string {
  const scans: PageScan[] = [];
  // By the object first: the pages of a release read back share theirs (parseScan).
  const byObject = new Map<PageScan, number>();
  const byText = new Map<string, number>();
  const pages: Record<string, number> = {};
  for (const [page, found] of Object.entries(scan.pages)) {
    let place = byObject.get(found);
    if (place === undefined) {
      const text = JSON.stringify(found);
      place = byText.get(text) ?? scans.push(found) - 1;
      byText.set(text, place);
      byObject.set(found, place);
    }
    pages[page] = place;
  }
  return `${JSON.stringify({ scans, pages } satisfies StoredScan)}\n`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored scan, in either shape (a release written before the compact one has each page's scan
 * in place); null for anything else, which the caller scans the release's pages for.
 */
export function parseScan(text: string): ReleaseScan | null {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(stored) || !isRecord(stored.pages)) return null;
  const { scans, pages } = stored;
  if (!Array.isArray(scans)) return Object.values(pages).every(isRecord) ? { pages: pages as Record<string, PageScan> } : null;
  const expanded: Record<string, PageScan> = {};
  for (const [page, place] of Object.entries(pages)) {
    const found = typeof place === 'number' ? (scans[place] as PageScan | undefined) : undefined;
    if (!found) return null;
    expanded[page] = found;
  }
  return { pages: expanded };
}
