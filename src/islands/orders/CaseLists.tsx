/**
 * The member's after-purchase cases. /account/refund.html: refunds and returns, and in a tab of
 * their own the after-sales cases (repair, quality issue, alteration), each filtered by status
 * (the statuses the CMS hides are left out of the filter; their cases show under All).
 * /account/replace-list.html: exchanges, with what each allows now (withdraw, send the item
 * back, confirm the replacement arrived).
 */
import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_FORMAT } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import { exchangeActions } from '../../lib/orders/member-actions.ts';
import { EXCHANGE_STATUSES, REFUND_STATUSES, type ExchangeStatus, type RefundStatus } from '../../lib/orders/statuses.ts';
import { statusesOf, AFTER_SALE_TRANSITIONS } from '../../lib/orders/state-machine.ts';
import { entryStatuses, entryValue, filterEntries } from '../../lib/orders/status-filter.ts';
import {
  $exchanges,
  cancelExchange,
  confirmReplacement,
  EXCHANGES_PAGE_SIZE,
  loadExchanges,
  type Exchange,
} from '../../stores/exchanges.ts';
import { $afterSales, $refunds, CASES_PAGE_SIZE, loadAfterSales, loadRefunds, type AfterSale, type Refund } from '../../stores/refunds.ts';
import { ActionNote, LoadState, MemberGate, Pager, useAction } from '../account/parts.tsx';
import { Button } from '../forms/Button.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { companyName, type ExpressCompany } from './CasePages.tsx';
import { StatusPill, statusLabel } from './parts.tsx';

type Tab = 'refunds' | 'afterSales';

export function RefundList({ languageCode, prefix, messages, hiddenStatuses }: IslandProps & { hiddenStatuses: readonly string[] }) {
  const t = useTranslator(languageCode, messages);
  const [tab, setTab] = useState<Tab>('refunds');
  const refunds = useStore($refunds);
  const afterSales = useStore($afterSales);
  const status = (tab === 'refunds' ? refunds : afterSales).data?.statuses ?? null;
  // One entry per label (a return and a refund only both read "awaiting review"); an after-sales
  // case's statuses read as its own, not a refund's.
  const entries = filterEntries(
    (tab === 'refunds' ? REFUND_STATUSES : statusesOf(AFTER_SALE_TRANSITIONS)).filter((s) => !hiddenStatuses.includes(s)),
    (s) => statusLabel(t, tab, s),
  );
  const load = (page: number, next: RefundStatus[] | null) =>
    void (tab === 'refunds' ? loadRefunds(page, next) : loadAfterSales(page, next));
  return (
    <MemberGate
      t={t}
      onMember={() => {
        void loadRefunds();
        void loadAfterSales();
      }}
    >
      {() => (
        <div className="cases">
          <div className="account-tabs" role="group" aria-label={t('refunds.kinds')}>
            {(['refunds', 'afterSales'] as const).map((key) => (
              <button
                key={key}
                type="button"
                className="account-filter"
                aria-pressed={tab === key}
                onClick={() => setTab(key)}
                data-tab={key}
              >
                {t(`refunds.tabs.${key}`)}
              </button>
            ))}
          </div>
          <div className="form-field case-filter">
            <label htmlFor="case-status">{t('refunds.filter')}</label>
            <select id="case-status" value={entryValue(status)} onChange={(e) => load(1, entryStatuses<RefundStatus>(e.target.value))}>
              <option value="">{t('orders.all')}</option>
              {entries.map((entry) => (
                <option key={entry.label} value={entryValue(entry.statuses)}>
                  {entry.label}
                </option>
              ))}
            </select>
          </div>
          {tab === 'refunds' ? (
            <LoadState t={t} state={refunds} retry={() => load(refunds.data?.page ?? 1, status)}>
              {(page) => (
                <CasePageList t={t} page={page} onPage={(next) => load(next, page.statuses)}>
                  {(refund: Refund) => (
                    <CaseRow
                      key={refund.refundCode}
                      t={t}
                      code={refund.refundCode}
                      href={`${prefix}/account/view-refund.html?refundCode=${encodeURIComponent(refund.refundCode)}`}
                      status={refund.status}
                      what={`${t(`refunds.types.${refund.refundType}`)} · ${refund.orderCode} · ${formatMoment(refund.createdAt, DATE_FORMAT)} · ${formatMoney(refund.amount, refund.currency)}`}
                    />
                  )}
                </CasePageList>
              )}
            </LoadState>
          ) : (
            <LoadState t={t} state={afterSales} retry={() => load(afterSales.data?.page ?? 1, status)}>
              {(page) => (
                <CasePageList t={t} page={page} onPage={(next) => load(next, page.statuses)}>
                  {(afterSale: AfterSale) => (
                    <CaseRow
                      key={afterSale.afterSaleCode}
                      t={t}
                      code={afterSale.afterSaleCode}
                      href={`${prefix}/account/view-refund.html?afterSaleCode=${encodeURIComponent(afterSale.afterSaleCode)}`}
                      status={afterSale.status}
                      service={afterSale.serviceType}
                      what={`${t(`afterSales.services.${afterSale.serviceType}`)} · ${afterSale.orderCode} · ${formatMoment(afterSale.createdAt, DATE_FORMAT)}`}
                    />
                  )}
                </CasePageList>
              )}
            </LoadState>
          )}
        </div>
      )}
    </MemberGate>
  );
}

