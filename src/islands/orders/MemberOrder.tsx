/**
 * The order a page is about (its ?orderCode=), loaded once the visitor is known to be a
 * member. Not found, a failed load (with retry) and loading are said here, so each order page
 * (detail, paying later, refunds, exchanges and after-sales, reviews) renders only the order.
 */
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { $order, loadOrder, type Order } from '../../stores/orders.ts';
import { MemberGate } from '../account/parts.tsx';
import { useParam } from './parts.tsx';

export function MemberOrder({
  t,
  notFoundLink,
  children,
}: {
  t: Translate;
  /** Shown after "order not found", e.g. a way back to the list. */
  notFoundLink?: ReactNode;
  children: (order: Order) => ReactNode;
}) {
  const orderCode = useParam('orderCode');
  const state = useStore($order);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready && orderCode !== null) void loadOrder(orderCode);
  }, [ready, orderCode]);
  return (
    <MemberGate t={t} onMember={() => setReady(true)}>
      {() => {
        if (state.status === 'not-found')
          return (
            <p className="account-empty">
              {t('orders.notFound')}
              {notFoundLink && <> {notFoundLink}</>}
            </p>
          );
        if (state.status === 'error')
          return (
            <p className="form-error" role="alert">
              {t('account.loadFailed')}{' '}
              <button type="button" className="link-button" onClick={() => orderCode && void loadOrder(orderCode)}>
                {t('account.retry')}
              </button>
            </p>
          );
        if (state.status !== 'ready' || state.order.orderCode !== orderCode)
          return (
            <p className="account-status" role="status">
              {t('account.loading')}
            </p>
          );
        return children(state.order);
      }}
    </MemberGate>
  );
}
