/**
 * What the API reads and how its answers may be kept (issue #18's limits): a body over its
 * call's limit is refused with 413 before anything is stored (sign-in and search smaller, calls
 * with pictures larger, so their own field checks still answer); every answer says no-store and
 * nosniff.
 */
import { describe, expect, it } from 'vitest';
import { API_BODY_MAX_BYTES, SMALL_BODY_MAX_BYTES } from '../../../src/lib/api/contract-kit.ts';
import { UPLOAD_BODY_MAX_BYTES } from '../../../src/lib/api/contract-account.ts';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENTS_MAX } from '../../../src/lib/constants.ts';
import { call, checkoutEnv, expectFailure, memberState, shopper } from '../../fixtures/commerce-app.ts';

describe('body limits', () => {
  it('are 64 KiB for a call, 8 KiB for sign-in, registration and search, and room for one picture too many with pictures', () => {
    expect(API_BODY_MAX_BYTES).toBe(65_536);
    expect(SMALL_BODY_MAX_BYTES).toBe(8192);
    // 4 pictures of 2 MiB as base64 (4 characters for 3 bytes) and a form's worth more.
    expect(TICKET_ATTACHMENTS_MAX).toBe(3);
    expect(UPLOAD_BODY_MAX_BYTES).toBe(4 * (Math.ceil((TICKET_ATTACHMENT_MAX_BYTES * 4) / 3) + 1024) + 65_536);
  });

  it('refuse a body over the limit with 413, storing nothing', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const before = memberState(env.db);
    const address = { receiver: '王小明', mobile: '0912345678', region: 'TW', city: '台北市', zipCode: '106', isDefault: 'N' };
    const tooLong = 'x'.repeat(API_BODY_MAX_BYTES);
    expectFailure(await call(env.app, 'addressSave', { ...address, detail: tooLong }, { token: me.token }), 'BODY_TOO_LARGE', {
      status: 413,
    });
    expect(memberState(env.db)).toEqual(before);
    // Just under: read, and answered by the field's own rule.
    expectFailure(
      await call(env.app, 'addressSave', { ...address, detail: 'x'.repeat(API_BODY_MAX_BYTES - 1024) }, { token: me.token }),
      'VALUE_TOO_LONG',
      { field: 'detail' },
    );

    const password = 'a1'.repeat(SMALL_BODY_MAX_BYTES / 2);
    expectFailure(await call(env.app, 'login', { account: 'demo@linea.example', password }), 'BODY_TOO_LARGE', { status: 413 });
    expectFailure(await call(env.app, 'productSearch', { description: 'x'.repeat(SMALL_BODY_MAX_BYTES) }), 'BODY_TOO_LARGE', {
      status: 413,
    });
  });

  it('let a ticket with one picture too many through to its own count check', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const picture = {
      name: 'a.png',
      dataUrl: `data:image/png;base64,${'A'.repeat(Math.ceil((TICKET_ATTACHMENT_MAX_BYTES * 4) / 3) - 64)}`,
    };
    const body = {
      category: 'OTHER',
      subject: 'Pictures',
      text: 'Four of them',
      attachments: Array(TICKET_ATTACHMENTS_MAX + 1).fill(picture),
    };
    expectFailure(await call(env.app, 'ticketCreate', body, { token: me.token }), 'TK_ATTACHMENT_COUNT', { field: 'attachments' });
  });
});

describe('answers', () => {
  it('are never cached nor sniffed: a member answer, a refusal, an unknown path', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const bearer = { authorization: `Bearer ${me.token}` };
    for (const [path, init] of [
      ['/api/cart/count', { headers: bearer }],
      ['/api/cart/count', {}],
      ['/api/no/such/call', {}],
    ] as const) {
      const res = await env.app.request(path, init);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
