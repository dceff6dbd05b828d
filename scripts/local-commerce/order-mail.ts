/**
 * The mails of an order's life, each in the member's preferred language (mail.ts) and the
 * order's currency, with what was bought (each line with its hem and gift wrap), how it is
 * delivered and a link to the order. docs/commerce-api.md (Mail) lists which event sends which.
 *
 * An order paid online is placed unpaid and paid moments later on the provider's page: its
 * "placed" mail is held PLACED_MAIL_HOLD_MINUTES, and the payment (or the member cancelling that
 * payment) takes it back, so nobody who has paid is told to pay. Paid in time, the payment mail
 * is the order's confirmation; unpaid by then, the placed mail leaves with its pay-by line.
 */
import { DATE_TIME_FORMAT } from '../../src/lib/constants.ts';
import { formatBrandDate } from '../../src/lib/format/brand-date.ts';
import { formatMoney } from '../../src/lib/format/currency.ts';
import { formatMoment } from '../../src/lib/format/dates.ts';
import type { OrderAction } from '../../src/lib/orders/state-machine.ts';
import type { StoredOrder } from './case-records.ts';
import type { ComposeContext, MemberMail } from './mail.ts';
import { layoutMail, storeText, type Block } from './mail-layout.ts';
import { pickupShopOf, shopTexts } from './pickup-shops.ts';
import { localText, requestLanguage } from './request-language.ts';

/** How long an unpaid online order's placed mail waits for its payment. */
export const PLACED_MAIL_HOLD_MINUTES = 15;
const MINUTE = 60_000;

export const placedTopic = (orderCode: string) => `order-placed:${orderCode}`;

const onlineUnpaid = (order: StoredOrder) => order.payment.method === 'ONLINE' && order.status === 'UNPAID';

type Local = Record<'zh-TW' | 'zh-HK' | 'en-GB', string>;
const say = (values: Local) => localText(values);

/** `order` with its lines named in the mail's language (it keeps the names it was placed in). */
export function inMailLanguage(kit: Pick<ComposeContext, 'productOf'>, order: StoredOrder): StoredOrder {
  return {
    ...order,
    products: order.products.map((line) => {
      const product = kit.productOf(line.productCode);
      const sku = product?.skus.find((s) => s.skuCode === line.skuCode);
      const colour = product?.colours.find((c) => c.colorNo === sku?.colorNo);
      if (!product || !colour) return line;
      return {
        ...line,
        productDetailInfo: { ...line.productDetailInfo, skuName: localText(product.names), colorAlias: localText(colour.names) },
      };
    }),
  };
}

/** Each line: name, colour and size, quantity and price; under it its hem, gift wrap, or that it is a gift. */
export function orderItems(order: StoredOrder, productIds?: ReadonlySet<string>): Block {
  const t = storeText();
  return {
    items: order.products
      .filter((line) => !productIds || productIds.has(line.productId))
      .map((line) => {
        const info = line.productDetailInfo;
        const variant = [info.colorAlias, info.sizeAlias].filter(Boolean).join(' / ');
        const price = line.giftFlag === 'Y' ? t('orders.gift') : formatMoney(info.unitPrice * line.quantity, order.currency);
        return {
          text: `${info.skuName}${variant ? ` (${variant})` : ''} × ${line.quantity}  ${price}`,
          notes: [
            ...(line.alterMode && line.finalInseam !== null ? [t('cart.hem', { inseam: line.finalInseam })] : []),
            ...(line.caseFlag === 'Y' ? [t('cart.giftWrap')] : []),
          ],
        };
      }),
  };
}

/** The order's sums: items, delivery, discount, total. */
export function orderSums(order: StoredOrder): Block {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return {
    rows: [
      [say({ 'zh-TW': '商品金額', 'zh-HK': '貨品金額', 'en-GB': 'Items' }), money(order.payment.goods)],
      [say({ 'zh-TW': '運費', 'zh-HK': '運費', 'en-GB': 'Delivery' }), money(order.freight)],
      ...(order.discount > 0
        ? [[say({ 'zh-TW': '折扣', 'zh-HK': '折扣', 'en-GB': 'Discount' }), `-${money(order.discount)}`] as const]
        : []),
      [say({ 'zh-TW': '總計', 'zh-HK': '總計', 'en-GB': 'Total' }), money(order.total)],
    ],
  };
}

