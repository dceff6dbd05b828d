/**
 * The mails of refunds, exchanges and after-sales cases: opened, and each decision of the store
 * or the warehouse a member waits for, in the member's preferred language (mail.ts), with the
 * case's lines and a link to the order. docs/commerce-api.md (Mail) lists them. A refund that
 * cancels an unshipped order is told by the order's own mails (order-mail.ts), not twice.
 */
import type { DatabaseSync } from 'node:sqlite';
import { formatBrandDate } from '../../src/lib/format/brand-date.ts';
import { formatMoney } from '../../src/lib/format/currency.ts';
import type { MachineName } from '../../src/lib/orders/state-machine.ts';
import type { StoredAfterSale, StoredExchange, StoredOf, StoredRefund } from './case-records.ts';
import type { ComposeContext, MemberMail, Outbox } from './mail.ts';
import { layoutMail, storeText, type Block } from './mail-layout.ts';
import { localText, requestLanguage } from './request-language.ts';

type CaseMachine = Exclude<MachineName, 'order'>;
type Local = Record<'zh-TW' | 'zh-HK' | 'en-GB', string>;
const say = (values: Local) => localText(values);
const date = (ms: number) => formatBrandDate(ms, requestLanguage().code);

/** What the member calls the case: "退貨退款 R2026000001", "Exchange E2026000001"… */
function caseName(machine: CaseMachine, record: StoredOf[CaseMachine]): string {
  const t = storeText();
  if (machine === 'refund') {
    const refund = record as StoredRefund;
    return `${t(`refunds.types.${refund.refundType}`)} ${refund.refundCode}`;
  }
  if (machine === 'exchange')
    return `${say({ 'zh-TW': '換貨', 'zh-HK': '換貨', 'en-GB': 'Exchange' })} ${(record as StoredExchange).exchangeCode}`;
  const afterSale = record as StoredAfterSale;
  return `${t(`afterSales.services.${afterSale.serviceType}`)} ${afterSale.afterSaleCode}`;
}

type CaseLine = StoredRefund['lines'][number];

/** A case line named in the mail's language (the case keeps the names it was opened in). */
function lineName({ productOf }: ComposeContext, line: CaseLine): string {
  const product = productOf(line.productCode);
  const colour = product?.colours.find((c) => c.colorNo === product.skus.find((s) => s.productId === line.productId)?.colorNo);
  const [skuName, colorAlias] = product && colour ? [localText(product.names), localText(colour.names)] : [line.skuName, line.colorAlias];
  return `${skuName} (${[colorAlias, line.sizeAlias].filter(Boolean).join(' / ')}) × ${line.quantity}`;
}

/** The case's lines: what goes back, and for an exchange what comes instead. */
function caseItems(context: ComposeContext, machine: CaseMachine, record: StoredOf[CaseMachine]): Block {
  const name = (line: CaseLine) => lineName(context, line);
  if (machine === 'refund') {
    const refund = record as StoredRefund;
    return { items: refund.lines.map((line) => ({ text: `${name(line)}  ${formatMoney(line.amount, refund.currency)}`, notes: [] })) };
  }
  if (machine === 'exchange') {
    const exchange = record as StoredExchange;
    const to = [exchange.toColorAlias, exchange.toSizeAlias].filter(Boolean).join(' / ');
    return { items: [{ text: name(exchange.line), notes: [say({ 'zh-TW': `換成 ${to}`, 'zh-HK': `換成 ${to}`, 'en-GB': `For ${to}` })] }] };
  }
  return { items: [{ text: name((record as StoredAfterSale).line), notes: [] }] };
}

interface CaseEvent {
  subject: Local;
  lead: (record: StoredOf[CaseMachine]) => Local;
}

const sendBy = (record: StoredOf[CaseMachine]) => {
  const by = (record as { returnBy?: number | null }).returnBy;
  return by ? date(by) : null;
};

