/**
 * `npm start`: the whole store on one origin, from the embedded sample CMS (or CMS_BASE_URL):
 * pull, build into a new release (RELEASES_DIR/<id>/) and make it live, then serve
 * RELEASES_DIR/current with the CDN rules, /media proxied to the CMS image host, /api and
 * /datarcvr to the local commerce API. The server follows `current` per request, so a
 * publish or `npm run rollback` takes effect without a restart.
 */
import { cmsBaseUrl, port } from '../src/lib/env.ts';
import { buildSite } from './build-site.ts';
import { startEmbeddedCms } from './local-cms/embedded.ts';
import { startCommerceApi } from './local-commerce/server.ts';
import { createReleaseManager, displayPath } from './publish/releases.ts';
import { pull } from './pull-content.ts';
import { startStaticServer } from './static-server.ts';

const configured = cmsBaseUrl();
// The embedded CMS keeps running: it is also the image host the pages point at.
const cms = configured ? null : await startEmbeddedCms({ log: console.log });
const cmsUrl = configured ?? cms!.url;
const releases = createReleaseManager();
try {
  await pull({ baseUrl: cmsUrl });
  const outcome = await releases.release({
    source: 'npm start',
    build: async (dir) => {
      const result = await buildSite({ outDir: dir });
      console.log(`[build] ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s`);
      return { pages: result.pages };
    },
  });
  // A failed build has left `current` as it was; still, a start that cannot build says so and stops.
  if (!outcome.ok) throw outcome.error;
  const removed = outcome.removed.length ? `; removed ${outcome.removed.length} old release(s)` : '';
  console.log(`[release] ${outcome.release.id} is live at ${displayPath(releases.currentPath)}${removed}`);
} catch (error) {
  console.error(`[start] ${(error as Error).message}`);
  await cms?.close();
  process.exit(1);
}
// The commerce API shares the site's origin: /api and the analytics collector are proxied.
const api = await startCommerceApi({ log: console.log });
const server = await startStaticServer({
  root: releases.currentPath,
  port: port(),
  host: process.env.HOST ?? '127.0.0.1',
  proxies: [
    { prefix: '/media/', target: cmsUrl },
    { prefix: '/api/', target: api.url },
    { prefix: '/datarcvr/', target: api.url },
  ],
});
console.log(`\nThe store is running at ${server.url}\n`);
const stop = async () => {
  await server.close();
  await api.close();
  await cms?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
