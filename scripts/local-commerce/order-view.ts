/**
 * The contract's shapes of what case-records.ts keeps: an order with what is derived on reading
 * (each line's picture, return rule, units left to return and whether it was evaluated; the
 * invoice issued; the refs of its cases), and the cases without their internal dates.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { AfterSale, Evaluation, Exchange, Order, Refund } from '../../src/lib/api/contract.ts';
import {
  casesOfOrder,
  type OrderCases,
  type OrderLine,
  type StoredAfterSale,
  type StoredEvaluation,
  type StoredExchange,
  type StoredOrder,
  type StoredRefund,
} from './case-records.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import type { RouteKit } from './kit.ts';
import { pickupShopOf, shopTexts } from './pickup-shops.ts';
import { localText } from './request-language.ts';
import { namedSemiValues } from './semi-values.ts';

type OrderItem = Order['products'][number];
export type CaseLine = Refund['lines'][number];

/** Cases that ended without taking the units: they can be returned, exchanged or serviced again. */
const ENDED_WITHOUT_UNITS = new Set(['REFUSED', 'CLOSED', 'CANCELLED', 'TIME_CLOSED']);

/** Units of each line (by level-2 id) that open or completed cases hold. */
function unitsInCases(cases: OrderCases): Map<string, number> {
  const held = new Map<string, number>();
  const hold = (status: string, lines: ReadonlyArray<{ productId: string; quantity: number }>) => {
    if (ENDED_WITHOUT_UNITS.has(status)) return;
    for (const line of lines) held.set(line.productId, (held.get(line.productId) ?? 0) + line.quantity);
  };
  for (const refund of cases.refunds) hold(refund.status, refund.lines);
  for (const exchange of cases.exchanges) hold(exchange.status, [exchange.line]);
  for (const afterSale of cases.afterSales) hold(afterSale.status, [afterSale.line]);
  return held;
}

/** A placed line's picture (its colour's first) and the product's return rule, from the catalogue. */
export function lineFacts(productOf: (productCode: string) => CatalogueProduct | null, line: OrderLine) {
  const product = productOf(line.productCode);
  const sku = product?.skus.find((s) => s.skuCode === line.skuCode);
  const colour = product?.colours.find((c) => c.colorNo === sku?.colorNo) ?? product?.colours[0];
  return { imageUrl: colour?.images[0] ?? '', noReasonToReturnFlag: product?.noReasonToReturnFlag ?? 'Y' };
}

/**
 * Where the order is collected. A store pickup's shop is named in the request's language (as its
 * lines are), from the shop list; a convenience store as its chain's map returned it when placed.
 */
function storeOf(order: StoredOrder): Order['store'] {
  if (!order.storeCode) return null;
  const shop = order.deliveryType === 'STORE_PICKUP' ? pickupShopOf(order.storeCode) : undefined;
  if (shop) return { code: shop.code, ...shopTexts(shop) };
  return order.store ?? { code: order.storeCode, name: null, address: null };
}

/** The product's and colour's names in the request's language (the order keeps the ones it was placed in). */
function localNames(productOf: (productCode: string) => CatalogueProduct | null, line: OrderLine) {
  const product = productOf(line.productCode);
  const sku = product?.skus.find((s) => s.skuCode === line.skuCode);
  const colour = product?.colours.find((c) => c.colorNo === sku?.colorNo);
  return product && colour ? { skuName: localText(product.names), colorAlias: localText(colour.names) } : {};
}

const invoiceNoOf = (db: DatabaseSync, orderCode: string) =>
  (
    db
      .prepare(
        "SELECT id FROM records WHERE kind = 'invoice' AND json_extract(json, '$.orderCode') = ? ORDER BY created_at DESC, id LIMIT 1",
      )
      .get(orderCode) as { id: string } | undefined
  )?.id ?? null;

export function orderView(kit: RouteKit, order: StoredOrder, cases: OrderCases = casesOfOrder(kit.db, order.orderCode)): Order {
  const held = unitsInCases(cases);
  const evaluated = new Set(cases.evaluations.map((e) => e.productId));
  const { shippedAt: _shippedAt, pickupBy: _pickupBy, history: _history, ...fields } = order;
  const products: OrderItem[] = order.products.map((line) => ({
    ...line,
    // Orders stored before lines kept their services and choices have none.
    alterMode: line.alterMode ?? null,
    finalInseam: line.finalInseam ?? null,
    caseFlag: line.caseFlag ?? 'N',
    productDetailInfo: {
      ...line.productDetailInfo,
      ...localNames(kit.productOf, line),
      semiValues: namedSemiValues(kit.productOf(line.productCode), line.productDetailInfo.semiValues ?? []),
    },
    ...lineFacts(kit.productOf, line),
    returnableQty: Math.max(0, line.quantity - (held.get(line.productId) ?? 0)),
    evaluated: evaluated.has(line.productId) ? 'Y' : 'N',
  }));
  const ref = (c: { status: string; createdAt: number }, code: string) => ({ code, status: c.status, createdAt: c.createdAt });
  return {
    ...fields,
    products,
    store: storeOf(order),
    invoiceNo: invoiceNoOf(kit.db, order.orderCode),
    cases: {
      refunds: cases.refunds.map((r) => ({ ...ref(r, r.refundCode), refundType: r.refundType })),
      exchanges: cases.exchanges.map((e) => ref(e, e.exchangeCode)),
      afterSales: cases.afterSales.map((a) => ({ ...ref(a, a.afterSaleCode), serviceType: a.serviceType })),
    },
  };
}

/** A line of a case: the order line as the member bought it, with the units and the amount the case is about. */
export const caseLine = (item: OrderLine & { imageUrl: string }, quantity: number, amount: number): CaseLine => ({
  productId: item.productId,
  productCode: item.productCode,
  skuName: item.productDetailInfo.skuName,
  colorAlias: item.productDetailInfo.colorAlias,
  sizeAlias: item.productDetailInfo.sizeAlias,
  imageUrl: item.imageUrl,
  quantity,
  amount,
});

export const refundView = ({ returnBy: _returnBy, ...refund }: StoredRefund): Refund => refund;
export const exchangeView = ({ returnBy: _returnBy, replacementShippedAt: _shipped, ...exchange }: StoredExchange): Exchange => exchange;
export const afterSaleView = (afterSale: StoredAfterSale): AfterSale => afterSale;
export const evaluationView = ({ orderCode: _orderCode, ...evaluation }: StoredEvaluation): Evaluation => evaluation;
