/**
 * `npm run rollback`: makes the release that was live before the current one live again
 * (RELEASES_DIR, default `releases/`), and says what it did. Run it again to go one further back.
 */
import { join } from 'node:path';
import { createReleaseManager, displayPath, ReleaseError } from './releases.ts';

const manager = createReleaseManager();
try {
  const { from, to } = await manager.rollback();
  const status = await manager.list();
  const describe = (id: string | null) => {
    const release = status.releases.find((r) => r.id === id);
    return release ? `${release.id} (${release.pages ?? '?'} pages, ${release.source ?? 'unknown source'})` : String(id);
  };
  console.log(`Rolled back from ${describe(from)} to ${describe(to)}.`);
  console.log(`${displayPath(join(manager.root, 'current'))} -> ${to}`);
  console.log(status.previous ? `Before it: ${status.previous} (npm run rollback again to go there).` : 'There is no release before it.');
} catch (error) {
  const message = error instanceof ReleaseError ? `${error.message} (${error.code})` : (error as Error).message;
  console.error(`[rollback] ${message}`);
  process.exit(1);
}
