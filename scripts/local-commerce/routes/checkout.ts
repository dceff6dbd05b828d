/**
 * Checkout: the preview of what an order will cost, and placing it. A placed order is a
 * `records` row (kind 'order', the order as case-records.ts keeps it, so orderList and
 * orderDetail show it like any other) plus an `order_checkout` row with the checkout's inputs,
 * the lines' services and the tracking payload (db.ts). An online order starts its payment with
 * the provider (pay-sessions.ts) and waits UNPAID_PAY_HOURS for it. The member is mailed a
 * confirmation (order-mail.ts).
 */
import type { CartDetailLine, OrderTracking } from '../../../src/lib/api/contract-checkout.ts';
import type { Address, RequestOf } from '../../../src/lib/api/contract.ts';
import { ADDRESS_DELIVERY_TYPES, STORE_DELIVERY_TYPES, UNPAID_PAY_HOURS } from '../../../src/lib/constants.ts';
import { cartLines } from '../cart-lines.ts';
import type { OrderLine, StoredOrder } from '../case-records.ts';
import { transaction } from '../db.ts';
import { ApiFailure, fieldFailure, type RouteKit } from '../kit.ts';
import { startPaySession } from '../pay-sessions.ts';
import { chooseCoupon, freightRule, markCoupon, sum, summarise, usableCoupons } from '../pricing.ts';
import { orderPlacedMail } from '../order-mail.ts';
import { pickupShopOf, shopTexts } from '../pickup-shops.ts';
import { recordOf } from '../records.ts';
import { refuseUnoffered } from '../offers.ts';
import { requestCurrency, requestRegion } from '../request-language.ts';
import { storedSemiValues, type SemiValue } from '../semi-values.ts';

const HOUR = 3_600_000;
const sentTo = ({ addressId: _id, isDefault: _default, ...address }: Address) => address;

