/**
 * The header's pure rules: the count badge, which ticker a page shows and whether, and the
 * live-broadcast banner window.
 */
import { describe, expect, it } from 'vitest';
import { BADGE_OVERFLOW_COUNT } from '../../src/lib/constants.ts';
import { badgeText } from '../../src/lib/format/badge.ts';
import { isLiveBannerShown, liveBannerAtBuild } from '../../src/lib/header/live-banner.ts';
import { canCloseTicker, shouldShowTicker, tickerConfigFor, tickerGroupFor, type TickerConfig } from '../../src/lib/header/ticker-group.ts';

describe('badge text', () => {
  it('is empty for nothing to count', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
  });
  it('shows the count up to the overflow, then overflow+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(BADGE_OVERFLOW_COUNT)).toBe(String(BADGE_OVERFLOW_COUNT));
    expect(badgeText(BADGE_OVERFLOW_COUNT + 1)).toBe(`${BADGE_OVERFLOW_COUNT}+`);
    expect(BADGE_OVERFLOW_COUNT).toBe(99); // the default: 100 and more show as 99+
    expect(badgeText(100)).toBe('99+');
  });
  it('takes another overflow', () => {
    expect(badgeText(9, 9)).toBe('9');
    expect(badgeText(10, 9)).toBe('9+');
  });
});

describe('ticker group by page: none on a few pages, else A, B or C by the kind of page', () => {
  // Every page kind the ticker rules name (lib/header/ticker-group.ts), with the group it gets.
  const table: Array<[kind: string, path: string, group: 'A' | 'B' | 'C' | null]> = [
    // no ticker
    ['login', '/login.html', null],
    ['shop list', '/shop/shop_list.html', null],
    ['shop', '/shop/shop.html', null],
    ['coupon-collect', '/coupon-collect.html', null],
    ['evaluation', '/evaluation.html', null],
    ['not-found', '/not-found.html', null],
    // B
    ['account', '/account/favorites.html', 'B'],
    ['account (cancellation clause)', '/account/cancellation-clause.html', 'B'],
    ['account (refunds)', '/account/apply-refund.html', 'B'],
    ['account (tickets)', '/account/ticket-detail.html', 'B'],
    ['order list', '/account/order/order-list.html', 'B'],
    ['order evaluate', '/account/order/evaluate.html', 'B'],
    ['order detail', '/account/detail.html', 'B'],
    ['coupon (account)', '/account/coupon.html', 'B'],
    ['coupon (membership)', '/membershipcoupon.html', 'B'],
    ['coupon (voucher description)', '/voucherDescription.html', 'B'],
    ['inbox', '/inbox.html', 'B'],
    ['home (root)', '/', 'B'],
    ['home (empty path)', '', 'B'],
    ['home (index)', '/index.html', 'B'],
    ['gender home', '/women.html', 'B'],
    ['gender home', '/men.html', 'B'],
    ['gender home', '/kids.html', 'B'],
    ['gender home', '/baby.html', 'B'],
    ['category', '/c/W01.html', 'B'],
    ['child category', '/c/W0101.html', 'B'],
    // C: the specific account pages win over the account area
    ['account info', '/account/info.html', 'C'],
    ['address', '/account/address.html', 'C'],
    ['security', '/account/security/info.html', 'C'],
    ['security email', '/account/security/email.html', 'C'],
    ['security password', '/account/security/password.html', 'C'],
    ['email confirmation', '/email.html', 'C'],
    ['auth register', '/register.html', 'C'],
    ['auth forget', '/forget_password.html', 'C'],
    ['auth reset', '/reset-email.html', 'C'],
    ['auth third party', '/third_party.html', 'C'],
    ['cart', '/cart.html', 'C'],
    ['payment', '/payment/payment.html', 'C'],
    ['payment success', '/payment/success.html', 'C'],
    ['payment complete', '/payment/complete.html', 'C'],
    ['payment failed', '/payment/failed.html', 'C'],
    ['payment third party', '/payment/third-party-pay.html', 'C'],
    ['payment settlement', '/payment_settlement.html', 'C'],
    // A: the rest
    ['search', '/search.html', 'A'],
    ['product detail', '/product-detail.html', 'A'],
    ['size chart', '/product-size-chart.html', 'A'],
    ['official styling', '/official-styling-detail.html', 'A'],
    ['staff styling', '/staff-styling-detail.html', 'A'],
    ['other (CMS page)', '/feature/summer.html', 'A'],
    ['other (newsletter)', '/newsletter-subscription.html', 'A'],
    ['other (press)', '/press/2026/03/post12.html', 'A'],
    ['other (current limiter)', '/current-limiter.html', 'A'],
  ];
  it.each(table)('%s %s → %s', (_kind, path, group) => {
    expect(tickerGroupFor(path)).toBe(group);
  });

  it('ignores the query and the hash', () => {
    expect(tickerGroupFor('/product-detail.html?productCode=L000001')).toBe('A');
    expect(tickerGroupFor('/cart.html#top')).toBe('C');
    expect(tickerGroupFor('/login.html?redirect_url=%2Fcart.html')).toBeNull();
  });

  it('does not take look-alike paths for a listed page', () => {
    expect(tickerGroupFor('/shopping-guide.html')).toBe('A');
    expect(tickerGroupFor('/women-sale.html')).toBe('A');
    expect(tickerGroupFor('/campaign/cart.html')).toBe('A');
    expect(tickerGroupFor('/paymentinfo.html')).toBe('A');
  });

  it('picks the config of the page group from the ticker document', () => {
    const ticker = { web: { B: config({ pcText: 'B news' }), C: config({ pcText: 'C news' }) } };
    expect(tickerConfigFor(ticker, '/inbox.html')?.pcText).toBe('B news');
    expect(tickerConfigFor(ticker, '/cart.html')?.pcText).toBe('C news');
    expect(tickerConfigFor(ticker, '/search.html')).toBeNull(); // no A config
    expect(tickerConfigFor(ticker, '/login.html')).toBeNull();
    expect(tickerConfigFor(undefined, '/inbox.html')).toBeNull();
  });
});

