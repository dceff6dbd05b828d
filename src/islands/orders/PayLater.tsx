/**
 * Paying after checkout. /payment/third-party-pay.html?orderCode=: an unpaid order, paid
 * through an online channel before its deadline. /account/apply-prepay.html?orderCode=: a
 * presale order's deposit, then its rest within the rest window. /account/view-prepay.html:
 * the presale's schedule: deposit and rest, what is paid, and the window. Which step, how much
 * and through which channels is the pay store's (stores/order-page-pay.ts). The fake provider
 * stands in for the channels locally, as in checkout.
 */
import { useState, type ReactNode } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_TIME_FORMAT, type OnlinePayChannel } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { Order } from '../../stores/orders.ts';
import { PAY_CHANNEL_FIELD, payLaterView, payOrder, type PayLaterKind, type PayLaterView } from '../../stores/order-page-pay.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError, SelectField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { OrderLines, StatusPill } from './parts.tsx';

export type { PayLaterKind };

export default function PayLater({ languageCode, prefix, messages, kind }: IslandProps & { kind: PayLaterKind }) {
  const t = useTranslator(languageCode, messages);
  const [now] = useState(() => Date.now());
  return (
    <MemberOrder t={t}>
      {(order) => {
        const view = payLaterView(order, kind, now);
        const back = (
          <a className="text-link" href={view.backHref}>
            {t('orders.backToOrder')}
          </a>
        );
        if (view.page === 'notPresale')
          return (
            <p className="account-empty">
              {t('prepay.notPresale')} {back}
            </p>
          );
        return (
          <div className="pay-later">
            <section className="account-card">
              <header className="order-card__header">
                <h2 className="order-card__code">{order.orderCode}</h2>
                <StatusPill t={t} kind="orders" status={order.status} />
              </header>
              <OrderLines t={t} prefix={prefix} lines={order.products} currency={order.currency} />
              {order.presale ? (
                <Schedule t={t} order={order} />
              ) : (
                <p className="order-card__total">
                  {t('orders.total')} {formatMoney(order.total, order.currency)}
                </p>
              )}
            </section>
            {view.pay && <PayForm t={t} order={order} pay={view.pay} back={back} />}
            {view.nothingToPay && (
              <p className="account-empty">
                {t('prepay.nothingToPay')} {back}
              </p>
            )}
            {view.scheduleStep && (
              <a className="button" href={view.scheduleStep.href}>
                {t(`orders.buttons.${view.scheduleStep.step}`)}
              </a>
            )}
          </div>
        );
      }}
    </MemberOrder>
  );
}

function Schedule({ t, order }: { t: Translate; order: Order }) {
  const presale = order.presale!;
  return (
    <dl className="order-sums" data-presale>
      <dt>{t('prepay.deposit')}</dt>
      <dd>
        {formatMoney(presale.deposit, order.currency)} ·{' '}
        {presale.depositPaidAt !== null
          ? t('prepay.paidOn', { date: formatMoment(presale.depositPaidAt, DATE_TIME_FORMAT) })
          : t('orders.notPaid')}
      </dd>
      <dt>{t('prepay.rest')}</dt>
      <dd>
        {formatMoney(presale.rest, order.currency)} ·{' '}
        {presale.restPaidAt !== null
          ? t('prepay.paidOn', { date: formatMoment(presale.restPaidAt, DATE_TIME_FORMAT) })
          : t('orders.notPaid')}
      </dd>
      <dt>{t('prepay.window')}</dt>
      <dd>
        {formatMoment(presale.restStartAt, DATE_TIME_FORMAT)} – {formatMoment(presale.restEndAt, DATE_TIME_FORMAT)}
      </dd>
      <dt className="order-sums__total">{t('orders.total')}</dt>
      <dd className="order-sums__total">{formatMoney(order.total, order.currency)}</dd>
    </dl>
  );
}

type Pay = NonNullable<Extract<PayLaterView, { page: 'order' }>['pay']>;

function PayForm({ t, order, pay, back }: { t: Translate; order: Order; pay: Pay; back: ReactNode }) {
  const amount = formatMoney(pay.amount, order.currency);
  const form = useForm({
    t,
    fields: [PAY_CHANNEL_FIELD],
    process: (values) => values.payChannel as OnlinePayChannel,
    // The provider's page takes over; the return pages say how it went.
    submit: (channel: OnlinePayChannel) => payOrder(order.orderCode, channel),
  });
  return (
    <Form form={form} className="account-form account-card" label={t(`orders.buttons.${pay.step}`)}>
      <p>
        {t(`prepay.intro.${pay.step}`, { amount })}
        {pay.payBy !== null && ` ${t('orders.payByNote', { date: formatMoment(pay.payBy, DATE_TIME_FORMAT) })}`}
      </p>
      <SelectField
        form={form}
        spec={PAY_CHANNEL_FIELD}
        label={t('checkout.payChannel')}
        defaultValue={pay.channels[0]}
        options={pay.channels.map((c) => ({ value: c, label: t(`checkout.payChannels.${c}`) }))}
      />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('prepay.payAmount', { amount })}
        </Button>
        {back}
      </div>
    </Form>
  );
}
