/**
 * Merges the shards of a cold build into one release (scripts/shards/merge.ts):
 *
 *   node scripts/merge-shards.ts <release> <shard dir> <shard dir>…
 *
 * each shard built with `npm run build -- --shard <languages> --out <shard dir>` from the same
 * content cache and BUILD_NOW (docs/deployment.md). Fails, naming the cause, when the shards
 * are not of one build, leave a language or a page out, or disagree on a file they share.
 */
import { mergeShards } from './shards/merge.ts';

const [release, ...shards] = process.argv.slice(2);
if (!release || shards.length === 0) {
  console.error('usage: node scripts/merge-shards.ts <release> <shard dir>…');
  process.exit(2);
}
try {
  const result = await mergeShards(release, shards);
  console.log(
    `[merge] ${shards.length} shards into ${release}/: ${result.files} files (${result.shared} written by more than one shard, the same in each) in ${(result.ms / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(`[merge] failed: ${(error as Error).message}`);
  process.exit(1);
}
