/**
 * The stores of the member's account area (the profile and its security, addresses, coupons by
 * code, invoices, the inbox, customer-service tickets, recycling) against the real local API
 * over HTTP, with injected platform parts, used as the account pages use them. Every write sets
 * its store from the write's own answer; a refusal leaves the store as it was; a failed load
 * keeps the data it had; logout resets every one of them.
 *
 * Every "page" is a fresh module graph (vi.resetModules) over the same cookies. Tests that
 * change data sign up a member of their own; the demo member is only read (and refused).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { saveRecord } from '../../scripts/local-commerce/records.ts';
import { DEMO_MEMBERS } from '../../scripts/local-commerce/seed.ts';
import { mailsTo, registrationTokenOf } from '../fixtures/commerce-app.ts';
import { API_SETTLED } from '../fixtures/local-api.ts';
import { storeFixture } from './store-fixture.ts';

const fixture = storeFixture();
const demo = DEMO_MEMBERS[0];
const DAY = 86_400_000;
const FRESH_PASSWORD = 'Fresh2026';

async function newPage() {
  await fixture.openPage({ url: '/account/index.html' });
  return {
    session: await import('../../src/stores/session.ts'),
    member: await import('../../src/stores/member.ts'),
    addresses: await import('../../src/stores/addresses.ts'),
    coupons: await import('../../src/stores/coupons.ts'),
    invoices: await import('../../src/stores/invoices.ts'),
    inbox: await import('../../src/stores/inbox.ts'),
    tickets: await import('../../src/stores/tickets.ts'),
    recycle: await import('../../src/stores/recycle.ts'),
  };
}
type Page = Awaited<ReturnType<typeof newPage>>;

async function signedInPage(account: { email: string; password: string } = demo): Promise<Page> {
  const page = await newPage();
  expect((await page.session.signIn(account.email, account.password)).ok).toBe(true);
  return page;
}

let signedUp = 0;
/**
 * A page signed in as a member registered just now, through the mailed link (no orders,
 * addresses…); holding no coupon, the first-purchase one the account opened with taken back
 * (registration.test.ts pins it), so the coupon stores start from none.
 */
async function freshMemberPage(): Promise<Page & { email: string; userId: string }> {
  const page = await newPage();
  const email = `fresh${++signedUp}@linea.example`;
  // Registering only mails the link; the link's visit opens the account and signs in.
  const registered = await page.session.register({ name: '新會員', email, password: FRESH_PASSWORD, agreeTerms: true });
  expect(registered).toEqual({ ok: true, data: { status: 'pending' } });
  expect(page.session.$member.get()).toBeNull();
  expect((await page.session.confirmRegistration(registrationTokenOf(fixture.api.db, email)!)).ok).toBe(true);
  const member = page.session.$member.get();
  expect(member).toMatchObject({ name: '新會員', userId: expect.stringMatching(/^\S+$/) });
  fixture.api.db.prepare("DELETE FROM records WHERE kind = 'coupon' AND member_id = ?").run(member!.userId);
  return { ...page, email, userId: member!.userId };
}

/** The code and the link token of the latest email-change mail to `email`. */
async function emailChangeMail(email: string): Promise<{ code: string; token: string }> {
  const [latest] = mailsTo(fixture.api.db, email);
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(latest?.text ?? '')?.[1];
  const token = /\/email\.html\?token=(\S+)/.exec(latest?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(token).toMatch(/^\S{16,}$/);
  return { code: code!, token: token! };
}

/** YYYY-MM-DD `days` ahead on the brand's clock (UTC+8). */
const brandDate = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);

/** Gives a member `count` inbox messages (the first `unread` of them unread), newest first; answers their ids. */
function seedInbox(memberId: string, count: number, unread: number): string[] {
  const base = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const messageId = `${memberId}-N${String(i + 1).padStart(2, '0')}`;
    const read = i < unread ? 'N' : 'Y';
    const createdAt = base - (i + 1) * 60_000;
    saveRecord(fixture.api.db, 'inbox', messageId, memberId, read, createdAt, {
      messageId,
      title: `通知 ${i + 1}`,
      body: `第 ${i + 1} 則通知`,
      read,
      createdAt,
      link: null,
    });
    return messageId;
  });
}

/**
 * Offers to redeem by code, running from yesterday to a month ahead of the real clock (the
 * seeded ones are dated from the catalogue's clock, and end).
 */
const OFFERS = {
  CT001: {
    code: 'MEMBER150',
    title: '會員測試券 NT$150',
    description: '單筆消費滿 NT$1,000 折抵 NT$150。',
    discount: 150,
    threshold: 1000,
  },
  CT002: {
    code: 'MEMBER500',
    title: '會員測試券 NT$500',
    description: '單筆消費滿 NT$3,000 折抵 NT$500。',
    discount: 500,
    threshold: 3000,
  },
} as const;
const offerStart = Date.now() - DAY;
const offerEnd = Date.now() + 30 * DAY;

