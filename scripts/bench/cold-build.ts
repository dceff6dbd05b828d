/**
 * One cold build in a process of its own, for the benchmark to measure it whole (its memory
 * and CPU with every process it starts): `node scripts/bench/cold-build.ts OUT ASTRO_CACHE
 * [LANGUAGES]`, the content cache from CONTENT_CACHE_DIR; LANGUAGES (zh-TW,en-GB) makes it one
 * shard of a sharded build (scripts/shards/). Prints the build's result as its last line, with
 * `bundledMs`: when Vite's bundle was done and the pages began to ask what to render, the part
 * every shard repeats whatever it renders.
 */
import { buildSite } from '../build-site.ts';
import { parseShard } from '../shards/shard.ts';

const [outDir, cacheDir, languages] = process.argv.slice(2);
if (!outDir || !cacheDir) throw new Error('usage: cold-build.ts OUT ASTRO_CACHE [LANGUAGES]');
const started = performance.now();
let bundledMs: number | null = null;
const result = await buildSite({
  outDir,
  cacheDir,
  ...(languages ? { shard: parseShard(languages) } : {}),
  onBundled: () => (bundledMs = Math.round(performance.now() - started)),
});
console.log(`RESULT ${JSON.stringify({ ...result, bundledMs })}`);
