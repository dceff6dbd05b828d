/**
 * The browser client against the real local commerce API over HTTP: one shared refresh and
 * a retry on 401, the login flow when that fails, aborts that are not errors, envelope
 * failures as typed results, network failures to the shared handler, and a refresh whose
 * answer is no session kept out; an API that cannot answer never sends the member to sign in.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../src/lib/api/client.ts';
import type { Session } from '../../src/lib/api/contract.ts';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { browserLikeFetch, startLocalApi, type LocalApi } from '../fixtures/local-api.ts';

let api: LocalApi;

beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

function makeClient(overrides: Partial<ApiClientOptions> = {}) {
  // A cookie jar, as a browser would keep the HttpOnly refresh cookie; counts refreshes.
  const browser = browserLikeFetch(api.origin, { count: { refresh: '/auth/refresh' } });
  const state = { token: null as string | null, sessions: [] as Session[], signInRequired: 0, httpErrors: [] as Error[] };
  const client = createApiClient({
    baseUrl: api.apiBase,
    fetch: browser.fetch,
    getAccessToken: () => state.token,
    onSession: (session) => {
      state.token = session.accessToken;
      state.sessions.push(session);
    },
    onSignInRequired: () => state.signInRequired++,
    onHttpError: (error) => state.httpErrors.push(error),
    ...overrides,
  });
  return { client, state, browser };
}

const demo = DEMO_MEMBERS[0];

describe('API client', () => {
  it('signs in and makes member calls with the access token', async () => {
    const { client, state } = makeClient();
    const login = await client.call('login', { account: demo.email, password: demo.password });
    expect(login.ok).toBe(true);
    if (!login.ok) return;
    state.token = login.data.accessToken;
    const count = await client.call('cartCount');
    expect(count).toEqual({ ok: true, data: 3 });
  });

  it('on a 401 runs one shared refresh, then retries each call once', async () => {
    const { client, state, browser } = makeClient();
    const login = await client.call('login', { account: demo.email, password: demo.password });
    if (!login.ok) throw new Error('login failed');
    state.token = 'expired-or-forged';
    const results = await Promise.all([client.call('cartCount'), client.call('wishCount'), client.call('memberInfo')]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(browser.counts.refresh).toBe(1);
    expect(state.sessions).toHaveLength(1);
    expect(state.signInRequired).toBe(0);
  });

  it('starts the login flow when the refresh fails too', async () => {
    const { client, state } = makeClient();
    state.token = 'forged';
    const result = await client.call('cartCount');
    expect(result).toEqual({ ok: false, kind: 'unauthorized' });
    expect(state.signInRequired).toBe(1);
    expect(state.httpErrors).toEqual([]);
  });

  it('turns success false into a typed failure with msgCode and field', async () => {
    const { client } = makeClient();
    const result = await client.call('register', { name: 'Mei', email: 'not-an-email', password: 'abc12345', agreeTerms: true });
    expect(result).toMatchObject({ ok: false, kind: 'failure', msgCode: 'UR_EMAIL_06', field: 'email' });
    const wrong = await client.call('login', { account: demo.email, password: 'Wrong12345' });
    expect(wrong).toMatchObject({ ok: false, kind: 'failure', msgCode: 'UR_LOGIN_FAILED' });
  });

  it('ignores an abort: no error, no handler', async () => {
    const { client, state } = makeClient();
    const pending = client.call('recommendedWords');
    client.abortAll();
    expect(await pending).toEqual({ ok: false, kind: 'aborted' });
    const controller = new AbortController();
    const second = client.call('recommendedWords', undefined, { signal: controller.signal });
    controller.abort();
    expect(await second).toEqual({ ok: false, kind: 'aborted' });
    expect(state.httpErrors).toEqual([]);
  });

  it('sends a network failure to the shared HTTP error handler', async () => {
    const { client, state } = makeClient({ baseUrl: 'http://127.0.0.1:1/api' });
    const result = await client.call('recommendedWords');
    expect(result.ok === false && result.kind).toBe('network');
    expect(state.httpErrors).toHaveLength(1);
  });

  it('treats an answer that is not the envelope as an HTTP error', async () => {
    const html = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>maintenance</h1>'));
    await new Promise<void>((r) => html.listen(0, '127.0.0.1', r));
    const { client, state } = makeClient({ baseUrl: `http://127.0.0.1:${(html.address() as { port: number }).port}/api` });
    const result = await client.call('recommendedWords');
    html.close();
    expect(result.ok === false && result.kind).toBe('network');
    expect(state.httpErrors[0]?.message).toMatch(/Unexpected answer|JSON/);
  });

  it('keeps no session from a refresh whose answer is not one: the credentials are the one answer it checks', async () => {
    const answers = [
      { success: true, msgCode: null, msg: null, resp: { accessToken: '', expiresIn: 900, member: { userId: 'U1', name: 'A' } } },
      { success: true, msgCode: null, msg: null, resp: { accessToken: 'abc', expiresIn: 900 } },
      { success: true, msgCode: null, msg: null, resp: null },
    ];
    const fake = createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers.shift())));
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const { client, state } = makeClient({ baseUrl: `http://127.0.0.1:${(fake.address() as { port: number }).port}/api` });
    for (let i = 0; i < 3; i += 1) expect(await client.refreshSession()).toEqual({ kind: 'refused' });
    fake.close();
    expect(state.sessions).toEqual([]);
  });

  it.each([
    ['a gateway answers 502 with its own envelope', 502, { success: false, msgCode: 'SERVICE_UNAVAILABLE', resp: null, msg: 'down' }],
    ['a gateway answers 503 with an HTML page', 503, null],
    ['a CDN answers 200 with an HTML page', 200, null],
  ])('keeps the member where they are when %s: no login flow', async (_, status, body) => {
    const down = createServer((_, res) =>
      res
        .writeHead(status, { 'content-type': body ? 'application/json' : 'text/html' })
        .end(body ? JSON.stringify(body) : '<h1>Service unavailable</h1>'),
    );
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const { client, state } = makeClient({ baseUrl: `http://127.0.0.1:${(down.address() as { port: number }).port}/api` });
    state.token = 'expired';
    expect(await client.refreshSession()).toMatchObject({ kind: 'unavailable' });
    const result = await client.call('cartCount');
    down.close();
    // The gateway's own envelope is a failure the page can name; anything else goes to the shared handler.
    expect(result.ok === false && result.kind).toBe(body ? 'failure' : 'network');
    expect(state.signInRequired).toBe(0);
  });

  it('keeps the member where they are when the API cannot be reached at all', async () => {
    const { client, state } = makeClient({ baseUrl: 'http://127.0.0.1:1/api' });
    expect(await client.refreshSession()).toMatchObject({ kind: 'unavailable' });
    expect(state.signInRequired).toBe(0);
  });

  it('on a 401 whose refresh gets no answer, reports a network failure instead of starting the login flow', async () => {
    const unauthorized = { success: false, msgCode: 'UNAUTHORIZED', resp: null, msg: 'Sign in again' };
    const gateway = createServer((req, res) =>
      req.url?.endsWith('/auth/refresh')
        ? res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>')
        : res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(unauthorized)),
    );
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const { client, state } = makeClient({ baseUrl: `http://127.0.0.1:${(gateway.address() as { port: number }).port}/api` });
    state.token = 'expired';
    const result = await client.call('cartCount');
    gateway.close();
    expect(result.ok === false && result.kind).toBe('network');
    expect(state.signInRequired).toBe(0);
    expect(state.httpErrors).toHaveLength(1);
  });
});
