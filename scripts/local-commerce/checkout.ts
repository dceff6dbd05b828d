/**
 * The local commerce API's checkout routes (contract-checkout.ts): the cart page, placing an
 * order, the fake payment provider, coupons. Registered by createCommerceApp.
 *
 * Prices are the catalogue's TWD prices and names are zh-TW, as in the mini cart. A placed
 * order is a `records` row (kind 'order', exactly the contract's Order, so orderList and
 * orderDetail show it) plus an `order_checkout` row with what the Order does not carry.
 */
import { randomBytes } from 'node:crypto';
import { CHECKOUT_CURRENCY, PAYMENT_RETURN_PATHS, type CartDetailLine, type OrderTracking } from '../../src/lib/api/contract-checkout.ts';
import type { Order, ResponseOf } from '../../src/lib/api/contract.ts';
import { ADDRESS_DELIVERY_TYPES, type DeliveryType, type OnlinePayChannel } from '../../src/lib/constants.ts';
import { isValidProduct } from '../../src/lib/product/wishlist.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { ApiFailure, type RouteKit } from './app.ts';
import { transaction } from './db.ts';
import { localText } from './request-language.ts';
import { namedSemiValues } from './semi-values.ts';

/**
 * Freight in TWD by delivery type, free once the subtotal after discount reaches `freeFrom`.
 * The local API's own rule: the brand's platform decides freight, and the store shows what
 * checkoutPreview answers.
 */
const FREIGHT: Record<DeliveryType, { fee: number; freeFrom: number | null }> = {
  EXPRESS_HOME: { fee: 100, freeFrom: 1500 },
  CVS_711: { fee: 60, freeFrom: 1500 },
  CVS_FAMILY: { fee: 60, freeFrom: 1500 },
  STORE_PICKUP: { fee: 0, freeFrom: null },
  DIRECT_SITE: { fee: 150, freeFrom: 3000 },
};

