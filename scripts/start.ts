/**
 * `npm start`: the whole store on one origin, from the embedded sample CMS (or CMS_BASE_URL):
 * pull, build into a new release (RELEASES_DIR/<id>/) and make it live, then serve
 * RELEASES_DIR/current with the CDN rules, /media proxied to the CMS image host, /api and
 * /datarcvr to the local commerce API. The server follows `current` per request, so a
 * publish or `npm run rollback` takes effect without a restart. Without SMTP_HOST, the API's
 * mail goes to MailDev (mail-catcher.ts), whose inbox address is printed.
 */
import {
  captchaRequired,
  cmsBaseUrl,
  cmsDraftsBaseUrl,
  embeddedCmsPort,
  host,
  mailCatcherPorts,
  mailFrom,
  port,
  previewLinkSecret,
  previewPort,
  previewWarmUp,
  previewUrl,
  publishPort,
  publishWebhookSecret,
  smtpSettings,
} from '../src/node/env.ts';
import { startPreviewService } from './preview/service.ts';
import { startEmbeddedCms } from './local-cms/embedded.ts';
import { ADMIN_PATH } from './local-commerce/admin-page.ts';
import { startCommerceApi } from './local-commerce/server.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { STAND_IN_SCRIPTS } from './local-commerce/routes/stand-ins.ts';
import { startPublishing } from './publish/service.ts';
import { pull } from './pull-content.ts';
import { startStaticServer } from './static-server.ts';

// The third-party scripts point at the local API's stand-ins unless configured (an empty
// value turns one off), so every flow that needs one works here without the internet.
for (const [variable, standIn] of Object.entries(STAND_IN_SCRIPTS)) {
  if (process.env[variable] !== undefined) continue;
  process.env[variable] = standIn;
  // The stand-ins are on this machine, reachable from anywhere: mainland pages load them too.
  process.env[`${variable}_CN`] ??= standIn;
}

// Mail settings, the captcha's regions and the catcher's ports are checked before the build,
// which takes a while.
const configuredSmtp = smtpSettings();
captchaRequired();
const from = mailFrom();
const preview = { url: previewUrl(), secret: previewLinkSecret(), port: previewPort() };
const mailCatcher = configuredSmtp ? null : await startMailCatcher(mailCatcherPorts());
const configured = cmsBaseUrl();
// The embedded CMS keeps running: it is also the image host the pages point at, and its edit
// API sends signed publish webhooks to the publish service started below.
const cms = configured
  ? null
  : await startEmbeddedCms({
      log: console.log,
      port: embeddedCmsPort(),
      webhookUrl: `http://127.0.0.1:${publishPort()}/webhook`,
      webhookSecret: publishWebhookSecret(),
      preview: { url: preview.url, secret: preview.secret },
    });
const cmsUrl = configured ?? cms!.url;
let publishing: Awaited<ReturnType<typeof startPublishing>>;
try {
  await pull({ baseUrl: cmsUrl });
  publishing = await startPublishing({ cmsUrl });
} catch (error) {
  // A failed build has left `current` as it was; still, a start that cannot build says so and stops.
  console.error(`[start] ${(error as Error).message}`);
  await cms?.close();
  await mailCatcher?.close();
  process.exit(1);
}
const { releases } = publishing;
// The commerce API shares the site's origin: /api and the analytics collector are proxied.
const api = await startCommerceApi({ log: console.log, smtp: configuredSmtp ?? mailCatcher!.smtp, from });
// The status page's real-user speed section reads the shoppers' vitals the local collector keeps.
publishing.service.readVitalsFrom(`${api.url}${ADMIN_PATH}/vitals`);
const server = await startStaticServer({
  root: releases.currentPath,
  port: port(),
  host: host(),
  proxies: [
    { prefix: '/media/', target: cmsUrl },
    { prefix: '/api/', target: api.url },
    { prefix: '/datarcvr/', target: api.url },
  ],
});
// Editors' previews: the service starts at once and, unless PREVIEW_WARM_UP is 0, warms up in the
// background (the site's bundles, the drafts), so the first preview is as quick as the next.
const previewService = await startPreviewService({
  port: preview.port,
  host: host(),
  secret: preview.secret,
  draftsBaseUrl: cmsDraftsBaseUrl() ?? (cms ? `${cms.url}/_drafts` : undefined),
  storeUrl: server.url,
  apiBaseUrl: `${api.url}/api`,
  warmUp: previewWarmUp(),
  log: console.log,
});
console.log(`\nThe store is running at ${server.url}`);
console.log(`Editors' previews (signed links only) at ${previewService.url}`);
console.log(mailCatcher ? `Its mail (MailDev) is at ${mailCatcher.url}\n` : `Its mail goes to ${configuredSmtp!.host}\n`);
const stop = async () => {
  await previewService.close();
  await publishing.close();
  await server.close();
  await api.close();
  await mailCatcher?.close();
  await cms?.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
