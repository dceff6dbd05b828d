/**
 * Preview links (src/node/preview/link.ts): a valid link opens; any change to its path,
 * language, expiry or signature, another key, or its expiry passing, is refused; so is a session
 * cookie that is not ours or has expired. Signatures are compared in constant time.
 */
import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, DEV_PREVIEW_SECRET, cmsDraftsBaseUrl, previewLinkSecret, previewUrl, previewWarmUp } from '../../src/node/env.ts';
import {
  languageOfPath,
  previewLinkQuery,
  sameSignature,
  sessionCookieValue,
  verifyPreviewLink,
  verifySessionCookie,
} from '../../src/node/preview/link.ts';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const SECRET = 'unit-test-preview-secret-0123456789';
const NOW = Date.UTC(2026, 11, 7, 2, 0, 0);
const target = { path: '/en-gb/feature/new.html', language: 'en-GB', expires: NOW / 1000 + 3600 };
const link = () => new URLSearchParams(previewLinkQuery(target, SECRET));
const changed = (key: string, value: string) => {
  const query = link();
  query.set(key, value);
  return query;
};

describe('preview links', () => {
  it('accepts a valid link before its expiry', () => {
    expect(verifyPreviewLink(link(), SECRET, NOW)).toEqual({ ok: true, value: target });
  });

  it.each([
    ['path', '/en-gb/feature/other.html'],
    ['lang', 'zh-HK'],
    ['exp', String(target.expires + 86_400)],
  ])('refuses a link whose %s was changed', (key, value) => {
    expect(verifyPreviewLink(changed(key, value), SECRET, NOW)).toMatchObject({ ok: false, reason: expect.stringMatching(/signature/) });
  });

  it('refuses a changed signature, one made with another key, and a missing one', () => {
    const sig = link().get('sig')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect(verifyPreviewLink(changed('sig', flipped), SECRET, NOW).ok).toBe(false);
    expect(verifyPreviewLink(link(), 'another-preview-secret-0123456789', NOW).ok).toBe(false);
    const without = link();
    without.delete('sig');
    expect(verifyPreviewLink(without, SECRET, NOW)).toMatchObject({ ok: false, reason: expect.stringMatching(/incomplete/) });
  });

  it('refuses an expired link, at its expiry and after', () => {
    expect(verifyPreviewLink(link(), SECRET, target.expires * 1000)).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/) });
    expect(verifyPreviewLink(link(), SECRET, target.expires * 1000 - 1).ok).toBe(true);
  });

  it("refuses a validly signed link whose path is not its language's page", () => {
    const wrong = { ...target, path: '/zh-hk/feature/new.html' };
    expect(verifyPreviewLink(new URLSearchParams(previewLinkQuery(wrong, SECRET)), SECRET, NOW)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/language/),
    });
    const dots = { ...target, path: '/en-gb/../admin' };
    expect(verifyPreviewLink(new URLSearchParams(previewLinkQuery(dots, SECRET)), SECRET, NOW).ok).toBe(false);
  });

  it('knows the language of a path by its folder', () => {
    expect(languageOfPath('/').code).toBe('zh-TW');
    expect(languageOfPath('/women.html').code).toBe('zh-TW');
    expect(languageOfPath('/zh-cn/').code).toBe('zh-CN');
    expect(languageOfPath('/en-gb/c/W01.html').code).toBe('en-GB');
  });

  it('compares signatures in constant time', () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    verifyPreviewLink(changed('path', '/en-gb/other.html'), SECRET, NOW);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(sameSignature('ab', 'abc')).toBe(false);
  });
});

describe('preview sessions', () => {
  const expires = NOW / 1000 + 600;
  it('accepts its own cookie until the expiry it carries', () => {
    expect(verifySessionCookie(sessionCookieValue(expires, SECRET), SECRET, NOW)).toEqual({ ok: true, value: expires });
    expect(verifySessionCookie(sessionCookieValue(expires, SECRET), SECRET, expires * 1000).ok).toBe(false);
  });
  it('refuses a cookie with a changed expiry, another key, or none', () => {
    const value = sessionCookieValue(expires, SECRET);
    expect(verifySessionCookie(value.replace(String(expires), String(expires + 3600)), SECRET, NOW).ok).toBe(false);
    expect(verifySessionCookie(sessionCookieValue(expires, 'another-preview-secret-0123456789'), SECRET, NOW).ok).toBe(false);
    expect(verifySessionCookie(undefined, SECRET, NOW).ok).toBe(false);
  });
});

describe('preview settings', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('PREVIEW_LINK_SECRET: a local dev default, required in production or with an outside CMS', () => {
    vi.stubEnv('PREVIEW_LINK_SECRET', '');
    vi.stubEnv('CMS_BASE_URL', '');
    vi.stubEnv('NODE_ENV', 'development');
    expect(previewLinkSecret()).toBe(DEV_PREVIEW_SECRET);
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => previewLinkSecret()).toThrow(ConfigError);
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('CMS_BASE_URL', 'https://cms.example');
    expect(() => previewLinkSecret()).toThrow(/CMS_BASE_URL/);
  });

  it('PREVIEW_LINK_SECRET: taken when set, refused short or public where it must be real', () => {
    vi.stubEnv('CMS_BASE_URL', '');
    vi.stubEnv('PREVIEW_LINK_SECRET', 'a-real-preview-secret-of-length');
    expect(previewLinkSecret()).toBe('a-real-preview-secret-of-length');
    vi.stubEnv('PREVIEW_LINK_SECRET', 'short');
    expect(() => previewLinkSecret()).toThrow(/at least 16/);
    vi.stubEnv('PREVIEW_LINK_SECRET', DEV_PREVIEW_SECRET);
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => previewLinkSecret()).toThrow(/public/);
  });

  it('CMS_DRAFTS_BASE_URL and PREVIEW_URL are checked addresses', () => {
    vi.stubEnv('CMS_DRAFTS_BASE_URL', 'https://cms.example/drafts/');
    expect(cmsDraftsBaseUrl()).toBe('https://cms.example/drafts');
    vi.stubEnv('CMS_DRAFTS_BASE_URL', 'cms.example');
    expect(() => cmsDraftsBaseUrl()).toThrow(ConfigError);
    vi.stubEnv('PREVIEW_URL', 'https://preview.linea.example/path');
    expect(() => previewUrl()).toThrow(/origin/);
    vi.stubEnv('PREVIEW_URL', '');
    vi.stubEnv('HOST', '');
    vi.stubEnv('PORT', '4321');
    vi.stubEnv('PREVIEW_PORT', '');
    expect(previewUrl()).toBe('http://127.0.0.1:4326');
  });

  it('PREVIEW_WARM_UP: on unless 0, anything else refused', () => {
    vi.stubEnv('PREVIEW_WARM_UP', '');
    expect(previewWarmUp()).toBe(true);
    vi.stubEnv('PREVIEW_WARM_UP', '1');
    expect(previewWarmUp()).toBe(true);
    vi.stubEnv('PREVIEW_WARM_UP', '0');
    expect(previewWarmUp()).toBe(false);
    vi.stubEnv('PREVIEW_WARM_UP', 'no');
    expect(() => previewWarmUp()).toThrow(/PREVIEW_WARM_UP must be 1 or 0/);
  });
});