const approved: CaseEvent = {
  subject: { 'zh-TW': '申請已核准', 'zh-HK': '申請已獲批准', 'en-GB': 'Approved' },
  lead: (record) => {
    const by = sendBy(record);
    if (record.status === 'SELLER_REFUND_AUDIT')
      return {
        'zh-TW': '您的退款申請已核准，正在辦理退款，完成後會再通知您。',
        'zh-HK': '您的退款申請已獲批准，正在辦理退款，完成後會再通知您。',
        'en-GB': 'Your refund is approved and being processed; we will write when the money is on its way.',
      };
    return {
      'zh-TW': `您的申請已核准。請${by ? `於 ${by} 前` : ''}將商品寄回或送至門市，並在訂單頁面登記寄件資料。`,
      'zh-HK': `您的申請已獲批准。請${by ? `於 ${by} 前` : ''}將貨品寄回或交到門市，並在訂單頁面登記寄件資料。`,
      'en-GB': `Your request is approved. Please send the item back or hand it in at a store${by ? ` by ${by}` : ''}, and record how you sent it on the order's page.`,
    };
  },
};

const refused: CaseEvent = {
  subject: { 'zh-TW': '申請未獲同意', 'zh-HK': '申請未獲批准', 'en-GB': 'Not approved' },
  lead: () => ({
    'zh-TW': '很抱歉，您的申請未獲同意。如有疑問，請由會員中心的客服問題與我們聯絡。',
    'zh-HK': '抱歉，您的申請未獲批准。如有疑問，請在會員中心的客戶服務與我們聯絡。',
    'en-GB': 'Sorry, your request was not approved. If you have questions, write to us from Customer service in your account.',
  }),
};

const received: CaseEvent = {
  subject: { 'zh-TW': '已收到您寄回的商品', 'zh-HK': '已收到您寄回的貨品', 'en-GB': 'We have the item you sent back' },
  lead: () => ({
    'zh-TW': '我們已收到您寄回的商品，檢查後會再通知您。',
    'zh-HK': '我們已收到您寄回的貨品，檢查後會再通知您。',
    'en-GB': 'The item you sent back has arrived. We will check it and write again.',
  }),
};

const refundOnItsWay: CaseEvent = {
  subject: { 'zh-TW': '退款已核准', 'zh-HK': '退款已獲批准', 'en-GB': 'Refund approved' },
  lead: (record) => {
    const amount = formatMoney((record as StoredRefund).amount, (record as StoredRefund).currency);
    return {
      'zh-TW': `退款 ${amount} 已核准，將退回您的原付款方式，完成後會再通知您。`,
      'zh-HK': `退款 ${amount} 已獲批准，將退回您原本的付款方式，完成後會再通知您。`,
      'en-GB': `Your refund of ${amount} is approved and will go back to how you paid; we will write when it is done.`,
    };
  },
};

const refunded: CaseEvent = {
  subject: { 'zh-TW': '退款完成', 'zh-HK': '退款已完成', 'en-GB': 'Refunded' },
  lead: (record) => {
    const amount = formatMoney((record as StoredRefund).amount, (record as StoredRefund).currency);
    return {
      'zh-TW': `${amount} 已退回您的原付款方式，入帳時間依發卡銀行或支付業者而定。`,
      'zh-HK': `${amount} 已退回您原本的付款方式，入賬時間視乎發卡銀行或支付機構。`,
      'en-GB': `${amount} has been refunded to how you paid; your bank or wallet decides when it shows.`,
    };
  },
};

const timedOut: CaseEvent = {
  subject: { 'zh-TW': '申請已逾期關閉', 'zh-HK': '申請已逾期關閉', 'en-GB': 'Closed: nothing was sent back' },
  lead: () => ({
    'zh-TW': '我們未在期限內收到您寄回的商品，申請已關閉。',
    'zh-HK': '我們未於限期內收到您寄回的貨品，申請已關閉。',
    'en-GB': 'Nothing reached us by the date the item was due back, so the request has been closed.',
  }),
};

