/**
 * One case and how its goods come back. /account/view-refund.html?refundCode= (or
 * ?afterSaleCode=): the case with its lines, amount and timeline, and what the member may do
 * now (withdraw it, record the return, answer the store's offer after inspection).
 * /account/refund-logistics.html?refundCode= | afterSaleCode= | exchangeCode=: the goods go back
 * by courier (the express company from the CMS's list and a logistics code of two capitals and
 * 14 digits) or, for a refund or an after-sales case, are handed in at a shop.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { CurrencyCode } from '../../lib/i18n/regions.ts';
import { DATE_TIME_FORMAT } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import { afterSaleActions, refundActions } from '../../lib/orders/member-actions.ts';
import { getPlatform } from '../../stores/platform.ts';
import {
  $afterSale,
  $refund,
  answerRefundOffer,
  cancelAfterSale,
  cancelRefund,
  loadAfterSale,
  loadRefund,
  type AfterSale,
  type Refund,
} from '../../stores/refunds.ts';
import {
  caseRefOf,
  caseStateOf,
  loadCaseInAddress,
  RETURN_FIELDS,
  returnFields,
  returnPage,
  returnRoute,
  sendReturn,
  type CaseRef,
  type ReturnPage,
  type ReturnRoute,
} from '../../stores/return-form.ts';
import { ActionNote, LoadState, MemberGate, useAction } from '../account/parts.tsx';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, Form, FormError, SelectField, TextField } from '../forms/fields.tsx';
import { Modal } from '../forms/Modal.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { useQuery } from '../use-query.ts';
import { StatusPill, Timeline } from './parts.tsx';

/**
 * The page's heading: a refund's progress, or an after-sales case's by its service (a repair's,
 * an alteration's), never a refund's. Blank until the query string says which case it is.
 */
function caseTitle(t: Translate, ref: CaseRef | null | undefined, afterSale: AfterSale | null): string | null {
  if (ref === undefined) return null;
  if (ref?.kind !== 'afterSale') return t('appPages.account/view-refund');
  return afterSale?.afterSaleCode === ref.code ? t(`afterSales.titles.${afterSale.serviceType}`) : t('afterSales.title');
}

