/**
 * The store's mail as a member receives it: the local API sends it over SMTP to MailDev (the
 * catcher `npm start` runs), and the tests read it from MailDev's REST API. Sending follows the
 * API's answer by a moment, so readers wait for what they expect.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_MAIL_URL } from '../../playwright.config.ts';

export interface CaughtMail {
  subject: string;
  text: string;
  from: Array<{ address: string; name: string }>;
}

/** Every mail caught for `email`, newest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<CaughtMail[]> {
  const answer = await request.get(`${E2E_MAIL_URL}/api/email?${new URLSearchParams({ 'to.address': email })}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  // In the order they arrived (MailDev's `sort` goes by a Date header of whole seconds).
  return ((await answer.json()) as CaughtMail[]).reverse();
}

/** The newest mail to `email` once it has `count` of them. */
export async function mailTo(request: APIRequestContext, email: string, count = 1): Promise<CaughtMail> {
  let mails: CaughtMail[] = [];
  await expect(async () => {
    mails = await mailsTo(request, email);
    expect(mails.length).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 10_000 });
  return mails[0]!;
}

/** The absolute link a mail carries to a page whose path ends with `pathEnd` (e.g. /reset-email.html). */
export function linkIn(mail: CaughtMail, pathEnd: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.endsWith(pathEnd));
  expect(link, `a link to …${pathEnd} in:\n${mail.text}`).toBeDefined();
  return link!;
}
