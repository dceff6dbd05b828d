/**
 * The store's mail as a member receives it: the local API sends it over SMTP to MailDev (the
 * catcher `npm start` runs), and the tests read it from MailDev's REST API. Sending follows the
 * API's answer by a moment, so readers wait for what they expect.
 */
import { expect } from '@playwright/test';
import { E2E_MAIL_URL } from '../../playwright.config.ts';
import { caughtMails, type CaughtMail } from '../fixtures/maildev.ts';

/** Every mail caught for `email`, newest first. */
export const mailsTo = (email: string): Promise<CaughtMail[]> => caughtMails(E2E_MAIL_URL, email);

/** The newest mail to `email`, once there is one. */
export async function mailTo(email: string): Promise<CaughtMail> {
  let mails: CaughtMail[] = [];
  await expect(async () => {
    mails = await mailsTo(email);
    expect(mails.length).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
  return mails[0]!;
}

/** The absolute link a mail carries to a page whose path ends with `pathEnd` (e.g. /reset-email.html). */
export function linkIn(mail: CaughtMail, pathEnd: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.endsWith(pathEnd));
  expect(link, `a link to …${pathEnd} in:\n${mail.text}`).toBeDefined();
  return link!;
}
