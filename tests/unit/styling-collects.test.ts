/** Styling-look collects: two lists apart, the old single list migrated, toggling. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateStylingCollects, OFFICIAL_LOOK_ID_MIN_LENGTH, parseStoredList, toggleLook } from '../../src/lib/styling/collects.ts';
import { memoryStorage } from '../../src/stores/platform.ts';
import { CONSENT_COOKIE, consentValue } from '../../src/lib/consent/consent.ts';

describe('migration of the old single list', () => {
  it('sends ids of 8 or more characters to the official list, shorter ones to the staff list', () => {
    expect(OFFICIAL_LOOK_ID_MIN_LENGTH).toBe(8);
    expect(migrateStylingCollects(['1234567', '12345678', 'S1', 'OFFICIAL-LOOK-01'], { staff: [], official: [] })).toEqual({
      staff: ['1234567', 'S1'],
      official: ['12345678', 'OFFICIAL-LOOK-01'],
    });
  });
  it('merges into what the new lists already hold, without duplicates', () => {
    expect(migrateStylingCollects(['S1', 'S2', '12345678'], { staff: ['S2', 'S3'], official: ['12345678'] })).toEqual({
      staff: ['S2', 'S3', 'S1'],
      official: ['12345678'],
    });
  });
});

describe('toggling a look', () => {
  it('adds an id that is not there, and removes one that is', () => {
    expect(toggleLook(['A'], 'B')).toEqual({ list: ['B', 'A'], action: 'add' });
    expect(toggleLook(['A', 'B'], 'A')).toEqual({ list: ['B'], action: 'remove' });
  });
  it('reads a stored list defensively', () => {
    expect(parseStoredList(null)).toEqual([]);
    expect(parseStoredList('not json')).toEqual([]);
    expect(parseStoredList('{"a":1}')).toEqual([]);
    expect(parseStoredList('["a", 2, "b"]')).toEqual(['a', 'b']);
  });
});

describe('the styling store', () => {
  let local = memoryStorage();
  const posts: Array<{ url: string; body: string }> = [];
  const consented = `${CONSENT_COOKIE}=${consentValue({ analytics: true, marketing: false })}`;
  beforeEach(async () => {
    vi.resetModules();
    local = memoryStorage();
    posts.length = 0;
    const platform = await import('../../src/stores/platform.ts');
    platform.setPlatform({
      beacon: (url, body) => posts.push({ url, body: String(body) }) > 0,
      pageInfo: () => ({ href: 'https://store.example/', referrer: '', title: 'Home' }),
      navigate: () => {},
      currentUrl: () => '/',
      cookie: () => consented,
      setCookie: () => {},
      localStorage: local,
      sessionStorage: memoryStorage(),
    });
  });

  it('migrates the old list once, removes it, and keeps staff and official apart', async () => {
    const { loadStylingCollects, toggleStylingCollect, $stylingCollects, STYLING_STORAGE_KEYS } =
      await import('../../src/stores/styling.ts');
    (await import('../../src/stores/session.ts')).$member.set({ userId: 'U1001', name: 'Demo' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    local.setItem(STYLING_STORAGE_KEYS.old, JSON.stringify(['S1', '12345678']));
    loadStylingCollects();
    expect($stylingCollects.get()).toEqual({ staff: ['S1'], official: ['12345678'] });
    expect(local.getItem(STYLING_STORAGE_KEYS.old)).toBeNull();
    expect(toggleStylingCollect('S2', { staff: true, productCode: 'L450011' })).toBe('add');
    expect(toggleStylingCollect('12345678', { staff: false })).toBe('remove');
    expect(JSON.parse(local.getItem(STYLING_STORAGE_KEYS.staff)!)).toEqual(['S2', 'S1']);
    expect(JSON.parse(local.getItem(STYLING_STORAGE_KEYS.official)!)).toEqual([]);
    const { flushAnalytics } = await import('../../src/stores/analytics.ts');
    await vi.waitFor(() => expect(flushAnalytics()).toBe(1));
    await vi.waitFor(() => expect(flushAnalytics()).toBe(0));
    // The official look came without a product: the collect rule needs spu, so it is only logged.
    expect(posts).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('[analytics] collect not sent: spu is missing', expect.anything());
    warn.mockRestore();
    const first = new URLSearchParams(posts[0]!.body);
    expect(posts[0]!.url).toBe('/datarcvr/event');
    expect(JSON.parse(first.get('event_prop')!)).toEqual({ optype: 'add', staff: 'Y', styleId: 'S2', spu: 'L450011' });
    expect(first.get('user_id')).toBe('U1001');
  });
});