/**
 * Where it is collected, as the order page names it: one of our shops in the mail's language, a
 * convenience store as its chain's map returned it, else the code alone (typed by hand, or older).
 */
function pickupPoint(order: StoredOrder): string {
  const shop = order.deliveryType === 'STORE_PICKUP' ? pickupShopOf(order.storeCode!) : undefined;
  const { name, address } = shop ? shopTexts(shop) : (order.store ?? { name: null, address: null });
  return [name ?? order.storeCode, address].filter(Boolean).join(', ');
}

/** How it reaches the member: the delivery method, and the store or the address it goes to. */
export function orderDelivery(order: StoredOrder): Block {
  const t = storeText();
  const address = order.address;
  return {
    rows: [
      // Not "Delivery" alone in English: the sums' delivery is the charge.
      [
        localText({ 'zh-TW': t('checkout.delivery'), 'zh-HK': t('checkout.delivery'), 'en-GB': 'Delivery method' }),
        t(`checkout.deliveryTypes.${order.deliveryType}`, { defaultValue: order.deliveryType }),
      ],
      ...(order.storeCode
        ? [[say({ 'zh-TW': '取貨地點', 'zh-HK': '取貨地點', 'en-GB': 'Pick-up point' }), pickupPoint(order)] as const]
        : []),
      ...(address
        ? [
            [
              say({ 'zh-TW': '收件人', 'zh-HK': '收件人', 'en-GB': 'To' }),
              `${address.receiver}, ${[address.zipCode === '0' ? '' : address.zipCode, address.city, address.detail].filter(Boolean).join(' ')}`,
            ] as const,
          ]
        : []),
    ],
  };
}

const orderLink = (link: string): Block => ({
  link,
  label: say({ 'zh-TW': '查看訂單：', 'zh-HK': '查看訂單：', 'en-GB': 'See your order:' }),
});

/**
 * The mail confirming a placed order. Taken when checkout writes the order; composed in the
 * member's language when queued, its link too (`_pageLink`, checkout's, is in the page's).
 * Unpaid online, it waits for the payment (see above).
 */
export function orderPlacedMail(to: string, stored: StoredOrder, _pageLink: string): MemberMail {
  const due = onlineUnpaid(stored);
  return {
    to,
    topic: placedTopic(stored.orderCode),
    ...(due ? { notBefore: stored.createdAt + PLACED_MAIL_HOLD_MINUTES * MINUTE } : {}),
    compose: (context) => {
      const order = inMailLanguage(context, stored);
      return layoutMail(
        say({
          'zh-TW': `訂單 ${order.orderCode} 已成立`,
          'zh-HK': `訂單 ${order.orderCode} 已成立`,
          'en-GB': `Your order ${order.orderCode}`,
        }),
        [
          {
            p: say({
              'zh-TW': `感謝您的訂購，訂單編號 ${order.orderCode}。`,
              'zh-HK': `多謝您的訂購，訂單編號 ${order.orderCode}。`,
              'en-GB': `Thank you for your order ${order.orderCode}.`,
            }),
          },
          orderItems(order),
          orderSums(order),
          orderDelivery(order),
          due &&
            order.payBy !== null && {
              p: say({
                'zh-TW': `請於 ${formatMoment(order.payBy, DATE_TIME_FORMAT)}（UTC+8）前完成付款，逾時訂單將自動取消。`,
                'zh-HK': `請於 ${formatMoment(order.payBy, DATE_TIME_FORMAT)}（UTC+8）前完成付款，逾時訂單將自動取消。`,
                'en-GB': `Please pay by ${formatMoment(order.payBy, DATE_TIME_FORMAT)} (UTC+8), or the order is cancelled.`,
              }),
            },
          orderLink(context.link('/account/detail.html', { orderCode: order.orderCode })),
        ],
      );
    },
  };
}