interface CartRow {
  cart_id: number;
  product_code: string;
  sku_code: string;
  quantity: number;
  alter_mode: string | null;
  final_inseam: number | null;
  case_flag: 'Y' | 'N';
  gift_flag: 'Y' | 'N';
  /** A made-to-order item's choices, as keys (semi-values.ts). */
  semi_values: string | null;
}
type Coupon = ResponseOf<'couponCollect'>;
type Summary = ResponseOf<'cartDetail'>['summary'];
interface Address {
  addressId: string;
  zipCode?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const twd = (product: CatalogueProduct, skuCode: string) => product.skus.find((s) => s.skuCode === skuCode)!.prices[CHECKOUT_CURRENCY]!;

function couponProblem(coupon: Coupon, subtotal: number, at: number): string | null {
  if (coupon.used === 'Y') return 'COUPON_USED';
  if (at < coupon.startDate) return 'COUPON_NOT_STARTED';
  if (at > coupon.endDate) return 'COUPON_EXPIRED';
  if (subtotal < coupon.threshold) return 'COUPON_THRESHOLD_NOT_MET';
  return null;
}

function summarise(lines: CartDetailLine[], delivery: DeliveryType | null, coupon: Coupon | null): Summary {
  const subtotal = sum(lines.map((l) => l.lineTotal));
  const discount = coupon ? Math.min(coupon.discount, subtotal) : 0;
  const rule = delivery ? FREIGHT[delivery] : null;
  const freeByAmount = rule?.freeFrom != null && subtotal - discount >= rule.freeFrom;
  const freight = rule && !freeByAmount ? rule.fee : 0;
  return { itemCount: sum(lines.map((l) => l.quantity)), subtotal, discount, couponId: coupon?.couponId ?? null, freight, total: subtotal - discount + freight };
}

export function registerCheckoutRoutes(kit: RouteKit): void {
  const { app, db, now, handle, productOf, stockOf } = kit;

  // ---------------------------------------------------------------- cart page
  function detailLine(row: CartRow): CartDetailLine | null {
    const product = productOf(row.product_code);
    const sku = product?.skus.find((s) => s.skuCode === row.sku_code);
    if (!product || !sku) return null;
    const colour = product.colours.find((c) => c.colorNo === sku.colorNo)!;
    const size = product.sizes.find((s) => s.sizeNo === sku.sizeNo)!;
    const price = twd(product, sku.skuCode);
    const stock = stockOf(sku.skuCode) ?? 0;
    const invalidReason = !isValidProduct(product) ? 'OFF_SALE' : stock === 0 ? 'SOLD_OUT' : stock < row.quantity ? 'STOCK_SHORT' : null;
    return {
      cartId: String(row.cart_id), productCode: row.product_code, skuCode: row.sku_code, quantity: row.quantity, alterMode: row.alter_mode, finalInseam: row.final_inseam,
      productDetail: {
        productDetailInfo: { colorAlias: localText(colour.names), sizeAlias: size.alias, unitPrice: price.sale, skuName: localText(product.names), colorCode: colour.code, semiValues: namedSemiValues(product, row.semi_values), priceType: null },
        summaryInfo: { customMadeFlag: product.customMadeFlag, originPrice: price.origin },
      },
      productId: sku.productId,
      imageUrl: colour.images[0]!,
      caseFlag: row.case_flag,
      giftFlag: row.gift_flag,
      serviceFlags: { makePantsLengthFlag: product.makePantsLengthFlag, caseFlag: product.caseFlag },
      stock,
      lineTotal: price.sale * row.quantity,
      invalid: invalidReason !== null,
      invalidReason,
    };
  }
  const cartLines = (memberId: string) =>
    (db.prepare('SELECT * FROM cart_lines WHERE member_id = ? ORDER BY created_at DESC, cart_id DESC').all(memberId) as unknown as CartRow[])
      .map(detailLine)
      .filter((l): l is CartDetailLine => l !== null);

  // ---------------------------------------------------------------- coupons held
  const couponsOf = (memberId: string) =>
    (db.prepare("SELECT json FROM records WHERE kind = 'coupon' AND member_id = ? ORDER BY created_at DESC, id").all(memberId) as Array<{ json: string }>).map((r) => JSON.parse(r.json) as Coupon);
  const usableCoupons = (memberId: string, subtotal: number) => couponsOf(memberId).filter((c) => couponProblem(c, subtotal, now()) === null);

  /** `undefined`: the best usable coupon (largest discount, then the one ending first); null: none; an id: that one, or a failure. */
  function chooseCoupon(memberId: string, subtotal: number, choice: string | null | undefined): Coupon | null {
    if (choice === null) return null;
    if (choice === undefined) return usableCoupons(memberId, subtotal).sort((a, b) => b.discount - a.discount || a.endDate - b.endDate || a.couponId.localeCompare(b.couponId))[0] ?? null;
    const coupon = couponsOf(memberId).find((c) => c.couponId === choice);
    if (!coupon) throw new ApiFailure('COUPON_NOT_FOUND', 'You have no such coupon', 200, { field: 'couponId' });
    const problem = couponProblem(coupon, subtotal, now());
    if (problem) throw new ApiFailure(problem, `Coupon ${choice} cannot be used on this order`, 200, { field: 'couponId' });
    return coupon;
  }

  function cartDetail(memberId: string): ResponseOf<'cartDetail'> {
    const lines = cartLines(memberId);
    const valid = lines.filter((l) => !l.invalid);
    return { currency: CHECKOUT_CURRENCY, lines, summary: summarise(valid, null, chooseCoupon(memberId, sum(valid.map((l) => l.lineTotal)), undefined)) };
  }

  handle('cartDetail', ({ member }) => cartDetail(member.id));

  handle('cartOptions', ({ body, member }) =>
    transaction(db, () => {
      const row = db.prepare('SELECT product_code FROM cart_lines WHERE cart_id = ? AND member_id = ?').get(Number(body.cartId), member.id) as { product_code: string } | undefined;
      if (!row) throw new ApiFailure('CART_LINE_NOT_FOUND', 'This item is no longer in your cart', 200, { field: 'cartId' });
      const product = productOf(row.product_code);
      // Spec §5's service rule, the product's half; the switch config's half is the store's.
      if (body.alterMode && product?.makePantsLengthFlag !== 'Y') throw new ApiFailure('CART_HEM_NOT_AVAILABLE', 'This product cannot be hemmed', 200, { field: 'alterMode' });
      if (body.caseFlag === 'Y' && product?.caseFlag !== 'Y') throw new ApiFailure('CART_CASE_NOT_AVAILABLE', 'This product cannot be gift-wrapped', 200, { field: 'caseFlag' });
      if (body.alterMode !== undefined) db.prepare('UPDATE cart_lines SET alter_mode = ?, final_inseam = ? WHERE cart_id = ?').run(body.alterMode, body.finalInseam ?? null, Number(body.cartId));
      if (body.caseFlag !== undefined) db.prepare('UPDATE cart_lines SET case_flag = ? WHERE cart_id = ?').run(body.caseFlag, Number(body.cartId));
      return cartDetail(member.id);
    }),
  );

  // ---------------------------------------------------------------- checkout
  handle('checkoutPreview', ({ body, member }) => {
    const lines = cartLines(member.id).filter((l) => !l.invalid);
    if (lines.length === 0) throw new ApiFailure('OD_CART_EMPTY', 'Nothing in the cart can be ordered');
    const subtotal = sum(lines.map((l) => l.lineTotal));
    const summary = summarise(lines, body.deliveryType, chooseCoupon(member.id, subtotal, body.couponId));
    const rule = FREIGHT[body.deliveryType];
    return { currency: CHECKOUT_CURRENCY, lines, summary, freeFreightFrom: rule.fee > 0 ? rule.freeFrom : null, coupons: usableCoupons(member.id, subtotal) };
  });

  handle('orderCreate', ({ body, member }) =>
    // One IMMEDIATE transaction: the stock read, the decrement, the order and the cart change
    // land together or not at all, so concurrent orders can never sell the same unit twice.
    transaction(db, () => {
      let address: Address | null = null;
      if ((ADDRESS_DELIVERY_TYPES as readonly string[]).includes(body.deliveryType)) {
        const row = db.prepare("SELECT json FROM records WHERE kind = 'address' AND id = ? AND member_id = ?").get(body.addressId!, member.id) as { json: string } | undefined;
        if (!row) throw new ApiFailure('OD_ADDRESS_NOT_FOUND', 'No such address', 200, { field: 'addressId' });
        address = JSON.parse(row.json) as Address;
      }

      const inCart = cartLines(member.id);
      let lines: CartDetailLine[];
      if (body.cartIds) {
        const wanted = new Set(body.cartIds);
        lines = inCart.filter((l) => wanted.has(l.cartId));
        if (lines.length !== wanted.size) throw new ApiFailure('OD_CART_LINE_NOT_FOUND', 'An item is no longer in your cart', 200, { field: 'cartIds' });
        if (lines.some((l) => l.invalidReason === 'OFF_SALE')) throw new ApiFailure('OD_PRODUCT_UNAVAILABLE', 'An item is no longer on sale', 200, { field: 'cartIds' });
      } else {
        lines = inCart.filter((l) => l.invalidReason !== 'OFF_SALE');
      }
      if (lines.length === 0) throw new ApiFailure('OD_CART_EMPTY', 'Nothing in the cart can be ordered');
      const short = lines.filter((l) => l.stock < l.quantity).map((l) => l.skuCode);
      // The failure envelope's resp holds only a field, so the SKUs are in msg; cartDetail marks their lines.
      if (short.length) throw new ApiFailure('OD_STOCK_SHORTAGE', `Not enough stock: ${short.join(', ')}`);

      const summary = summarise(lines, body.deliveryType, chooseCoupon(member.id, sum(lines.map((l) => l.lineTotal)), body.couponId ?? null));
      const take = db.prepare('UPDATE skus SET stock = stock - ? WHERE sku_code = ? AND stock >= ?');
      for (const line of lines) {
        if (take.run(line.quantity, line.skuCode, line.quantity).changes !== 1) throw new ApiFailure('OD_STOCK_SHORTAGE', `Not enough stock: ${line.skuCode}`);
      }
      if (summary.couponId) {
        db.prepare("UPDATE records SET status = 'Y', json = json_set(json, '$.used', 'Y') WHERE kind = 'coupon' AND member_id = ? AND json_extract(json, '$.couponId') = ?").run(member.id, summary.couponId);
      }

      const createdAt = now();
      const { seq } = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM order_checkout').get() as { seq: number };
      const orderCode = `O${new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
      const online = body.paymentMethod === 'ONLINE';
      const status = online ? 'UNPAID' : 'WAIT_SHIP';
      const shippingType = body.deliveryType === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS';
      const products = lines.map((line) => orderLine(line));
      const order: Order = { orderCode, status, orderType: 'DEFAULT', createdAt, shippingType, discount: summary.discount, total: summary.total, freight: summary.freight, couponId: summary.couponId, products };
      const tracking: OrderTracking = {
        orTempId: orderCode,
        shippingType,
        shippingMethod: body.deliveryType,
        shippingZipCode: address?.zipCode || '0',
        giftOrder: lines.some((l) => l.caseFlag === 'Y') ? 'Y' : 'N',
        giftFlag: lines.some((l) => l.giftFlag === 'Y') ? 'Y' : 'N',
        actionField: { account: summary.subtotal, discount: summary.discount, total: summary.total, freight: summary.freight, couponId: summary.couponId },
        products: lines.map((line, i) => ({ ...products[i]!, summaryInfo: summaryInfo(line) })),
      };
      const payToken = online ? randomBytes(16).toString('base64url') : null;
      db.prepare("INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES ('order', ?, ?, ?, ?, ?)").run(orderCode, member.id, status, createdAt, JSON.stringify(order));
      db.prepare(
        'INSERT INTO order_checkout (seq, order_code, member_id, delivery_type, address_json, store_code, invoice_json, payment_method, pay_channel, pay_token, services_json, tracking_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        seq, orderCode, member.id, body.deliveryType, address ? JSON.stringify(address) : null, address ? null : (body.storeCode ?? null), JSON.stringify(body.invoice), body.paymentMethod,
        online ? body.payChannel! : null, payToken, JSON.stringify(lines.map((l) => ({ skuCode: l.skuCode, alterMode: l.alterMode, finalInseam: l.finalInseam, caseFlag: l.caseFlag }))), JSON.stringify(tracking), createdAt,
      );
      const remove = db.prepare('DELETE FROM cart_lines WHERE cart_id = ? AND member_id = ?');
      for (const line of lines) remove.run(Number(line.cartId), member.id);

      const payUrl = online ? `/api/pay/provider/${orderCode}?${new URLSearchParams({ channel: body.payChannel!, token: payToken! })}` : null;
      return { orderCode, status, total: summary.total, payUrl, tracking };
    }),
  );

  function orderLine(line: CartDetailLine): Order['products'][number] {
    const product = productOf(line.productCode)!;
    const sku = product.skus.find((s) => s.skuCode === line.skuCode)!;
    const info = line.productDetail.productDetailInfo;
    return {
      productId: line.productId, skuCode: line.skuCode, productCode: line.productCode, quantity: line.quantity, purchasedQty: line.quantity, giftFlag: line.giftFlag,
      productDetailInfo: { skuName: info.skuName, colorCode: info.colorCode, sizeCode: sku.sizeNo, sizeAlias: info.sizeAlias, colorAlias: info.colorAlias, unitPrice: info.unitPrice, omsSkuCode: sku.omsSkuCode },
    };
  }

  function summaryInfo(line: CartDetailLine): OrderTracking['products'][number]['summaryInfo'] {
    const product = productOf(line.productCode)!;
    const sales = product.skus.map((s) => twd(product, s.skuCode).sale);
    return {
      categoryNames: [product.gender, product.groupCode, product.categoryCode],
      originPrice: line.productDetail.summaryInfo.originPrice,
      fullName: line.productDetail.productDetailInfo.skuName,
      omsProductCodeSix: product.omsProductCode.slice(0, 6),
      minPrice: Math.min(...sales),
      maxPrice: Math.max(...sales),
    };
  }

  // ---------------------------------------------------------------- payment
  interface PayRow {
    order_code: string;
    member_id: string;
    pay_channel: OnlinePayChannel;
    paid_at: number | null;
  }
  const orderStatus = (orderCode: string) => (db.prepare("SELECT status FROM records WHERE kind = 'order' AND id = ?").get(orderCode) as { status: string } | undefined)?.status;
  const payable = (orderCode: string, token: string) =>
    db.prepare('SELECT order_code, member_id, pay_channel, paid_at FROM order_checkout WHERE order_code = ? AND pay_token = ?').get(orderCode, token) as PayRow | undefined;

  handle('orderPayStatus', ({ body, member }) => {
    const row = db.prepare("SELECT r.status, c.paid_at FROM records r LEFT JOIN order_checkout c ON c.order_code = r.id WHERE r.kind = 'order' AND r.id = ? AND r.member_id = ?").get(body.orderCode, member.id) as
      | { status: Order['status']; paid_at: number | null }
      | undefined;
    // Another member's order answers as an unknown one, so order codes cannot be probed.
    if (!row) throw new ApiFailure('ORDER_NOT_FOUND', 'No such order', 200, { field: 'orderCode' });
    return { orderCode: body.orderCode, status: row.status, paid: row.paid_at !== null };
  });

  // The fake payment provider: stands in for the card, wallet and bank pages locally. The pay
  // token in payUrl is what a provider's session id would be: whoever holds it may pay.
  app.get('/api/pay/provider/:orderCode', (c) => {
    const orderCode = c.req.param('orderCode');
    const row = payable(orderCode, c.req.query('token') ?? '');
    if (!row || row.pay_channel !== c.req.query('channel')) return c.text('Unknown payment', 404);
    const order = JSON.parse((db.prepare("SELECT json FROM records WHERE kind = 'order' AND id = ?").get(orderCode) as { json: string }).json) as Order;
    const form = (action: string, label: string) =>
      `<form method="post" action="./${escapeHtml(orderCode)}"><input type="hidden" name="token" value="${escapeHtml(c.req.query('token')!)}"><input type="hidden" name="action" value="${action}"><button id="${action}" type="submit">${label}</button></form>`;
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>Fake ${row.pay_channel} payment</title><body style="font-family:sans-serif;padding:40px"><h1>Fake ${row.pay_channel} payment</h1><p>The local stand-in for the payment provider's page. Order ${escapeHtml(orderCode)}.</p>${form('pay', `Pay NT$${order.total.toLocaleString('en-US')}`)}${form('cancel', 'Cancel')}</body>`,
    );
  });

  app.post('/api/pay/provider/:orderCode', async (c) => {
    const orderCode = c.req.param('orderCode');
    const form = await c.req.parseBody();
    const row = payable(orderCode, String(form.token ?? ''));
    if (!row) return c.text('Unknown payment', 404);
    const paid = transaction(db, () => {
      if (form.action === 'pay' && row.paid_at === null && orderStatus(orderCode) === 'UNPAID') {
        db.prepare("UPDATE records SET status = 'WAIT_SHIP', json = json_set(json, '$.status', 'WAIT_SHIP') WHERE kind = 'order' AND id = ?").run(orderCode);
        db.prepare('UPDATE order_checkout SET paid_at = ? WHERE order_code = ?').run(now(), orderCode);
        return true;
      }
      // A cancelled payment cancels the order: its stock goes back on sale and its items back
      // into the shopper's cart, so nothing is held by an order that will never be paid.
      if (form.action === 'cancel' && row.paid_at === null && orderStatus(orderCode) === 'UNPAID') {
        const order = JSON.parse((db.prepare("SELECT json FROM records WHERE kind = 'order' AND id = ?").get(orderCode) as { json: string }).json) as Order;
        db.prepare("UPDATE records SET status = 'CANCELLED', json = json_set(json, '$.status', 'CANCELLED') WHERE kind = 'order' AND id = ?").run(orderCode);
        const restock = db.prepare('UPDATE skus SET stock = stock + ? WHERE sku_code = ?');
        const backToCart = db.prepare('INSERT INTO cart_lines (member_id, product_code, sku_code, quantity, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (member_id, sku_code) DO UPDATE SET quantity = quantity + excluded.quantity');
        for (const line of order.products) {
          restock.run(line.quantity, line.skuCode);
          backToCart.run(row.member_id, line.productCode, line.skuCode, line.quantity, now());
        }
        return false;
      }
      // Paying twice (a resubmitted form) is still a success.
      return form.action === 'pay' && row.paid_at !== null;
    });
    return c.redirect(`${PAYMENT_RETURN_PATHS[row.pay_channel]}?${new URLSearchParams({ orderCode, result: paid ? 'success' : 'failed' })}`, 302);
  });

  // ---------------------------------------------------------------- coupons to collect
  interface OfferRow {
    coupon_id: string;
    title: string;
    description: string;
    discount: number;
    threshold: number;
    start_date: number;
    end_date: number;
  }
  const toOffer = (r: OfferRow) => ({ couponId: r.coupon_id, title: r.title, description: r.description, discount: r.discount, threshold: r.threshold, startDate: r.start_date, endDate: r.end_date });
  const offerOf = (couponId: string) => db.prepare('SELECT * FROM coupon_offers WHERE coupon_id = ?').get(couponId) as OfferRow | undefined;

  handle('couponCollectable', ({ body }) => {
    if (body.couponId) {
      const offer = offerOf(body.couponId);
      if (!offer) throw new ApiFailure('COUPON_NOT_FOUND', 'No such coupon', 200, { field: 'couponId' });
      return [toOffer(offer)];
    }
    return (db.prepare('SELECT * FROM coupon_offers WHERE end_date >= ? ORDER BY start_date, coupon_id').all(now()) as unknown as OfferRow[]).map(toOffer);
  });

  handle('couponCollect', ({ body, member }) =>
    transaction(db, () => {
      const offer = offerOf(body.couponId);
      if (!offer) throw new ApiFailure('COUPON_NOT_FOUND', 'No such coupon', 200, { field: 'couponId' });
      if (couponsOf(member.id).some((c) => c.couponId === body.couponId)) throw new ApiFailure('COUPON_ALREADY_COLLECTED', 'You already have this coupon', 200, { field: 'couponId' });
      if (now() > offer.end_date) throw new ApiFailure('COUPON_EXPIRED', 'This coupon has ended', 200, { field: 'couponId' });
      const coupon: Coupon = { couponId: offer.coupon_id, title: offer.title, discount: offer.discount, threshold: offer.threshold, startDate: offer.start_date, endDate: offer.end_date, used: 'N' };
      // Record ids are unique per kind across members, so the member's id makes the coupon's theirs.
      db.prepare("INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES ('coupon', ?, ?, 'N', ?, ?)").run(`${offer.coupon_id}-${member.id}`, member.id, now(), JSON.stringify(coupon));
      return coupon;
    }),
  );
}
