/**
 * Requests another site makes a browser send (docs/commerce-api.md, Guards): a form posted from another origin to
 * sign-in, sign-out or a member's write is refused before it is read (403 CROSS_SITE_REFUSED);
 * from our own pages, a body that is not JSON is refused too (415). Reads are not concerned.
 */
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../../src/lib/api/contract.ts';
import {
  call,
  DEMO,
  expectFailure,
  expectSuccess,
  login,
  memberState,
  refreshCookie,
  sampleEnv,
  TAIPEI_ADDRESS,
} from '../../fixtures/commerce-app.ts';

const ATTACKER = { origin: 'http://127.0.0.1:4666', 'sec-fetch-site': 'cross-site' };
/** What `<form enctype="text/plain">` sends: one field whose name and value join into JSON. */
const TEXT_PLAIN_LOGIN = `{"account":"${DEMO.email}","password":"${DEMO.password}","x":"=1"}`;

describe('a request from another site', () => {
  it('cannot sign a browser in, even with a body that parses as JSON', async () => {
    const { app } = sampleEnv();
    const answer = await call(app, 'login', {}, { from: ATTACKER, contentType: 'text/plain', rawBody: TEXT_PLAIN_LOGIN });
    expectFailure(answer, 'CROSS_SITE_REFUSED', { status: 403 });
    expect(answer.cookies.has(REFRESH_COOKIE)).toBe(false);
    // Without Sec-Fetch-Site (an older browser), the Origin alone decides.
    expectFailure(
      await call(app, 'login', { account: DEMO.email, password: DEMO.password }, { from: { origin: ATTACKER.origin } }),
      'CROSS_SITE_REFUSED',
      {
        status: 403,
      },
    );
  });

  it('cannot sign a member out, nor change what is theirs', async () => {
    const { app, db } = sampleEnv();
    const { token, refreshToken } = await login(app);
    const before = memberState(db);
    expectFailure(
      await call(app, 'logout', {}, { from: ATTACKER, cookie: refreshCookie(refreshToken), rawBody: '' }),
      'CROSS_SITE_REFUSED',
      {
        status: 403,
      },
    );
    expectFailure(await call(app, 'addressSave', TAIPEI_ADDRESS, { from: ATTACKER, token }), 'CROSS_SITE_REFUSED', { status: 403 });
    expect(memberState(db)).toEqual(before);
    // Still signed in: the refresh cookie works.
    expectSuccess('refresh', await call(app, 'refresh', {}, { cookie: refreshCookie(refreshToken) }));
  });

  it('is refused whatever it claims but our own origin: a sibling site, a sandboxed frame (null), a look-alike host', async () => {
    const { app } = sampleEnv();
    const body = { account: DEMO.email, password: DEMO.password };
    for (const from of [
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
      { origin: 'null' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'https://localhost' },
    ])
      expectFailure(await call(app, 'login', body, { from }), 'CROSS_SITE_REFUSED', { status: 403 });
  });
});

describe('a request from our own pages', () => {
  it('passes with Sec-Fetch-Site same-origin, or an Origin of the address it was sent to, the proxied one or the site configured', async () => {
    const body = { account: DEMO.email, password: DEMO.password };
    const { app } = sampleEnv();
    expectSuccess('login', await call(app, 'login', body, { from: { 'sec-fetch-site': 'same-origin' } }));
    // app.request addresses http://localhost.
    expectSuccess('login', await call(app, 'login', body, { from: { origin: 'http://localhost' } }));
    const proxied = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { origin: 'http://shop.example:4321', 'x-forwarded-host': 'shop.example:4321', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(proxied.status).toBe(200);
    const site = sampleEnv({ siteOrigin: 'https://www.linea.example' });
    expectSuccess('login', await call(site.app, 'login', body, { from: { origin: 'https://www.linea.example' } }));
    // The site on its own host beside the API's: the browser says same-site, the origin is the site's.
    expectSuccess(
      'login',
      await call(site.app, 'login', body, { from: { origin: 'https://www.linea.example', 'sec-fetch-site': 'same-site' } }),
    );
    expectFailure(await call(site.app, 'login', body, { from: { origin: 'https://m.linea.example' } }), 'CROSS_SITE_REFUSED', {
      status: 403,
    });
  });

  it('must send JSON: a text/plain or form body is refused with 415, and changes nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    expectFailure(await call(app, 'login', {}, { contentType: 'text/plain', rawBody: TEXT_PLAIN_LOGIN }), 'UNSUPPORTED_MEDIA_TYPE', {
      status: 415,
    });
    const form = new URLSearchParams(Object.entries(TAIPEI_ADDRESS)).toString();
    expectFailure(
      await call(app, 'addressSave', {}, { token, contentType: 'application/x-www-form-urlencoded', rawBody: form }),
      'UNSUPPORTED_MEDIA_TYPE',
      { status: 415 },
    );
    expect(memberState(db)).toEqual(before);
    // The charset parameter is fine.
    expectSuccess('addressSave', await call(app, 'addressSave', TAIPEI_ADDRESS, { token, contentType: 'application/json; charset=utf-8' }));
  });

  it("a call with neither header is not a browser page's (the build's product pull): answered", async () => {
    const { app } = sampleEnv();
    expectSuccess('login', await call(app, 'login', { account: DEMO.email, password: DEMO.password }, { from: {} }));
  });

  it('reads need neither: a GET from anywhere is answered', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    expectSuccess('memberInfo', await call(app, 'memberInfo', {}, { token, from: ATTACKER }));
    expectSuccess('recommendedWords', await call(app, 'recommendedWords', {}, { from: {} }));
  });
});
