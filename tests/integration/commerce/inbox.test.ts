/**
 * The inbox: messages newest first with the unread count, marking read (some or all) and
 * deleting; every change answers the unread count, and only the member's own messages change.
 */
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectSuccess, login, memberState, OTHER, sampleEnv } from '../../fixtures/commerce-app.ts';

describe('inbox', () => {
  it('lists the messages newest first with the unread count; links are same-origin paths', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const inbox = expectSuccess('inboxList', await call(app, 'inboxList', { pageSize: 50 }, { token }));
    expect(inbox.total).toBe(7);
    expect(inbox.unread).toBe(4);
    expect(inbox.list.filter((m) => m.read === 'N')).toHaveLength(4);
    expect(inbox.list.map((m) => m.createdAt)).toEqual(inbox.list.map((m) => m.createdAt).sort((a, b) => b - a));
    const links = inbox.list.map((m) => m.link);
    expect(links).toContain('/account/coupon.html');
    expect(links).toContain('/account/order/order-list.html');
    expect(links).toContain(null);
    for (const link of links.filter((l) => l !== null)) expect(link).toMatch(/^\/[^/\\]/);
    // A page answers the same unread count.
    expect(expectSuccess('inboxList', await call(app, 'inboxList', { pageSize: 2 }, { token }))).toMatchObject({ total: 7, unread: 4 });
    expect(expectSuccess('inboxUnread', await call(app, 'inboxUnread', {}, { token }))).toEqual({ unread: 4 });
  });

  it("marks the member's own messages read; one unknown or foreign id refuses them all", async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const other = await login(app, OTHER.email, OTHER.password);
    expect(expectSuccess('inboxRead', await call(app, 'inboxRead', { messageIds: ['N0001', 'N0003', 'N0002'] }, { token }))).toEqual({
      unread: 2,
    });
    const read = expectSuccess('inboxList', await call(app, 'inboxList', { pageSize: 50 }, { token })).list;
    expect(read.filter((m) => m.read === 'N').map((m) => m.messageId)).toEqual(['N0004', 'N0007']);
    const before = memberState(db);
    for (const messageIds of [['N0004', 'NOPE'], ['N0101']])
      expectFailure(await call(app, 'inboxRead', { messageIds }, { token }), 'INBOX_MESSAGE_NOT_FOUND', { field: 'messageIds' });
    expectFailure(await call(app, 'inboxRead', { messageIds: [] }, { token }), 'INBOX_NOTHING_CHOSEN', { field: 'messageIds' });
    expect(memberState(db)).toEqual(before);

    expect(expectSuccess('inboxReadAll', await call(app, 'inboxReadAll', {}, { token }))).toEqual({ unread: 0 });
    expect(expectSuccess('inboxUnread', await call(app, 'inboxUnread', {}, { token }))).toEqual({ unread: 0 });
    expect(expectSuccess('inboxList', await call(app, 'inboxList', { pageSize: 50 }, { token })).list.every((m) => m.read === 'Y')).toBe(
      true,
    );
    // Another member's messages are theirs.
    expect(expectSuccess('inboxUnread', await call(app, 'inboxUnread', {}, { token: other.token }))).toEqual({ unread: 1 });
  });

  it("deletes the member's own messages; one unknown or foreign id refuses them all", async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    expect(expectSuccess('inboxDelete', await call(app, 'inboxDelete', { messageIds: ['N0007', 'N0006'] }, { token }))).toEqual({
      unread: 3,
    });
    const left = expectSuccess('inboxList', await call(app, 'inboxList', { pageSize: 50 }, { token }));
    expect(left).toMatchObject({ total: 5, unread: 3 });
    expect(left.list.map((m) => m.messageId)).not.toContain('N0007');
    const before = memberState(db);
    for (const messageIds of [['N0001', 'N0007'], ['N0102']])
      expectFailure(await call(app, 'inboxDelete', { messageIds }, { token }), 'INBOX_MESSAGE_NOT_FOUND', { field: 'messageIds' });
    expect(memberState(db)).toEqual(before);
  });
});
