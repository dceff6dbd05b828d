import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ACCESS_CHECK_SCRIPT } from '../../src/lib/routing/access-check.ts';

/** Runs the head script of a guarded page, as the browser would before first paint. */
function run(options: { cookie: string; prefix: string; pathname: string; search?: string; hash?: string }): string[] {
  const replaced: string[] = [];
  runInNewContext(ACCESS_CHECK_SCRIPT, {
    document: {
      cookie: options.cookie,
      documentElement: { getAttribute: (name: string) => (name === 'data-language-prefix' ? options.prefix : null) },
    },
    location: {
      pathname: options.pathname,
      search: options.search ?? '',
      hash: options.hash ?? '',
      replace: (url: string) => replaced.push(url),
    },
  });
  return replaced;
}

describe('the access check of guarded pages', () => {
  it("sends a visitor with no session hint to the login page of the page's language, keeping the whole address", () => {
    expect(run({ cookie: '', prefix: '', pathname: '/member/orders.html', search: '?page=2', hash: '#top' })).toEqual([
      '/login.html?redirect_url=%2Fmember%2Forders.html%3Fpage%3D2%23top',
    ]);
    expect(run({ cookie: 'lin_consent=v1.a0.m0', prefix: 'en-gb', pathname: '/en-gb/member/orders.html' })).toEqual([
      '/en-gb/login.html?redirect_url=%2Fen-gb%2Fmember%2Forders.html',
    ]);
  });

  it('leaves a member with the session hint where they are', () => {
    expect(run({ cookie: 'a=1; lin_session=Y', prefix: 'zh-hk', pathname: '/zh-hk/member/orders.html' })).toEqual([]);
  });
});
