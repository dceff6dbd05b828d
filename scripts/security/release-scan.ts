/**
 * What the Content-Security-Policy must allow, read from the pages a build wrote: the hash of
 * every inline script and style element, and the origins of the pictures and videos that are
 * not on our origin. Our own inline scripts are the same on every page, so the list stays
 * short; a script in editors' custom HTML adds its own hash (it runs, as the spec asks).
 *
 * A partial build writes only the pages that changed, so its scan is joined to the scan of the
 * release it is merged over (`merge`): a page kept from there keeps what it needs.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { originOf } from '../../src/lib/security/content-security-policy.ts';

export interface ReleaseScan {
  /** sha256-… → the first page that carries it. */
  scripts: Record<string, string>;
  styles: Record<string, string>;
  /** Origins of pictures and videos, sorted. */
  imageHosts: string[];
  /** Pages with an inline event handler (onclick=…), which the policy does not run. */
  handlers: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
/** The types a browser runs; any other type (JSON-LD, the JSON data blocks) is data. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);
const MEDIA_ADDRESS =
  /\b(?:src|poster)\s*=\s*["'](https?:\/\/[^"']+)["']|\bsrcset\s*=\s*["']([^"']+)["']|url\((?:&quot;|["'])?(https?:\/\/[^)"'&]+)/gi;
/** An on…= attribute inside a tag (not in text or in a script, which the regex skips by starting at a tag name). */
const HANDLER = /<[a-z][a-z0-9-]*\s[^>]*?\son[a-z]+\s*=/i;

export const cspHash = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** Scans one page's HTML into `scan`, naming it `page`. */
export function scanPage(html: string, page: string, scan: ReleaseScan): void {
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    const type = (TYPE.exec(attributes!)?.[1] ?? '').toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scan.scripts[cspHash(body!)] ??= page;
  }
  for (const [, body] of html.matchAll(STYLE)) scan.styles[cspHash(body!)] ??= page;
  const hosts = new Set(scan.imageHosts);
  for (const [, src, srcset, url] of html.matchAll(MEDIA_ADDRESS)) {
    const addresses = srcset ? srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!) : [src ?? url!];
    for (const address of addresses) {
      const origin = originOf(address.replaceAll('&amp;', '&'));
      if (origin) hosts.add(origin);
    }
  }
  scan.imageHosts = [...hosts].sort();
  // Scripts are data here: an "onclick=" inside one is not an attribute.
  if (HANDLER.test(html.replace(SCRIPT, ''))) scan.handlers.push(page);
}

export function emptyScan(): ReleaseScan {
  return { scripts: {}, styles: {}, imageHosts: [], handlers: [] };
}

/** Every HTML file under `dir`, as paths relative to it. */
async function pagesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/** Scans the pages under `dir` (a release, or a partial build's output). */
export async function scanRelease(dir: string): Promise<ReleaseScan> {
  const scan = emptyScan();
  for (const page of await pagesOf(dir)) scanPage(await readFile(join(dir, page), 'utf8'), page, scan);
  return scan;
}

/** A partial build's scan joined to its base release's: the kept pages still need what they carried. */
export function mergeScans(base: ReleaseScan, fresh: ReleaseScan): ReleaseScan {
  return {
    scripts: { ...base.scripts, ...fresh.scripts },
    styles: { ...base.styles, ...fresh.styles },
    imageHosts: [...new Set([...base.imageHosts, ...fresh.imageHosts])].sort(),
    handlers: [...new Set([...base.handlers, ...fresh.handlers])].sort(),
  };
}
