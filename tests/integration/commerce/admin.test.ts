/**
 * Acting as the store locally: every action the tables give the store, the warehouse, the payment
 * provider or the clock is reachable through /api/_admin/act from a seeded case in its from-status;
 * refusals are coded; the admin page renders every case with its buttons, escaped, and what the
 * collector and the stand-ins received; it all answers only callers on this machine.
 */
import { describe, expect, it } from 'vitest';
import { MACHINES, type MachineName, type Transition } from '../../../src/lib/orders/state-machine.ts';
import { MACHINE_RECORDS } from '../../../scripts/local-commerce/case-records.ts';
import { adminAct, call, DEMO, expectSuccess, login, pictureUpload, sampleEnv, SEEDED, storedRecord } from '../../fixtures/commerce-app.ts';

const MACHINE_NAMES = Object.keys(MACHINES) as MachineName[];

describe('every action of the back office and the clock', () => {
  for (const machine of MACHINE_NAMES)
    for (const row of (MACHINES[machine] as readonly Transition[]).filter((r) => r.by !== 'MEMBER'))
      it(`${machine}: ${row.from} → ${row.action} (${row.by}) → ${row.to}`, async () => {
        const { app, db } = sampleEnv();
        const { kind } = MACHINE_RECORDS[machine];
        const seeded = db
          .prepare('SELECT id FROM records WHERE kind = ? AND member_id = ? AND status = ? ORDER BY id LIMIT 1')
          .get(kind, DEMO.id, row.from) as { id: string } | undefined;
        expect(seeded, `a seeded ${machine} in ${row.from}`).toBeDefined();
        const answer = await adminAct(app, {
          machine,
          code: seeded!.id,
          action: row.action,
          ...(row.action === 'inspectPartial' ? { amount: 100 } : {}),
        });
        expect(answer).toEqual({ success: true, msgCode: null, resp: { status: row.to }, msg: null });
        const record = storedRecord<{ status: string; history: Array<{ status: string; by: string }> }>(db, kind, seeded!.id);
        expect(record.status).toBe(row.to);
        expect(record.history.at(-1)).toMatchObject({ status: row.to, by: row.by });
      });
});

describe('refusals', () => {
  it('an action not allowed from the status, an action only the member takes, an unknown case and a bad body are coded', async () => {
    const { app, db } = sampleEnv();
    const before = db.prepare('SELECT * FROM records ORDER BY kind, id').all();
    expect(await adminAct(app, { machine: 'order', code: SEEDED.unpaid, action: 'shipAll' })).toMatchObject({
      success: false,
      msgCode: 'ORDER_STATE_CHANGED',
    });
    expect(await adminAct(app, { machine: 'order', code: SEEDED.unpaid, action: 'cancel' })).toMatchObject({
      success: false,
      msgCode: 'ADMIN_ACTION_UNKNOWN',
      resp: { field: 'action' },
    });
    expect(await adminAct(app, { machine: 'refund', code: 'R2099999999', action: 'approve' })).toMatchObject({
      success: false,
      msgCode: 'REFUND_NOT_FOUND',
      resp: { field: 'code' },
    });
    expect(await adminAct(app, { machine: 'ticket' as 'order', code: 'T0001', action: 'close' })).toMatchObject({
      success: false,
      msgCode: 'INVALID_FIELD',
      resp: { field: 'machine' },
    });
    expect(db.prepare('SELECT * FROM records ORDER BY kind, id').all()).toEqual(before);
  });
});