interface OrderEvent {
  subject: (code: string) => Local;
  lead: (order: StoredOrder) => Local;
  /** The parcels' lines only, with their courier and tracking. */
  shipped?: boolean;
  /** Leave out the sums and delivery (they said nothing new). */
  brief?: boolean;
}

const date = (ms: number) => formatBrandDate(ms, requestLanguage().code);

const PAID: OrderEvent = {
  subject: (c) => ({ 'zh-TW': `訂單 ${c} 付款完成`, 'zh-HK': `訂單 ${c} 已完成付款`, 'en-GB': `Payment received for order ${c}` }),
  lead: (o) => ({
    'zh-TW': `我們已收到訂單 ${o.orderCode} 的款項，將盡快為您出貨，出貨時會再通知您。`,
    'zh-HK': `我們已收到訂單 ${o.orderCode} 的款項，將盡快為您安排送貨，寄出時會再通知您。`,
    'en-GB': `We have received the payment for order ${o.orderCode}. We will prepare it now and write again when it ships.`,
  }),
};

const CANCELLED_LEAD = {
  subject: (c: string) => ({ 'zh-TW': `訂單 ${c} 已取消`, 'zh-HK': `訂單 ${c} 已取消`, 'en-GB': `Order ${c} is cancelled` }),
  brief: true,
};

