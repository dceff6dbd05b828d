/**
 * Changing the member's email: a six-digit code and a link are mailed to the new address, and
 * either one confirms it (the code on the security page, signed in; the link from any
 * browser). A code can be mailed again after EMAIL_CODE_RESEND_SECONDS, works for
 * EMAIL_CODE_TTL_SECONDS, and dies after EMAIL_CODE_MAX_TRIES wrong guesses; a new code
 * replaces the member's unused ones.
 */
import { randomInt } from 'node:crypto';
import type { Member } from '../../../src/lib/api/contract.ts';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_MAX_TRIES, EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_TTL_SECONDS } from '../../../src/lib/constants.ts';
import { transaction } from '../db.ts';
import { ApiFailure, fieldFailure, memberById, toMember, type RouteKit } from '../kit.ts';
import { localText } from '../request-language.ts';
import { emailChangedMail } from '../security-mail.ts';
import { randomToken, sha256 } from '../tokens.ts';

interface CodeRow {
  id: number;
  member_id: string;
  email: string;
  code_hash: string;
  expires_at: number;
  tries: number;
}

/** The code mail, in the request's language. */
const codeMail = (to: string, code: string, link: string) => {
  const minutes = EMAIL_CODE_TTL_SECONDS / 60;
  return {
    to,
    subject: localText({ 'zh-TW': '確認您的新電子郵件', 'zh-HK': '確認您的新電郵地址', 'en-GB': 'Confirm your new email address' }),
    text: localText({
      'zh-TW': `您的驗證碼是 ${code}，${minutes} 分鐘內有效。\n也可以開啟以下連結完成變更：\n${link}`,
      'zh-HK': `您的驗證碼是 ${code}，${minutes} 分鐘內有效。\n亦可開啟以下連結完成更改：\n${link}`,
      'en-GB': `Your code is ${code}; it works for ${minutes} minutes.\nOr open this link to confirm the change:\n${link}`,
    }),
  };
};

/**
 * The new address is another account's. Not registration's UR_EMAIL_EXISTS ("sign in instead"):
 * the member is signed in, and the address is not theirs. Saying so tells a signed-in member no
 * more than registration's own answer did before it answered alike for every address, and a
 * member cannot take the address without the code mailed to it (docs/decisions.md).
 */
const EMAIL_OF_OTHER = 'UR_EMAIL_OTHER_ACCOUNT';
const EMAIL_OF_OTHER_TEXT = 'This email address belongs to another account';
const emailOfOther = (field: string) => fieldFailure(EMAIL_OF_OTHER, EMAIL_OF_OTHER_TEXT, field);

export function registerEmailRoutes({ db, now, handle, limits, outbox }: RouteKit): void {
  const takenByOther = (email: string, memberId: string) =>
    db.prepare('SELECT 1 FROM members WHERE email = ? AND id <> ?').get(email, memberId) !== undefined;

  /**
   * Gives the code's member its email and spends the code; `field` is where a taken email is
   * reported. The old address is told, so an owner whose session someone else used sees it.
   */
  function confirm(row: CodeRow, field: string | null): void {
    if (takenByOther(row.email, row.member_id)) throw field ? emailOfOther(field) : new ApiFailure(EMAIL_OF_OTHER, EMAIL_OF_OTHER_TEXT);
    const old = memberById(db, row.member_id)!.email;
    outbox.queue(emailChangedMail(old, row.email));
    db.prepare('UPDATE members SET email = ? WHERE id = ?').run(row.email, row.member_id);
    db.prepare('UPDATE email_codes SET used = 1 WHERE id = ?').run(row.id);
  }

  handle('emailCodeSend', async ({ body, member }) => {
    await limits.spend(['emailCodeMember', member.id]);
    return transaction(db, () => {
      if (body.email.toLowerCase() === member.email.toLowerCase())
        throw fieldFailure('UR_EMAIL_SAME', 'This is already your email', 'email');
      if (takenByOther(body.email, member.id)) throw emailOfOther('email');
      const { last } = db.prepare('SELECT MAX(created_at) AS last FROM email_codes WHERE member_id = ?').get(member.id) as {
        last: number | null;
      };
      if (last !== null && now() - last < EMAIL_CODE_RESEND_SECONDS * 1000)
        throw fieldFailure('EMAIL_CODE_TOO_SOON', 'A code was sent moments ago; wait a minute', 'email');
      const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
      const link = randomToken();
      db.prepare('DELETE FROM email_codes WHERE member_id = ? AND used = 0').run(member.id);
      db.prepare('INSERT INTO email_codes (member_id, email, code_hash, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        member.id,
        body.email,
        sha256(code),
        sha256(link),
        now() + EMAIL_CODE_TTL_SECONDS * 1000,
        now(),
      );
      outbox.queue(codeMail(body.email, code, outbox.link('/email.html', { token: link })));
      return { resendAfter: EMAIL_CODE_RESEND_SECONDS, expiresIn: EMAIL_CODE_TTL_SECONDS };
    });
  });

  handle('emailChange', ({ body, member }) => {
    const tooManyTries = () => fieldFailure('EMAIL_CODE_TOO_MANY_TRIES', 'Too many wrong codes; ask for a new one', 'code');
    const outcome = transaction<{ wrongTries: number } | { profile: Member }>(db, () => {
      const row = db
        .prepare('SELECT * FROM email_codes WHERE member_id = ? AND email = ? COLLATE NOCASE AND used = 0 ORDER BY id DESC LIMIT 1')
        .get(member.id, body.email) as CodeRow | undefined;
      if (!row) throw fieldFailure('EMAIL_CODE_NOT_SENT', 'No code was sent to this email; ask for one', 'code');
      if (row.expires_at <= now()) throw fieldFailure('EMAIL_CODE_EXPIRED', 'The code has expired; ask for a new one', 'code');
      if (row.tries >= EMAIL_CODE_MAX_TRIES) throw tooManyTries();
      if (sha256(body.code) !== row.code_hash) {
        // Returned, not thrown, so the transaction commits the try: the call still fails below.
        db.prepare('UPDATE email_codes SET tries = tries + 1 WHERE id = ?').run(row.id);
        return { wrongTries: row.tries + 1 };
      }
      confirm(row, 'email');
      return { profile: toMember(memberById(db, member.id)!) };
    });
    if ('wrongTries' in outcome)
      throw outcome.wrongTries >= EMAIL_CODE_MAX_TRIES ? tooManyTries() : fieldFailure('EMAIL_CODE_WRONG', 'The code is wrong', 'code');
    return outcome.profile;
  });

  handle('emailVerify', ({ body }) =>
    transaction(db, () => {
      // A live link: unused, not expired, and its code not killed by wrong guesses.
      const row = db
        .prepare('SELECT * FROM email_codes WHERE token_hash = ? AND used = 0 AND expires_at > ? AND tries < ?')
        .get(sha256(body.token), now(), EMAIL_CODE_MAX_TRIES) as CodeRow | undefined;
      if (!row || memberById(db, row.member_id)?.closed_at !== null)
        throw fieldFailure('EMAIL_LINK_INVALID', 'This link has expired or was used; ask for a new code', 'token');
      confirm(row, null);
      return { email: row.email };
    }),
  );
}
