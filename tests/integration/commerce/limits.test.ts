/**
 * What the API reads and how its answers may be kept (docs/commerce-api.md, Guards): a body over its
 * call's limit is refused with 413 before anything is stored (sign-in and search smaller, calls
 * with pictures larger, so their own field checks still answer); no string holds a control or
 * bidi-override character or more than 2,000 characters; every answer says no-store and nosniff.
 */
import { describe, expect, it } from 'vitest';
import { API_BODY_MAX_BYTES, SMALL_BODY_MAX_BYTES } from '../../../src/lib/api/contract-kit.ts';
import { UPLOAD_BODY_MAX_BYTES } from '../../../src/lib/api/contract-account.ts';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENTS_MAX } from '../../../src/lib/constants.ts';
import { call, checkoutEnv, expectFailure, expectSuccess, memberState, shopper, TAIPEI_ADDRESS } from '../../fixtures/commerce-app.ts';
import { STRING_MAX_LENGTH } from '../../../src/lib/api/string-rules.ts';

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

describe('strings', () => {
  it('with a control or bidi-override character are refused on their field, and nothing is stored', async () => {
    const env = checkoutEnv();
    const me = await shopper(env, []);
    const before = memberState(env.db);
    const address = TAIPEI_ADDRESS;
    for (const receiver of ['王小明\u0000', '王\u0007小明', '王小明\u202E', '\u2066王小明\u2069', '王小明\u0085'])
      expectFailure(await call(env.app, 'addressSave', { ...address, receiver }, { token: me.token }), 'VALUE_INVALID_CHARACTERS', {
        field: 'receiver',
      });
    expect(memberState(env.db)).toEqual(before);
    // Line breaks and tabs are text; right-to-left text itself is too.
    const ticket = { category: 'OTHER', orderCode: null, subject: 'Two lines', text: 'First line\r\nSecond\tline, שלום' };
    expectSuccess('ticketCreate', await call(env.app, 'ticketCreate', ticket, { token: me.token }));
  });

  it('are at most 2,000 characters in any field, however the field is checked (a search word has no limit of its own)', async () => {
    expect(STRING_MAX_LENGTH).toBe(2000);
    const env = checkoutEnv();
    const me = await shopper(env, []);
    expectFailure(await call(env.app, 'searchSuggestions', { word: 'x'.repeat(2001) }), 'VALUE_TOO_LONG', { field: 'word' });
    expect((await call(env.app, 'searchSuggestions', { word: 'x'.repeat(2000) })).status).toBe(200);
    // A field with its own, smaller maximum answers with it.
    const address = TAIPEI_ADDRESS;
    // The attack's 100,000 characters do not even get read; 2,001 are refused by the rule for all strings.
    expectFailure(await call(env.app, 'addressSave', { ...address, city: '台'.repeat(100_000) }, { token: me.token }), 'BODY_TOO_LARGE', {
      status: 413,
    });
    expectFailure(await call(env.app, 'addressSave', { ...address, city: '台'.repeat(2001) }, { token: me.token }), 'VALUE_TOO_LONG', {
      field: 'city',
    });
    expectFailure(await call(env.app, 'addressSave', { ...address, city: '台'.repeat(31) }, { token: me.token }), 'VALUE_TOO_LONG', {
      field: 'city',
    });
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
