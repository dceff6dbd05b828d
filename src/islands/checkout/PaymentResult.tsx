/**
 * The pages after an order is placed (spec §2): /payment/success.html (placed, to pay on
 * delivery or in store), /payment/complete.html (paid online), /payment/failed.html (online
 * payment not completed: the order was cancelled and its items are back in the cart), and the payment providers' return pages, which ask the API whether
 * the order is paid (the provider's `result` in the URL is not trusted) and move on to
 * complete or failed.
 */
import { useEffect, useState } from 'react';
import { formatPrice } from '../../lib/format/currency.ts';
import { CHECKOUT_CURRENCY } from '../../lib/constants.ts';
import { currencyFormatOf } from '../../lib/i18n/languages.ts';
import type { Order } from '../../lib/api/contract.ts';
import { apiClient, requireMember } from '../../stores/lazy-auth.ts';
import { getPlatform } from '../../stores/platform.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export type PaymentResultKind = 'success' | 'complete' | 'failed' | 'return';

export default function PaymentResult({ languageCode, prefix, messages, kind }: IslandProps & { kind: PaymentResultKind }) {
  const t = useTranslator(languageCode, messages);
  const [order, setOrder] = useState<Order | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const orderCode = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('orderCode') ?? '');

  useEffect(() => {
    void (async () => {
      if (!orderCode) return setProblem(t('payment.noOrder'));
      if (!(await requireMember())) return;
      const client = await apiClient();
      if (kind === 'return') {
        const status = await client.call('orderPayStatus', { orderCode });
        if (!status.ok) return status.kind !== 'aborted' && setProblem(t('payment.noOrder'));
        const next = status.data.paid ? 'complete' : 'failed';
        return getPlatform().navigate(`${prefix}/payment/${next}.html?orderCode=${encodeURIComponent(orderCode)}`);
      }
      const detail = await client.call('orderDetail', { orderCode });
      if (detail.ok) setOrder(detail.data);
      else if (detail.kind !== 'aborted') setProblem(t('payment.noOrder'));
    })();
  }, [kind, orderCode, prefix]);

  if (problem) return <p className="form-error" role="alert">{problem}</p>;
  if (kind === 'return' || !order) return <p className="checkout__status" role="status">{t('payment.checking')}</p>;
  return (
    <div className="payment-result" data-result={kind}>
      <p className="payment-result__lead">{t(`payment.${kind}`)}</p>
      <dl className="member-shell__details">
        <dt>{t('payment.orderCode')}</dt><dd data-order-code>{order.orderCode}</dd>
        <dt>{t('payment.total')}</dt><dd>{formatPrice(order.total, currencyFormatOf(CHECKOUT_CURRENCY))}</dd>
        <dt>{t('payment.status')}</dt><dd data-status={order.status}>{t(`payment.statuses.${order.status}`, { defaultValue: order.status })}</dd>
      </dl>
      <p className="payment-result__links">
        {kind === 'failed' ? <a className="button" href={`${prefix}/cart.html`}>{t('payment.backToCart')}</a> : <a className="button" href={`${prefix}/account/order/order-list.html`}>{t('payment.viewOrders')}</a>}
        <a className="text-link" href={`${prefix}/`}>{t('payment.continue')}</a>
      </p>
    </div>
  );
}
