/** The mobile redirect, as a table: every rule and every user-agent keyword. */
import { describe, expect, it } from 'vitest';
import {
  isCrawlerUserAgent,
  isMobileUserAgent,
  MOBILE_USER_AGENT_KEYWORDS,
  mobileRedirectForRequest,
  mobileRedirectTarget,
} from '../../src/lib/routing/mobile-redirect.ts';
import { DESKTOP, IPHONE } from '../fixtures/user-agents.ts';

const M = 'https://m.linea.example';
const cmsPages = [
  { path: '/feature/lookbook.html', code: 'F-LOOKBOOK' },
  { path: '/women.html', code: 'WOMEN' },
];
const target = (url: string, userAgent = IPHONE, languageSegment = '') => {
  const { pathname, searchParams } = new URL(url, 'https://www.linea.example');
  return mobileRedirectTarget({ path: pathname, query: searchParams, userAgent, mobileSiteUrl: `${M}/`, languageSegment, cmsPages });
};

describe('which browsers go to the mobile site', () => {
  it.each(MOBILE_USER_AGENT_KEYWORDS.map((k) => [k]))('a user agent containing "%s"', (keyword) => {
    expect(isMobileUserAgent(`Something ${keyword.toUpperCase()} Browser`)).toBe(true);
  });
  it('not a search-engine crawler, even its smartphone crawler', () => {
    const googlebotSmartphone =
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const bingbotMobile =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 Mobile/11A465 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
    const baidu =
      'Mozilla/5.0 (Linux;u;Android 4.2.2;zh-cn;) AppleWebKit/534.46 Mobile Safari/534.46 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
    for (const ua of [googlebotSmartphone, bingbotMobile, baidu]) {
      expect(isCrawlerUserAgent(ua), ua).toBe(true);
      expect(isMobileUserAgent(ua), ua).toBe(false);
    }
    // A phone whose brand merely contains "bot" is still a phone.
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 12; CUBOT X50) Mobile Safari/537.36')).toBe(true);
  });

  it('not a desktop browser, nor a missing user agent', () => {
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
    expect(target('/women.html', DESKTOP)).toBeNull();
  });
});

describe('where a page goes', () => {
  const table: Array<[string, string]> = [
    ['/', `${M}/`],
    ['/index.html', `${M}/`],
    ['/cart.html', `${M}/`],
    ['/account/favorites.html', `${M}/`],
    ['/payment/payment.html', `${M}/`],
    ['/payment/success.html?orderCode=O1', `${M}/`],
    ['/product-detail.html?productCode=L450011&productId=45001101002011', `${M}/product?pid=L450011&skuId=45001101002011`],
    ['/product-detail.html?productCode=L450011&productId=undefined', `${M}/product?pid=L450011`],
    // A product's own page: the code from the path.
    ['/product/L450011.html', `${M}/product?pid=L450011`],
    ['/product/L450011.html?productId=45001101002011&utm_source=ad', `${M}/product?pid=L450011&skuId=45001101002011`],
    ['/search.html?description=%E5%A4%96%E5%A5%97&sort=priceAsc', `${M}/search?description=%E5%A4%96%E5%A5%97`],
    ['/search.html?searchType=storeCode&storeCode=TP001', `${M}/shop/wares/TP001`],
    ['/search.html?searchType=storeCode&storeCode=', `${M}/search`],
    ['/email.html', `${M}/account/security/email`],
    ['/account/security/email.html', `${M}/account/security/email`],
    ['/account/security/password.html', `${M}/account/security/password`],
    ['/coupon-collect.html?couponId=CC001', `${M}/coupon-collect/CC001`],
    ['/account/order/evaluate.html?oid=O1', `${M}/evaluation?orderId=O1`],
    ['/official-styling-detail.html?styleId=12345678&uid=M1', `${M}/official-styling-detail?styleId=12345678&userId=M1`],
    ['/staff-styling-detail.html?styleId=S1&ugcId=U9', `${M}/staff-styling-detail?styleId=S1&ugcId=U9`],
    // A look's own page: the mobile site shows it on its kind's page, by styleId.
    ['/official-styling/LK26AW01.html?uid=M1', `${M}/official-styling-detail?styleId=LK26AW01&userId=M1`],
    ['/staff-styling/ST101.html', `${M}/staff-styling-detail?styleId=ST101`],
    ['/newsletter-subscription.html', `${M}/newsletter-subscription`],
    ['/unsubscribe.html', `${M}/unsubscribe`],
    ['/forget_password.html', `${M}/forget-password`],
    ['/reset-email.html?token=abc', `${M}/reset-email`],
    ['/c/W0101.html', `${M}/home/c_mobile/W0101`],
    ['/feature/lookbook.html', `${M}/home/F-LOOKBOOK`],
    ['/women.html', `${M}/home/WOMEN`],
    ['/feature/not-in-the-config.html', `${M}/`],
  ];
  it.each(table)('%s → %s', (from, to) => {
    expect(target(from)).toBe(to);
  });

  it('keeps the language, and drops query names the mobile site does not know', () => {
    expect(target('/c/W0101.html?utm_source=x', IPHONE, 'en-gb')).toBe(`${M}/en-gb/home/c_mobile/W0101`);
  });
});

