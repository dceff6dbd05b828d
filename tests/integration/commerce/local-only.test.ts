/**
 * What only this machine may reach: the admin page and every stand-in of a third party (the
 * captcha, the store map, the maps, the risk and tag-manager scripts, the payment provider, the
 * social-login provider). A caller elsewhere, directly or behind the local proxy, gets 403 and
 * changes nothing; this machine, directly or through the proxy, is answered.
 */
import { describe, expect, it } from 'vitest';
import { STAND_IN_SCRIPTS } from '../../../scripts/local-commerce/routes/stand-ins.ts';
import { call, expectSuccess, login, sampleEnv, SEEDED } from '../../fixtures/commerce-app.ts';

const ELSEWHERE = ['203.0.113.9', '2001:db8::1', '10.0.0.2'];
const HERE = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the stand-ins and the admin page', () => {
  it('refuse a caller elsewhere behind the local proxy with 403, storing nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const { payUrl } = expectSuccess(
      'orderPay',
      await call(app, 'orderPay', { orderCode: SEEDED.unpaid, payChannel: 'WALLET' }, { token }),
    );
    const payPath = new URL(payUrl, 'http://store.invalid');
    const stored = () => ({
      captcha: db.prepare('SELECT COUNT(*) AS n FROM captcha_tokens').get(),
      hits: db.prepare('SELECT COUNT(*) AS n FROM tag_hits').get(),
      codes: db.prepare('SELECT COUNT(*) AS n FROM provider_codes').get(),
      order: db.prepare("SELECT status FROM records WHERE kind = 'order' AND id = ?").get(SEEDED.unpaid),
    });
    const before = stored();
    const requests = (from: Record<string, string>): Array<[string, RequestInit]> => [
      ['/api/_admin', { headers: from }],
      ...Object.values(STAND_IN_SCRIPTS).map((path): [string, RequestInit] => [path, { headers: from }]),
      ['/api/_standin/cvs-map.html?chain=CVS_711', { headers: from }],
      ['/api/_standin/captcha/solve', json({ pass: true }, from)],
      ['/api/_standin/tag-hits', json({ page: '/index.html', events: ['page_view'] }, from)],
      [payPath.pathname + payPath.search, { headers: from }],
      [
        payPath.pathname,
        {
          method: 'POST',
          headers: { ...from, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: payPath.searchParams.get('token')!, action: 'pay' }).toString(),
        },
      ],
      ['/api/auth/third-party/google/authorize?redirect_uri=/third_party.html&state=s', { headers: from }],
    ];
    for (const address of ELSEWHERE)
      for (const [path, init] of requests({ 'x-forwarded-for': address })) {
        const res = await app.request(path, init);
        expect(res.status, `${address} ${init.method ?? 'GET'} ${path}`).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, msgCode: 'LOCAL_ONLY' });
      }
    expect(stored()).toEqual(before);

    for (const address of HERE)
      for (const [path, init] of requests({ 'x-forwarded-for': address }).slice(0, -2))
        expect((await app.request(path, init)).status, `${address} ${init.method ?? 'GET'} ${path}`).not.toBe(403);
  });

  it('refuse a peer elsewhere that claims to be this machine, and a name of another machine', async () => {
    const { app } = sampleEnv();
    const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    const solve = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      (await app.request('/api/_standin/captcha/solve', json({ pass: true }, headers), peer(remoteAddress))).status;
    expect(await solve({ 'x-forwarded-for': '127.0.0.1' }, '203.0.113.9')).toBe(403);
    expect(await solve({}, '203.0.113.9')).toBe(403);
    expect(await solve({ host: 'rebind.attacker.example:4321' })).toBe(403);
    // The browser tests' way: the proxy on this machine, for a browser on this machine.
    expect(await solve({ host: '127.0.0.1:4410', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': '127.0.0.1:4321' })).toBe(200);
  });
});