function config(over: Partial<TickerConfig> = {}): TickerConfig {
  return { type: 'text', closeButton: 'Y', pcText: 'News', linkFlag: 'N', pcLink: '', displayFlag: 'Y', ...over };
}

describe('ticker shown', () => {
  it('shows when displayFlag is Y and it was not closed this session', () => {
    expect(shouldShowTicker(config(), false)).toBe(true);
    expect(shouldShowTicker(config({ displayFlag: 'N' }), false)).toBe(false);
    expect(shouldShowTicker(null, false)).toBe(false);
  });
  it('stays hidden once closed, where a close button allows closing', () => {
    expect(canCloseTicker(config())).toBe(true);
    expect(shouldShowTicker(config(), true)).toBe(false);
  });
  it('a ticker without a close button cannot have been closed', () => {
    expect(canCloseTicker(config({ closeButton: 'N' }))).toBe(false);
    expect(shouldShowTicker(config({ closeButton: 'N' }), true)).toBe(true);
  });
});

describe('live banner', () => {
  const start = Date.UTC(2026, 4, 1, 12);
  const end = Date.UTC(2026, 4, 1, 14);
  const live = (over: { liveStartTime?: number | null; liveEndTime?: number | null; liveDisplayClient?: string } = {}) => ({
    liveStartTime: start,
    liveEndTime: end,
    liveDisplayClient: '',
    ...over,
  });

  it('shows from liveStartTime until liveEndTime', () => {
    expect(isLiveBannerShown(live(), start - 1)).toBe(false);
    expect(isLiveBannerShown(live(), start)).toBe(true);
    expect(isLiveBannerShown(live(), end - 1)).toBe(true);
    expect(isLiveBannerShown(live(), end)).toBe(false);
  });
  it('treats a missing bound as open-ended', () => {
    expect(isLiveBannerShown(live({ liveStartTime: null }), start - 1)).toBe(true);
    expect(isLiveBannerShown(live({ liveEndTime: null }), end + 1)).toBe(true);
  });
  it('shows on every client when liveDisplayClient is empty, else only on the listed ones', () => {
    expect(isLiveBannerShown(live({ liveDisplayClient: '' }), start, 'H5')).toBe(true);
    expect(isLiveBannerShown(live({ liveDisplayClient: 'PC' }), start)).toBe(true);
    expect(isLiveBannerShown(live({ liveDisplayClient: 'H5' }), start)).toBe(false);
    expect(isLiveBannerShown(live({ liveDisplayClient: 'H5, pc' }), start, 'PC')).toBe(true);
    expect(isLiveBannerShown(live({ liveDisplayClient: 'PC,App_ios' }), start, 'App_android')).toBe(false);
  });
  it('shows nothing without a switch config', () => {
    expect(isLiveBannerShown(null, start)).toBe(false);
  });
  describe('on a page built at a moment', () => {
    it('is left out when its window ended before the build', () => {
      expect(liveBannerAtBuild(live(), end)).toBeNull();
      expect(liveBannerAtBuild(live(), end + 1)).toBeNull();
    });
    it('is carried, hidden, when its window is still to come, with the bounds the page schedule uses', () => {
      expect(liveBannerAtBuild(live(), start - 1)).toEqual({ hidden: true, start, end });
    });
    it('is carried and shown inside its window', () => {
      expect(liveBannerAtBuild(live(), start)).toEqual({ hidden: false, start, end });
      expect(liveBannerAtBuild(live({ liveStartTime: null, liveEndTime: null }), end + 1)).toEqual({
        hidden: false,
        start: null,
        end: null,
      });
    });
    it('is left out for a site the banner is not for', () => {
      expect(liveBannerAtBuild(live({ liveDisplayClient: 'H5' }), start)).toBeNull();
      expect(liveBannerAtBuild(live({ liveDisplayClient: 'H5' }), start, 'H5')).not.toBeNull();
      expect(liveBannerAtBuild(null, start)).toBeNull();
    });
  });
});