/** The order events a member is mailed about (docs/commerce-api.md, Mail); the others send nothing. */
const ORDER_EVENTS: Partial<Record<OrderAction, OrderEvent>> = {
  pay: PAID,
  payRest: PAID,
  payDeposit: {
    subject: (c) => ({ 'zh-TW': `訂單 ${c} 訂金付款完成`, 'zh-HK': `訂單 ${c} 已收到訂金`, 'en-GB': `Deposit received for order ${c}` }),
    lead: (o) => {
      const from = o.presale ? date(o.presale.restStartAt) : '';
      const to = o.presale ? date(o.presale.restEndAt) : '';
      const rest = o.presale ? formatMoney(o.presale.rest, o.currency) : '';
      return {
        'zh-TW': `我們已收到訂單 ${o.orderCode} 的訂金。尾款 ${rest} 請於 ${from} 至 ${to} 之間支付，逾期訂單將取消。`,
        'zh-HK': `我們已收到訂單 ${o.orderCode} 的訂金。餘款 ${rest} 請於 ${from} 至 ${to} 期間支付，逾期訂單將會取消。`,
        'en-GB': `We have received the deposit for order ${o.orderCode}. Please pay the balance of ${rest} between ${from} and ${to}, or the order is cancelled.`,
      };
    },
  },
  cancel: {
    ...CANCELLED_LEAD,
    lead: (o) => ({
      'zh-TW': `您已取消訂單 ${o.orderCode}，商品未出貨，也不會向您收款。`,
      'zh-HK': `您已取消訂單 ${o.orderCode}，貨品不會寄出，亦不會向您收款。`,
      'en-GB': `You cancelled order ${o.orderCode}. Nothing will be sent and nothing is charged.`,
    }),
  },
  expire: {
    ...CANCELLED_LEAD,
    lead: (o) => ({
      'zh-TW': `訂單 ${o.orderCode} 未在期限內付款，已自動取消。`,
      'zh-HK': `訂單 ${o.orderCode} 未於限期內付款，已自動取消。`,
      'en-GB': `Order ${o.orderCode} was not paid in time, so it has been cancelled.`,
    }),
  },
  restExpire: {
    ...CANCELLED_LEAD,
    lead: (o) => ({
      'zh-TW': `訂單 ${o.orderCode} 的尾款未在期限內支付，訂單已取消。`,
      'zh-HK': `訂單 ${o.orderCode} 的餘款未於限期內支付，訂單已取消。`,
      'en-GB': `The balance of order ${o.orderCode} was not paid in time, so the order has been cancelled.`,
    }),
  },
  requestCancel: {
    subject: (c) => ({
      'zh-TW': `已收到訂單 ${c} 的取消申請`,
      'zh-HK': `已收到訂單 ${c} 的取消申請`,
      'en-GB': `We have your request to cancel order ${c}`,
    }),
    lead: (o) => ({
      'zh-TW': `我們已收到您取消訂單 ${o.orderCode} 的申請，審核後會再通知您結果；在此之前訂單不會出貨。`,
      'zh-HK': `我們已收到您取消訂單 ${o.orderCode} 的申請，審批後會再通知您結果；在此之前訂單不會寄出。`,
      'en-GB': `We have your request to cancel order ${o.orderCode}. It will not ship while we look at it, and we will write with our answer.`,
    }),
    brief: true,
  },
  approveCancel: {
    ...CANCELLED_LEAD,
    lead: (o) => ({
      'zh-TW': `您取消訂單 ${o.orderCode} 的申請已核准，${formatMoney(o.total, o.currency)} 將退回您的原付款方式。`,
      'zh-HK': `您取消訂單 ${o.orderCode} 的申請已獲批准，${formatMoney(o.total, o.currency)} 將退回您原本的付款方式。`,
      'en-GB': `Your request to cancel order ${o.orderCode} is approved: ${formatMoney(o.total, o.currency)} is on its way back to how you paid.`,
    }),
  },
  refuseCancel: {
    subject: (c) => ({ 'zh-TW': `訂單 ${c} 將照常出貨`, 'zh-HK': `訂單 ${c} 將如常寄出`, 'en-GB': `Order ${c} will ship as planned` }),
    lead: (o) => ({
      'zh-TW': `很抱歉，訂單 ${o.orderCode} 已在準備出貨，無法取消；收到商品後，您仍可申請退貨。`,
      'zh-HK': `抱歉，訂單 ${o.orderCode} 已在準備寄出，未能取消；收到貨品後，您仍可申請退貨。`,
      'en-GB': `Sorry: order ${o.orderCode} is already being prepared and could not be cancelled. You can still return it once it arrives.`,
    }),
    brief: true,
  },
  shipPart: {
    subject: (c) => ({
      'zh-TW': `訂單 ${c} 部分商品已出貨`,
      'zh-HK': `訂單 ${c} 部分貨品已寄出`,
      'en-GB': `Part of order ${c} has shipped`,
    }),
    lead: (o) => ({
      'zh-TW': `訂單 ${o.orderCode} 的部分商品已出貨，其餘商品出貨時會再通知您。`,
      'zh-HK': `訂單 ${o.orderCode} 的部分貨品已寄出，其餘貨品寄出時會再通知您。`,
      'en-GB': `Part of order ${o.orderCode} is on its way; we will write again when the rest ships.`,
    }),
    shipped: true,
  },
  shipAll: {
    subject: (c) => ({ 'zh-TW': `訂單 ${c} 已出貨`, 'zh-HK': `訂單 ${c} 已寄出`, 'en-GB': `Order ${c} has shipped` }),
    lead: (o) => ({
      'zh-TW': `訂單 ${o.orderCode} 已出貨。`,
      'zh-HK': `訂單 ${o.orderCode} 已寄出。`,
      'en-GB': `Order ${o.orderCode} is on its way.`,
    }),
    shipped: true,
  },
  arriveForPickup: {
    subject: (c) => ({ 'zh-TW': `訂單 ${c} 已可取貨`, 'zh-HK': `訂單 ${c} 已可取貨`, 'en-GB': `Order ${c} is ready to collect` }),
    lead: (o) => {
      const by = o.pickupBy ? date(o.pickupBy) : '';
      return {
        'zh-TW': `訂單 ${o.orderCode} 已送達取貨地點，請於 ${by} 前取貨，逾期包裹將退回。`,
        'zh-HK': `訂單 ${o.orderCode} 已送達取貨地點，請於 ${by} 前取貨，逾期包裹將會退回。`,
        'en-GB': `Order ${o.orderCode} is waiting for you. Please collect it by ${by}, or it goes back to us.`,
      };
    },
  },
  pickUp: {
    subject: (c) => ({ 'zh-TW': `訂單 ${c} 已取貨`, 'zh-HK': `訂單 ${c} 已取貨`, 'en-GB': `Order ${c} is collected` }),
    lead: (o) => ({
      'zh-TW': `您已取走訂單 ${o.orderCode}，感謝您的購買。如需退換貨，請由訂單頁面申請。`,
      'zh-HK': `您已領取訂單 ${o.orderCode}，多謝您的惠顧。如需退換貨品，請在訂單頁面申請。`,
      'en-GB': `You have collected order ${o.orderCode}. Thank you! Returns and exchanges start from the order's page.`,
    }),
    brief: true,
  },
  autoConfirm: {
    subject: (c) => ({ 'zh-TW': `訂單 ${c} 已完成`, 'zh-HK': `訂單 ${c} 已完成`, 'en-GB': `Order ${c} is complete` }),
    lead: (o) => ({
      'zh-TW': `訂單 ${o.orderCode} 已送達並完成，感謝您的購買。如需退換貨，請由訂單頁面申請。`,
      'zh-HK': `訂單 ${o.orderCode} 已送達並完成，多謝您的惠顧。如需退換貨品，請在訂單頁面申請。`,
      'en-GB': `Order ${o.orderCode} has been delivered and is complete. Thank you! Returns and exchanges start from the order's page.`,
    }),
    brief: true,
  },
  notCollected: {
    subject: (c) => ({ 'zh-TW': `訂單 ${c} 逾期未取`, 'zh-HK': `訂單 ${c} 逾期未取`, 'en-GB': `Order ${c} was not collected` }),
    lead: (o) => ({
      'zh-TW': `訂單 ${o.orderCode} 未在期限內取貨，包裹將退回倉庫，收到後訂單會關閉。`,
      'zh-HK': `訂單 ${o.orderCode} 未於限期內領取，包裹將退回倉庫，收到後訂單會關閉。`,
      'en-GB': `Order ${o.orderCode} was not collected in time. The parcel is coming back to us, and the order closes when it arrives.`,
    }),
    brief: true,
  },
};

