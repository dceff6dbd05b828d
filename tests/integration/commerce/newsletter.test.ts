/**
 * The newsletter's double opt-in and signed unsubscribing, over the local API: a subscription
 * is pending until its mailed link confirms it (7 days, once); every mail carries an unsubscribe
 * link signed for its address, and no other address's signature works.
 */
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectSuccess, mailsTo, sampleEnv } from '../../fixtures/commerce-app.ts';

const unsubscribeLink = (text: string) => {
  const found = /\/unsubscribe\.html\?(\S+)/.exec(text);
  const query = new URLSearchParams(found![1]);
  return { email: query.get('email')!, signature: query.get('signature')! };
};
const confirmToken = (text: string) => /\/subscription-success\.html\?token=([\w-]+)/.exec(text)?.[1];

describe('newsletter', () => {
  it('keeps an address pending until its mailed link confirms it, once', async () => {
    const { app, db } = sampleEnv();
    const email = 'reader@linea.example';
    expect(expectSuccess('newsletterSubscribe', await call(app, 'newsletterSubscribe', { email }))).toEqual({ status: 'pending' });
    const [mail] = mailsTo(db, email);
    expect(mail!.subject).toBe('請確認訂閱 LINEA 電子報');
    const status = () =>
      (db.prepare('SELECT status FROM newsletter_subscriptions WHERE email = ?').get(email) as { status: string }).status;
    expect(status()).toBe('pending');

    expect(expectSuccess('newsletterConfirm', await call(app, 'newsletterConfirm', { token: confirmToken(mail!.text)! }))).toEqual({
      email,
    });
    expect(status()).toBe('confirmed');
    expectFailure(await call(app, 'newsletterConfirm', { token: confirmToken(mail!.text)! }), 'NEWSLETTER_LINK_INVALID', {
      field: 'token',
    });

    // A confirmed address gets the answer any address gets (the form must not tell a stranger
    // who is subscribed); its mailbox is told it is subscribed already, with no link to confirm.
    const again = await call(app, 'newsletterSubscribe', { email: ' READER@linea.example ' });
    const stranger = await call(app, 'newsletterSubscribe', { email: 'stranger@linea.example' });
    expect(expectSuccess('newsletterSubscribe', again)).toEqual({ status: 'pending' });
    expect(again.status).toBe(stranger.status);
    expect(again.json).toEqual(stranger.json);
    const mails = mailsTo(db, email); // newest first
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('您已訂閱 LINEA 電子報');
    expect(confirmToken(mails[0]!.text)).toBeUndefined();
    expect(unsubscribeLink(mails[0]!.text).email.toLowerCase()).toBe(email);
    expect(status()).toBe('confirmed');
  });

  it('mails in the page language, with its pages, and lets a link expire after 7 days', async () => {
    const { app, db, clock } = sampleEnv();
    const email = 'late@linea.example';
    expectSuccess('newsletterSubscribe', await call(app, 'newsletterSubscribe', { email }, { language: 'en-GB' }));
    const [mail] = mailsTo(db, email);
    expect(mail!.subject).toBe('Please confirm your LINEA newsletter');
    expect(mail!.text).toContain('/en-gb/subscription-success.html?token=');
    expect(mail!.text).toContain('/en-gb/unsubscribe.html?email=late%40linea.example&signature=');
    clock.now += 7 * 24 * 3600 * 1000 + 1;
    expectFailure(await call(app, 'newsletterConfirm', { token: confirmToken(mail!.text)! }), 'NEWSLETTER_LINK_INVALID');
  });

  it("unsubscribes with the address's own signed link, and with no other", async () => {
    const { app, db } = sampleEnv();
    for (const email of ['one@linea.example', 'two@linea.example'])
      expectSuccess('newsletterSubscribe', await call(app, 'newsletterSubscribe', { email }));
    const one = unsubscribeLink(mailsTo(db, 'one@linea.example')[0]!.text);
    const two = unsubscribeLink(mailsTo(db, 'two@linea.example')[0]!.text);
    expect(one.email).toBe('one@linea.example');

    expectFailure(
      await call(app, 'newsletterUnsubscribe', { email: 'two@linea.example', signature: one.signature }),
      'NEWSLETTER_LINK_INVALID',
      {
        field: 'signature',
      },
    );
    expectFailure(await call(app, 'newsletterUnsubscribe', { email: one.email, signature: 'x' }), 'NEWSLETTER_LINK_INVALID');
    expect(expectSuccess('newsletterUnsubscribe', await call(app, 'newsletterUnsubscribe', two))).toEqual({ email: 'two@linea.example' });
    const statusOf = (email: string) =>
      (db.prepare('SELECT status FROM newsletter_subscriptions WHERE email = ?').get(email) as { status: string }).status;
    expect([statusOf('one@linea.example'), statusOf('two@linea.example')]).toEqual(['pending', 'unsubscribed']);
    // Subscribing again starts a new confirmation.
    expect(expectSuccess('newsletterSubscribe', await call(app, 'newsletterSubscribe', { email: 'two@linea.example' }))).toEqual({
      status: 'pending',
    });
  });

  it('refuses an empty address with UR_EMAIL_08 and a malformed one with UR_EMAIL_06', async () => {
    const { app } = sampleEnv();
    expectFailure(await call(app, 'newsletterSubscribe', { email: '' }), 'UR_EMAIL_08', { field: 'email' });
    expectFailure(await call(app, 'newsletterSubscribe', { email: 'not-an-address' }), 'UR_EMAIL_06', { field: 'email' });
  });
});
