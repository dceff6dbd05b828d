/**
 * What the order and after-sales pages share: a status pill
 * with its label, an order's lines, a case's timeline, and the code a page is about (from its
 * query string).
 */
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_TIME_FORMAT } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { CurrencyCode } from '../../lib/i18n/regions.ts';
import { productDetailHref } from '../../lib/product/product-id.ts';
import { useQuery } from '../use-query.ts';

/** The label namespace of each kind of status: an after-sales case has labels of its own, not a refund's. */
export type StatusKind = 'orders' | 'refunds' | 'exchanges' | 'afterSales';

/**
 * A status's label for its kind. An after-sales case's service (repair, quality issue,
 * alteration) names its own steps where they differ (being altered, altered); its other steps
 * read alike for every service.
 */
export function statusLabel(t: Translate, kind: StatusKind, status: string, service?: string): string {
  if (kind === 'afterSales' && service) {
    const own = t(`afterSales.serviceStatus.${service}.${status}`, { defaultValue: '' });
    if (own) return own;
  }
  return t(`${kind}.status.${status}`);
}

export function StatusPill({ t, kind, status, service }: { t: Translate; kind: StatusKind; status: string; service?: string }) {
  return (
    <span className={`status-pill status-pill--${status.toLowerCase()}`} data-status={status}>
      {statusLabel(t, kind, status, service)}
    </span>
  );
}

export interface LineView {
  productId: string;
  productCode: string;
  imageUrl: string;
  quantity: number;
  giftFlag?: 'Y' | 'N';
  /** An order line's services: the hem (type and inseam) and gift wrapping. */
  alterMode?: string | null;
  finalInseam?: number | null;
  caseFlag?: 'Y' | 'N';
  productDetailInfo: {
    skuName: string;
    colorAlias: string;
    sizeAlias: string;
    unitPrice: number;
    /** A made-to-order line's choices, named. */
    semiValues?: ReadonlyArray<{ semiName: string; semiValue: string }>;
  };
}

/**
 * An order's (or a case's) lines: picture, name, colour and size, quantity and price; free gifts
 * marked; and what the member chose with an order line (its made-to-order choices, hem and gift
 * wrapping), in the cart's words.
 */
export function OrderLines({
  t,
  prefix,
  lines,
  currency,
  amountOf,
}: {
  t: Translate;
  prefix: string;
  lines: readonly LineView[];
  currency: CurrencyCode;
  amountOf?: (line: LineView) => number;
}) {
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.productId} className="order-line" data-product-id={line.productId}>
          <img src={line.imageUrl} alt="" width={64} height={80} loading="lazy" />
          <div className="order-line__what">
            <a href={`${prefix}${productDetailHref(line.productCode, line.productId)}`}>{line.productDetailInfo.skuName}</a>
            <span className="order-line__meta">
              {line.productDetailInfo.colorAlias} / {line.productDetailInfo.sizeAlias} × {line.quantity}
              {line.giftFlag === 'Y' && <span className="status-pill status-pill--accent">{t('orders.gift')}</span>}
            </span>
            {(line.productDetailInfo.semiValues?.length ?? 0) > 0 && (
              <span className="order-line__meta" data-semi>
                {line.productDetailInfo
                  .semiValues!.map((v) => t('cart.semiValue', { name: v.semiName, value: v.semiValue }))
                  .join(t('cart.listSeparator'))}
              </span>
            )}
            {line.alterMode && (
              <span className="order-line__meta" data-hem>
                {t('cart.hem', { inseam: line.finalInseam })}
              </span>
            )}
            {line.caseFlag === 'Y' && (
              <span className="order-line__meta" data-gift-wrap>
                {t('cart.giftWrap')}
              </span>
            )}
          </div>
          <span className="order-line__price">
            {formatMoney(amountOf ? amountOf(line) : line.productDetailInfo.unitPrice * line.quantity, currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A case's steps, newest first: the status reached, when, and who moved it. */
export function Timeline({
  t,
  kind,
  service,
  history,
}: {
  t: Translate;
  kind: StatusKind;
  /** An after-sales case's service, for its own labels. */
  service?: string;
  history: ReadonlyArray<{ status: string; at: number; by: string }>;
}) {
  return (
    <ol className="timeline" aria-label={t('orders.timeline')}>
      {[...history].reverse().map((step, i) => (
        <li key={`${step.status}-${step.at}-${i}`} className="timeline__step" data-status={step.status}>
          <strong>{statusLabel(t, kind, step.status, service)}</strong>
          <span className="timeline__meta">
            <time>{formatMoment(step.at, DATE_TIME_FORMAT)}</time> · {t(`orders.by.${step.by}`)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A query parameter of the page: null before hydration, '' when absent. */
export function useParam(name: string): string | null {
  const query = useQuery();
  return query ? (query.get(name) ?? '') : null;
}
