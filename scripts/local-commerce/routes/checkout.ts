/**
 * Checkout: the preview of what an order will cost, and placing it. A placed order is a
 * `records` row (kind 'order', exactly the contract's Order, so orderList and orderDetail show
 * it) plus an `order_checkout` row with what the Order does not carry (db.ts).
 */
import { randomBytes } from 'node:crypto';
import { CHECKOUT_CURRENCY, type CartDetailLine, type OrderTracking } from '../../../src/lib/api/contract-checkout.ts';
import type { Order } from '../../../src/lib/api/contract.ts';
import { ADDRESS_DELIVERY_TYPES } from '../../../src/lib/constants.ts';
import { cartLines } from '../cart-lines.ts';
import { transaction } from '../db.ts';
import { ApiFailure, fieldFailure, type RouteKit } from '../kit.ts';
import { chooseCoupon, FREIGHT, sum, summarise, usableCoupons } from '../pricing.ts';
import { recordOf } from '../records.ts';

interface Address {
  addressId: string;
  zipCode?: string;
}

export function registerCheckoutRoutes(kit: RouteKit): void {
  const { db, now, handle, productOf } = kit;

  handle('checkoutPreview', ({ body, member }) => {
    const lines = cartLines(kit, member.id).filter((l) => !l.invalid);
    if (lines.length === 0) throw new ApiFailure('OD_CART_EMPTY', 'Nothing in the cart can be ordered');
    const subtotal = sum(lines.map((l) => l.lineTotal));
    const summary = summarise(lines, body.deliveryType, chooseCoupon(kit, member.id, subtotal, body.couponId));
    const rule = FREIGHT[body.deliveryType];
    return {
      currency: CHECKOUT_CURRENCY,
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
      let address: Address | null = null;
      if ((ADDRESS_DELIVERY_TYPES as readonly string[]).includes(body.deliveryType)) {
        address = recordOf<Address>(db, 'address', body.addressId!, member.id) ?? null;
        if (!address) throw fieldFailure('OD_ADDRESS_NOT_FOUND', 'No such address', 'addressId');
      }

      const inCart = cartLines(kit, member.id);
      let lines: CartDetailLine[];
      if (body.cartIds) {
        const wanted = new Set(body.cartIds);
        lines = inCart.filter((l) => wanted.has(l.cartId));
        if (lines.length !== wanted.size) throw fieldFailure('OD_CART_LINE_NOT_FOUND', 'An item is no longer in your cart', 'cartIds');
        if (lines.some((l) => l.invalidReason === 'OFF_SALE'))
          throw fieldFailure('OD_PRODUCT_UNAVAILABLE', 'An item is no longer on sale', 'cartIds');
      } else {
        lines = inCart.filter((l) => l.invalidReason !== 'OFF_SALE');
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
      if (summary.couponId) {
        db.prepare(
          "UPDATE records SET status = 'Y', json = json_set(json, '$.used', 'Y') WHERE kind = 'coupon' AND member_id = ? AND json_extract(json, '$.couponId') = ?",
        ).run(member.id, summary.couponId);
      }

      const createdAt = now();
      const { seq } = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM order_checkout').get() as { seq: number };
      const orderCode = `O${new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
      const online = body.paymentMethod === 'ONLINE';
      const status = online ? 'UNPAID' : 'WAIT_SHIP';
      const shippingType = body.deliveryType === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS';
      const products = lines.map((line) => orderLine(line));
      const order: Order = {
        orderCode,
        status,
        orderType: 'DEFAULT',
        createdAt,
        shippingType,
        discount: summary.discount,
        total: summary.total,
        freight: summary.freight,
        couponId: summary.couponId,
        products,
      };
      const tracking: OrderTracking = {
        orTempId: orderCode,
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
      const payToken = online ? randomBytes(16).toString('base64url') : null;
      db.prepare("INSERT INTO records (kind, id, member_id, status, created_at, json) VALUES ('order', ?, ?, ?, ?, ?)").run(
        orderCode,
        member.id,
        status,
        createdAt,
        JSON.stringify(order),
      );
      db.prepare(
        'INSERT INTO order_checkout (seq, order_code, member_id, delivery_type, address_json, store_code, invoice_json, payment_method, pay_channel, pay_token, services_json, tracking_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        seq,
        orderCode,
        member.id,
        body.deliveryType,
        address ? JSON.stringify(address) : null,
        address ? null : (body.storeCode ?? null),
        JSON.stringify(body.invoice),
        body.paymentMethod,
        online ? body.payChannel! : null,
        payToken,
        JSON.stringify(
          lines.map((l) => ({ skuCode: l.skuCode, alterMode: l.alterMode, finalInseam: l.finalInseam, caseFlag: l.caseFlag })),
        ),
        JSON.stringify(tracking),
        createdAt,
      );
      const remove = db.prepare('DELETE FROM cart_lines WHERE cart_id = ? AND member_id = ?');
      for (const line of lines) remove.run(Number(line.cartId), member.id);

      const payUrl = online
        ? `/api/pay/provider/${orderCode}?${new URLSearchParams({ channel: body.payChannel!, token: payToken! })}`
        : null;
      return { orderCode, status, total: summary.total, payUrl, tracking };
    }),
  );

  function orderLine(line: CartDetailLine): Order['products'][number] {
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
      productDetailInfo: {
        skuName: info.skuName,
        colorCode: info.colorCode,
        sizeCode: sku.sizeNo,
        sizeAlias: info.sizeAlias,
        colorAlias: info.colorAlias,
        unitPrice: info.unitPrice,
        omsSkuCode: sku.omsSkuCode,
      },
    };
  }

  function summaryInfo(line: CartDetailLine): OrderTracking['products'][number]['summaryInfo'] {
    const product = productOf(line.productCode)!;
    const sales = product.skus.map((s) => s.prices[CHECKOUT_CURRENCY]!.sale);
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
