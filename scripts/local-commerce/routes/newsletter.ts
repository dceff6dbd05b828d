/**
 * The newsletter's double opt-in: subscribing mails a confirmation link (valid 7 days, used
 * once) and keeps the address pending; the link's page confirms it. Every mail carries an
 * unsubscribe link signed with a key of this database (HMAC of the address), so an address can
 * be unsubscribed by whoever receives its mail and by nobody else.
 *
 * Subscribing answers the same for every address, so the form cannot tell anyone whether an
 * address is subscribed: an address already confirmed is mailed that it is, instead of a link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db.ts';
import { clientAddress } from '../client-address.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import type { Outbox } from '../mail.ts';
import { localText, requestLanguage } from '../request-language.ts';
import { randomToken, sha256 } from '../tokens.ts';

const CONFIRM_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

interface SubscriptionRow {
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
}

export function unsubscribeSignature(db: DatabaseSync, email: string): string {
  const { secret } = db.prepare("SELECT secret FROM signing_keys WHERE name = 'newsletter'").get() as { secret: string };
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('base64url');
}

/** The link every newsletter mail carries. */
const unsubscribeLink = (db: DatabaseSync, outbox: Outbox, email: string) =>
  outbox.link('/unsubscribe.html', { email, signature: unsubscribeSignature(db, email) });

function confirmationMail(db: DatabaseSync, outbox: Outbox, email: string, token: string) {
  const confirm = outbox.link('/subscription-success.html', { token });
  const unsubscribe = unsubscribeLink(db, outbox, email);
  return {
    to: email,
    subject: localText({
      'zh-TW': '請確認訂閱 LINEA 電子報',
      'zh-HK': '請確認訂閱 LINEA 電子報',
      'en-GB': 'Please confirm your LINEA newsletter',
    }),
    text: localText({
      'zh-TW': `請開啟以下連結確認訂閱（7 天內有效）：\n${confirm}\n\n若您並未訂閱，請忽略此信；取消訂閱：${unsubscribe}`,
      'zh-HK': `請開啟以下連結確認訂閱（7 天內有效）：\n${confirm}\n\n若您並未訂閱，請忽略此信；取消訂閱：${unsubscribe}`,
      'en-GB': `Open this link to confirm your subscription (valid for 7 days):\n${confirm}\n\nIf you did not subscribe, ignore this mail. To unsubscribe: ${unsubscribe}`,
    }),
  };
}

function alreadySubscribedMail(db: DatabaseSync, outbox: Outbox, email: string) {
  const unsubscribe = unsubscribeLink(db, outbox, email);
  return {
    to: email,
    subject: localText({
      'zh-TW': '您已訂閱 LINEA 電子報',
      'zh-HK': '您已訂閱 LINEA 電子報',
      'en-GB': 'You already receive the LINEA newsletter',
    }),
    text: localText({
      'zh-TW': `有人以此電子郵件再次申請訂閱 LINEA 電子報。此信箱已在訂閱中，無需任何操作。\n\n若要取消訂閱：${unsubscribe}`,
      'zh-HK': `有人以此電郵再次申請訂閱 LINEA 電子報。此電郵已在訂閱中，毋須任何操作。\n\n如要取消訂閱：${unsubscribe}`,
      'en-GB': `Someone asked again to subscribe this address to the LINEA newsletter. It already receives it: there is nothing to do.\n\nTo unsubscribe: ${unsubscribe}`,
    }),
  };
}

export function registerNewsletterRoutes({ db, now, handle, limits, outbox }: RouteKit): void {
  handle('newsletterSubscribe', async ({ body, c }) => {
    // Each one mails a confirmation: limited per mailbox and per caller.
    await limits.spend(['newsletterEmail', body.email.trim().toLowerCase()], ['newsletterAddress', clientAddress(c)]);
    return transaction(db, () => {
      const email = body.email.trim();
      const row = db.prepare('SELECT email, status FROM newsletter_subscriptions WHERE email = ?').get(email) as
        SubscriptionRow | undefined;
      if (row?.status === 'confirmed') {
        outbox.queue(alreadySubscribedMail(db, outbox, email));
        return { status: 'pending' as const };
      }
      const token = randomToken();
      db.prepare(
        `INSERT INTO newsletter_subscriptions (email, status, language, token_hash, token_expires_at, created_at) VALUES (?, 'pending', ?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET status = 'pending', language = excluded.language, token_hash = excluded.token_hash, token_expires_at = excluded.token_expires_at, unsubscribed_at = NULL`,
      ).run(email, requestLanguage().code, sha256(token), now() + CONFIRM_LINK_TTL_MS, now());
      outbox.queue(confirmationMail(db, outbox, email, token));
      return { status: 'pending' as const };
    });
  });

  handle('newsletterConfirm', ({ body }) =>
    transaction(db, () => {
      const row = db
        .prepare("SELECT email, status FROM newsletter_subscriptions WHERE token_hash = ? AND status = 'pending' AND token_expires_at > ?")
        .get(sha256(body.token), now()) as SubscriptionRow | undefined;
      if (!row) throw fieldFailure('NEWSLETTER_LINK_INVALID', 'This link has expired or was used; subscribe again', 'token');
      db.prepare("UPDATE newsletter_subscriptions SET status = 'confirmed', confirmed_at = ?, token_hash = NULL WHERE email = ?").run(
        now(),
        row.email,
      );
      return { email: row.email };
    }),
  );

  handle('newsletterUnsubscribe', ({ body }) => {
    const email = body.email.trim();
    const expected = Buffer.from(unsubscribeSignature(db, email));
    const given = Buffer.from(body.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw fieldFailure('NEWSLETTER_LINK_INVALID', 'This unsubscribe link is not valid for this address', 'signature');
    }
    // An address never subscribed is unsubscribed already: the same answer, nothing to store.
    db.prepare("UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = ?, token_hash = NULL WHERE email = ?").run(
      now(),
      email,
    );
    return { email };
  });
}
