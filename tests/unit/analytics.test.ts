/** Behaviour analytics: the rules, the ids, the payloads, the queue and consent. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventProblem, freeEventProblem, ANALYTICS_EVENT_NAMES, type AnalyticsEvent } from '../../src/lib/analytics/events.ts';
import { collectorOrigin, devicePost, eventPost, freeEventPost, type CollectorContext } from '../../src/lib/analytics/collector.ts';
import { randomId, trackingCookie, TRACKING_COOKIES, UUID_COOKIE_DAYS } from '../../src/lib/analytics/ids.ts';
import { pageTypeOf } from '../../src/lib/analytics/page-types.ts';
import { lineEcidCookie, lineReferralEcid, LINE_ECID_COOKIE } from '../../src/lib/analytics/line-referral.ts';
import { CONSENT_COOKIE, consentCookie, consentValue, cookiesAllow, parseConsent } from '../../src/lib/consent/consent.ts';
import { memoryStorage } from '../../src/stores/platform.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';

const event = (name: AnalyticsEvent['name'], prop: AnalyticsEvent['prop'], userId: string | null = 'U1'): AnalyticsEvent => ({
  name,
  prop,
  userId,
});

describe('the event rules', () => {
  it('names the ten events of docs/engagement.md', () => {
    expect(ANALYTICS_EVENT_NAMES).toEqual([
      'firstPage',
      'redirect',
      'search',
      'addcart',
      'collect',
      'share',
      'register',
      'member',
      'login',
      'watchVideo',
    ]);
  });
  it('search needs keywords', () => {
    expect(eventProblem(event('search', { keywords: 'coat' }, null))).toBeNull();
    expect(eventProblem(event('search', { keywords: '  ' }))).toBe('keywords are missing');
    expect(eventProblem(event('search', {}))).toBe('keywords are missing');
  });
  it('addcart needs a user id and a non-empty list, each item with spu, num and price', () => {
    const item = { spu: 'L450011', num: 1, price: 990 };
    expect(eventProblem(event('addcart', { items: [item] }))).toBeNull();
    expect(eventProblem(event('addcart', { items: [item] }, null))).toBe('a user id is missing');
    expect(eventProblem(event('addcart', { items: [] }))).toBe('items are missing');
    expect(eventProblem(event('addcart', {}))).toBe('items are missing');
    expect(eventProblem(event('addcart', { items: [item, { spu: 'L450012', num: 1 }] }))).toBe('items[1].price is missing');
    expect(eventProblem(event('addcart', { items: [{ num: 1, price: 1 }] }))).toBe('items[0].spu is missing');
    expect(eventProblem(event('addcart', { items: [{ spu: 'A', price: 1 }] }))).toBe('items[0].num is missing');
  });
  it('collect needs a user id, optype add or del, and spu or a list of spu', () => {
    expect(eventProblem(event('collect', { optype: 'add', spu: 'L450011' }))).toBeNull();
    expect(eventProblem(event('collect', { optype: 'del', spu: ['L450011', 'L450012'] }))).toBeNull();
    expect(eventProblem(event('collect', { optype: 'add', spu: 'L450011' }, null))).toBe('a user id is missing');
    expect(eventProblem(event('collect', { optype: 'remove', spu: 'L450011' }))).toBe('optype must be add or del');
    expect(eventProblem(event('collect', { optype: 'add' }))).toBe('spu is missing');
    expect(eventProblem(event('collect', { optype: 'add', spu: [] }))).toBe('spu is missing');
  });
  it('member needs a user id, region and target', () => {
    expect(eventProblem(event('member', { region: 'TW', target: 'info' }))).toBeNull();
    expect(eventProblem(event('member', { region: 'TW', target: 'info' }, null))).toBe('a user id is missing');
    expect(eventProblem(event('member', { target: 'info' }))).toBe('region is missing');
    expect(eventProblem(event('member', { region: 'TW' }))).toBe('target is missing');
  });
  it('login needs a userid; the other events have no rule', () => {
    expect(eventProblem(event('login', {}))).toBeNull();
    expect(eventProblem(event('login', {}, null))).toBe('userid is missing');
    for (const name of ['firstPage', 'redirect', 'share', 'register', 'watchVideo'] as const)
      expect(eventProblem(event(name, {}, null))).toBeNull();
  });
  it('free events need id and name', () => {
    expect(freeEventProblem({ id: 'L450011', name: 'addtowishlist', userId: null })).toBeNull();
    expect(freeEventProblem({ id: '', name: 'addtowishlist', userId: null })).toBe('id is missing');
    expect(freeEventProblem({ id: 'L450011', name: '', userId: null })).toBe('name is missing');
  });
});

describe('ids and cookies', () => {
  it('makes random ids of 10 digits and letters by default', () => {
    expect(randomId()).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(randomId(4, () => 0)).toBe('0000');
    expect(randomId(3, (max) => max - 1)).toBe('zzz');
    expect(new Set(Array.from({ length: 200 }, () => randomId())).size).toBe(200);
  });
  it('prefixes tracking cookies with _md_ and counts their lifetime in days', () => {
    expect(TRACKING_COOKIES).toEqual({ uuid: '_md_uuid', uuidTmp: '_md_uuid_tmp' });
    expect(UUID_COOKIE_DAYS).toBe(730);
    expect(trackingCookie('uuid', 'abc', 2)).toBe('_md_uuid=abc; Path=/; SameSite=Lax; Max-Age=172800');
    expect(trackingCookie('_md_uuid_tmp', 'x')).toBe('_md_uuid_tmp=x; Path=/; SameSite=Lax');
  });
  it('keeps a line-shopping ecid for 1 day, only when utm_source contains lineshopping', () => {
    expect(lineReferralEcid('?utm_source=lineshopping_tw&ecid=E123')).toBe('E123');
    expect(lineReferralEcid('?utm_source=LineShopping&ecid=E9')).toBe('E9');
    expect(lineReferralEcid('?utm_source=google&ecid=E123')).toBeNull();
    expect(lineReferralEcid('?utm_source=lineshopping')).toBeNull();
    expect(lineReferralEcid('?utm_source=lineshopping&ecid=%20')).toBeNull();
    expect(LINE_ECID_COOKIE).toBe('lin_line_ecid');
    expect(lineEcidCookie('E 1')).toBe('lin_line_ecid=E%201; Path=/; SameSite=Lax; Max-Age=86400');
  });
});

describe('page types', () => {
  it('gives the women, men, kids and baby landing pages, and the categories under them, one type', () => {
    for (const path of ['/women.html', '/men.html', '/kids.html', '/baby.html', '/c/W01.html', '/c/W0101.html'])
      expect(pageTypeOf(path), path).toBe('landing');
  });
  it('maps the other pages by path', () => {
    expect(pageTypeOf('/')).toBe('home');
    expect(pageTypeOf('/index.html')).toBe('home');
    expect(pageTypeOf('/product/L450011.html')).toBe('product');
    expect(pageTypeOf('/search.html')).toBe('search');
    expect(pageTypeOf('/cart.html')).toBe('cart');
    expect(pageTypeOf('/payment/payment.html')).toBe('payment');
    expect(pageTypeOf('/account/info.html')).toBe('member');
    expect(pageTypeOf('/official-styling-detail.html')).toBe('styling');
    expect(pageTypeOf('/feature/lookbook.html')).toBe('content');
  });
});

describe('the collector', () => {
  it("is the store's own origin without a server type, else the configured host of production, test or HK", () => {
    const hosts = { production: 'https://dc.example.com/x', test: 'https://dc-test.example.com', hk: 'https://dc-hk.example.com' };
    expect(collectorOrigin(undefined, hosts)).toBe('');
    expect(collectorOrigin('production', hosts)).toBe('https://dc.example.com');
    expect(collectorOrigin('test', hosts)).toBe('https://dc-test.example.com');
    expect(collectorOrigin('hk', hosts)).toBe('https://dc-hk.example.com');
    expect(() => collectorOrigin('staging', hosts)).toThrow('must be one of production, test, hk, got "staging"');
    expect(() => collectorOrigin('hk', {})).toThrow('no collector host is set for it');
  });

  const context: CollectorContext = {
    uuid: 'AAAAAAAAAA',
    uuidTmp: 'BBBBBBBBBB',
    userId: null,
    pageType: 'product',
    inTime: 1000,
    currentUrl: 'https://store.example/en-gb/product/L450011.html',
    referrer: 'https://search.example/',
  };
  it('posts device info with sdk 2.1.3, both ids, platform PC, the user agent, language and sizes', () => {
    const post = devicePost(
      { userAgent: 'UA', language: 'en-GB', screen: { width: 1920, height: 1080 }, window: { width: 1280, height: 800 } },
      context,
    );
    expect(post.path).toBe('/datarcvr/user/web');
    expect(Object.fromEntries(post.body)).toEqual({
      sdk_version: '2.1.3',
      uuid: 'AAAAAAAAAA',
      uuid_tmp: 'BBBBBBBBBB',
      platform: 'PC',
      user_agent: 'UA',
      language: 'en-GB',
      screen_width: '1920',
      screen_height: '1080',
      window_width: '1280',
      window_height: '800',
    });
  });
  it("posts an event in the collector's envelope (docs/engagement.md), form-encoded", () => {
    const post = eventPost(event('search', { keywords: 'coat' }), context, 2000);
    expect(post.path).toBe('/datarcvr/event');
    expect(Object.fromEntries(post.body)).toEqual({
      sdk_version: '2.1.3',
      uuid: 'AAAAAAAAAA',
      uuid_tmp: 'BBBBBBBBBB',
      user_id: 'U1',
      platform: 'PC',
      page_type: 'product',
      in_time: '1000',
      event_time: '2000',
      current_url: 'https://store.example/en-gb/product/L450011.html',
      referrer: 'https://search.example/',
      event_name: 'search',
      event_prop: '{"keywords":"coat"}',
    });
    const free = freeEventPost({ id: 'L450011', name: 'addtowishlist', userId: null }, context, 2000);
    expect(free.path).toBe('/datarcvr/custom');
    expect(free.body.get('id')).toBe('L450011');
    expect(free.body.get('name')).toBe('addtowishlist');
    expect(free.body.has('user_id')).toBe(false);
  });
});

describe('consent', () => {
  it('keeps the choice in a versioned cookie for 180 days', () => {
    expect(consentValue({ analytics: true, marketing: false })).toBe('v1.a1.m0');
    expect(consentCookie({ analytics: false, marketing: true })).toBe('lin_consent=v1.a0.m1; Path=/; SameSite=Lax; Max-Age=15552000');
    expect(parseConsent('v1.a1.m0')).toEqual({ analytics: true, marketing: false });
    for (const bad of [null, '', 'v2.a1.m1', 'yes', 'v1.a2.m0']) expect(parseConsent(bad), String(bad)).toBeNull();
  });
  it('allows only the necessary category before a choice', () => {
    expect(cookiesAllow('', 'necessary')).toBe(true);
    expect(cookiesAllow('', 'analytics')).toBe(false);
    expect(cookiesAllow(`a=1; ${CONSENT_COOKIE}=v1.a1.m0`, 'analytics')).toBe(true);
    expect(cookiesAllow(`${CONSENT_COOKIE}=v1.a1.m0`, 'marketing')).toBe(false);
  });
});

describe('the analytics store', () => {
  let cookies: string[];
  let beacons: Array<{ url: string; body: URLSearchParams }>;
  let fetched: string[];
  let beaconWorks: boolean;
  const device = { userAgent: 'UA', language: 'zh-TW', screen: { width: 390, height: 844 }, window: { width: 390, height: 700 } };

  beforeEach(async () => {
    vi.resetModules();
    cookies = [];
    beacons = [];
    fetched = [];
    beaconWorks = true;
    const platform = await import('../../src/stores/platform.ts');
    platform.setPlatform({
      cookie: () => cookies.join('; '),
      setCookie: (text) => {
        const pair = text.split(';')[0]!;
        cookies = [...cookies.filter((c) => c.split('=')[0] !== pair.split('=')[0]), pair];
      },
      beacon: (url, body) => beaconWorks && beacons.push({ url, body }) > 0,
      fetch: (async (url: string) => {
        fetched.push(url);
        return new Response(null, { status: 204 });
      }) as typeof fetch,
      pageInfo: () => ({ href: 'https://store.example/en-gb/c/W01.html?x=1', referrer: '', title: 'Women' }),
      currentUrl: () => '/en-gb/c/W01.html?x=1',
      language: () => LANGUAGES.find((l) => l.pathSegment === 'en-gb')!,
      localStorage: memoryStorage(),
      sessionStorage: memoryStorage(),
    });
  });
  const consent = (analytics: boolean) => cookies.push(`${CONSENT_COOKIE}=${consentValue({ analytics, marketing: false })}`);

  it('an event sent once the page has the store is queued before the sender gets control back, so a navigation right after keeps it', async () => {
    consent(true);
    const analytics = await import('../../src/stores/analytics.ts');
    const events = await import('../../src/stores/analytics-events.ts');
    events.analyticsLoaded(analytics);
    const sent = events.sendEvent('addcart', { items: [{ spu: 'L450011', num: 1, price: 990 }] }, 'U1');
    // Nothing awaited yet: a pagehide now would flush it.
    expect(analytics.flushAnalytics()).toBe(1);
    await sent;
    expect(Object.fromEntries(beacons[0]!.body)).toMatchObject({ event_name: 'addcart', user_id: 'U1' });
  });

  it('without analytics consent writes no id cookie, queues nothing and sends nothing', async () => {
    const analytics = await import('../../src/stores/analytics.ts');
    consent(false);
    analytics.startPageView(device);
    expect(analytics.track('search', { keywords: 'coat' })).toBe(false);
    expect(analytics.flushAnalytics()).toBe(0);
    expect(cookies.some((c) => c.startsWith('_md_'))).toBe(false);
    expect(beacons).toEqual([]);
  });

  it('with consent: device info once per visit, firstPage each page view, sent by beacon when flushed', async () => {
    consent(true);
    const analytics = await import('../../src/stores/analytics.ts');
    analytics.setCollectorOrigin('https://dc.example.com');
    analytics.startPageView(device, 5000);
    expect(analytics.flushAnalytics()).toBe(2);
    expect(beacons.map((b) => b.url)).toEqual(['https://dc.example.com/datarcvr/user/web', 'https://dc.example.com/datarcvr/event']);
    const page = Object.fromEntries(beacons[1]!.body);
    expect(page).toMatchObject({
      event_name: 'firstPage',
      page_type: 'landing',
      in_time: '5000',
      current_url: 'https://store.example/en-gb/c/W01.html?x=1',
    });
    expect(page.uuid).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(cookies).toContain(`_md_uuid=${page.uuid}`);
    expect(cookies).toContain(`_md_uuid_tmp=${page.uuid_tmp}`);
    // The next page of the same visit: no second device info, the same ids.
    analytics.startPageView(device, 6000);
    expect(analytics.flushAnalytics()).toBe(1);
    expect(beacons[2]!.body.get('uuid')).toBe(page.uuid);
  });

  it('sends a full batch of 10 at once, and falls back to a kept-alive fetch when the beacon is refused', async () => {
    consent(true);
    const analytics = await import('../../src/stores/analytics.ts');
    for (let i = 0; i < 9; i += 1) analytics.track('search', { keywords: `w${i}` });
    expect(beacons).toHaveLength(0);
    analytics.track('search', { keywords: 'w9' });
    expect(beacons).toHaveLength(10);
    beaconWorks = false;
    analytics.track('search', { keywords: 'again' });
    analytics.flushAnalytics();
    expect(fetched).toEqual(['/datarcvr/event']);
  });

  it('logs an event that breaks its rule, and sends nothing for it', async () => {
    consent(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const analytics = await import('../../src/stores/analytics.ts');
    expect(analytics.track('addcart', { items: [{ spu: 'L450011', num: 1 }] }, 'U1')).toBe(false);
    expect(warn).toHaveBeenCalledWith('[analytics] addcart not sent: items[0].price is missing', expect.anything());
    expect(analytics.flushAnalytics()).toBe(0);
    warn.mockRestore();
  });

  it("fills the member's id once known, for the events whose caller does not know it", async () => {
    consent(true);
    const analytics = await import('../../src/stores/analytics.ts');
    analytics.identify('U2002');
    analytics.track('search', { keywords: 'coat' });
    analytics.flushAnalytics();
    expect(beacons[0]!.body.get('user_id')).toBe('U2002');
  });
});
