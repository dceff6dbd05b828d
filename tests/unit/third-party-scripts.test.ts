/** The third-party scripts' configuration and the fingerprint's polling (every 500 ms, with a time limit). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captchaRequired, ConfigError, scriptSources } from '../../src/node/env.ts';
import { pollFor } from '../../src/lib/external-scripts/loader.ts';
import { parseScriptSources, RISK_POLL_INTERVAL_MS, RISK_WAIT_MS } from '../../src/lib/external-scripts/sources.ts';

const GENERIC = ['CAPTCHA_SCRIPT_URL', 'CVS_MAP_SCRIPT_URL', 'MAPS_SCRIPT_URL', 'RISK_SCRIPT_URL', 'TAG_MANAGER_SCRIPT_URL'];
const VARIABLES = [...GENERIC, ...GENERIC.flatMap((name) => ['TW', 'HK', 'MO', 'CN'].map((region) => `${name}_${region}`))];

afterEach(() => {
  vi.useRealTimers();
  for (const name of VARIABLES) delete process.env[name];
});

describe('the captcha at sign-in', () => {
  it('is asked for when every region shows it, and not when none does', () => {
    expect(captchaRequired()).toBe(false);
    process.env.CAPTCHA_SCRIPT_URL = '/vendor/captcha.js';
    process.env.CAPTCHA_SCRIPT_URL_CN = 'https://captcha-cn.example/adapter.js';
    expect(captchaRequired()).toBe(true);
  });

  it('refuses a setting that leaves some regions without it, naming them: their shoppers could not sign in', () => {
    // The store-wide one does not reach mainland pages (its usual provider is blocked there).
    process.env.CAPTCHA_SCRIPT_URL = '/vendor/captcha.js';
    expect(() => captchaRequired()).toThrow(ConfigError);
    expect(() => captchaRequired()).toThrow(/not for CN \(CAPTCHA_SCRIPT_URL_CN\)/);
    process.env.CAPTCHA_SCRIPT_URL_CN = 'https://captcha-cn.example/adapter.js';
    process.env.CAPTCHA_SCRIPT_URL_HK = '';
    expect(() => captchaRequired()).toThrow(/set for TW, MO, CN pages but not for HK \(CAPTCHA_SCRIPT_URL_HK\)/);
  });
});

describe('the configured scripts', () => {
  it('are the https addresses and same-origin paths set; an unset one is off', () => {
    process.env.CVS_MAP_SCRIPT_URL = 'https://emap.example/linea-adapter.js';
    process.env.RISK_SCRIPT_URL = '/vendor/risk.js';
    process.env.MAPS_SCRIPT_URL = 'https://maps.example/loader.js?key=abc';
    process.env.CAPTCHA_SCRIPT_URL = '';
    expect(scriptSources('TW')).toEqual({
      cvsMap: 'https://emap.example/linea-adapter.js',
      maps: 'https://maps.example/loader.js?key=abc',
      risk: '/vendor/risk.js',
    });
  });

  it('refuse an address a page must not load from, naming the variable', () => {
    for (const value of ['http://emap.example/a.js', '//emap.example/a.js', 'javascript:alert(1)', 'emap.js', 'https://']) {
      process.env.TAG_MANAGER_SCRIPT_URL = value;
      expect(() => scriptSources('HK'), value).toThrow(ConfigError);
      expect(() => scriptSources('HK'), value).toThrow(/TAG_MANAGER_SCRIPT_URL/);
    }
  });

  it("follow the region: a region's own setting first (empty turns it off), else the store-wide one", () => {
    process.env.MAPS_SCRIPT_URL = 'https://maps.example/loader.js';
    process.env.MAPS_SCRIPT_URL_HK = 'https://maps-hk.example/loader.js';
    process.env.RISK_SCRIPT_URL = '/vendor/risk.js';
    process.env.RISK_SCRIPT_URL_MO = '';
    expect(scriptSources('TW')).toEqual({ maps: 'https://maps.example/loader.js', risk: '/vendor/risk.js' });
    expect(scriptSources('HK')).toEqual({ maps: 'https://maps-hk.example/loader.js', risk: '/vendor/risk.js' });
    expect(scriptSources('MO')).toEqual({ maps: 'https://maps.example/loader.js' });
    process.env.MAPS_SCRIPT_URL_HK = 'http://maps-hk.example/loader.js';
    expect(() => scriptSources('HK')).toThrow(/^MAPS_SCRIPT_URL_HK must be/);
  });

  it('leave the maps, the captcha and the tag manager off on mainland pages unless set for them: their usual providers are unreachable there', () => {
    for (const name of GENERIC) process.env[name] = `/vendor/${name.toLowerCase()}.js`;
    expect(Object.keys(scriptSources('CN')).sort()).toEqual(['cvsMap', 'risk']);
    process.env.MAPS_SCRIPT_URL_CN = 'https://maps.cn.example/loader.js';
    process.env.CAPTCHA_SCRIPT_URL_CN = '/vendor/captcha-cn.js';
    expect(scriptSources('CN')).toMatchObject({ maps: 'https://maps.cn.example/loader.js', captcha: '/vendor/captcha-cn.js' });
    expect(scriptSources('CN').tagManager).toBeUndefined();
  });

  it("are read back from the page's meta, anything unreadable counting as off", () => {
    expect(parseScriptSources('{"cvsMap":"/a.js","risk":3,"other":"/b.js"}')).toEqual({ cvsMap: '/a.js' });
    expect(parseScriptSources('not json')).toEqual({});
    expect(parseScriptSources(null)).toEqual({});
  });
});

describe('the fingerprint poll', () => {
  it('asks every 500 ms and gives up after 5 s', async () => {
    expect([RISK_POLL_INTERVAL_MS, RISK_WAIT_MS]).toEqual([500, 5000]);
    vi.useFakeTimers();
    const read = vi.fn(() => undefined);
    const answer = pollFor(read, { intervalMs: RISK_POLL_INTERVAL_MS, timeoutMs: RISK_WAIT_MS });
    await vi.advanceTimersByTimeAsync(499);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(answer).resolves.toBeNull();
    // At 0 s, then every half second up to 5 s.
    expect(read).toHaveBeenCalledTimes(11);
  });

  it('answers as soon as the script has its blackbox', async () => {
    vi.useFakeTimers();
    let ready: string | undefined;
    setTimeout(() => (ready = 'bb-1'), 1200);
    const answer = pollFor(() => ready, { intervalMs: 500, timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(1500);
    await expect(answer).resolves.toBe('bb-1');
  });
});