/** The case events a member is mailed about; the member's own steps and the payment's retries send nothing. */
const CASE_EVENTS: { [M in CaseMachine]: Record<string, CaseEvent> } = {
  refund: {
    approve: approved,
    refuse: refused,
    warehouseReceive: received,
    inspectPartial: {
      subject: { 'zh-TW': '請確認退款金額', 'zh-HK': '請確認退款金額', 'en-GB': 'Please confirm the refund' },
      lead: (record) => {
        const amount = formatMoney((record as StoredRefund).proposedAmount ?? 0, (record as StoredRefund).currency);
        return {
          'zh-TW': `檢查後可退款 ${amount}，請在訂單頁面接受或拒絕。`,
          'zh-HK': `檢查後可退款 ${amount}，請在訂單頁面接受或拒絕。`,
          'en-GB': `After checking the item we can refund ${amount}. Please accept or decline on the order's page.`,
        };
      },
    },
    inspectPass: refundOnItsWay,
    settle: refundOnItsWay,
    auditPass: refundOnItsWay,
    paidBack: refunded,
    retryPay: refunded,
    offlineRefund: refunded,
    timeout: timedOut,
  },
  exchange: {
    approve: approved,
    refuse: refused,
    warehouseReceive: received,
    shipReplacement: {
      subject: { 'zh-TW': '換貨商品已寄出', 'zh-HK': '換貨貨品已寄出', 'en-GB': 'Your replacement has shipped' },
      lead: () => ({
        'zh-TW': '您的換貨商品已寄出。',
        'zh-HK': '您的換貨貨品已寄出。',
        'en-GB': 'Your replacement is on its way.',
      }),
    },
    timeout: timedOut,
  },
  afterSale: {
    approve: approved,
    refuse: refused,
    warehouseReceive: received,
    storeReceive: received,
    complete: {
      subject: { 'zh-TW': '服務已完成', 'zh-HK': '服務已完成', 'en-GB': 'Done' },
      lead: () => ({
        'zh-TW': '您的商品已處理完成並寄回給您。',
        'zh-HK': '您的貨品已處理完成並寄回給您。',
        'en-GB': 'The work on your item is done and it is on its way back to you.',
      }),
    },
  },
};

const OPENED: CaseEvent = {
  subject: { 'zh-TW': '已收到您的申請', 'zh-HK': '已收到您的申請', 'en-GB': 'We have your request' },
  lead: () => ({
    'zh-TW': '我們已收到您的申請，審核後會再通知您結果。',
    'zh-HK': '我們已收到您的申請，審批後會再通知您結果。',
    'en-GB': 'We have your request and will write with our answer.',
  }),
};

/** A refund for an unshipped order is the order's cancellation: the order's mails tell it. */
const toldByOrder = (machine: CaseMachine, record: StoredOf[CaseMachine]) =>
  machine === 'refund' && (record as StoredRefund).refundType === 'REFUND_UNSHIPPED';

function caseMail(to: string, machine: CaseMachine, record: StoredOf[CaseMachine], event: CaseEvent): MemberMail {
  return {
    to,
    compose: (context) => {
      const name = caseName(machine, record);
      return layoutMail(`${say(event.subject)}${say({ 'zh-TW': '：', 'zh-HK': '：', 'en-GB': ': ' })}${name}`, [
        {
          p: `${name}${say({ 'zh-TW': '（訂單 ', 'zh-HK': '（訂單 ', 'en-GB': ' (order ' })}${record.orderCode}${say({ 'zh-TW': '）', 'zh-HK': '）', 'en-GB': ')' })}`,
        },
        { p: say(event.lead(record)) },
        caseItems(context, machine, record),
        {
          link: context.link('/account/detail.html', { orderCode: record.orderCode }),
          label: say({ 'zh-TW': '查看訂單：', 'zh-HK': '查看訂單：', 'en-GB': 'See your order:' }),
        },
      ]);
    },
  };
}

/** The mail `action` sends about the case just moved, or null. */
export function caseEventMail(to: string, machine: CaseMachine, action: string, record: StoredOf[CaseMachine]) {
  const event = CASE_EVENTS[machine][action];
  return event && !toldByOrder(machine, record) ? caseMail(to, machine, record, event) : null;
}

/** Tells the member a case they opened is received (case-rules.ts, as it saves a new case). */
export function queueCaseOpened(
  db: DatabaseSync,
  outbox: Outbox | undefined,
  memberId: string,
  machine: CaseMachine,
  record: StoredOf[CaseMachine],
) {
  if (!outbox || toldByOrder(machine, record)) return;
  const member = db.prepare('SELECT email FROM members WHERE id = ?').get(memberId) as { email: string } | undefined;
  if (member) outbox.queue(caseMail(member.email, machine, record, OPENED));
}
