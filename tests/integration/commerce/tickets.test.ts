/**
 * Customer-service tickets: the list by latest activity, the conversation, opening, replying and
 * closing; the store's instant answers to order, delivery and return questions in the request's
 * language (OPEN when the member wrote last, REPLIED when the store did); and pictures.
 */
import { describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../src/lib/api/contract.ts';
import { call, DAY, expectFailure, expectSuccess, login, memberState, NOW, OTHER, sampleEnv } from '../../fixtures/commerce-app.ts';

const ask = (category: RequestOf<'ticketCreate'>['category'], orderCode: string | null = null) =>
  ({ category, orderCode, subject: '想請教', text: '請問這個問題怎麼處理？' }) satisfies RequestOf<'ticketCreate'>;

describe('tickets', () => {
  it('lists by latest activity, filters by status, and shows a conversation oldest first', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const { list, total } = expectSuccess('ticketList', await call(app, 'ticketList', {}, { token }));
    expect(total).toBe(3);
    expect(list.map((t) => [t.ticketId, t.status])).toEqual([
      ['T0002', 'OPEN'],
      ['T0001', 'REPLIED'],
      ['T0003', 'CLOSED'],
    ]);
    for (const status of ['OPEN', 'REPLIED', 'CLOSED'] as const)
      expect(expectSuccess('ticketList', await call(app, 'ticketList', { status }, { token })).list.map((t) => t.status)).toEqual([status]);
    expectFailure(await call(app, 'ticketList', { status: 'LOST' }, { token }), 'INVALID_FIELD', { field: 'status' });

    const replied = expectSuccess('ticketDetail', await call(app, 'ticketDetail', { ticketId: 'T0001' }, { token }));
    expect(replied.orderCode).toMatch(/^O2026/);
    expect(replied.messages.map((m) => m.from)).toEqual(['MEMBER', 'STORE']);
    const closed = expectSuccess('ticketDetail', await call(app, 'ticketDetail', { ticketId: 'T0003' }, { token }));
    expect(closed.messages.map((m) => m.createdAt)).toEqual(closed.messages.map((m) => m.createdAt).sort((a, b) => a - b));

    const other = await login(app, OTHER.email, OTHER.password);
    for (const [ticketId, signedIn] of [
      ['T9999', token],
      ['T0001', other.token],
    ] as const)
      expectFailure(await call(app, 'ticketDetail', { ticketId }, { token: signedIn }), 'TK_NOT_FOUND', { field: 'ticketId' });
    expect(expectSuccess('ticketList', await call(app, 'ticketList', {}, { token: other.token }))).toEqual({ list: [], total: 0 });
  });

  it('opens a ticket; orders, deliveries and returns are answered at once in the request language, other questions wait', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const orderCode = expectSuccess('orderList', await call(app, 'orderList', {}, { token })).list[0]!.orderCode;
    const replies = new Map<string, string>();
    for (const category of ['ORDER', 'DELIVERY', 'RETURN'] as const) {
      const ticket = expectSuccess('ticketCreate', await call(app, 'ticketCreate', ask(category, orderCode), { token }));
      expect(ticket).toMatchObject({ category, orderCode, status: 'REPLIED', createdAt: NOW, updatedAt: NOW });
      expect(ticket.messages.map((m) => [m.from, m.text])).toEqual([
        ['MEMBER', '請問這個問題怎麼處理？'],
        ['STORE', expect.stringMatching(/[\u4e00-\u9fff]/)],
      ]);
      replies.set(category, ticket.messages[1]!.text);
    }
    // Each category has its own answer.
    expect(new Set(replies.values()).size).toBe(3);
    const english = expectSuccess('ticketCreate', await call(app, 'ticketCreate', ask('RETURN'), { token, language: 'en-GB' }));
    expect(english.messages[1]!.text).toMatch(/^[\x20-\x7e’]+$/);
    const hongKong = expectSuccess('ticketCreate', await call(app, 'ticketCreate', ask('RETURN'), { token, language: 'zh-HK' }));
    expect(hongKong.messages[1]!.text).not.toBe(replies.get('RETURN'));

    for (const category of ['PRODUCT', 'ACCOUNT', 'OTHER'] as const) {
      const ticket = expectSuccess('ticketCreate', await call(app, 'ticketCreate', { ...ask(category), orderCode: '' }, { token }));
      expect(ticket).toMatchObject({ status: 'OPEN', orderCode: null });
      expect(ticket.messages.map((m) => m.from)).toEqual(['MEMBER']);
    }
  });

  it("refuses an order that is not the member's and a malformed ticket, changing nothing", async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const other = await login(app, OTHER.email, OTHER.password);
    const orderCode = expectSuccess('orderList', await call(app, 'orderList', {}, { token })).list[0]!.orderCode;
    const before = memberState(db);
    expectFailure(await call(app, 'ticketCreate', ask('ORDER', 'O0000'), { token }), 'TK_ORDER_NOT_FOUND', { field: 'orderCode' });
    expectFailure(await call(app, 'ticketCreate', ask('ORDER', orderCode), { token: other.token }), 'TK_ORDER_NOT_FOUND', {
      field: 'orderCode',
    });
    for (const [body, code, field] of [
      [{ ...ask('ORDER'), subject: ' ' }, 'TK_SUBJECT_REQUIRED', 'subject'],
      [{ ...ask('ORDER'), text: '' }, 'TK_TEXT_REQUIRED', 'text'],
      [{ ...ask('ORDER'), text: '字'.repeat(1001) }, 'VALUE_TOO_LONG', 'text'],
      [{ ...ask('ORDER'), category: 'PRAISE' }, 'TK_CATEGORY_REQUIRED', 'category'],
    ] as const)
      expectFailure(await call(app, 'ticketCreate', body, { token }), code, { field });
    expect(memberState(db)).toEqual(before);
    expectSuccess('ticketCreate', await call(app, 'ticketCreate', { ...ask('ORDER'), text: '字'.repeat(1000) }, { token }));
  });

  it('a reply moves the ticket to the top and waits for a person: the instant answer is only for a new ticket', async () => {
    const { app, clock } = sampleEnv();
    const { token } = await login(app);
    clock.now += 60_000;
    const delivery = expectSuccess(
      'ticketReply',
      await call(app, 'ticketReply', { ticketId: 'T0001', text: '請問大概幾點到？' }, { token }),
    );
    expect(delivery).toMatchObject({ status: 'OPEN', updatedAt: NOW + 60_000, createdAt: NOW - 3 * DAY });
    expect(delivery.messages.map((m) => m.from)).toEqual(['MEMBER', 'STORE', 'MEMBER']);
    expect(expectSuccess('ticketList', await call(app, 'ticketList', {}, { token })).list[0]!.ticketId).toBe('T0001');

    clock.now += 60_000;
    const product = expectSuccess(
      'ticketReply',
      await call(app, 'ticketReply', { ticketId: 'T0002', text: '想補充：顏色是駝色。' }, { token }),
    );
    expect(product).toMatchObject({ status: 'OPEN', updatedAt: NOW + 120_000 });
    expect(product.messages.map((m) => m.from)).toEqual(['MEMBER', 'MEMBER']);
    expect(expectSuccess('ticketDetail', await call(app, 'ticketDetail', { ticketId: 'T0002' }, { token }))).toEqual(product);
  });

  it('closes a ticket once; a closed ticket takes no reply; unknown ones are refused', async () => {
    const { app, db, clock } = sampleEnv();
    const { token } = await login(app);
    clock.now += 60_000;
    const closed = expectSuccess('ticketClose', await call(app, 'ticketClose', { ticketId: 'T0002' }, { token }));
    expect(closed).toMatchObject({ status: 'CLOSED', updatedAt: NOW + 60_000 });
    clock.now += 60_000;
    expect(expectSuccess('ticketClose', await call(app, 'ticketClose', { ticketId: 'T0002' }, { token }))).toEqual(closed);
    const before = memberState(db);
    expectFailure(await call(app, 'ticketReply', { ticketId: 'T0002', text: '還在嗎？' }, { token }), 'TK_CLOSED', { field: null });
    expectFailure(await call(app, 'ticketReply', { ticketId: 'T0003', text: '還在嗎？' }, { token }), 'TK_CLOSED', { field: null });
    expectFailure(await call(app, 'ticketReply', { ticketId: 'T9999', text: '還在嗎？' }, { token }), 'TK_NOT_FOUND', {
      field: 'ticketId',
    });
    expectFailure(await call(app, 'ticketClose', { ticketId: 'T9999' }, { token }), 'TK_NOT_FOUND', { field: 'ticketId' });
    expect(memberState(db)).toEqual(before);
  });
});
