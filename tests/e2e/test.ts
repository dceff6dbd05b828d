/**
 * The browser tests' `test` and `expect`: Playwright's, with every page of every test watched
 * for Content-Security-Policy violations. Chromium reports each one on the console ("Refused to
 * execute inline script…", "Refused to load…", "[Report Only] …"), so a test that passes has met
 * no blocked script, style, frame or connection on any page it opened, popups included, in its
 * own context and in any it made with `browser.newContext()` or `browser.newPage()`.
 */
import { expect, test as base, type BrowserContext } from '@playwright/test';

export { expect };

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, provide) => {
      const found: string[] = [];
      const watch = (watched: BrowserContext) =>
        watched.on('console', (message) => {
          if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
        });
      watch(context);
      // Playwright has no event for a new context; browser.newPage() goes through newContext too.
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const made = await newContext.apply(browser, args);
        watch(made);
        return made;
      };
      try {
        await provide(found);
      } finally {
        browser.newContext = newContext;
      }
      expect(found, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
