/**
 * The browser tests' `test` and `expect`: Playwright's, with every page of every test watched
 * for Content-Security-Policy violations. Chromium reports each one on the console ("Refused to
 * execute inline script…", "Refused to load…", "[Report Only] …"), so a test that passes has met
 * no blocked script, style, frame or connection on any page it opened, popups included.
 */
import { expect, test as base } from '@playwright/test';

export { expect };

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const found: string[] = [];
      context.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
      });
      await use(found);
      expect(found, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