describe('a request to the store', () => {
  const pages = { '': [{ path: '/women.html', code: 'WOMEN' }], 'en-gb': [{ path: '/women.html', code: 'WOMEN-EN' }], 'zh-hk': [] };
  const request = (pathname: string, search = '', userAgent = IPHONE, mobileSiteUrl = M) =>
    mobileRedirectForRequest({ pathname, search, userAgent, mobileSiteUrl, pages });

  it("finds the language from the path and uses that language's CMS pages", () => {
    expect(request('/women.html')).toBe(`${M}/home/WOMEN`);
    expect(request('/en-gb/women.html')).toBe(`${M}/en-gb/home/WOMEN-EN`);
    expect(request('/en-gb/')).toBe(`${M}/en-gb/`);
    expect(request('/zh-hk/product-detail.html', '?productCode=L1')).toBe(`${M}/zh-hk/product?pid=L1`);
  });

  it('does nothing without a mobile site, or for a desktop browser', () => {
    expect(request('/women.html', '', IPHONE, '')).toBeNull();
    expect(request('/women.html', '', DESKTOP)).toBeNull();
  });
});

describe('the pre-paint inline script', () => {
  const run = async (pathname: string, search: string, userAgent: string) => {
    const { runInNewContext } = await import('node:vm');
    const { MOBILE_REDIRECT_DATA_ID, mobileRedirectScript } = await import('../../src/node/routing/mobile-redirect-script.ts');
    const replaced: string[] = [];
    const script = mobileRedirectScript();
    // The page's data comes in the JSON block the layout writes before the script.
    const data = JSON.stringify({ mobileSiteUrl: M, pages: { '': [{ path: '/women.html', code: 'WOMEN' }], 'en-gb': [], 'zh-hk': [] } });
    runInNewContext(script, {
      location: { pathname, search, replace: (url: string) => replaced.push(url) },
      navigator: { userAgent },
      document: { getElementById: (id: string) => (id === MOBILE_REDIRECT_DATA_ID ? { textContent: data } : null) },
      URLSearchParams,
    });
    return { replaced, bytes: Buffer.byteLength(script) };
  };

  it('is the same function: it sends a phone where the function says, and leaves a desktop alone', async () => {
    expect((await run('/women.html', '?productCode=L1&x=1', IPHONE)).replaced).toEqual([`${M}/home/WOMEN?pid=L1`]);
    expect((await run('/en-gb/c/W01.html', '', IPHONE)).replaced).toEqual([`${M}/en-gb/home/c_mobile/W01`]);
    expect((await run('/women.html', '', DESKTOP)).replaced).toEqual([]);
  });

  it('stays small: it is in the head of every page', async () => {
    expect((await run('/', '', DESKTOP)).bytes).toBeLessThan(4096);
  });
});
