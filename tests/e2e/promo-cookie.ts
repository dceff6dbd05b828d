/** The cookies of a shopper who has seen the pop-ups that greet a first visit, as most tests start. */
import { MEMBER_PRIVACY_SEEN_COOKIE } from '../../src/lib/popups/member-privacy.ts';
import { CUSTOM_POPUP_SEEN_COOKIE } from '../../src/lib/popups/promo.ts';

const seen = (name: string) => ({
  name,
  value: 'Y',
  domain: '127.0.0.1',
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
});

export const SEEN_PRIVACY_COOKIE = seen(MEMBER_PRIVACY_SEEN_COOKIE);
export const SEEN_POPUP_COOKIES = [seen(CUSTOM_POPUP_SEEN_COOKIE), SEEN_PRIVACY_COOKIE];
