/**
 * Asking for a refund. /account/apply-refund.html?orderCode=: an order not yet shipped can be
 * cancelled (REFUND_UNSHIPPED, with a reason); a finished one, within the returns window, lets
 * the member pick lines and units and choose refund only (only-refund.html) or return and
 * refund (refund-return.html), where the reason, the amounts and the no-reason-return notice
 * of each product are shown before sending. What each page offers, and sending it, are the
 * refund forms store's (stores/refund-forms.ts).
 */
import { useState, type ReactNode } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import type { Order } from '../../stores/orders.ts';
import {
  choiceOf,
  chooseFields,
  DESCRIPTION_FIELD,
  goToRefundForm,
  quantityField,
  REASON_FIELD,
  REFUND_FIELDS,
  refundBody,
  refundPage,
  sendRefund,
  type ChoosableLine,
  type RefundPage,
  type RefundPageKind,
} from '../../stores/refund-forms.ts';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, FieldGroup, Form, FormError, SelectField, TextArea } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { OrderLines } from './parts.tsx';

export type { RefundPageKind };
export type ReturnNotice = Record<'Y' | 'N' | 'ONLY_EXCHANGE_NOT_RETREAT', string>;

export default function RefundPages({
  languageCode,
  prefix,
  messages,
  kind,
  returnNotice,
}: IslandProps & { kind: RefundPageKind; returnNotice: ReturnNotice }) {
  const t = useTranslator(languageCode, messages);
  const [now] = useState(() => Date.now());
  return (
    <MemberOrder t={t}>
      {(order) => {
        const page = refundPage(order, kind, now);
        if (page.page === 'nothingChosen')
          return (
            <p className="account-empty">
              {t('refunds.nothingChosen')} <a href={page.chooseAgainHref}>{t('refunds.chooseAgain')}</a>
            </p>
          );
        const back = (
          <a className="text-link" href={page.backHref}>
            {t('orders.backToOrder')}
          </a>
        );
        if (page.page === 'notAllowed')
          return (
            <p className="account-empty">
              {t('refunds.notAllowed')} {back}
            </p>
          );
        if (page.page === 'choose') return <ChooseLines t={t} order={order} lines={page.lines} back={back} />;
        return <RefundForm t={t} prefix={prefix} order={order} page={page} returnNotice={returnNotice} back={back} />;
      }}
    </MemberOrder>
  );
}

/** Which lines, how many units, and which kind of refund. */
function ChooseLines({ t, order, lines, back }: { t: Translate; order: Order; lines: ChoosableLine[]; back: ReactNode }) {
  const fields = chooseFields(order);
  const form = useForm({ t, fields, process: (values) => choiceOf(order, values), submit: (choice) => goToRefundForm(order, choice) });
  return (
    <Form form={form} className="account-form account-card refund-choose">
      <p>{t('refunds.chooseIntro', { code: order.orderCode })}</p>
      <input type="hidden" name="lines" value="lines" />
      <FieldGroup form={form} group="lines" label={t('refunds.chooseLines')}>
        <ul className="order-lines">
          {lines.map(({ line, exchangeOnly, available }) => (
            <li key={line.productId} className="order-line" data-product-id={line.productId}>
              <img src={line.imageUrl} alt="" width={64} height={80} loading="lazy" />
              <div className="order-line__what">
                <span>{line.productDetailInfo.skuName}</span>
                <span className="order-line__meta">
                  {line.productDetailInfo.colorAlias} / {line.productDetailInfo.sizeAlias} ·{' '}
                  {formatMoney(line.productDetailInfo.unitPrice, order.currency)}
                </span>
                {exchangeOnly && <span className="order-line__meta">{t('refunds.exchangeOnly')}</span>}
                {!exchangeOnly && available === 0 && <span className="order-line__meta">{t('refunds.nothingLeft')}</span>}
              </div>
              <label className="order-line__qty">
                <span className="visually-hidden">{t('refunds.quantityOf', { name: line.productDetailInfo.skuName })}</span>
                <select name={quantityField(line.productId)} defaultValue="0" disabled={available === 0}>
                  {Array.from({ length: available + 1 }, (_, n) => (
                    <option key={n} value={String(n)}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ul>
      </FieldGroup>
      <ChoiceField
        form={form}
        spec={fields[1]!}
        label={t('refunds.whichKind')}
        options={(['REFUND_RETURN', 'REFUND_SHIPPED'] as const).map((type) => ({
          value: type,
          label: (
            <>
              <strong>{t(`refunds.types.${type}`)}</strong>
              <br />
              <small>{t(`refunds.typeHints.${type}`)}</small>
            </>
          ),
        }))}
      />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {t('refunds.next')}
        </Button>
        {back}
      </div>
    </Form>
  );
}

/** The reason, the amounts and the notice, then the refund is asked for. */
function RefundForm({
  t,
  prefix,
  order,
  page,
  returnNotice,
  back,
}: {
  t: Translate;
  prefix: string;
  order: Order;
  page: Extract<RefundPage, { page: 'form' }>;
  returnNotice: ReturnNotice;
  back: ReactNode;
}) {
  const { type } = page;
  const form = useForm({ t, fields: REFUND_FIELDS, process: (values) => refundBody(order, page, values), submit: sendRefund });
  return (
    <Form form={form} className="account-form account-card refund-form" label={t(`refunds.types.${type}`)}>
      <h2>{t(`refunds.types.${type}`)}</h2>
      <p className="account-card__meta">{t(`refunds.typeHints.${type}`)}</p>
      <OrderLines t={t} prefix={prefix} lines={page.chosen} currency={order.currency} />
      {type !== 'REFUND_UNSHIPPED' && (
        <div className="return-notice" role="note" aria-label={t('refunds.notice')}>
          {page.notices.map((flag) => (
            <p key={flag}>{returnNotice[flag as keyof ReturnNotice]}</p>
          ))}
        </div>
      )}
      <SelectField
        form={form}
        spec={REASON_FIELD}
        label={t('refunds.reason')}
        defaultValue=""
        options={[
          { value: '', label: t('refunds.chooseReason') },
          ...page.reasons.map((r) => ({ value: r, label: t(`refunds.reasons.${r}`) })),
        ]}
      />
      <TextArea form={form} spec={DESCRIPTION_FIELD} label={t('refunds.description')} rows={4} hint={t('refunds.descriptionHint')} />
      <p className="refund-form__amount">
        {t('refunds.amount')} <strong data-amount>{formatMoney(page.amount, order.currency)}</strong>
      </p>
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t(type === 'REFUND_UNSHIPPED' ? 'refunds.submitCancel' : 'refunds.submit')}
        </Button>
        {back}
      </div>
    </Form>
  );
}