export function CaseView({
  languageCode,
  prefix,
  messages,
  companies,
  titleTemplate,
}: IslandProps & {
  companies: ExpressCompany[];
  /** The document title with '{{name}}' for the page's heading (the CMS's separator and suffix). */
  titleTemplate: string;
}) {
  const t = useTranslator(languageCode, messages);
  const ref = caseRefOf(useQuery());
  const refund = useStore($refund);
  const afterSale = useStore($afterSale);
  const [ready, setReady] = useState(false);
  const [missing, setMissing] = useState(false);
  const title = caseTitle(t, ref, afterSale.data);
  useEffect(() => {
    if (title) getPlatform().setTitle(titleTemplate.replace('{{name}}', title));
  }, [title, titleTemplate]);
  useEffect(() => {
    if (!ready || !ref) return;
    const load = ref.kind === 'refund' ? loadRefund(ref.code) : loadAfterSale(ref.code);
    void load.then((result) => setMissing(!result.ok && result.kind === 'failure'));
    // The case named by the page's query string, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, ref?.kind, ref?.code]);
  return (
    <>
      <h1 className="case-title">{title ?? '\u00a0'}</h1>
      <MemberGate t={t} onMember={() => setReady(true)}>
        {() => {
          if (ref === null || missing || ref?.kind === 'exchange')
            return (
              <p className="account-empty">
                {t('refunds.notFound')} <a href={`${prefix}/account/refund.html`}>{t('refunds.backToList')}</a>
              </p>
            );
          if (ref === undefined) return null;
          return ref.kind === 'refund' ? (
            <LoadState t={t} state={refund} retry={() => void loadRefund(ref.code)}>
              {(data) => (data.refundCode === ref.code ? <RefundCase t={t} prefix={prefix} refund={data} companies={companies} /> : null)}
            </LoadState>
          ) : (
            <LoadState t={t} state={afterSale} retry={() => void loadAfterSale(ref.code)}>
              {(data) => (data.afterSaleCode === ref.code ? <AfterSaleCase t={t} prefix={prefix} afterSale={data} /> : null)}
            </LoadState>
          );
        }}
      </MemberGate>
    </>
  );
}

/** A case's lines; `currency` null for a service, which refunds nothing (no amount shown). */
function CaseLines({ lines, currency }: { lines: Refund['lines']; currency: CurrencyCode | null }) {
  return (
    <ul className="order-lines">
      {lines.map((line) => (
        <li key={line.productId} className="order-line" data-product-id={line.productId}>
          <img src={line.imageUrl} alt="" width={64} height={80} loading="lazy" />
          <div className="order-line__what">
            <span>{line.skuName}</span>
            <span className="order-line__meta">
              {line.colorAlias} / {line.sizeAlias} × {line.quantity}
            </span>
          </div>
          {currency && <span className="order-line__price">{formatMoney(line.amount, currency)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The express company's name for its code (the code itself when the CMS's list lacks it). */
export const companyName = (companies: readonly ExpressCompany[], code: string) => companies.find((c) => c.code === code)?.name ?? code;

function RefundCase({ t, prefix, refund, companies }: { t: Translate; prefix: string; refund: Refund; companies: ExpressCompany[] }) {
  const allowed = refundActions(refund.status);
  const action = useAction(t);
  const [confirmCancel, setConfirmCancel] = useState(false);
  return (
    <div className="case" data-case={refund.refundCode} data-status={refund.status}>
      <section className="account-card">
        <header className="order-card__header">
          <h2 className="order-card__code">{refund.refundCode}</h2>
          <StatusPill t={t} kind="refunds" status={refund.status} />
        </header>
        <p className="account-card__meta">
          {t(`refunds.types.${refund.refundType}`)} ·{' '}
          <a href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(refund.orderCode)}`}>{refund.orderCode}</a> ·{' '}
          {formatMoment(refund.createdAt, DATE_TIME_FORMAT)}
        </p>
        <p>
          {t(`refunds.reasons.${refund.reason}`)}
          {refund.description && `: ${refund.description}`}
        </p>
        <CaseLines lines={refund.lines} currency={refund.currency} />
        <p className="refund-form__amount">
          {t('refunds.amount')} <strong data-amount>{formatMoney(refund.amount, refund.currency)}</strong>
        </p>
        {refund.logistics && (
          <p className="account-card__meta">
            {t('refunds.sentWith', { express: companyName(companies, refund.logistics.expressCode), code: refund.logistics.logisticsCode })}
          </p>
        )}
        {refund.dropStoreCode && <p className="account-card__meta">{t('refunds.droppedAt', { code: refund.dropStoreCode })}</p>}
        {allowed.includes('acceptPartial') && refund.proposedAmount !== null && (
          <div className="case__offer" role="group" aria-label={t('refunds.offerTitle')}>
            <p>{t('refunds.offer', { amount: formatMoney(refund.proposedAmount, refund.currency) })}</p>
            <div className="order-actions">
              <Button onClick={() => void action.run(() => answerRefundOffer(refund.refundCode, true), t('refunds.offerAccepted'))}>
                {t('refunds.accept')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => void action.run(() => answerRefundOffer(refund.refundCode, false), t('refunds.offerRejected'))}
              >
                {t('refunds.reject')}
              </Button>
            </div>
          </div>
        )}
        <div className="order-actions">
          {(allowed.includes('sendBack') || allowed.includes('dropAtStore')) && (
            <a className="button" href={`${prefix}/account/refund-logistics.html?refundCode=${encodeURIComponent(refund.refundCode)}`}>
              {t('refunds.recordReturn')}
            </a>
          )}
          {allowed.includes('cancel') && (
            <Button variant="ghost" onClick={() => setConfirmCancel(true)}>
              {t('refunds.cancel')}
            </Button>
          )}
        </div>
        <ActionNote action={action} />
      </section>
      <section className="account-card" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">{t('orders.timeline')}</h2>
        <Timeline t={t} kind="refunds" history={refund.history} />
      </section>
      <Modal
        open={confirmCancel}
        title={t('refunds.cancelTitle')}
        closeLabel={t('common.close')}
        onClose={() => setConfirmCancel(false)}
        buttons={[
          {
            label: t('refunds.cancel'),
            variant: 'danger',
            onClick: async () => {
              await action.run(() => cancelRefund(refund.refundCode), t('refunds.cancelled'));
            },
          },
          { label: t('orders.keep'), variant: 'ghost' },
        ]}
      >
        <p>{t('refunds.cancelConfirm', { code: refund.refundCode })}</p>
      </Modal>
    </div>
  );
}

function AfterSaleCase({ t, prefix, afterSale }: { t: Translate; prefix: string; afterSale: AfterSale }) {
  const allowed = afterSaleActions(afterSale.status);
  const action = useAction(t);
  return (
    <div className="case" data-case={afterSale.afterSaleCode} data-status={afterSale.status}>
      <section className="account-card">
        <header className="order-card__header">
          <h2 className="order-card__code">{afterSale.afterSaleCode}</h2>
          <StatusPill t={t} kind="afterSales" status={afterSale.status} service={afterSale.serviceType} />
        </header>
        <p className="account-card__meta">
          {t(`afterSales.services.${afterSale.serviceType}`)} ·{' '}
          <a href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(afterSale.orderCode)}`}>{afterSale.orderCode}</a> ·{' '}
          {formatMoment(afterSale.createdAt, DATE_TIME_FORMAT)}
        </p>
        <p>{afterSale.description}</p>
        <CaseLines lines={[afterSale.line]} currency={null} />
        {afterSale.pictures.length > 0 && (
          <ul className="attachment-list">
            {afterSale.pictures.map((p) => (
              <li key={p.attachmentId}>
                <a href={p.url} target="_blank" rel="noopener">
                  <img src={p.url} alt={p.name} width={96} height={96} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
        <div className="order-actions">
          {(allowed.includes('sendBack') || allowed.includes('dropAtStore')) && (
            <a
              className="button"
              href={`${prefix}/account/refund-logistics.html?afterSaleCode=${encodeURIComponent(afterSale.afterSaleCode)}`}
            >
              {t('refunds.recordReturn')}
            </a>
          )}
          {allowed.includes('cancel') && (
            <Button variant="ghost" onClick={() => void action.run(() => cancelAfterSale(afterSale.afterSaleCode), t('refunds.cancelled'))}>
              {t('afterSales.cancel')}
            </Button>
          )}
        </div>
        <ActionNote action={action} />
      </section>
      <section className="account-card" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">{t('orders.timeline')}</h2>
        <Timeline t={t} kind="afterSales" service={afterSale.serviceType} history={afterSale.history} />
      </section>
    </div>
  );
}

export interface ExpressCompany {
  code: string;
  name: string;
}

export function ReturnLogistics({
  languageCode,
  messages,
  companies,
  shops,
}: IslandProps & { companies: ExpressCompany[]; shops: Shop[] }) {
  const t = useTranslator(languageCode, messages);
  const ref = caseRefOf(useQuery());
  return (
    <MemberGate t={t} onMember={() => void loadCaseInAddress()}>
      {() => {
        if (!ref) return ref === null ? <p className="account-empty">{t('refunds.notFound')}</p> : null;
        return <ReturnPageView t={t} caseRef={ref} companies={companies} shops={shops} />;
      }}
    </MemberGate>
  );
}

interface Shop {
  code: string;
  name: string;
  region: string;
}

function ReturnPageView({ t, caseRef, companies, shops }: { t: Translate; caseRef: CaseRef; companies: ExpressCompany[]; shops: Shop[] }) {
  const page = returnPage(caseRef, useStore(caseStateOf(caseRef)));
  if (page.page === 'notFound') return <p className="account-empty">{t('refunds.notFound')}</p>;
  if (page.page === 'loading')
    return (
      <p className="account-status" role="status">
        {t('account.loading')}
      </p>
    );
  if (page.page === 'notNow')
    return (
      <p className="account-empty">
        {t('refunds.returnNotNow')} <a href={page.caseHref}>{t('refunds.backToCase')}</a>
      </p>
    );
  return <LogisticsForm t={t} page={page} companies={companies} shops={shops} />;
}

function LogisticsForm({
  t,
  page,
  companies,
  shops,
}: {
  t: Translate;
  page: Extract<ReturnPage, { page: 'form' }>;
  companies: ExpressCompany[];
  shops: Shop[];
}) {
  const { ref: caseRef, storeAllowed } = page;
  const [way, setWay] = useState<'COURIER' | 'STORE'>('COURIER');
  const form = useForm({
    t,
    fields: (values) => returnFields(values, storeAllowed),
    process: returnRoute,
    submit: (route: ReturnRoute) => sendReturn(caseRef, route),
  });
  return (
    <Form form={form} className="account-form account-card" label={t('refunds.recordReturn')}>
      <p>{t('refunds.returnIntro', { code: caseRef.code })}</p>
      {storeAllowed && (
        <ChoiceField
          form={form}
          spec={RETURN_FIELDS.way}
          label={t('refunds.way')}
          defaultValue={way}
          onChange={(value) => setWay(value as 'COURIER' | 'STORE')}
          options={[
            { value: 'COURIER', label: t('refunds.ways.COURIER') },
            { value: 'STORE', label: t('refunds.ways.STORE') },
          ]}
        />
      )}
      {way === 'COURIER' ? (
        <>
          <SelectField
            form={form}
            spec={RETURN_FIELDS.expressCode}
            label={t('refunds.express')}
            defaultValue=""
            options={[{ value: '', label: t('refunds.chooseExpress') }, ...companies.map((c) => ({ value: c.code, label: c.name }))]}
          />
          <TextField
            form={form}
            spec={RETURN_FIELDS.logisticsCode}
            label={t('refunds.logisticsCode')}
            hint={t('refunds.logisticsHint')}
            autoComplete="off"
            placeholder="AB12345678901234"
          />
        </>
      ) : (
        <SelectField
          form={form}
          spec={RETURN_FIELDS.storeCode}
          label={t('refunds.store')}
          defaultValue=""
          options={[
            { value: '', label: t('account.recycle.chooseShop') },
            ...shops.map((s) => ({ value: s.code, label: `${s.name} (${s.region})` })),
          ]}
        />
      )}
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('refunds.saveReturn')}
        </Button>
        <a className="text-link" href={page.caseHref}>
          {t('refunds.backToCase')}
        </a>
      </div>
    </Form>
  );
}
