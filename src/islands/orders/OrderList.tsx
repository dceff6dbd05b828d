/**
 * /account/order/order-list.html: the member's orders, newest first. Status tabs with their
 * counts (the statuses the CMS hides have no tab; their orders show under All), a search by
 * order code or product, paging. Each order shows its lines, total and status, and the actions
 * its state allows.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_FORMAT } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/orders/statuses.ts';
import {
  $orderQuery,
  $orders,
  loadOrders,
  ORDERS_PAGE_SIZE,
  searchOrders,
  showOrders,
  turnOrdersPage,
  type Order,
} from '../../stores/orders.ts';
import { Button } from '../forms/Button.tsx';
import { Form, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { LoadState, MemberGate, Pager } from '../account/parts.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderLines, StatusPill } from './parts.tsx';

const KEYWORD: FieldSpec = { name: 'keyword', maxLength: 40, spaces: { allowSpaceLeadTrail: false } };

export default function OrderList({ languageCode, prefix, messages, hiddenStatuses }: IslandProps & { hiddenStatuses: readonly string[] }) {
  const t = useTranslator(languageCode, messages);
  const orders = useStore($orders);
  const [now] = useState(() => Date.now());
  const query = useStore($orderQuery);
  const state = orders.data;
  const tabs = ORDER_STATUSES.filter((s) => !hiddenStatuses.includes(s));
  const show = (status: OrderStatus | null) => void showOrders(status);
  const search = useForm({
    t,
    fields: [KEYWORD],
    process: (values) => values.keyword ?? '',
    submit: async (keyword: string) => {
      const result = await searchOrders(keyword);
      return result.ok ? { ok: true as const, data: null } : result;
    },
  });

  return (
    <MemberGate t={t} onMember={() => void loadOrders()}>
      {() => (
        <div className="orders">
          <Form form={search} className="order-search">
            <div className="account-form__inline">
              <TextField form={search} spec={KEYWORD} type="search" label={t('orders.search')} placeholder={t('orders.searchHint')} />
              <Button type="submit" height={44} disabled={search.disabled}>
                {t('orders.searchButton')}
              </Button>
            </div>
          </Form>
          <div className="account-tabs order-tabs" role="group" aria-label={t('orders.byStatus')}>
            <button type="button" className="account-filter" aria-pressed={!query.status} onClick={() => show(null)}>
              {t('orders.all')}{' '}
              <span className="account-tabs__count">{state ? Object.values(state.counts).reduce((a, b) => a + b, 0) : ''}</span>
            </button>
            {tabs.map((status) => (
              <button
                key={status}
                type="button"
                className="account-filter"
                aria-pressed={query.status === status}
                onClick={() => show(status)}
                data-tab={status}
              >
                {t(`orders.status.${status}`)} <span className="account-tabs__count">{state?.counts[status] ?? 0}</span>
              </button>
            ))}
          </div>
          <LoadState t={t} state={orders} retry={() => void turnOrdersPage()}>
            {(page) =>
              page.list.length === 0 ? (
                <p className="account-empty">
                  {page.keyword ? t('orders.noneFor', { keyword: page.keyword }) : t('orders.none')}{' '}
                  <a href={`${prefix}/`}>{t('account.hub.startShopping')}</a>
                </p>
              ) : (
                <>
                  <ul className="order-cards">
                    {page.list.map((order) => (
                      <OrderCard key={order.orderCode} t={t} prefix={prefix} order={order} now={now} />
                    ))}
                  </ul>
                  <Pager
                    t={t}
                    page={page.page}
                    total={page.total}
                    pageSize={ORDERS_PAGE_SIZE}
                    onPage={(next) => void turnOrdersPage(next)}
                  />
                </>
              )
            }
          </LoadState>
        </div>
      )}
    </MemberGate>
  );
}

function OrderCard({ t, prefix, order, now }: { t: Translate; prefix: string; order: Order; now: number }) {
  const detail = `${prefix}/account/detail.html?orderCode=${encodeURIComponent(order.orderCode)}`;
  return (
    <li className="account-card order-card" data-order={order.orderCode} data-status={order.status}>
      <header className="order-card__header">
        <a href={detail} className="order-card__code">
          {order.orderCode}
        </a>
        <span className="account-card__meta">{formatMoment(order.createdAt, DATE_FORMAT)}</span>
        <StatusPill t={t} kind="orders" status={order.status} />
      </header>
      <OrderLines t={t} prefix={prefix} lines={order.products} currency={order.currency} />
      <footer className="order-card__footer">
        <p className="order-card__total">
          {t('orders.total')} <strong>{formatMoney(order.total, order.currency)}</strong>
        </p>
        <a className="text-link" href={detail}>
          {t('orders.buttons.detail')}
        </a>
      </footer>
      <OrderActions t={t} order={order} now={now} />
    </li>
  );
}
