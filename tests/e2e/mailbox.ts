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

/**
 * The newest mail to `email` once there is one; given `pathEnd`, the newest carrying a link to a
 * page whose path ends with it. A member's mails may arrive within one second (the registration
 * link, then a reset link), which MailDev cannot order, so a test names the mail it waits for.
 */
export async function mailTo(email: string, pathEnd?: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect(async () => {
    const mails = await mailsTo(email);
    found = pathEnd === undefined ? mails[0] : mails.find((mail) => linkTo(mail, pathEnd) !== undefined);
    expect(found, `a mail to ${email}${pathEnd ? ` with a link to …${pathEnd}` : ''}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

const linkTo = (mail: CaughtMail, pathEnd: string) =>
  mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.endsWith(pathEnd));

/** The absolute link a mail carries to a page whose path ends with `pathEnd` (e.g. /reset-email.html). */
export function linkIn(mail: CaughtMail, pathEnd: string): string {
  const link = linkTo(mail, pathEnd);
  expect(link, `a link to …${pathEnd} in:\n${mail.text}`).toBeDefined();
  return link!;
}
