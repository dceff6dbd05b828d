/**
 * A shard of a cold build: a build process that renders only some languages (their pages,
 * product data files and fragments, sitemaps, feeds and header data) into a folder of its own,
 * from the same pulled content as the other shards, so that shards can run on separate CI
 * runners and be merged into one release (merge.ts; docs/deployment.md). By language, because a
 * language's sitemap, feed and header data are then its shard's alone; the route table is
 * loaded whole in every shard, since every page's alternates name the other languages' pages.
 *
 * A shard writes no host rules: they carry the Content-Security-Policy of every page, which
 * only the merge sees. It writes `.shard.json` instead: what it rendered, its clock and code,
 * what the host rules are made from, and the scan of its pages.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import type { HostRulesInput } from '../../src/lib/routing/host-rules.ts';
import { hostRulesInput } from '../host-rules.ts';
import { scanRelease, type PageScan, type ReleaseScan } from '../security/release-scan.ts';

export const SHARD_FILE = '.shard.json';

export interface ShardRecord {
  /** BCP 47 codes of the languages the shard rendered. */
  languages: string[];
  /** The build's clock (BUILD_NOW): pages with a start or end date render by it. */
  now: number;
  /** buildFingerprint(): the code and configuration it was built with. */
  fingerprint: string;
  /** What the host rules are made from, of the whole site (every shard loads all of it). */
  hosts: Omit<HostRulesInput, 'languages'>;
  /** The inline scripts, styles and media hosts of the shard's own pages. */
  scan: ReleaseScan;
}

/**
 * The languages of `--shard zh-TW` or `--shard zh-TW,en-GB` (any case), as the route table
 * names them; an unknown or repeated one fails.
 */
export function parseShard(text: string): string[] {
  const codes = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const language = LANGUAGES.find((l) => l.code.toLowerCase() === part.toLowerCase());
      if (!language) throw new Error(`--shard: "${part}" is not one of the site's languages (${LANGUAGES.map((l) => l.code).join(', ')})`);
      return language.code;
    });
  if (codes.length === 0) throw new Error('--shard needs one or more language codes, e.g. --shard zh-TW or --shard zh-HK,zh-MO');
  const repeated = codes.find((code, i) => codes.indexOf(code) !== i);
  if (repeated) throw new Error(`--shard names ${repeated} twice`);
  return codes;
}

/** Writes a shard's record into its output, once Astro has rendered it. */
export async function writeShardRecord(
  outDir: string,
  shard: { languages: readonly string[]; now: number; fingerprint: string; scanned: Readonly<Record<string, PageScan>> },
): Promise<void> {
  const { languages: _all, ...hosts } = await hostRulesInput();
  const record: ShardRecord = {
    languages: [...shard.languages],
    now: shard.now,
    fingerprint: shard.fingerprint,
    hosts,
    scan: await scanRelease(outDir, shard.scanned),
  };
  await writeFile(join(outDir, SHARD_FILE), `${JSON.stringify(record)}\n`);
}

/** A shard's record; fails clearly on a folder that is no shard's output. */
export async function readShardRecord(dir: string): Promise<ShardRecord> {
  let text: string;
  try {
    text = await readFile(join(dir, SHARD_FILE), 'utf8');
  } catch {
    throw new Error(`${dir} is not a shard's output: it has no ${SHARD_FILE} (build it with npm run build -- --shard <languages>)`);
  }
  return JSON.parse(text) as ShardRecord;
}