export function registerCheckoutRoutes(kit: RouteKit): void {
  const { db, now, handle, productOf, outbox } = kit;

  handle('checkoutPreview', ({ body, member }) => {
    refuseUnoffered(requestRegion(), { deliveryType: body.deliveryType });
    const lines = cartLines(kit, member.id).filter((l) => !l.invalid);
    if (lines.length === 0) throw new ApiFailure('OD_CART_EMPTY', 'Nothing in the cart can be ordered');
    const subtotal = sum(lines.map((l) => l.lineTotal));
    const summary = summarise(lines, body.deliveryType, chooseCoupon(kit, member.id, subtotal, body.couponId));
    const rule = freightRule(body.deliveryType)!;
    return {
      currency: requestCurrency(),
      lines,
      summary,
      freeFreightFrom: rule.fee > 0 ? rule.freeFrom : null,
      coupons: usableCoupons(kit, member.id, subtotal),
    };
  });

  handle('orderCreate', ({ body, member }) =>
    // One IMMEDIATE transaction: the stock read, the decrement, the order and the cart change
    // land together or not at all, so concurrent orders can never sell the same unit twice.
    transaction(db, () => {
      const currency = requestCurrency();
      // The page priced the order in the currency of its language, which the request carries: a
      // body saying another was made for another page (or by hand), and its amounts are not these.
      if (body.currency !== currency)
        throw fieldFailure('OD_CURRENCY_CHANGED', `This order is now in ${currency}, not ${body.currency}: check it again`, 'currency');
      refuseUnoffered(requestRegion(), body);
      let address: Address | null = null;
      if ((ADDRESS_DELIVERY_TYPES as readonly string[]).includes(body.deliveryType)) {
        address = recordOf<Address>(db, 'address', body.addressId!, member.id) ?? null;
        if (!address) throw fieldFailure('OD_ADDRESS_NOT_FOUND', 'No such address', 'addressId');
        // The region's couriers deliver only there, and its phone rule is the address's.
        if (address.region !== requestRegion())
          throw fieldFailure('OD_ADDRESS_OTHER_REGION', `The address is in ${address.region}, not ${requestRegion()}`, 'addressId');
      }
      const store = storeOf(body);

      const inCart = cartLines(kit, member.id);
      // What cannot be sold at all, here (a line not priced in the region's currency is priced 0);
      // a line short of stock is said so below, by its SKU.
      const unsellable = (l: CartDetailLine) => l.invalidReason === 'OFF_SALE' || l.invalidReason === 'NOT_SOLD_HERE';
      let lines: CartDetailLine[];
      if (body.cartIds) {
        const wanted = new Set(body.cartIds);
        lines = inCart.filter((l) => wanted.has(l.cartId));
        if (lines.length !== wanted.size) throw fieldFailure('OD_CART_LINE_NOT_FOUND', 'An item is no longer in your cart', 'cartIds');
        if (lines.some((l) => l.invalidReason === 'OFF_SALE'))
          throw fieldFailure('OD_PRODUCT_UNAVAILABLE', 'An item is no longer on sale', 'cartIds');
        if (lines.some((l) => l.invalidReason === 'NOT_SOLD_HERE'))
          throw fieldFailure('OD_PRODUCT_UNAVAILABLE', 'An item is not sold in this region', 'cartIds');
      } else {
        lines = inCart.filter((l) => !unsellable(l));
      }
      if (lines.length === 0) throw new ApiFailure('OD_CART_EMPTY', 'Nothing in the cart can be ordered');
      const short = lines.filter((l) => l.stock < l.quantity).map((l) => l.skuCode);
      // The failure envelope's resp holds only a field, so the SKUs are in msg; cartDetail marks their lines.
      if (short.length) throw new ApiFailure('OD_STOCK_SHORTAGE', `Not enough stock: ${short.join(', ')}`);

      const summary = summarise(
        lines,
        body.deliveryType,
        chooseCoupon(kit, member.id, sum(lines.map((l) => l.lineTotal)), body.couponId ?? null),
      );
      const take = db.prepare('UPDATE skus SET stock = stock - ? WHERE sku_code = ? AND stock >= ?');
      for (const line of lines) {
        if (take.run(line.quantity, line.skuCode, line.quantity).changes !== 1)
          throw new ApiFailure('OD_STOCK_SHORTAGE', `Not enough stock: ${line.skuCode}`);
      }
      if (summary.couponId) markCoupon(db, member.id, summary.couponId, 'Y');

      const createdAt = now();
      const { seq } = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM order_checkout').get() as { seq: number };
      const orderCode = `O${new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
      const online = body.paymentMethod === 'ONLINE';
      const status = online ? 'UNPAID' : 'WAIT_SHIP';
      const shippingType = body.deliveryType === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS';
      // A made-to-order line's choices go with it as keys (the cart's), to be named when answered.
      const rows = db.prepare('SELECT cart_id, semi_values FROM cart_lines WHERE member_id = ?').all(member.id) as Array<{
        cart_id: number;
        semi_values: string | null;
      }>;
      const choices = new Map(rows.map((row) => [String(row.cart_id), storedSemiValues(row.semi_values)]));
      const products = lines.map((line) => orderLine(line, choices.get(line.cartId) ?? []));
      const order: StoredOrder = {
        orderCode,
        status,
        orderType: 'DEFAULT',
        createdAt,
        currency,
        shippingType,
        deliveryType: body.deliveryType,
        discount: summary.discount,
        total: summary.total,
        freight: summary.freight,
        couponId: summary.couponId,
        products,
        // Copied, so the order keeps the address it was sent to if the address changes later.
        address: address ? sentTo(address) : null,
        storeCode: store?.code ?? null,
        store,
        invoice: body.invoice,
        payment: { method: body.paymentMethod, channel: online ? body.payChannel! : null, paidAt: null, goods: summary.subtotal },
        shipments: [],
        presale: null,
        payBy: online ? createdAt + UNPAID_PAY_HOURS * HOUR : null,
        finishedAt: null,
        shippedAt: null,
        pickupBy: null,
        history: [{ status, at: createdAt, by: 'MEMBER' }],
      };
      const tracking: OrderTracking = {
        orTempId: orderCode,
        currency,
        shippingType,
        shippingMethod: body.deliveryType,
        shippingZipCode: address?.zipCode || '0',
        giftOrder: lines.some((l) => l.caseFlag === 'Y') ? 'Y' : 'N',
        giftFlag: lines.some((l) => l.giftFlag === 'Y') ? 'Y' : 'N',
        actionField: {
          account: summary.subtotal,
          discount: summary.discount,
          total: summary.total,
          freight: summary.freight,
          couponId: summary.couponId,
        },
        products: lines.map((line, i) => ({ ...products[i]!, summaryInfo: summaryInfo(line) })),
      };
      db.prepare("INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES ('order', ?, ?, ?, ?, ?)").run(
        orderCode,
        member.id,
        status,
        createdAt,
        JSON.stringify(order),
      );
      db.prepare(
        'INSERT INTO order_checkout (seq, order_code, member_id, delivery_type, address_json, store_code, invoice_json, payment_method, services_json, tracking_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        seq,
        orderCode,
        member.id,
        body.deliveryType,
        address ? JSON.stringify(address) : null,
        store?.code ?? null,
        JSON.stringify(body.invoice),
        body.paymentMethod,
        JSON.stringify(
          lines.map((l) => ({ skuCode: l.skuCode, alterMode: l.alterMode, finalInseam: l.finalInseam, caseFlag: l.caseFlag })),
        ),
        JSON.stringify(tracking),
        createdAt,
      );
      // What the risk service would get with the order; no blackbox is kept as such, not refused.
      db.prepare('INSERT INTO risk_checks (order_code, blackbox, received_at) VALUES (?, ?, ?)').run(
        orderCode,
        body.blackbox ?? null,
        createdAt,
      );
      const remove = db.prepare('DELETE FROM cart_lines WHERE cart_id = ? AND member_id = ?');
      for (const line of lines) remove.run(Number(line.cartId), member.id);

      const payUrl = online
        ? startPaySession(
            db,
            {
              orderCode,
              memberId: member.id,
              channel: body.payChannel!,
              step: 'pay',
              amount: summary.total,
              currency,
              fromCheckout: true,
            },
            createdAt,
          )
        : null;
      outbox.queue(orderPlacedMail(member.email, order, outbox.link('/account/detail.html', { orderCode })));
      return { orderCode, status, currency, total: summary.total, payUrl, tracking };
    }),
  );

  /**
   * Where the order is collected, kept on it. A store pickup is at one of the region's own shops
   * (the list the checkout page offers); a convenience store is as the chain's map returned it,
   * or its code alone when typed by hand (the map is the chain's, not ours to check).
   */
  function storeOf(body: RequestOf<'orderCreate'>): StoredOrder['store'] {
    if (!(STORE_DELIVERY_TYPES as readonly string[]).includes(body.deliveryType) || !body.storeCode) return null;
    if (body.deliveryType === 'STORE_PICKUP') {
      const shop = pickupShopOf(body.storeCode);
      if (!shop) throw fieldFailure('OD_STORE_NOT_FOUND', `There is no shop ${body.storeCode} to collect from`, 'storeCode');
      if (shop.salesRegion !== requestRegion())
        throw fieldFailure('OD_STORE_OTHER_REGION', `Shop ${shop.code} is in ${shop.salesRegion}, not ${requestRegion()}`, 'storeCode');
      return { code: shop.code, ...shopTexts(shop) };
    }
    return { code: body.storeCode, name: body.storeName || null, address: body.storeAddress || null };
  }

  function orderLine(line: CartDetailLine, semiValues: SemiValue[]): OrderLine {
    const product = productOf(line.productCode)!;
    const sku = product.skus.find((s) => s.skuCode === line.skuCode)!;
    const info = line.productDetail.productDetailInfo;
    return {
      productId: line.productId,
      skuCode: line.skuCode,
      productCode: line.productCode,
      quantity: line.quantity,
      purchasedQty: line.quantity,
      giftFlag: line.giftFlag,
      alterMode: line.alterMode,
      finalInseam: line.finalInseam,
      caseFlag: line.caseFlag,
      productDetailInfo: {
        skuName: info.skuName,
        colorCode: info.colorCode,
        sizeCode: sku.sizeNo,
        sizeAlias: info.sizeAlias,
        colorAlias: info.colorAlias,
        unitPrice: info.unitPrice,
        omsSkuCode: sku.omsSkuCode,
        semiValues,
      },
    };
  }

  function summaryInfo(line: CartDetailLine): OrderTracking['products'][number]['summaryInfo'] {
    const product = productOf(line.productCode)!;
    const sales = product.skus.flatMap((s) => s.prices[requestCurrency()]?.sale ?? []);
    return {
      categoryNames: [product.gender, product.groupCode, product.categoryCode],
      originPrice: line.productDetail.summaryInfo.originPrice,
      fullName: line.productDetail.productDetailInfo.skuName,
      omsProductCodeSix: product.omsProductCode.slice(0, 6),
      minPrice: Math.min(...sales),
      maxPrice: Math.max(...sales),
    };
  }
}