/** A page of cases, or a note that there are none, with paging. */
function CasePageList<T>({
  t,
  page,
  onPage,
  children,
}: {
  t: Translate;
  page: { list: T[]; total: number; page: number };
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  if (page.list.length === 0) return <p className="account-empty">{t('refunds.none')}</p>;
  return (
    <>
      <ul className="case-list">{page.list.map(children)}</ul>
      <Pager t={t} page={page.page} total={page.total} pageSize={CASES_PAGE_SIZE} onPage={onPage} />
    </>
  );
}

function CaseRow({
  t,
  code,
  href,
  status,
  service,
  what,
}: {
  t: Translate;
  code: string;
  href: string;
  status: string;
  /** An after-sales case's service: its statuses read as its own. */
  service?: string;
  what: string;
}) {
  return (
    <li className="account-card case-row" data-case={code} data-status={status}>
      <p>
        <a href={href}>
          <strong>{code}</strong>
        </a>{' '}
        <StatusPill t={t} kind={service ? 'afterSales' : 'refunds'} status={status} service={service} />
      </p>
      <p className="account-card__meta">{what}</p>
    </li>
  );
}

export function ExchangeList({ languageCode, prefix, messages, companies }: IslandProps & { companies: ExpressCompany[] }) {
  const t = useTranslator(languageCode, messages);
  const exchanges = useStore($exchanges);
  const status = exchanges.data?.status ?? null;
  const action = useAction(t);
  return (
    <MemberGate t={t} onMember={() => void loadExchanges()}>
      {() => (
        <div className="cases">
          <div className="form-field case-filter">
            <label htmlFor="exchange-status">{t('refunds.filter')}</label>
            <select
              id="exchange-status"
              value={status ?? ''}
              onChange={(e) => void loadExchanges(1, (e.target.value || null) as ExchangeStatus | null)}
            >
              <option value="">{t('orders.all')}</option>
              {EXCHANGE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`exchanges.status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <ActionNote action={action} />
          <LoadState t={t} state={exchanges} retry={() => void loadExchanges(exchanges.data?.page ?? 1, status)}>
            {(page) =>
              page.list.length === 0 ? (
                <p className="account-empty">{t('exchanges.none')}</p>
              ) : (
                <>
                  <ul className="case-list">
                    {page.list.map((exchange) => (
                      <ExchangeRow
                        key={exchange.exchangeCode}
                        t={t}
                        prefix={prefix}
                        exchange={exchange}
                        action={action}
                        companies={companies}
                      />
                    ))}
                  </ul>
                  <Pager
                    t={t}
                    page={page.page}
                    total={page.total}
                    pageSize={EXCHANGES_PAGE_SIZE}
                    onPage={(next) => void loadExchanges(next, page.status)}
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

function ExchangeRow({
  t,
  prefix,
  exchange,
  action,
  companies,
}: {
  t: Translate;
  prefix: string;
  exchange: Exchange;
  action: ReturnType<typeof useAction>;
  companies: readonly ExpressCompany[];
}) {
  const allowed = exchangeActions(exchange.status);
  const { line } = exchange;
  return (
    <li id={exchange.exchangeCode} className="account-card case-row" data-case={exchange.exchangeCode} data-status={exchange.status}>
      <p>
        <strong>{exchange.exchangeCode}</strong> <StatusPill t={t} kind="exchanges" status={exchange.status} />
      </p>
      <p className="account-card__meta">
        {line.skuName}: {line.colorAlias} / {line.sizeAlias} → {exchange.toColorAlias} / {exchange.toSizeAlias} · {exchange.orderCode} ·{' '}
        {formatMoment(exchange.createdAt, DATE_FORMAT)}
      </p>
      {exchange.logistics && (
        <p className="account-card__meta">
          {t('refunds.sentWith', {
            express: companyName(companies, exchange.logistics.expressCode),
            code: exchange.logistics.logisticsCode,
          })}
        </p>
      )}
      <div className="order-actions">
        {allowed.includes('sendBack') && (
          <a className="button" href={`${prefix}/account/refund-logistics.html?exchangeCode=${encodeURIComponent(exchange.exchangeCode)}`}>
            {t('refunds.recordReturn')}
          </a>
        )}
        {allowed.includes('confirmReceipt') && (
          <Button onClick={() => void action.run(() => confirmReplacement(exchange.exchangeCode), t('exchanges.confirmed'))}>
            {t('exchanges.confirmReceipt')}
          </Button>
        )}
        {allowed.includes('cancel') && (
          <Button variant="ghost" onClick={() => void action.run(() => cancelExchange(exchange.exchangeCode), t('exchanges.cancelled'))}>
            {t('exchanges.cancel')}
          </Button>
        )}
      </div>
    </li>
  );
}