beforeAll(() => {
  const insertOffer = fixture.api.db.prepare(
    'INSERT INTO coupon_offers (coupon_id, title, description, discount, threshold, start_date, end_date, redeem_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const [couponId, offer] of Object.entries(OFFERS))
    insertOffer.run(couponId, offer.title, offer.description, offer.discount, offer.threshold, offerStart, offerEnd, offer.code);
});

describe('member: the summary, the profile, the password, the email, closing the account', () => {
  it("the summary counts what the API holds: a redeemed coupon and an open ticket show at once in a new member's counts", async () => {
    const page = await freshMemberPage();
    expect((await page.member.loadAccountSummary()).ok).toBe(true);
    expect(page.member.$accountSummary.get()).toEqual({
      status: 'ready',
      data: { usableCoupons: 0, wishCount: 0, unreadMessages: 0, openTickets: 0, latestOrder: null },
    });
    expect((await page.coupons.redeemCoupon('MEMBER150')).ok).toBe(true);
    expect((await page.tickets.openTicket({ category: 'PRODUCT', subject: '尺寸問題', text: '請問 M 號的肩寬？' })).ok).toBe(true);
    await page.member.loadAccountSummary();
    expect(page.member.$accountSummary.get()).toEqual({
      status: 'ready',
      data: { usableCoupons: 1, wishCount: 0, unreadMessages: 0, openTickets: 1, latestOrder: null },
    });
  });

  it("the demo member's summary matches their coupons, wishlist, inbox, tickets and latest order", async () => {
    const page = await signedInPage();
    await page.member.loadAccountSummary();
    await page.coupons.loadMemberCoupons();
    await page.inbox.loadUnread();
    await page.tickets.loadTicketOrders();
    const wishCount = await page.session.callApi('wishCount');
    const openTickets = await page.session.callApi('ticketList', { page: 1, pageSize: 50, status: 'OPEN' });
    const repliedTickets = await page.session.callApi('ticketList', { page: 1, pageSize: 50, status: 'REPLIED' });
    const coupons = page.coupons.$memberCoupons.get();
    const usable = coupons.status === 'ready' ? coupons.coupons.filter((c) => c.status === 'usable').map((c) => c.couponId) : null;
    expect(usable?.sort()).toEqual(['C0001', 'C0002', 'C0004', 'C0008']);

    const summary = page.member.$accountSummary.get();
    expect(summary.status).toBe('ready');
    expect(summary.data).toMatchObject({
      usableCoupons: 4,
      wishCount: wishCount.ok ? wishCount.data[0] : -1,
      unreadMessages: page.inbox.$unread.get(),
      openTickets: (openTickets.ok ? openTickets.data.total : 0) + (repliedTickets.ok ? repliedTickets.data.total : 0),
      latestOrder: { orderCode: 'O2026000001', status: 'UNPAID', createdAt: page.tickets.$ticketOrders.get()[0]?.createdAt },
    });
    expect(summary.data).toMatchObject({ wishCount: 4, unreadMessages: 4, openTickets: 2 });
  });

  it('updateProfile: the profile and the greeting follow; a refused birthday change leaves the profile as it was', async () => {
    const page = await freshMemberPage();
    await page.member.loadProfile();
    expect(page.member.$profile.get()).toMatchObject({ status: 'ready', data: { name: '新會員', birthday: null, gender: null } });

    const since = fixture.browser.requests.length;
    const updated = await page.member.updateProfile({ name: '陳大文', birthday: '1995-03-04', gender: 'M' });
    expect(updated.ok).toBe(true);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/member/update']);
    expect(page.member.$profile.get()).toMatchObject({
      status: 'ready',
      data: { userId: page.userId, name: '陳大文', email: page.email, birthday: '1995-03-04', gender: 'M' },
    });
    expect(page.session.$member.get()).toEqual({ userId: page.userId, name: '陳大文' });

    const before = page.member.$profile.get();
    const refused = await page.member.updateProfile({ name: '陳小文', birthday: '1996-01-01', gender: 'F' });
    expect(refused).toMatchObject({ ok: false, kind: 'failure', msgCode: 'UR_BIRTHDAY_LOCKED', field: 'birthday' });
    expect(page.member.$profile.get()).toBe(before);
    expect(page.session.$member.get()).toEqual({ userId: page.userId, name: '陳大文' });
    // Nothing of the refused change was kept.
    await page.member.loadProfile();
    expect(page.member.$profile.get()).toMatchObject({ data: { name: '陳大文', birthday: '1995-03-04', gender: 'M' } });
  });

  it('changePassword ends the session: the member is forgotten, the old refresh cookie restores nobody, the new password signs in', async () => {
    const page = await freshMemberPage();
    await page.member.loadProfile();
    const wrong = await page.member.changePassword({ currentPassword: 'Wrong2026', newPassword: 'Newer2026' });
    expect(wrong).toMatchObject({ ok: false, kind: 'failure', msgCode: 'UR_PASSWORD_WRONG', field: 'currentPassword' });
    expect(page.session.$member.get()).toMatchObject({ userId: page.userId });

    const staleRefresh = fixture.browser.jar.get('lin_rt');
    const staleHint = fixture.browser.jar.get('lin_session');
    expect(staleRefresh).toMatch(/^\S{16,}$/);
    expect(staleHint).toBe('1');

    const changed = await page.member.changePassword({ currentPassword: FRESH_PASSWORD, newPassword: 'Newer2026' });
    expect(changed).toEqual({ ok: true, data: {} });
    expect(page.session.$member.get()).toBeNull();
    expect(page.member.$profile.get()).toEqual({ status: 'loading', data: null });
    expect(fixture.browser.jar.has('lin_rt')).toBe(false);

    // A copy of the old cookie (another tab kept it) no longer restores a session.
    fixture.browser.jar.set('lin_rt', staleRefresh!);
    fixture.browser.jar.set('lin_session', staleHint!);
    const next = await newPage();
    expect(await next.session.restoreSession()).toBe(false);
    expect(next.session.$member.get()).toBeNull();

    expect(await next.session.signIn(page.email, FRESH_PASSWORD)).toMatchObject({ ok: false, msgCode: 'UR_LOGIN_FAILED' });
    expect((await next.session.signIn(page.email, 'Newer2026')).ok).toBe(true);
    expect(next.session.$member.get()).toEqual({ userId: page.userId, name: '新會員' });
  });

  it('changes the email with the mailed code: the code-sent time is set, then cleared, and the profile shows the new email', async () => {
    const page = await freshMemberPage();
    await page.member.loadProfile();
    const newEmail = `moved${signedUp}@linea.example`;

    const sent = await page.member.sendEmailCode(`  ${newEmail} `, 1_700_000_000_000);
    expect(sent).toEqual({ ok: true, data: { resendAfter: 60, expiresIn: 600 } });
    expect(page.member.$emailCodeSentAt.get()).toEqual({ email: newEmail, at: 1_700_000_000_000 });
    const { code } = await emailChangeMail(newEmail);

    // A wrong code: a failure on the code field, and nothing changes.
    const before = page.member.$profile.get();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await page.member.changeEmail({ email: newEmail, code: wrongCode });
    expect(wrong).toMatchObject({ ok: false, kind: 'failure', msgCode: 'EMAIL_CODE_WRONG', field: 'code' });
    expect(page.member.$profile.get()).toBe(before);
    expect(before.data?.email).toBe(page.email);
    expect(page.member.$emailCodeSentAt.get()).toEqual({ email: newEmail, at: 1_700_000_000_000 });
    await page.member.loadProfile();
    expect(page.member.$profile.get().data?.email).toBe(page.email);

    const changed = await page.member.changeEmail({ email: newEmail, code });
    expect(changed.ok).toBe(true);
    expect(page.member.$profile.get()).toMatchObject({ status: 'ready', data: { userId: page.userId, email: newEmail } });
    expect(page.member.$emailCodeSentAt.get()).toBeNull();

    const next = await newPage();
    expect((await next.session.signIn(newEmail, FRESH_PASSWORD)).ok).toBe(true);
    expect(next.session.$member.get()?.userId).toBe(page.userId);
  });

  it('the emailed link changes the email with no session at all, once', async () => {
    const page = await freshMemberPage();
    const newEmail = `linked${signedUp}@linea.example`;
    expect((await page.member.sendEmailCode(newEmail)).ok).toBe(true);
    const { token } = await emailChangeMail(newEmail);

    // Opened on another device: no cookies, nobody signed in.
    fixture.browser.jar.clear();
    const other = await newPage();
    expect(other.session.$member.get()).toBeNull();
    const since = fixture.browser.requests.length;
    expect(await other.member.verifyEmailLink(token)).toEqual({ ok: true, data: { email: newEmail } });
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/auth/email/verify']);
    expect(fixture.navigations).toEqual([]);

    const again = await other.member.verifyEmailLink(token);
    expect(again).toMatchObject({ ok: false, kind: 'failure', msgCode: 'EMAIL_LINK_INVALID', field: 'token' });
    expect(await other.session.signIn(page.email, FRESH_PASSWORD)).toMatchObject({ ok: false, msgCode: 'UR_LOGIN_FAILED' });
    expect((await other.session.signIn(newEmail, FRESH_PASSWORD)).ok).toBe(true);
    expect(other.session.$member.get()?.userId).toBe(page.userId);
  });

  it('closing the account is refused while orders are open, and the member stays signed in', async () => {
    const page = await signedInPage();
    await page.member.loadProfile();
    const refused = await page.member.closeAccount({ agree: true, password: demo.password });
    expect(refused).toMatchObject({ ok: false, kind: 'failure', msgCode: 'ACCOUNT_HAS_OPEN_ORDERS' });
    expect(page.session.$member.get()).toEqual({ userId: demo.id, name: demo.name });
    expect(page.member.$profile.get()).toMatchObject({ status: 'ready', data: { userId: demo.id, email: demo.email } });
    expect((await page.member.loadProfile()).ok).toBe(true);
  });

  it('closing the account of a member with nothing open ends the session; signing in then answers UR_ACCOUNT_CLOSED', async () => {
    const page = await freshMemberPage();
    await page.member.loadProfile();
    const wrong = await page.member.closeAccount({ agree: true, password: 'Wrong2026' });
    expect(wrong).toMatchObject({ ok: false, kind: 'failure', msgCode: 'UR_PASSWORD_WRONG', field: 'password' });
    expect(page.session.$member.get()).toMatchObject({ userId: page.userId });

    expect(await page.member.closeAccount({ agree: true, password: FRESH_PASSWORD })).toEqual({ ok: true, data: {} });
    expect(page.session.$member.get()).toBeNull();
    expect(page.member.$profile.get()).toEqual({ status: 'loading', data: null });
    expect(fixture.browser.jar.has('lin_rt')).toBe(false);

    const next = await newPage();
    expect(await next.session.signIn(page.email, FRESH_PASSWORD)).toMatchObject({
      ok: false,
      kind: 'failure',
      msgCode: 'UR_ACCOUNT_CLOSED',
    });
    expect(next.session.$member.get()).toBeNull();
  });
});

describe('addresses', () => {
  const home = {
    receiver: '王小明',
    mobile: '0911222333',
    region: 'TW',
    city: '台北市',
    detail: '信義區松高路 1 號',
    zipCode: '110',
    isDefault: 'N',
  } as const;
  const office = { ...home, city: '新北市', detail: '板橋區縣民大道二段 7 號', zipCode: '220' } as const;

  it("loads the demo member's address book, the default first", async () => {
    const { addresses } = await signedInPage();
    expect((await addresses.loadAddresses()).ok).toBe(true);
    const state = addresses.$addresses.get();
    expect(state.status).toBe('ready');
    expect(state.data?.map((a) => [a.addressId, a.isDefault, a.city])).toEqual([
      ['A0001', 'Y', '台北市'],
      ['A0002', 'N', '新北市'],
    ]);
  });

  it('save, set the default and delete each set the list from their answer, with no request beyond the write', async () => {
    const { addresses } = await freshMemberPage();
    await addresses.loadAddresses();
    expect(addresses.$addresses.get()).toEqual({ status: 'ready', data: [] });

    // The first address becomes the default whatever the form says.
    let since = fixture.browser.requests.length;
    const first = await addresses.saveAddress(home);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/address/save']);
    const homeId = first.ok ? first.data.address?.addressId : undefined;
    expect(homeId).toMatch(/^A[0-9A-F]{8}$/);
    expect(addresses.$addresses.get()).toEqual({ status: 'ready', data: [{ ...home, addressId: homeId, isDefault: 'Y' }] });

    since = fixture.browser.requests.length;
    const second = await addresses.saveAddress(office);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/address/save']);
    const officeId = second.ok ? second.data.address?.addressId : undefined;
    expect(officeId).toMatch(/^A[0-9A-F]{8}$/);
    expect(addresses.$addresses.get()).toEqual({
      status: 'ready',
      data: [
        { ...home, addressId: homeId, isDefault: 'Y' },
        { ...office, addressId: officeId, isDefault: 'N' },
      ],
    });

    since = fixture.browser.requests.length;
    expect((await addresses.setDefaultAddress(officeId!)).ok).toBe(true);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/address/default']);
    expect(addresses.$addresses.get()).toEqual({
      status: 'ready',
      data: [
        { ...office, addressId: officeId, isDefault: 'Y' },
        { ...home, addressId: homeId, isDefault: 'N' },
      ],
    });

    // Deleting the default hands it to the other one.
    since = fixture.browser.requests.length;
    expect((await addresses.deleteAddress(officeId!)).ok).toBe(true);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/address/delete']);
    expect(addresses.$addresses.get()).toEqual({ status: 'ready', data: [{ ...home, addressId: homeId, isDefault: 'Y' }] });

    // The API keeps what the store shows.
    const shown = addresses.$addresses.get();
    await addresses.loadAddresses();
    expect(addresses.$addresses.get()).toEqual(shown);
  });

  it("a refused save (a mobile not of the region's format) leaves the list unchanged", async () => {
    const { addresses } = await freshMemberPage();
    expect((await addresses.saveAddress(home)).ok).toBe(true);
    const before = addresses.$addresses.get();
    expect(before.data).toHaveLength(1);

    const refused = await addresses.saveAddress({ ...office, mobile: '91234567' });
    expect(refused).toMatchObject({ ok: false, kind: 'failure', msgCode: 'AD_MOBILE_TW', field: 'mobile' });
    expect(addresses.$addresses.get()).toBe(before);
    await addresses.loadAddresses();
    expect(addresses.$addresses.get()).toEqual(before);
  });
});

describe('coupons by code', () => {
  it("a redeemed code joins the head of the member's coupons as usable, with no reload", async () => {
    const { coupons } = await freshMemberPage();
    await coupons.loadMemberCoupons();
    expect(coupons.$memberCoupons.get()).toEqual({ status: 'ready', coupons: [] });

    let since = fixture.browser.requests.length;
    const first = await coupons.redeemCoupon('member150');
    expect(first).toMatchObject({ ok: true, data: { couponId: 'CT001', used: 'N' } });
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/coupon/redeem']);
    expect(coupons.$memberCoupons.get()).toEqual({
      status: 'ready',
      coupons: [
        {
          couponId: 'CT001',
          title: OFFERS.CT001.title,
          description: OFFERS.CT001.description,
          // Inserted without one: the table's default, a Taiwan offer.
          currency: 'TWD',
          discount: 150,
          threshold: 1000,
          startDate: offerStart,
          endDate: offerEnd,
          status: 'usable',
        },
      ],
    });

    since = fixture.browser.requests.length;
    expect((await coupons.redeemCoupon(' Member500 ')).ok).toBe(true);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/coupon/redeem']);
    const state = coupons.$memberCoupons.get();
    expect(state.status === 'ready' && state.coupons.map((c) => [c.couponId, c.status, c.discount])).toEqual([
      ['CT002', 'usable', 500],
      ['CT001', 'usable', 150],
    ]);

    // The API holds both.
    await coupons.loadMemberCoupons();
    const reloaded = coupons.$memberCoupons.get();
    expect(reloaded.status === 'ready' && reloaded.coupons.map((c) => c.couponId).sort()).toEqual(['CT001', 'CT002']);
  });

  it('an unknown code, or one already collected, is a failure on the code field and changes nothing', async () => {
    const { coupons } = await freshMemberPage();
    await coupons.loadMemberCoupons();
    expect((await coupons.redeemCoupon('MEMBER150')).ok).toBe(true);
    const before = coupons.$memberCoupons.get();
    expect(before.status === 'ready' && before.coupons.map((c) => c.couponId)).toEqual(['CT001']);

    const unknown = await coupons.redeemCoupon('NOSUCHCODE');
    expect(unknown).toMatchObject({ ok: false, kind: 'failure', msgCode: 'COUPON_CODE_UNKNOWN', field: 'code' });
    expect(coupons.$memberCoupons.get()).toBe(before);

    const again = await coupons.redeemCoupon('member150');
    expect(again).toMatchObject({ ok: false, kind: 'failure', msgCode: 'COUPON_ALREADY_COLLECTED', field: 'code' });
    expect(coupons.$memberCoupons.get()).toBe(before);
  });
});

describe('invoices', () => {
  it("pages the demo member's six invoices, newest first: page 1 holds all, page 2 none, the total the same", async () => {
    const { invoices } = await signedInPage();
    expect((await invoices.loadInvoices()).ok).toBe(true);
    const first = invoices.$invoices.get();
    expect(first.status).toBe('ready');
    expect(first.data?.page).toBe(1);
    expect(first.data?.total).toBe(6);
    expect(first.data?.list.map((i) => [i.invoiceNo, i.orderCode, i.status])).toEqual([
      ['AB10000000', 'O2026000002', 'ISSUED'],
      ['AB10000001', 'O2026000003', 'ISSUED'],
      ['AB10000002', 'O2026000004', 'ISSUED'],
      ['AB10000003', 'O2026000005', 'ISSUED'],
      ['AB10000004', 'O2026000006', 'ISSUED'],
      ['AB10000005', 'O2026000007', 'VOID'],
    ]);
    expect(first.data?.list[1]).toMatchObject({ type: 'CLOUD', carrier: { type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ABC+123' } });

    await invoices.loadInvoices(2);
    expect(invoices.$invoices.get()).toEqual({ status: 'ready', data: { list: [], total: 6, page: 2 } });
  });

  it('pages by INVOICES_PAGE_SIZE when there are more than ten', async () => {
    const { invoices, userId } = await freshMemberPage();
    const base = Date.now();
    const numbers = Array.from({ length: 12 }, (_, i) => `ZZ${String(i + 1).padStart(8, '0')}-${userId}`);
    numbers.forEach((invoiceNo, i) =>
      saveRecord(fixture.api.db, 'invoice', invoiceNo, userId, 'ISSUED', base - (i + 1) * DAY, {
        invoiceNo,
        orderCode: `O2099${String(i + 1).padStart(6, '0')}`,
        type: 'CLOUD',
        carrier: { type: 'CLOUD', vehicle: 'MEMBER' },
        status: 'ISSUED',
        amount: 1000 + i,
        issuedAt: base - (i + 1) * DAY,
      }),
    );
    expect(invoices.INVOICES_PAGE_SIZE).toBe(10);
    await invoices.loadInvoices();
    const first = invoices.$invoices.get();
    expect([first.status, first.data?.page, first.data?.total]).toEqual(['ready', 1, 12]);
    expect(first.data?.list.map((i) => i.invoiceNo)).toEqual(numbers.slice(0, 10));
    await invoices.loadInvoices(2);
    const second = invoices.$invoices.get();
    expect([second.status, second.data?.page, second.data?.total]).toEqual(['ready', 2, 12]);
    expect(second.data?.list.map((i) => i.invoiceNo)).toEqual(numbers.slice(10));
  });

  it('loads the default carrier; saving one sets it from the answer, and a refused one changes nothing', async () => {
    const demoPage = await signedInPage();
    await demoPage.invoices.loadInvoiceCarrier();
    expect(demoPage.invoices.$invoiceCarrier.get()).toEqual({
      status: 'ready',
      data: { type: 'CLOUD', vehicle: 'PHONE', vehicleCode: '/ABC+123' },
    });

    const { invoices } = await freshMemberPage();
    await invoices.loadInvoiceCarrier();
    expect(invoices.$invoiceCarrier.get()).toEqual({ status: 'ready', data: null });

    const company = { type: 'COMPANY', taxId: '24536806', title: '綠線服飾股份有限公司' } as const;
    const since = fixture.browser.requests.length;
    expect(await invoices.saveInvoiceCarrier(company)).toEqual({ ok: true, data: company });
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/invoice/carrier']);
    expect(invoices.$invoiceCarrier.get()).toEqual({ status: 'ready', data: company });

    const before = invoices.$invoiceCarrier.get();
    const refused = await invoices.saveInvoiceCarrier({ type: 'COMPANY', taxId: '123', title: '綠線' });
    expect(refused).toMatchObject({ ok: false, kind: 'failure', msgCode: 'OD_INVOICE_TAX_ID', field: 'taxId' });
    expect(invoices.$invoiceCarrier.get()).toBe(before);

    await invoices.loadInvoiceCarrier();
    expect(invoices.$invoiceCarrier.get()).toEqual({ status: 'ready', data: company });
  });
});

describe('inbox', () => {
  it("loads the demo member's inbox with the unread count; loadUnread reads the count alone", async () => {
    const { inbox } = await signedInPage();
    expect(inbox.$unread.get()).toBeNull();
    await inbox.loadInbox();
    expect(inbox.$unread.get()).toBe(4);
    const state = inbox.$inbox.get();
    expect([state.status, state.data?.page, state.data?.total]).toEqual(['ready', 1, 7]);
    expect(state.data?.list.map((m) => [m.messageId, m.read])).toEqual([
      ['N0001', 'N'],
      ['N0003', 'N'],
      ['N0004', 'N'],
      ['N0007', 'N'],
      ['N0002', 'Y'],
      ['N0005', 'Y'],
      ['N0006', 'Y'],
    ]);

    const header = await signedInPage();
    const since = fixture.browser.requests.length;
    await header.inbox.loadUnread();
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/inbox/unread']);
    expect(header.inbox.$unread.get()).toBe(4);
    expect(header.inbox.$inbox.get()).toEqual({ status: 'loading', data: null });
  });

  it('markRead lowers the count and marks those rows read; markAllRead brings it to 0', async () => {
    const { inbox, userId } = await freshMemberPage();
    const ids = seedInbox(userId, 12, 5);
    await inbox.loadInbox();
    expect(inbox.$unread.get()).toBe(5);
    expect(inbox.$inbox.get().data?.list.map((m) => m.messageId)).toEqual(ids.slice(0, 10));

    let since = fixture.browser.requests.length;
    expect(await inbox.markRead([ids[0]!, ids[1]!])).toEqual({ ok: true, data: { unread: 3 } });
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/inbox/read']);
    expect(inbox.$unread.get()).toBe(3);
    const afterRead = inbox.$inbox.get();
    expect(afterRead.status).toBe('ready');
    expect(afterRead.data?.total).toBe(12);
    expect(afterRead.data?.list.map((m) => m.read)).toEqual(['Y', 'Y', 'N', 'N', 'N', 'Y', 'Y', 'Y', 'Y', 'Y']);

    since = fixture.browser.requests.length;
    expect(await inbox.markAllRead()).toEqual({ ok: true, data: { unread: 0 } });
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/inbox/read-all']);
    expect(inbox.$unread.get()).toBe(0);
    expect(inbox.$inbox.get().data?.list.every((m) => m.read === 'Y')).toBe(true);
    expect(inbox.$inbox.get().data?.list).toHaveLength(10);

    // A new page (the header's badge) reads what the API now holds.
    const header = await newPage();
    expect(await header.session.restoreSession()).toBe(true);
    await header.inbox.loadUnread();
    expect(header.inbox.$unread.get()).toBe(0);
  });

  it('deleteMessages removes the rows and loads the page again; an emptied last page steps back to the one before', async () => {
    const { inbox, userId } = await freshMemberPage();
    const ids = seedInbox(userId, 13, 5);
    await inbox.loadInbox();

    let since = fixture.browser.requests.length;
    expect(await inbox.deleteMessages([ids[0]!, ids[5]!])).toEqual({ ok: true, data: { unread: 4 } });
    expect(inbox.$unread.get()).toBe(4);
    // At once: the rows are gone from the page shown; then the page is loaded again, filled from the next one.
    const atOnce = inbox.$inbox.get();
    expect(atOnce.data).toMatchObject({ page: 1, total: 11 });
    expect(atOnce.data?.list.map((m) => m.messageId)).toEqual([...ids.slice(1, 5), ...ids.slice(6, 10)]);
    await vi.waitFor(() => expect(inbox.$inbox.get().status).toBe('ready'), API_SETTLED);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/inbox/delete', '/api/inbox/list']);
    expect(inbox.$inbox.get()).toMatchObject({ status: 'ready', data: { page: 1, total: 11 } });
    expect(inbox.$inbox.get().data?.list.map((m) => m.messageId)).toEqual([...ids.slice(1, 5), ...ids.slice(6, 12)]);

    // Page 2 holds the last one; deleting it leaves the page empty, so page 1 is shown.
    await inbox.loadInbox(2);
    expect(inbox.$inbox.get().data?.list.map((m) => m.messageId)).toEqual([ids[12]]);
    since = fixture.browser.requests.length;
    expect(await inbox.deleteMessages([ids[12]!])).toEqual({ ok: true, data: { unread: 4 } });
    await vi.waitFor(() => expect(inbox.$inbox.get().status).toBe('ready'), API_SETTLED);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/inbox/delete', '/api/inbox/list']);
    expect(inbox.$inbox.get()).toMatchObject({ status: 'ready', data: { page: 1, total: 10 } });
    expect(inbox.$inbox.get().data?.list.map((m) => m.messageId)).toEqual([...ids.slice(1, 5), ...ids.slice(6, 12)]);
  });
});

describe('tickets', () => {
  it("lists the demo member's tickets by status, and the orders a new ticket may be about", async () => {
    const { tickets } = await signedInPage();
    await tickets.loadTickets();
    const all = tickets.$tickets.get();
    expect(all.data).toMatchObject({ page: 1, total: 3, status: null });
    expect(all.data?.list.map((t) => [t.ticketId, t.status])).toEqual([
      ['T0002', 'OPEN'],
      ['T0001', 'REPLIED'],
      ['T0003', 'CLOSED'],
    ]);
    await tickets.loadTickets(1, 'OPEN');
    expect(tickets.$tickets.get()).toMatchObject({ status: 'ready', data: { page: 1, total: 1, status: 'OPEN' } });
    expect(tickets.$tickets.get().data?.list.map((t) => t.ticketId)).toEqual(['T0002']);
    await tickets.loadTickets(1, 'CLOSED');
    expect(tickets.$tickets.get().data?.list.map((t) => [t.ticketId, t.subject])).toEqual([['T0003', '退貨進度詢問']]);

    await tickets.loadTicketOrders();
    const orders = tickets.$ticketOrders.get();
    // The demo member's 17 seeded orders, newest first (scripts/local-commerce/seed-orders.ts).
    expect(orders.map((o) => o.orderCode.slice(-2))).toEqual([
      '01',
      '11',
      '02',
      '10',
      '03',
      '04',
      '05',
      '12',
      '06',
      '07',
      '15',
      '16',
      '08',
      '09',
      '13',
      '17',
      '14',
    ]);
    expect(Object.keys(orders[0]!).sort()).toEqual(['createdAt', 'orderCode']);
  });

  it("opens a ticket (a delivery question gets the store's reply at once), replies, closes; a closed ticket takes no reply", async () => {
    const { tickets } = await freshMemberPage();
    let since = fixture.browser.requests.length;
    const delivery = await tickets.openTicket({ category: 'DELIVERY', subject: '多久會到？', text: '請問下單後幾天會到貨？' });
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/ticket/create']);
    const deliveryId = delivery.ok ? delivery.data.ticketId : '';
    expect(tickets.$ticket.get()).toMatchObject({
      status: 'ready',
      data: { ticketId: deliveryId, category: 'DELIVERY', subject: '多久會到？', orderCode: null, status: 'REPLIED' },
    });
    expect(tickets.$ticket.get().data?.messages.map((m) => m.from)).toEqual(['MEMBER', 'STORE']);
    expect(tickets.$ticket.get().data?.messages[0]?.text).toBe('請問下單後幾天會到貨？');

    const product = await tickets.openTicket({ category: 'PRODUCT', subject: '會補貨嗎？', text: '白色襯衫 S 號會補貨嗎？' });
    const productId = product.ok ? product.data.ticketId : '';
    expect(tickets.$ticket.get()).toMatchObject({ status: 'ready', data: { ticketId: productId, status: 'OPEN' } });
    expect(tickets.$ticket.get().data?.messages).toHaveLength(1);

    since = fixture.browser.requests.length;
    expect((await tickets.replyToTicket({ ticketId: productId, text: '想買兩件。' })).ok).toBe(true);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/ticket/reply']);
    expect(tickets.$ticket.get()).toMatchObject({ status: 'ready', data: { ticketId: productId, status: 'OPEN' } });
    expect(tickets.$ticket.get().data?.messages.map((m) => [m.from, m.text])).toEqual([
      ['MEMBER', '白色襯衫 S 號會補貨嗎？'],
      ['MEMBER', '想買兩件。'],
    ]);

    since = fixture.browser.requests.length;
    expect((await tickets.closeTicket(productId)).ok).toBe(true);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/ticket/close']);
    expect(tickets.$ticket.get()).toMatchObject({ status: 'ready', data: { ticketId: productId, status: 'CLOSED' } });

    const closed = tickets.$ticket.get();
    const refused = await tickets.replyToTicket({ ticketId: productId, text: '還在嗎？' });
    expect(refused).toMatchObject({ ok: false, kind: 'failure', msgCode: 'TK_CLOSED' });
    expect(tickets.$ticket.get()).toBe(closed);

    await tickets.loadTickets(1, 'CLOSED');
    expect(tickets.$tickets.get().data?.list.map((t) => t.ticketId)).toEqual([productId]);
    await tickets.loadTickets(1, 'REPLIED');
    expect(tickets.$tickets.get().data?.list.map((t) => t.ticketId)).toEqual([deliveryId]);
    await tickets.loadTicket(deliveryId);
    expect(tickets.$ticket.get()).toMatchObject({ status: 'ready', data: { ticketId: deliveryId, status: 'REPLIED' } });
  });
});

describe('recycle', () => {
  it("loads the demo member's bookings, newest first, and the coupon recycling earned them", async () => {
    const { recycle } = await signedInPage();
    await recycle.loadRecycle();
    const state = recycle.$recycle.get();
    expect(state.status).toBe('ready');
    expect(state.data?.bookings.map((b) => [b.bookingId, b.status, b.storeCode])).toEqual([
      ['RC0001', 'BOOKED', 'TPE01'],
      ['RC0002', 'RECEIVED', 'TPE02'],
      ['RC0003', 'CANCELLED', null],
    ]);
    expect(state.data?.coupons.map((c) => c.couponId)).toEqual(['C0008']);
  });

  it('books a drop-off at a shop and cancels it, the state from each answer; a refused day changes nothing', async () => {
    const { recycle } = await freshMemberPage();
    await recycle.loadRecycle();
    expect(recycle.$recycle.get()).toEqual({ status: 'ready', data: { bookings: [], coupons: [] } });

    const date = brandDate(3);
    let since = fixture.browser.requests.length;
    const booked = await recycle.bookRecycle({ method: 'SHOP', storeCode: 'TPE01', date, bags: 2 });
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/recycle/book']);
    expect(booked.ok).toBe(true);
    const bookingId = recycle.$recycle.get().data?.bookings[0]?.bookingId ?? '';
    expect(bookingId).toMatch(/^RC[0-9A-F]{10}$/);
    expect(recycle.$recycle.get()).toEqual({
      status: 'ready',
      data: {
        bookings: [
          {
            bookingId,
            method: 'SHOP',
            storeCode: 'TPE01',
            address: null,
            date,
            timeSlot: null,
            bags: 2,
            status: 'BOOKED',
            items: null,
            couponId: null,
            createdAt: expect.any(Number),
          },
        ],
        coupons: [],
      },
    });

    const before = recycle.$recycle.get();
    const today = await recycle.bookRecycle({ method: 'SHOP', storeCode: 'TPE01', date: brandDate(0), bags: 1 });
    expect(today).toMatchObject({ ok: false, kind: 'failure', msgCode: 'RC_DATE_RANGE', field: 'date' });
    expect(recycle.$recycle.get()).toBe(before);

    since = fixture.browser.requests.length;
    expect((await recycle.cancelRecycle(bookingId)).ok).toBe(true);
    expect(fixture.browser.requests.slice(since)).toEqual(['/api/recycle/cancel']);
    expect(recycle.$recycle.get().data?.bookings.map((b) => [b.bookingId, b.status])).toEqual([[bookingId, 'CANCELLED']]);
  });
});

describe('a failed load and logout', () => {
  /** Loads every account store of a demo-member page (and checks each is ready). */
  async function loadEverything(page: Page): Promise<void> {
    await Promise.all([
      page.member.loadProfile(),
      page.member.loadAccountSummary(),
      page.addresses.loadAddresses(),
      page.coupons.loadMemberCoupons(),
      page.invoices.loadInvoices(),
      page.invoices.loadInvoiceCarrier(),
      page.inbox.loadInbox(),
      page.tickets.loadTickets(),
      page.tickets.loadTicket('T0001'),
      page.tickets.loadTicketOrders(),
      page.recycle.loadRecycle(),
    ]);
    for (const store of [
      page.member.$profile,
      page.member.$accountSummary,
      page.addresses.$addresses,
      page.invoices.$invoices,
      page.invoices.$invoiceCarrier,
      page.inbox.$inbox,
      page.tickets.$tickets,
      page.tickets.$ticket,
      page.recycle.$recycle,
    ])
      expect(store.get().status).toBe('ready');
    expect(page.coupons.$memberCoupons.get().status).toBe('ready');
    expect(page.inbox.$unread.get()).toBe(4);
    expect(page.tickets.$ticketOrders.get()).toHaveLength(17);
  }

  function expectEverythingReset(page: Page): void {
    const empty = { status: 'loading', data: null };
    expect(page.session.$member.get()).toBeNull();
    expect(page.member.$profile.get()).toEqual(empty);
    expect(page.member.$accountSummary.get()).toEqual(empty);
    expect(page.member.$emailCodeSentAt.get()).toBeNull();
    expect(page.addresses.$addresses.get()).toEqual(empty);
    expect(page.coupons.$memberCoupons.get()).toEqual({ status: 'loading' });
    expect(page.invoices.$invoices.get()).toEqual(empty);
    expect(page.invoices.$invoiceCarrier.get()).toEqual(empty);
    expect(page.inbox.$inbox.get()).toEqual(empty);
    expect(page.inbox.$unread.get()).toBeNull();
    expect(page.tickets.$tickets.get()).toEqual(empty);
    expect(page.tickets.$ticket.get()).toEqual(empty);
    expect(page.tickets.$ticketOrders.get()).toEqual([]);
    expect(page.recycle.$recycle.get()).toEqual(empty);
  }

  it('a load that meets a network failure is an error state keeping the data it had, never a throw', async () => {
    const page = await signedInPage();
    await loadEverything(page);
    const loadables = {
      profile: page.member.$profile,
      summary: page.member.$accountSummary,
      addresses: page.addresses.$addresses,
      invoices: page.invoices.$invoices,
      carrier: page.invoices.$invoiceCarrier,
      inbox: page.inbox.$inbox,
      tickets: page.tickets.$tickets,
      ticket: page.tickets.$ticket,
      recycle: page.recycle.$recycle,
    };
    const had = Object.fromEntries(Object.entries(loadables).map(([name, store]) => [name, store.get().data]));
    const orders = page.tickets.$ticketOrders.get();

    const results = await fixture.offline(() =>
      Promise.all([
        page.member.loadProfile(),
        page.member.loadAccountSummary(),
        page.addresses.loadAddresses(),
        page.invoices.loadInvoices(),
        page.invoices.loadInvoiceCarrier(),
        page.tickets.loadTickets(),
        page.tickets.loadTicket('T0001'),
        page.recycle.loadRecycle(),
      ]),
    );
    expect(results.map((r) => (r.ok ? 'ok' : r.kind))).toEqual(Array(8).fill('network'));
    await expect(fixture.offline(() => page.inbox.loadInbox())).resolves.toBeUndefined();
    await expect(fixture.offline(() => page.inbox.loadUnread())).resolves.toBeUndefined();
    await expect(fixture.offline(() => page.tickets.loadTicketOrders())).resolves.toBeUndefined();
    await expect(fixture.offline(() => page.coupons.loadMemberCoupons())).resolves.toBeUndefined();

    for (const [name, store] of Object.entries(loadables))
      expect([name, store.get()]).toEqual([name, { status: 'error', data: had[name] }]);
    expect(had.profile).toMatchObject({ userId: demo.id, email: demo.email });
    expect(had.invoices).toMatchObject({ page: 1, total: 6 });
    expect(page.inbox.$unread.get()).toBe(4);
    expect(page.tickets.$ticketOrders.get()).toBe(orders);
    expect(page.coupons.$memberCoupons.get()).toEqual({ status: 'error' });
    expect(page.session.$member.get()).toEqual({ userId: demo.id, name: demo.name });

    // Back online, a retry recovers.
    await page.inbox.loadInbox();
    await page.member.loadProfile();
    expect(page.inbox.$inbox.get().status).toBe('ready');
    expect(page.member.$profile.get()).toEqual({ status: 'ready', data: had.profile });
  });

  it('signOut resets every account store to loading', async () => {
    const page = await signedInPage();
    await loadEverything(page);
    expect((await page.member.sendEmailCode('demo.moving@linea.example', 42)).ok).toBe(true);
    expect(page.member.$emailCodeSentAt.get()).toEqual({ email: 'demo.moving@linea.example', at: 42 });
    await page.session.signOut();
    expectEverythingReset(page);
  });

  it('clearMemberState (a session that could not be restored) resets them too', async () => {
    const page = await signedInPage();
    await loadEverything(page);
    page.member.$emailCodeSentAt.set({ email: 'someone@linea.example', at: 42 });
    page.session.clearMemberState();
    expectEverythingReset(page);
  });
});
