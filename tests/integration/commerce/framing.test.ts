/**
 * No HTML page of the API can be framed by another site (a framed admin page took one click to
 * move an order on): every text/html answer says X-Frame-Options: DENY and a
 * Content-Security-Policy with frame-ancestors 'none', and each page's policy allows its own
 * inline style and script by hash and nothing else.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorize, call, expectSuccess, login, sampleEnv, SEEDED, type App } from '../../fixtures/commerce-app.ts';

/** The policy's directives, name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inline = (html: string, tag: 'style' | 'script') =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);

async function page(app: App, path: string) {
  const res = await app.request(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
  return { html: await res.text(), headers: res.headers };
}

/** Framing is refused, and nothing is allowed by default. */
function expectUnframable(path: string, headers: Headers): Map<string, string[]> {
  expect(headers.get('x-frame-options'), path).toBe('DENY');
  const policy = directives(headers.get('content-security-policy') ?? '');
  expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
  expect(policy.get('default-src'), path).toEqual(["'none'"]);
  expect(policy.get('base-uri'), path).toEqual(["'none'"]);
  return policy;
}

/** A page of ours works under its policy: its inline style and script are allowed by hash, none in attributes. */
function expectWorksUnder(path: string, html: string, policy: Map<string, string[]>, formAction: string) {
  expect(policy.get('style-src') ?? [], path).toEqual(inline(html, 'style').map(hashOf));
  expect(policy.get('script-src') ?? [], path).toEqual(inline(html, 'script').map(hashOf));
  expect(html, path).not.toMatch(/\sstyle=|\son[a-z]+=/i);
  expect(policy.get('form-action'), path).toEqual([formAction]);
}

describe('HTML answers of the API', () => {
  it('the admin page, the store map and the payment provider cannot be framed and allow only what they use', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const { payUrl } = expectSuccess(
      'orderPay',
      await call(app, 'orderPay', { orderCode: SEEDED.unpaid, payChannel: 'WALLET' }, { token }),
    );
    const pay = new URL(payUrl, 'http://store.invalid');
    const pages: Array<[string, string]> = [
      ['/api/_admin', "'self'"],
      ['/api/_standin/cvs-map.html?chain=CVS_711', "'none'"],
      ['/api/_standin/cvs-map.html?chain=nonsense', "'none'"],
      [pay.pathname + pay.search, "'self'"],
    ];
    for (const [path, formAction] of pages) {
      const { html, headers } = await page(app, path);
      expectWorksUnder(path, html, expectUnframable(path, headers), formAction);
    }
  });

  it("the social-login provider's page cannot be framed either", async () => {
    const { app } = sampleEnv();
    const { providerUrl } = await authorize(app, 'google');
    const path = providerUrl!.pathname + providerUrl!.search;
    expectUnframable(path, (await page(app, path)).headers);
  });

  it('any HTML answer, even of a route added later, cannot be framed', async () => {
    const { app } = sampleEnv();
    app.get('/api/_later.html', (c) => c.html('<!doctype html><p>later</p>'));
    app.get('/datarcvr/later.html', (c) => c.html('<!doctype html><p>later</p>'));
    for (const path of ['/api/_later.html', '/datarcvr/later.html']) {
      const policy = expectUnframable(path, (await page(app, path)).headers);
      expect(policy.get('form-action'), path).toEqual(["'none'"]);
    }
  });
});