/** The courier and tracking number of the parcels just sent. */
function parcels(order: StoredOrder): Block[] {
  const t = storeText();
  const sent = order.shipments.filter((s) => s.status === 'SHIPPED' && s.events.at(-1)?.at === order.history.at(-1)?.at);
  return sent.flatMap((shipment) => [
    orderItems(order, new Set(shipment.productIds)),
    ...(shipment.carrier && shipment.trackingCode
      ? [{ p: t('orders.tracking', { carrier: shipment.carrier, code: shipment.trackingCode }) }]
      : []),
  ]);
}

/**
 * The mail `action` sends about the order just moved, or null. `placedWithdrawn`: the order's
 * placed mail was still held and is taken back, so a payment mail says it is placed too, and a
 * cancelled checkout payment mails nothing (the member cancelled it on the page).
 */
export function orderEventMail(to: string, action: string, stored: StoredOrder, placedWithdrawn: boolean): MemberMail | null {
  const event = ORDER_EVENTS[action as OrderAction];
  if (!event || (action === 'cancel' && placedWithdrawn)) return null;
  return {
    to,
    compose: (context) => {
      const order = inMailLanguage(context, stored);
      const subject = placedWithdrawn
        ? say({
            'zh-TW': `訂單 ${order.orderCode} 已成立，付款完成`,
            'zh-HK': `訂單 ${order.orderCode} 已成立並完成付款`,
            'en-GB': `Your order ${order.orderCode} is placed and paid`,
          })
        : say(event.subject(order.orderCode));
      return layoutMail(subject, [
        { p: say(event.lead(order)) },
        ...(event.shipped ? parcels(order) : [orderItems(order)]),
        !event.brief && !event.shipped && orderSums(order),
        !event.brief && orderDelivery(order),
        orderLink(context.link('/account/detail.html', { orderCode: order.orderCode })),
      ]);
    },
  };
}
