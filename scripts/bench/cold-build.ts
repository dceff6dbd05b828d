/**
 * One cold build in a process of its own, for the benchmark to measure it whole (its memory
 * and CPU with every process it starts): `node scripts/bench/cold-build.ts OUT ASTRO_CACHE`,
 * the content cache from CONTENT_CACHE_DIR. Prints the build's result as its last line.
 */
import { buildSite } from '../build-site.ts';

const [outDir, cacheDir] = process.argv.slice(2);
if (!outDir || !cacheDir) throw new Error('usage: cold-build.ts OUT ASTRO_CACHE');
const result = await buildSite({ outDir, cacheDir });
console.log(`RESULT ${JSON.stringify(result)}`);
