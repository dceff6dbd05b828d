/**
 * The notices an account's owner gets when its sign-in changes: at the old address when the
 * email changes (to where, masked), and at the address when the password changes (from the
 * security page or by a reset link). Someone else who made the change is then seen by the
 * owner, who is told how to take the account back. In the member's preferred language (mail.ts).
 */
import type { ComposeContext, MemberMail } from './mail.ts';
import { layoutMail, maskEmail } from './mail-layout.ts';
import { localText } from './request-language.ts';

/** How to take the account back: the reset page, and the security page to put the email back. */
function help({ link }: ComposeContext) {
  return [
    {
      p: localText({
        'zh-TW': '如果這不是您本人的操作，請立即重設密碼；如無法登入，請以手機號碼登入後於會員中心聯絡客服。',
        'zh-HK': '如這不是您本人的操作，請立即重設密碼；如未能登入，請以手機號碼登入後在會員中心聯絡客戶服務。',
        'en-GB':
          'If this was not you, set a new password now. If you cannot sign in with your email, sign in with your mobile number and write to customer service from your account.',
      }),
    },
    {
      link: link('/forget_password.html', {}),
      label: localText({ 'zh-TW': '重設密碼：', 'zh-HK': '重設密碼：', 'en-GB': 'Set a new password:' }),
    },
    {
      link: link('/account/security/info.html', {}),
      label: localText({ 'zh-TW': '帳號安全：', 'zh-HK': '帳戶安全：', 'en-GB': 'Account security:' }),
    },
  ];
}

/** To the old address: the account's email is now another, shown masked. Queued while the old address is still the member's (its language is found by it). */
export function emailChangedMail(oldEmail: string, newEmail: string): MemberMail {
  return {
    to: oldEmail,
    compose: (context) =>
      layoutMail(
        localText({
          'zh-TW': '您的 LINEA 帳號電子郵件已變更',
          'zh-HK': '您的 LINEA 帳戶電郵地址已更改',
          'en-GB': 'Your LINEA email address was changed',
        }),
        [
          {
            p: localText({
              'zh-TW': `您的 LINEA 帳號登入電子郵件已由此信箱變更為 ${maskEmail(newEmail)}，之後的通知都會寄到新的信箱。`,
              'zh-HK': `您的 LINEA 帳戶登入電郵已由此地址更改為 ${maskEmail(newEmail)}，之後的通知會寄往新地址。`,
              'en-GB': `The email address of your LINEA account was changed from this one to ${maskEmail(newEmail)}. Mail about your account now goes there.`,
            }),
          },
          ...help(context),
        ],
      ),
  };
}

/** To the account's address: its password was changed. */
export function passwordChangedMail(email: string): MemberMail {
  return {
    to: email,
    compose: (context) =>
      layoutMail(
        localText({ 'zh-TW': '您的 LINEA 密碼已變更', 'zh-HK': '您的 LINEA 密碼已更改', 'en-GB': 'Your LINEA password was changed' }),
        [
          {
            p: localText({
              'zh-TW': '您的 LINEA 帳號密碼剛剛已變更，所有裝置都已登出，請以新密碼登入。',
              'zh-HK': '您的 LINEA 帳戶密碼剛剛已更改，所有裝置均已登出，請以新密碼登入。',
              'en-GB':
                'The password of your LINEA account was just changed, and every device was signed out. Sign in with the new password.',
            }),
          },
          ...help(context),
        ],
      ),
  };
}
