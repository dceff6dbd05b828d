/** The cookie of a shopper who has seen home's promotion pop-up, as most tests start. */
import { CUSTOM_POPUP_SEEN_COOKIE } from '../../src/lib/popups/promo.ts';

export const SEEN_PROMO_COOKIE = {
  name: CUSTOM_POPUP_SEEN_COOKIE,
  value: 'Y',
  domain: '127.0.0.1',
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
};
