/** Where the member-privacy pop-up shows and how long its acknowledgement lasts. */
import { describe, expect, it } from 'vitest';
import { MEMBER_PRIVACY_PAGES, memberPrivacySeenCookie, showsMemberPrivacy } from '../../src/lib/popups/member-privacy.ts';

describe('member-privacy pop-up', () => {
  it('shows only on home, product detail, cart, account info, payment settlement, login and register', () => {
    expect(MEMBER_PRIVACY_PAGES).toEqual([
      '/',
      '/product-detail.html',
      '/cart.html',
      '/account/info.html',
      '/payment_settlement.html',
      '/login.html',
      '/register.html',
    ]);
    for (const path of MEMBER_PRIVACY_PAGES) expect(showsMemberPrivacy(path, 'app'), path).toBe(true);
    expect(showsMemberPrivacy('/product/L450492.html', 'product')).toBe(true);
    for (const path of ['/women.html', '/c/W01.html', '/search.html', '/account/address.html', '/payment/payment.html', '/index.html'])
      expect(showsMemberPrivacy(path, 'cms'), path).toBe(false);
  });

  it('remembers the acknowledgement for a year', () => {
    expect(memberPrivacySeenCookie()).toBe('lin_member_privacy_seen=Y; Path=/; SameSite=Lax; Max-Age=31536000');
  });
});
