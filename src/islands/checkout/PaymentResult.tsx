/**
 * The pages after an order is placed: /payment/success.html (placed, to pay on delivery or in
 * store), /payment/complete.html (paid online), /payment/failed.html (online payment not
 * completed: a checkout's order is cancelled and its items are back in the cart; an order paid
 * later is still there to pay again), and the payment providers' return pages, which ask the
 * API whether the order is paid (the provider's `result` in the URL is not trusted) and move on
 * to complete or failed. Each leads to the order's page.
 */
import { useCallback, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatMoney } from '../../lib/format/currency.ts';
import { $order, followPaymentReturn, loadOrder } from '../../stores/orders.ts';
import { currentQuery } from '../../stores/platform.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export type PaymentResultKind = 'success' | 'complete' | 'failed' | 'return';

export default function PaymentResult({ languageCode, prefix, messages, kind }: IslandProps & { kind: PaymentResultKind }) {
  const t = useTranslator(languageCode, messages);
  const state = useStore($order);
  // Read when loading, in the browser: the server render has no address.
  const load = useCallback(() => {
    const orderCode = currentQuery().get('orderCode') ?? '';
    return kind === 'return' ? followPaymentReturn(orderCode) : loadOrder(orderCode);
  }, [kind]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'not-found')
    return (
      <p className="form-error" role="alert">
        {t('payment.noOrder')}
      </p>
    );
  if (state.status === 'error') {
    return (
      <p className="form-error" role="alert">
        {t('errors.interfaceException')}{' '}
        <button type="button" className="link-button" onClick={() => void load()}>
          {t('cart.retry')}
        </button>
      </p>
    );
  }
  if (kind === 'return' || state.status !== 'ready')
    return (
      <p className="checkout__status" role="status">
        {t('payment.checking')}
      </p>
    );
  const { order } = state;
  return (
    <div className="payment-result" data-result={kind}>
      <p className="payment-result__lead">
        {t(kind === 'failed' && order.status !== 'CANCELLED' ? 'payment.failedOpen' : `payment.${kind}`)}
      </p>
      <dl className="account-facts">
        <dt>{t('payment.orderCode')}</dt>
        <dd data-order-code>{order.orderCode}</dd>
        <dt>{t('payment.total')}</dt>
        <dd>{formatMoney(order.total, order.currency)}</dd>
        <dt>{t('payment.status')}</dt>
        <dd data-status={order.status}>{t(`orders.status.${order.status}`)}</dd>
      </dl>
      <p className="payment-result__links">
        {kind === 'failed' && order.status === 'CANCELLED' && (
          <a className="button" href={`${prefix}/cart.html`}>
            {t('payment.backToCart')}
          </a>
        )}
        {kind === 'failed' && order.status !== 'CANCELLED' && (
          <a className="button" href={`${prefix}/payment/third-party-pay.html?orderCode=${encodeURIComponent(order.orderCode)}`}>
            {t('payment.payAgain')}
          </a>
        )}
        <a
          className={kind === 'failed' ? 'text-link' : 'button'}
          href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(order.orderCode)}`}
        >
          {t('payment.viewOrder')}
        </a>
        <a className="text-link" href={`${prefix}/`}>
          {t('payment.continue')}
        </a>
      </p>
    </div>
  );
}
