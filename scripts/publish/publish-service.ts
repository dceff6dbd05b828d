/**
 * `npm run publish-service`: pull everything, build and make live a first release, then take
 * the CMS's publish webhooks (PUBLISH_PORT) for incremental releases. Serving the releases is
 * the host's job (nginx or a CDN on RELEASES_DIR/current; `npm start` serves them locally).
 */
import { cmsBaseUrl } from '../../src/node/env.ts';
import { pull } from '../pull-content.ts';
import { startPublishing } from './service.ts';

const cmsUrl = cmsBaseUrl();
if (!cmsUrl) {
  console.error('[publish] CMS_BASE_URL is not set: the publish service pulls from a CMS (npm start runs one with the sample content).');
  process.exit(1);
}
try {
  await pull({ baseUrl: cmsUrl });
  const publishing = await startPublishing({ cmsUrl });
  const stop = async () => {
    await publishing.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  console.error(`[publish] ${(error as Error).message}`);
  process.exit(1);
}
