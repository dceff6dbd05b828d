/**
 * /account/detail.html?orderCode=: one order. Its code, dates, status and type; delivery and
 * the address or store (a shop's or convenience store's name and address with its code); the
 * invoice; payment (when it was, or is to be, paid) with the discount, freight and total; every
 * shipment as a timeline of the warehouse's steps with the carrier and tracking code; free
 * gifts marked; the refunds, exchanges and after-sales cases opened on it; and its actions.
 */
import { useState } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_TIME_FORMAT } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import { displayMobile, type MaskSwitches } from '../../lib/format/mask.ts';
import { paymentLine, type PaymentLine } from '../../lib/checkout/payment-line.ts';
import { type Order } from '../../stores/orders.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderLines, StatusPill } from './parts.tsx';

export default function OrderDetail({ languageCode, prefix, messages, switches }: IslandProps & { switches: MaskSwitches }) {
  const t = useTranslator(languageCode, messages);
  const [now] = useState(() => Date.now());
  return (
    <MemberOrder t={t} notFoundLink={<a href={`${prefix}/account/order/order-list.html`}>{t('orders.backToList')}</a>}>
      {(order) => <Detail t={t} prefix={prefix} order={order} now={now} switches={switches} />}
    </MemberOrder>
  );
}

function Detail({ t, prefix, order, now, switches }: { t: Translate; prefix: string; order: Order; now: number; switches: MaskSwitches }) {
  const { payment } = order;
  return (
    <div className="order-detail" data-order={order.orderCode} data-status={order.status}>
      <section className="account-card">
        <header className="order-card__header">
          <h2 className="order-card__code">{order.orderCode}</h2>
          <StatusPill t={t} kind="orders" status={order.status} />
          {order.orderType !== 'DEFAULT' && <span className="status-pill">{t(`orders.types.${order.orderType}`)}</span>}
        </header>
        <dl className="account-facts">
          <dt>{t('orders.placed')}</dt>
          <dd>{formatMoment(order.createdAt, DATE_TIME_FORMAT)}</dd>
          {order.payBy !== null && ['UNPAID', 'WAIT_DEPOSIT_PAY'].includes(order.status) && (
            <>
              <dt>{t('orders.payBy')}</dt>
              <dd>{formatMoment(order.payBy, DATE_TIME_FORMAT)}</dd>
            </>
          )}
          {order.finishedAt !== null && (
            <>
              <dt>{t('orders.finished')}</dt>
              <dd>{formatMoment(order.finishedAt, DATE_TIME_FORMAT)}</dd>
            </>
          )}
        </dl>
        <OrderActions t={t} prefix={prefix} order={order} now={now} except={['track']} />
      </section>

      <section className="account-card" aria-labelledby="items-heading">
        <h2 id="items-heading">{t('orders.items')}</h2>
        <OrderLines t={t} prefix={prefix} lines={order.products} currency={order.currency} />
      </section>

      <div className="order-detail__pair">
        <section className="account-card" aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">{t('orders.delivery')}</h2>
          <p>{t(`checkout.deliveryTypes.${order.deliveryType}`)}</p>
          {order.address && (
            <p className="account-card__meta">
              {order.address.receiver} {displayMobile(order.address.mobile, switches)}
              <br />
              {order.address.zipCode !== '0' && order.address.zipCode} {order.address.city}
              {order.address.detail}
            </p>
          )}
          {order.store && (
            <p className="account-card__meta" data-store={order.store.code}>
              {order.store.name ? (
                <>
                  {/* The code's own text spaces it from the name (none in Chinese, before its full-width brackets). */}
                  <strong>{order.store.name}</strong>
                  {t('orders.storeCode', { code: order.store.code })}
                  {order.store.address && (
                    <>
                      <br />
                      {order.store.address}
                    </>
                  )}
                </>
              ) : (
                t('orders.storeCodeOnly', { code: order.store.code })
              )}
            </p>
          )}
        </section>
        <section className="account-card" aria-labelledby="invoice-heading">
          <h2 id="invoice-heading">{t('checkout.invoice')}</h2>
          <p>{order.invoice ? t(`checkout.invoiceTypes.${order.invoice.type}`) : t('account.notSet')}</p>
          {order.invoiceNo && <p className="account-card__meta">{t('orders.invoiceNo', { number: order.invoiceNo })}</p>}
          <a className="text-link" href={`${prefix}/account/invoice.html`}>
            {t('orders.toInvoices')}
          </a>
        </section>
      </div>

      <section className="account-card" aria-labelledby="payment-heading">
        <h2 id="payment-heading">{t('orders.payment')}</h2>
        <dl className="order-sums">
          <dt>{t('orders.method')}</dt>
          <dd>
            {t(`checkout.paymentMethods.${payment.method}`)}
            {payment.channel && ` · ${t(`checkout.payChannels.${payment.channel}`)}`}
          </dd>
          <dt>{t('orders.paidAt')}</dt>
          <dd data-paid>{paidText(t, paymentLine(order))}</dd>
          <dt>{t('orders.goods')}</dt>
          <dd>{formatMoney(payment.goods, order.currency)}</dd>
          {order.discount > 0 && (
            <>
              <dt>{t('cart.discount')}</dt>
              <dd>−{formatMoney(order.discount, order.currency)}</dd>
            </>
          )}
          <dt>{t('checkout.freight')}</dt>
          <dd>{order.freight === 0 ? t('checkout.freeFreight') : formatMoney(order.freight, order.currency)}</dd>
          <dt className="order-sums__total">{t('orders.total')}</dt>
          <dd className="order-sums__total" data-total>
            {formatMoney(order.total, order.currency)}
          </dd>
        </dl>
        {order.presale && (
          <p className="account-card__meta">
            {t('prepay.summary', {
              deposit: formatMoney(order.presale.deposit, order.currency),
              rest: formatMoney(order.presale.rest, order.currency),
            })}{' '}
            <a href={`${prefix}/account/view-prepay.html?orderCode=${encodeURIComponent(order.orderCode)}`}>{t('prepay.view')}</a>
          </p>
        )}
      </section>

      <section className="account-card" id="shipments" aria-labelledby="shipments-heading">
        <h2 id="shipments-heading">{t('orders.shipments')}</h2>
        {order.shipments.length === 0 ? (
          <p className="account-card__meta">{t('orders.noShipment')}</p>
        ) : (
          order.shipments.map((shipment, i) => (
            <div key={shipment.shipmentCode} className="shipment" data-shipment={shipment.shipmentCode}>
              <p>
                <strong>{t('orders.shipment', { n: i + 1 })}</strong>{' '}
                <span className="status-pill">{t(`orders.shipmentStatus.${shipment.status}`)}</span>
              </p>
              {shipment.trackingCode && (
                <p className="account-card__meta">
                  {t('orders.tracking', { carrier: shipment.carrier ?? '', code: shipment.trackingCode })}
                </p>
              )}
              <p className="account-card__meta">
                {order.products
                  .filter((p) => shipment.productIds.includes(p.productId))
                  .map((p) => `${p.productDetailInfo.skuName} × ${p.quantity}`)
                  .join('、')}
              </p>
              {shipment.events.length > 0 && (
                <ol className="timeline" aria-label={t('orders.timeline')}>
                  {[...shipment.events].reverse().map((event) => (
                    <li key={`${event.subStatus}-${event.at}`} className="timeline__step">
                      <strong>{t(`orders.subStatus.${event.subStatus}`)}</strong>
                      <span className="timeline__meta">
                        <time>{formatMoment(event.at, DATE_TIME_FORMAT)}</time>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ))
        )}
      </section>

      <Cases t={t} prefix={prefix} order={order} />
    </div>
  );
}

/** The payment line: when it was paid, or, for cash on delivery and paying in store, that it is paid on handing over. */
function paidText(t: Translate, line: PaymentLine): string {
  if (line.kind === 'paid') return formatMoment(line.at, DATE_TIME_FORMAT);
  if (line.kind === 'onHandover') return t(`orders.payOnHandover.${line.method}`);
  if (line.kind === 'paidOnHandover') return t(`orders.paidOnHandover.${line.method}`, { at: formatMoment(line.at, DATE_TIME_FORMAT) });
  return t('orders.notPaid');
}

function Cases({ t, prefix, order }: { t: Translate; prefix: string; order: Order }) {
  const { refunds, exchanges, afterSales } = order.cases;
  if (refunds.length + exchanges.length + afterSales.length === 0) return null;
  return (
    <section className="account-card" aria-labelledby="cases-heading">
      <h2 id="cases-heading">{t('orders.cases')}</h2>
      <ul className="case-refs">
        {refunds.map((r) => (
          <li key={r.code}>
            <a href={`${prefix}/account/view-refund.html?refundCode=${encodeURIComponent(r.code)}`}>{r.code}</a>{' '}
            {t(`refunds.types.${r.refundType}`)} <StatusPill t={t} kind="refunds" status={r.status} />
          </li>
        ))}
        {exchanges.map((e) => (
          <li key={e.code}>
            <a href={`${prefix}/account/replace-list.html#${encodeURIComponent(e.code)}`}>{e.code}</a> {t('exchanges.one')}{' '}
            <StatusPill t={t} kind="exchanges" status={e.status} />
          </li>
        ))}
        {afterSales.map((a) => (
          <li key={a.code}>
            <a href={`${prefix}/account/view-refund.html?afterSaleCode=${encodeURIComponent(a.code)}`}>{a.code}</a>{' '}
            {t(`afterSales.services.${a.serviceType}`)} <StatusPill t={t} kind="afterSales" status={a.status} service={a.serviceType} />
          </li>
        ))}
      </ul>
    </section>
  );
}