describe('the admin page', () => {
  it('lists the cases with one button per action of the back office and the clock, and the evaluations to publish', async () => {
    const { app } = sampleEnv();
    const res = await app.request('/api/_admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const title of ['Orders', 'Refunds', 'Exchanges', 'After-sales cases', 'Evaluations to publish'])
      expect(html).toContain(`<h2>${title}</h2>`);
    expect(html).not.toContain('<script');
    const rowOf = (code: string) => new RegExp(`<tr><td>${code}</td>.*?</tr>`).exec(html)?.[0] ?? '';
    const buttons = (code: string) => [...rowOf(code).matchAll(/<button type="submit">([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(rowOf(SEEDED.unpaid)).toContain('<b>UNPAID</b>');
    expect(buttons(SEEDED.unpaid)).toEqual(['pay (payment)', 'expire (as the clock)']);
    expect(buttons(SEEDED.waitShip)).toEqual(['shipPart (warehouse)', 'shipAll (warehouse)']);
    expect(buttons(SEEDED.finished)).toEqual([]);
    expect(buttons('R2026000006')).toEqual([]);
    expect(buttons('R2026000005')).toEqual(['inspectPass (warehouse)', 'inspectPartial (warehouse)']);
    expect(rowOf('R2026000005')).toContain('<input name="amount" type="number"');
    expect(buttons('E2026000006')).toEqual(['autoConfirm (as the clock)']);
    expect(buttons('S2026000001')).toEqual(['approve (store)', 'refuse (store)']);
    expect(rowOf(SEEDED.unpaid)).toContain(
      '<form method="post" action="/api/_admin/act"><input type="hidden" name="machine" value="order"><input type="hidden" name="code" value="O2026000001"><input type="hidden" name="action" value="pay">',
    );
    expect(rowOf('V2026000003')).toContain(
      '<form method="post" action="/api/_admin/evaluation/publish"><input type="hidden" name="evaluationId" value="V2026000003">',
    );
    expect(rowOf('V2026000001')).toBe('');
  });

  it('escapes what members wrote and the notice; a form post goes back to the page with what happened', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const orderCode = SEEDED.finished;
    const productId = storedRecord<{ products: Array<{ productId: string }> }>(db, 'order', orderCode).products[0]!.productId;
    expectSuccess(
      'evaluationCreate',
      await call(
        app,
        'evaluationCreate',
        { orderCode, productId, rating: 5, text: '<img src=x onerror=alert(1)>好看', attachments: [pictureUpload()] },
        { token },
      ),
    );
    const page = await (await app.request(`/api/_admin?done=${encodeURIComponent('<script>alert(1)</script>')}`)).text();
    expect(page).toContain('林**: &#60;img src=x onerror=alert(1)&#62;好看');
    expect(page).toContain('<p class="notice" role="status">&#60;script&#62;alert(1)&#60;/script&#62;</p>');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>');

    const post = (fields: Record<string, string>) =>
      app.request('/api/_admin/act', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const shipped = await post({ machine: 'order', code: SEEDED.waitShip, action: 'shipAll' });
    expect(shipped.status).toBe(303);
    expect(shipped.headers.get('location')).toBe(`/api/_admin?${new URLSearchParams({ done: 'O2026000002: shipAll → SHIPPED' })}`);
    const notice = (res: Response) => new URL(res.headers.get('location')!, 'http://store.invalid').searchParams.get('done');
    expect(notice(await post({ machine: 'order', code: SEEDED.waitShip, action: 'shipAll' }))).toMatch(/^ORDER_STATE_CHANGED: /);
    // The amount field of an offer comes as text.
    expect(notice(await post({ machine: 'refund', code: 'R2026000005', action: 'inspectPartial', amount: '300' }))).toBe(
      'R2026000005: inspectPartial → WAIT_BUYER_CONFIRM',
    );
    expect(storedRecord<{ proposedAmount: number }>(db, 'refund', 'R2026000005').proposedAmount).toBe(300);
    const published = await app.request('/api/_admin/evaluation/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'evaluationId=V2026000003',
    });
    expect(published.headers.get('location')).toBe(`/api/_admin?${new URLSearchParams({ done: 'V2026000003: published' })}`);
    expect(expectSuccess('orderDetail', await call(app, 'orderDetail', { orderCode: SEEDED.waitShip }, { token })).status).toBe('SHIPPED');
  });

  it('answers only on this machine: a browser elsewhere, behind the local proxy, gets 403 and changes nothing', async () => {
    const { app, db } = sampleEnv();
    const order = storedRecord(db, 'order', SEEDED.waitShip) as { status: string };
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (const address of ['203.0.113.9', '2001:db8::1', '10.0.0.2']) {
      const page = await app.request('/api/_admin', { headers: from(address) });
      expect(page.status, address).toBe(403);
      expect(await page.json()).toMatchObject({ success: false, msgCode: 'LOCAL_ONLY' });
      const act = await app.request('/api/_admin/act', {
        method: 'POST',
        headers: { ...from(address), 'content-type': 'application/json' },
        body: JSON.stringify({ machine: 'order', code: SEEDED.waitShip, action: 'ship' }),
      });
      expect(act.status, address).toBe(403);
    }
    expect((storedRecord(db, 'order', SEEDED.waitShip) as { status: string }).status).toBe(order.status);
    // This machine, directly or through the proxy.
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await app.request('/api/_admin', { headers: from(address) })).status, address).toBe(200);
  });

  it('trusts X-Forwarded-For only from a peer on this machine, and wants a name of this machine', async () => {
    const { app } = sampleEnv();
    const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    const get = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      (await app.request('/api/_admin', { headers }, peer(remoteAddress))).status;
    // A peer elsewhere cannot claim to be this machine.
    expect(await get({ 'x-forwarded-for': '127.0.0.1' }, '203.0.113.9')).toBe(403);
    expect(await get({}, '203.0.113.9')).toBe(403);
    // From this machine: under its own names only. Another name reached this port by DNS
    // rebinding or a tunnel.
    expect(await get({ host: '127.0.0.1:4410' })).toBe(200);
    expect(await get({ host: 'localhost:4321' })).toBe(200);
    expect(await get({ host: '[::1]:4321' })).toBe(200);
    expect(await get({ host: 'rebind.attacker.example:4321' })).toBe(403);
    expect(await get({ host: '127.0.0.1:4410', 'x-forwarded-host': 'abcd.ngrok.example' })).toBe(403);
    // An empty last X-Forwarded-For entry names nobody: not this machine.
    expect(await get({ 'x-forwarded-for': '203.0.113.9, ' })).toBe(403);
  });
});
