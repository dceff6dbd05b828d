/**
 * /account/detail.html?orderCode=: one order, as the order page store makes it
 * (stores/order-page.ts). Its code, dates, status and type; delivery and the address or store
 * (a shop's or convenience store's name and address with its code); the invoice; payment (when
 * it was, or is to be, paid) with the discount, freight and total; every shipment as a timeline
 * of the warehouse's steps with the carrier and tracking code; free gifts marked; the refunds,
 * exchanges and after-sales cases opened on it; and its actions.
 */
import { useState } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_TIME_FORMAT } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { MaskSwitches } from '../../lib/format/mask.ts';
import type { PaymentLine } from '../../lib/checkout/payment-line.ts';
import { orderDetailView, type OrderDetailView } from '../../stores/order-page.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderLines, StatusPill } from './parts.tsx';

export default function OrderDetail({ languageCode, prefix, messages, switches }: IslandProps & { switches: MaskSwitches }) {
  const t = useTranslator(languageCode, messages);
  const [now] = useState(() => Date.now());
  return (
    <MemberOrder t={t} notFoundLink={<a href={`${prefix}/account/order/order-list.html`}>{t('orders.backToList')}</a>}>
      {(order) => <Detail t={t} prefix={prefix} view={orderDetailView(order, now, switches)} now={now} />}
    </MemberOrder>
  );
}

type Part = { t: Translate; view: OrderDetailView };

function Detail({ t, prefix, view, now }: Part & { prefix: string; now: number }) {
  const { order } = view;
  return (
    <div className="order-detail" data-order={order.orderCode} data-status={order.status}>
      <Summary t={t} view={view} now={now} />
      <section className="account-card" aria-labelledby="items-heading">
        <h2 id="items-heading">{t('orders.items')}</h2>
        <OrderLines t={t} prefix={prefix} lines={order.products} currency={order.currency} />
      </section>
      <div className="order-detail__pair">
        <Delivery t={t} view={view} />
        <section className="account-card" aria-labelledby="invoice-heading">
          <h2 id="invoice-heading">{t('checkout.invoice')}</h2>
          <p>{order.invoice ? t(`checkout.invoiceTypes.${order.invoice.type}`) : t('account.notSet')}</p>
          {order.invoiceNo && <p className="account-card__meta">{t('orders.invoiceNo', { number: order.invoiceNo })}</p>}
          <a className="text-link" href={view.invoicesHref}>
            {t('orders.toInvoices')}
          </a>
        </section>
      </div>
      <Payment t={t} view={view} />
      <Shipments t={t} view={view} />
      <Cases t={t} view={view} />
    </div>
  );
}

function Summary({ t, view, now }: Part & { now: number }) {
  const { order } = view;
  return (
    <section className="account-card">
      <header className="order-card__header">
        <h2 className="order-card__code">{order.orderCode}</h2>
        <StatusPill t={t} kind="orders" status={order.status} />
        {view.typeShown && <span className="status-pill">{t(`orders.types.${order.orderType}`)}</span>}
      </header>
      <dl className="account-facts">
        <dt>{t('orders.placed')}</dt>
        <dd>{formatMoment(order.createdAt, DATE_TIME_FORMAT)}</dd>
        {view.payByShown && (
          <>
            <dt>{t('orders.payBy')}</dt>
            <dd>{formatMoment(order.payBy!, DATE_TIME_FORMAT)}</dd>
          </>
        )}
        {order.finishedAt !== null && (
          <>
            <dt>{t('orders.finished')}</dt>
            <dd>{formatMoment(order.finishedAt, DATE_TIME_FORMAT)}</dd>
          </>
        )}
      </dl>
      <OrderActions t={t} order={order} now={now} except={['track']} />
    </section>
  );
}

function Delivery({ t, view }: Part) {
  const { address, store } = view;
  return (
    <section className="account-card" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">{t('orders.delivery')}</h2>
      <p>{t(`checkout.deliveryTypes.${view.order.deliveryType}`)}</p>
      {address && (
        <p className="account-card__meta">
          {address.receiver} {address.mobile}
          <br />
          {address.zipCode} {address.city}
          {address.detail}
        </p>
      )}
      {store && (
        <p className="account-card__meta" data-store={store.code}>
          {store.name ? (
            <>
              {/* The code's own text spaces it from the name (none in Chinese, before its full-width brackets). */}
              <strong>{store.name}</strong>
              {t('orders.storeCode', { code: store.code })}
              {store.address && (
                <>
                  <br />
                  {store.address}
                </>
              )}
            </>
          ) : (
            t('orders.storeCodeOnly', { code: store.code })
          )}
        </p>
      )}
    </section>
  );
}

function Payment({ t, view }: Part) {
  const { order } = view;
  const { payment } = order;
  return (
    <section className="account-card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t('orders.payment')}</h2>
      <dl className="order-sums">
        <dt>{t('orders.method')}</dt>
        <dd>
          {t(`checkout.paymentMethods.${payment.method}`)}
          {payment.channel && ` · ${t(`checkout.payChannels.${payment.channel}`)}`}
        </dd>
        <dt>{t('orders.paidAt')}</dt>
        <dd data-paid>{paidText(t, view.paid)}</dd>
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
          <a href={view.presaleHref!}>{t('prepay.view')}</a>
        </p>
      )}
    </section>
  );
}

/** The payment line: when it was paid, or, for cash on delivery and paying in store, that it is paid on handing over. */
function paidText(t: Translate, line: PaymentLine): string {
  if (line.kind === 'paid') return formatMoment(line.at, DATE_TIME_FORMAT);
  if (line.kind === 'onHandover') return t(`orders.payOnHandover.${line.method}`);
  if (line.kind === 'paidOnHandover') return t(`orders.paidOnHandover.${line.method}`, { at: formatMoment(line.at, DATE_TIME_FORMAT) });
  return t('orders.notPaid');
}

function Shipments({ t, view }: Part) {
  return (
    <section className="account-card" id="shipments" aria-labelledby="shipments-heading">
      <h2 id="shipments-heading">{t('orders.shipments')}</h2>
      {view.shipments.length === 0 ? (
        <p className="account-card__meta">{t('orders.noShipment')}</p>
      ) : (
        view.shipments.map((shipment, i) => (
          <div key={shipment.code} className="shipment" data-shipment={shipment.code}>
            <p>
              <strong>{t('orders.shipment', { n: i + 1 })}</strong>{' '}
              <span className="status-pill">{t(`orders.shipmentStatus.${shipment.status}`)}</span>
            </p>
            {shipment.trackingCode && (
              <p className="account-card__meta">{t('orders.tracking', { carrier: shipment.carrier, code: shipment.trackingCode })}</p>
            )}
            <p className="account-card__meta">{shipment.lines.join('、')}</p>
            {shipment.events.length > 0 && (
              <ol className="timeline" aria-label={t('orders.timeline')}>
                {shipment.events.map((event) => (
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
  );
}

function Cases({ t, view }: Part) {
  if (view.cases.length === 0) return null;
  return (
    <section className="account-card" aria-labelledby="cases-heading">
      <h2 id="cases-heading">{t('orders.cases')}</h2>
      <ul className="case-refs">
        {view.cases.map((c) => (
          <li key={c.code}>
            <a href={c.href}>{c.code}</a> {t(c.typeKey)}{' '}
            <StatusPill t={t} kind={c.kind} status={c.status} service={c.kind === 'afterSales' ? c.service : undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}
