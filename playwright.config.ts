import { defineConfig } from '@playwright/test';
import { SEEN_POPUP_COOKIES } from './tests/e2e/promo-cookie.ts';

const PORT = Number(process.env.E2E_PORT ?? 4398);
export const CHAT_URL = 'https://chat.linea.example/';
/** The tests' own releases: a store started by hand keeps its own. */
export const E2E_RELEASES_DIR = '.data/e2e-releases';
/** The store's publish service and embedded CMS (edit API) sit on the next two ports, then MailDev's web and SMTP ports. */
export const E2E_PUBLISH_URL = `http://127.0.0.1:${PORT + 1}`;
export const E2E_CMS_URL = `http://127.0.0.1:${PORT + 2}`;
/** MailDev's inbox, where `npm start` sends the store's mail without SMTP_HOST (MAILDEV_WEB_PORT's default). */
export const E2E_MAIL_URL = `http://127.0.0.1:${PORT + 3}`;
/**
 * The specs that change what every visitor of the shared store meets (see `projects`): they
 * publish content, turn a CMS switch or put new agreement versions in force.
 */
const STORE_CHANGING_SPECS = ['publish.spec.ts', 'preview.spec.ts', 'promo.spec.ts', 'agreements.spec.ts'];
/** The mobile site phones are sent to; tests intercept it. */
export const MOBILE_SITE = 'https://m.linea.example';

// Debian's Chromium: Playwright's own browser download cannot work on these machines.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two browsers at once: a test spends most of its time waiting for the store, the page or the
  // mail, so two keep the 2-core machine busier than one, beside `npm test`'s Vitest run.
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Endless CSS animations (the live banner's scrolling copy) repaint in software here, and
    // starve the 2-core machine; shoppers who ask for reduced motion get the same still page.
    reducedMotion: 'reduce',
    // Shoppers in these tests have seen the pop-ups that greet a first visit (home's
    // promotion, the member-privacy notice), which would cover the page they test;
    // promo.spec.ts starts without them.
    storageState: { cookies: SEEN_POPUP_COOKIES, origins: [] },
    launchOptions: {
      // Debian's headless build of the same Chromium (chromium-headless-shell): no browser
      // window code to run, so the suite takes about half the time and CPU of the full browser
      // in headless mode (docs/decisions.md).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Shoppers' and members' tests share the one store and change only their own accounts.
    { name: 'store', testIgnore: STORE_CHANGING_SPECS },
    // Tests that change the store for everyone (a page, a switch, a date boundary, new terms):
    // one at a time, once the others are done, so no other test meets the store mid-change.
    { name: 'publishing', testMatch: STORE_CHANGING_SPECS, dependencies: ['store'], workers: 1 },
  ],
  webServer: {
    // The same path as `npm start`: embedded CMS, pull, build, static server with CDN rules.
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${PORT}/`,
    // A chat address, so the chat quick link and the customer-service tip are there to test.
    env: {
      // No SITE_URL: canonical and hreflang links follow the served origin (seo.spec.ts checks it).
      PORT: String(PORT),
      COMMERCE_DB: ':memory:',
      // Every test opens its own account, all from this machine.
      REGISTRATIONS_PER_HOUR: '10000',
      // scrypt's lightest allowed cost for the members' passwords, as in the Vitest run (vitest.config.ts).
      PASSWORD_HASH_COST: '1024',
      PUBLIC_CHAT_URL: CHAT_URL,
      MOBILE_SITE_URL: MOBILE_SITE,
      RELEASES_DIR: E2E_RELEASES_DIR,
      // Mail goes to the tests' own MailDev, whatever the shell says: never to a real server.
      SMTP_HOST: '',
      MAILDEV_WEB_PORT: String(PORT + 3),
      MAILDEV_SMTP_PORT: String(PORT + 4),
      // The preview renderer bundles the site at the first preview (preview.spec.ts), not while
      // the other tests run.
      PREVIEW_WARM_UP: '0',
    },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
