/**
 * The seeded conversations: inbox messages (read and unread, some linking to a page of the
 * store) for both demo members, and the demo member's customer-service tickets, one in each
 * status, some about an order. Called by seed-account.ts.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { ResponseOf } from '../../src/lib/api/contract.ts';
import { saveRecord } from './records.ts';
import type { AccountSeed } from './seed-kit.ts';
import { RETURNED_ORDER } from './seed-orders.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Message = ResponseOf<'inboxList'>['list'][number];
type Ticket = ResponseOf<'ticketDetail'>;

/** [id, title, body, read, days ago, link] */
type MessageSeed = [string, string, string, 'Y' | 'N', number, string | null];

export function seedConversations(db: DatabaseSync, { t0, orders, demo, hk }: AccountSeed): void {
  const orderIn = (status: string) => orders.find((o) => o.status === status)!.orderCode;

  const demoMessages: MessageSeed[] = [
    ['N0001', '您的訂單已出貨', `訂單 ${orderIn('SHIPPED')} 已交由物流配送。`, 'N', 1, '/account/order/order-list.html'],
    ['N0002', '會員生日禮已發送', '生日禮券已存入您的帳戶。', 'Y', 5, '/account/coupon.html'],
    ['N0003', '春季購物金已入帳', 'NT$150 春季購物金已存入您的帳戶，滿 NT$1,500 即可使用。', 'N', 2, '/account/coupon.html'],
    ['N0004', '客服已回覆您的問題', '您詢問的「請問可以修改寄送地址嗎？」已有回覆。', 'N', 3, '/account/ticket-detail.html?ticketId=T0001'],
    ['N0005', '感謝您參與舊衣回收', '我們已收到您的 14 件衣物，舊衣回收禮券已存入您的帳戶。', 'Y', 20, '/account/recycle.html'],
    ['N0006', '會員條款更新通知', '會員條款與隱私權政策已於本月更新，內容請見官網公告。', 'Y', 30, null],
    ['N0007', '春季新品上市', '春季新品已經上架，歡迎到門市或官網選購。', 'N', 4, null],
  ];
  const hkMessages: MessageSeed[] = [
    ['N0101', '歡迎加入 LINEA 會員', '新會員禮券已存入您的帳戶。', 'N', 2, '/account/coupon.html'],
    ['N0102', '優惠券即將到期', '您有一張優惠券將於本月底到期。', 'Y', 6, '/account/coupon.html'],
  ];
  const messages = (memberId: string, list: MessageSeed[]) => {
    for (const [messageId, title, body, read, daysAgo, link] of list) {
      const message: Message = { messageId, title, body, read, createdAt: t0 - daysAgo * DAY, link };
      saveRecord(db, 'inbox', messageId, memberId, read, message.createdAt, message);
    }
  };
  messages(demo, demoMessages);
  messages(hk, hkMessages);

  const said = (id: string, from: 'MEMBER' | 'STORE', text: string, createdAt: number) => ({
    messageId: id,
    from,
    text,
    attachments: [],
    createdAt,
  });
  const tickets: Ticket[] = [
    {
      ticketId: 'T0001',
      subject: '請問可以修改寄送地址嗎？',
      category: 'DELIVERY',
      orderCode: orderIn('WAIT_SHIP'),
      status: 'REPLIED',
      createdAt: t0 - 3 * DAY,
      updatedAt: t0 - 3 * DAY + 2 * HOUR,
      messages: [
        said('TM0001', 'MEMBER', '我剛下單，想把寄送地址改成公司地址，請問還來得及嗎？', t0 - 3 * DAY),
        said('TM0002', 'STORE', '您好，訂單尚未出貨，已為您改為新北市板橋區文化路一段 200 號，出貨後會再通知您。', t0 - 3 * DAY + 2 * HOUR),
      ],
    },
    {
      ticketId: 'T0002',
      subject: '羊毛大衣會補貨嗎？',
      category: 'PRODUCT',
      orderCode: null,
      status: 'OPEN',
      createdAt: t0 - DAY,
      updatedAt: t0 - DAY,
      messages: [said('TM0003', 'MEMBER', '想請問駝色羊毛大衣 M 號還會補貨嗎？', t0 - DAY)],
    },
    {
      ticketId: 'T0003',
      subject: '退貨進度詢問',
      category: 'RETURN',
      orderCode: RETURNED_ORDER,
      status: 'CLOSED',
      createdAt: t0 - 12 * DAY,
      updatedAt: t0 - 9 * DAY,
      messages: [
        said('TM0004', 'MEMBER', '上週寄回的退貨請問收到了嗎？', t0 - 12 * DAY),
        said('TM0005', 'STORE', '您好，退貨已於昨日收到，退款將於 7 個工作天內退回原付款方式。', t0 - 11 * DAY),
        said('TM0006', 'MEMBER', '收到，謝謝！', t0 - 10 * DAY),
      ],
    },
  ];
  for (const ticket of tickets) saveRecord(db, 'ticket', ticket.ticketId, demo, ticket.status, ticket.createdAt, ticket);
}
