/**
 * Opening an exchange (replace.html) or an after-sales case (apply-aftermarket.html) on a
 * finished order: the lines they may be about (units left to return, no free gift) while their
 * window is open; for an exchange, every other size or colour of the line's product with its live
 * stock (a sold-out one is offered marked and cannot be chosen, as the API refuses it), the
 * reasons the line allows, and sending it (its list follows); for an after-sales case, the
 * service, the description and pictures, a picture the API refuses named by its place, and
 * sending it (its page follows).
 */
import { atom, computed } from 'nanostores';
import type { RequestOf } from '../lib/api/contract.ts';
import type { RefundReason } from '../lib/constants.ts';
import type { FieldSpec, FormValues } from '../lib/forms/form.ts';
import { reasonsFor, windowOpen } from '../lib/orders/member-actions.ts';
import type { AfterSaleService } from '../lib/orders/statuses.ts';
import { openExchange } from './exchanges.ts';
import { orderHref } from './order-page.ts';
import type { Order } from './orders.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import { $product, $stock, loadProduct, loadStock } from './product-detail.ts';
import { DESCRIPTION_FIELD, REASON_FIELD } from './refund-forms.ts';
import { openAfterSale } from './refunds.ts';

export type CaseFormKind = 'exchange' | 'afterSale';
export type OrderLine = Order['products'][number];

/** The lines a case may be about now, or null when the order's window is closed or nothing is left (the page says so, with a way back). */
export function caseFormLines(order: Order, kind: CaseFormKind, now: number): { lines: OrderLine[] } | { closed: true; backHref: string } {
  const lines = order.products.filter((p) => p.returnableQty > 0 && p.giftFlag !== 'Y');
  if (!windowOpen(order, kind === 'exchange' ? 'return' : 'afterSale', now) || lines.length === 0)
    return { closed: true, backHref: orderHref(order.orderCode) };
  return { lines };
}

/** A size or colour to exchange for: in stock now, sold out, or not known yet (null: not offered until it is). */
export interface ExchangeChoice {
  skuCode: string;
  colour: string;
  size: string;
  inStock: boolean | null;
}

export const EXCHANGE_FIELDS: readonly FieldSpec[] = [
  { name: 'productId', required: 'OD_EXCHANGE_NOT_ALLOWED' },
  { name: 'toSkuCode', required: 'OD_EXCHANGE_SKU_REQUIRED' },
  REASON_FIELD,
  DESCRIPTION_FIELD,
];

export type ExchangeForm = ReturnType<typeof createExchangeForm>;

/** One exchange form: the line chosen (the first at first), its product's other SKUs and their stock. */
export function createExchangeForm(order: Order, lines: readonly OrderLine[]) {
  const $productId = atom(lines[0]!.productId);
  const $line = computed($productId, (id) => lines.find((l) => l.productId === id) ?? lines[0]!);
  const $choices = computed([$line, $product, $stock], (line, product, stock): ExchangeChoice[] => {
    if (product.status !== 'ready') return [];
    const { detail } = product;
    const live = stock.status === 'ready' && stock.productCode === line.productCode ? stock.bySku : null;
    return detail.skus
      .filter((s) => s.skuCode !== line.skuCode)
      .map((s) => ({
        skuCode: s.skuCode,
        colour: detail.colours.find((c) => c.colorNo === s.colorNo)?.name ?? s.colorNo,
        size: detail.sizes.find((z) => z.sizeNo === s.sizeNo)?.alias ?? s.sizeNo,
        inStock: live ? (live.get(s.skuCode)?.stock ?? 0) > 0 : null,
      }));
  });
  /** The live stock could not be had: the page offers to ask again. */
  const $stockFailed = computed($stock, (stock) => stock.status === 'error');
  /** The reasons the line allows (only the goods' faults for a product not returned without one). */
  const $reasons = computed($line, (line) => reasonsFor([line]));
  const loadLine = (line: OrderLine) => Promise.all([loadProduct(line.productCode), loadStock(line.productCode)]);

  return {
    $productId,
    $line,
    $choices,
    $stockFailed,
    $reasons,
    /** The page opened: the first line's product and stock. */
    start: () => loadLine($line.get()),
    /** Another line chosen: its product and stock, unless it is the same product's. */
    async chooseLine(productId: string): Promise<void> {
      const before = $line.get().productCode;
      $productId.set(productId);
      if ($line.get().productCode !== before) await loadLine($line.get());
    },
    retryStock: () => loadStock($line.get().productCode, { refresh: true }),
    body: (values: FormValues): RequestOf<'exchangeCreate'> => ({
      orderCode: order.orderCode,
      productId: values.productId ?? '',
      toSkuCode: values.toSkuCode ?? '',
      reason: values.reason as RefundReason,
      description: values.description ?? '',
    }),
    /** Sends it; once opened, the exchanges list at its entry. A refusal is the form's to say. */
    async send(body: RequestOf<'exchangeCreate'>) {
      const result = await openExchange(body);
      if (result.ok)
        getPlatform().navigate(`${languagePrefix()}/account/replace-list.html#${encodeURIComponent(result.data.exchangeCode)}`);
      return result;
    },
  };
}

/** The pictures are checked as they are picked; declared so a refusal of the API shows beside them. */
export const PICTURES_FIELD: FieldSpec = { name: 'attachments' };

export const AFTER_SALE_FIELDS: readonly FieldSpec[] = [
  { name: 'productId', required: 'OD_AFTERSALE_NOT_ALLOWED' },
  { name: 'serviceType', required: 'OD_AFTERSALE_SERVICE_REQUIRED' },
  { ...DESCRIPTION_FIELD, required: 'OD_AFTERSALE_DESCRIPTION_REQUIRED' },
  PICTURES_FIELD,
];

export function afterSaleBody(
  order: Order,
  values: FormValues,
  pictures: RequestOf<'afterSaleCreate'>['attachments'],
): RequestOf<'afterSaleCreate'> {
  return {
    orderCode: order.orderCode,
    productId: values.productId ?? '',
    serviceType: values.serviceType as AfterSaleService,
    description: values.description ?? '',
    attachments: pictures,
  };
}

/** The place of the picture an API refusal names (attachments.1 → 1), or null when it names none. */
export function refusedPicture(field: string | null | undefined): number | null {
  const refused = /^attachments\.(\d+)/.exec(field ?? '');
  return refused ? Number(refused[1]) : null;
}

/** Sends the case; once opened, its page. A refusal is the form's to say. */
export async function sendAfterSale(body: RequestOf<'afterSaleCreate'>) {
  const result = await openAfterSale(body);
  if (result.ok)
    getPlatform().navigate(`${languagePrefix()}/account/view-refund.html?afterSaleCode=${encodeURIComponent(result.data.afterSaleCode)}`);
  return result;
}
