/**
 * Merges the shards of a cold build (shard.ts) into one release, the release an unsharded
 * build of the same content and code writes:
 *
 * 1. The shards must be of one build: the same code and configuration (fingerprint), the same
 *    clock (BUILD_NOW), the same content (their route manifests, which every shard writes whole,
 *    are the same bytes), and between them every language exactly once.
 * 2. Their files are hard-linked into the release. A file written by more than one shard (the
 *    bundle under `_astro/`, the public files, robots.txt, the sitemap index, the route manifest
 *    and the compressed copies of those) must be the same bytes in each, or the merge fails
 *    naming it.
 * 3. Every page of the route table and every data file and fragment must be in some shard.
 * 4. Then what is written once for the whole site: the host rules, with the
 *    Content-Security-Policy made from every shard's page scan, the release scan, each
 *    language's 404.html, and the compressed copies of those.
 */
import { copyFile, link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { fileOfRoute } from '../../src/node/routing/route-table.ts';
import { filesUnder } from '../build/files.ts';
import { compressTree, isCompressible } from '../compress.ts';
import { writeHostFiles } from '../host-rules.ts';
import { buildFingerprint } from '../publish/build-fingerprint.ts';
import { ROUTE_MANIFEST_FILE, parseRouteManifest } from '../publish/route-manifest.ts';
import { mergeScans, type ReleaseScan } from '../security/release-scan.ts';
import { SHARD_FILE, readShardRecord, type ShardRecord } from './shard.ts';

export interface MergeResult {
  /** Files taken from the shards. */
  files: number;
  /** Files more than one shard wrote (the same bytes in each). */
  shared: number;
  ms: number;
}

/** Runs `task` over `items`, `width` at a time. */
async function inTurn<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const listed = (items: readonly string[], max = 10) =>
  `${items.slice(0, max).join(', ')}${items.length > max ? ` and ${items.length - max} more` : ''}`;

/** The shards are of one build, and cover every language once. */
function checkRecords(shards: readonly string[], records: readonly ShardRecord[]): void {
  const [first] = records;
  if (!first) throw new Error('No shards to merge');
  records.forEach((record, i) => {
    if (record.fingerprint !== first.fingerprint)
      throw new Error(`${shards[i]} was built from other code or configuration than ${shards[0]} (build fingerprint differs)`);
    if (record.now !== first.now)
      throw new Error(
        `${shards[i]} was built with another clock than ${shards[0]} (${record.now} against ${first.now}): give every shard the same BUILD_NOW`,
      );
  });
  const builtBy = new Map<string, string>();
  records.forEach((record, i) => {
    for (const code of record.languages) {
      const other = builtBy.get(code);
      if (other) throw new Error(`${code} was built by two shards: ${other} and ${shards[i]}`);
      builtBy.set(code, shards[i]!);
    }
  });
  const missing = LANGUAGES.map((l) => l.code).filter((code) => !builtBy.has(code));
  if (missing.length > 0) throw new Error(`No shard built ${missing.join(', ')}: the release would lack its pages`);
}

/** Whether two files hold the same bytes. */
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [sa, sb] = await Promise.all([stat(a), stat(b)]);
  if (sa.size !== sb.size) return false;
  const [ba, bb] = await Promise.all([readFile(a), readFile(b)]);
  return ba.equals(bb);
}

/**
 * Merges the shards' folders into `release` (a new or empty folder). The host rules are made
 * with this process's configuration (SITE_URL, CSP_*, …), so it must be the shards':
 * `fingerprint` is this process's code and configuration (buildFingerprint()).
 */
export async function mergeShards(
  release: string,
  shards: readonly string[],
  { fingerprint = buildFingerprint() }: { fingerprint?: string } = {},
): Promise<MergeResult> {
  const started = performance.now();
  if (existsSync(release) && (await readdir(release)).length > 0)
    throw new Error(`${release} is not empty: the merge writes a release of its own`);
  const records = await Promise.all(shards.map(readShardRecord));
  checkRecords(shards, records);
  if (records[0]!.fingerprint !== fingerprint)
    throw new Error(
      'The merge runs with other code or configuration than the shards were built with (the commit, or SITE_URL, MOBILE_SITE_URL, CSP_*, PUBLIC_*, …): run it from the same commit with the same environment',
    );

  // Which shard each file comes from; a file two shards wrote is compared.
  const owner = new Map<string, number>();
  const shared: Array<{ file: string; from: number; also: number }> = [];
  for (const [i, dir] of shards.entries()) {
    for (const file of await filesUnder(dir)) {
      if (file === SHARD_FILE) continue;
      const from = owner.get(file);
      if (from === undefined) owner.set(file, i);
      else shared.push({ file, from, also: i });
    }
  }
  const differing: string[] = [];
  await inTurn(shared, 8, async ({ file, from, also }) => {
    if (!(await sameBytes(join(shards[from]!, file), join(shards[also]!, file))))
      differing.push(`${file} (${shards[from]} and ${shards[also]})`);
  });
  if (differing.length > 0)
    throw new Error(
      `Shards wrote different files at the same path: ${listed(differing.sort())}. ` +
        (differing.some((d) => d.startsWith(ROUTE_MANIFEST_FILE))
          ? 'Their route manifests differ: they were built from different content; pull once and build every shard from that content cache.'
          : 'Build every shard from the same commit, configuration and content.'),
    );

  // Every page and data file of the route table is in some shard.
  const manifest = parseRouteManifest(
    owner.has(ROUTE_MANIFEST_FILE) ? await readFile(join(shards[owner.get(ROUTE_MANIFEST_FILE)!]!, ROUTE_MANIFEST_FILE), 'utf8') : null,
  );
  if (!manifest) throw new Error(`The shards have no readable route manifest (${ROUTE_MANIFEST_FILE})`);
  const absent = [...manifest.routes, ...manifest.files].map((entry) => fileOfRoute(entry.urlPath)).filter((file) => !owner.has(file));
  if (absent.length > 0) throw new Error(`${absent.length} file(s) of the route table are in no shard: ${listed(absent.sort())}`);

  // Hard links: the shards' folders are the release's files, as a publish links the live release.
  const made = new Set<string>();
  const files = [...owner.keys()];
  for (const file of files) {
    const folder = dirname(file);
    if (made.has(folder)) continue;
    await mkdir(join(release, folder), { recursive: true });
    made.add(folder);
  }
  await inTurn(files, 32, async (file) => {
    const from = join(shards[owner.get(file)!]!, file);
    try {
      await link(from, join(release, file));
    } catch (error) {
      // Another file system (a shard downloaded elsewhere): copied instead.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(from, join(release, file));
    }
  });

  // One scan for the release, in the order a build's own scan lists its pages (release-scan.ts).
  const merged = records.reduce<ReleaseScan>((scan, record) => mergeScans(scan, record.scan), { pages: {} });
  const scan: ReleaseScan = {
    pages: Object.fromEntries(
      Object.keys(merged.pages)
        .sort()
        .map((page) => [page, merged.pages[page]!]),
    ),
  };
  await writeHostFiles(release, { languages: LANGUAGES, ...records[0]!.hosts }, scan);
  // The shards compressed their own files; what the merge wrote gets its copies now.
  await compressTree(release, { written: new Set(files.filter(isCompressible)) });
  return { files: owner.size, shared: shared.length, ms: Math.round(performance.now() - started) };
}
