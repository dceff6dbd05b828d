/**
 * Asking for a refund. /account/apply-refund.html?orderCode=: an order not yet shipped can be
 * cancelled (REFUND_UNSHIPPED, with a reason); a finished one, within the returns window, lets
 * the member pick lines and units and choose refund only (only-refund.html) or return and
 * refund (refund-return.html), where the reason, the amounts and the no-reason-return notice
 * of each product are shown before sending. The reason's text is refused with OD_REFUND_EMOJI
 * when it holds emoji or #, & or !.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { REFUND_DESCRIPTION_MAX_LENGTH, type RefundReason } from '../../lib/constants.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { formatLinesParam, parseLinesParam } from '../../lib/orders/lines-param.ts';
import { reasonsFor, refundTypesFor } from '../../lib/orders/member-actions.ts';
import { returnedAmount } from '../../lib/orders/refund-amount.ts';
import type { RefundType } from '../../lib/orders/statuses.ts';
import { hasEmojiOrSymbols } from '../../lib/validation/rules.ts';
import { type Order } from '../../stores/orders.ts';
import { getPlatform } from '../../stores/platform.ts';
import { openRefund } from '../../stores/refunds.ts';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, FieldGroup, Form, FormError, SelectField, TextArea } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { formatMoney } from '../../lib/format/currency.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { OrderLines, useParam } from './parts.tsx';

export type RefundPageKind = 'apply' | 'only' | 'return';
export type ReturnNotice = Record<'Y' | 'N' | 'ONLY_EXCHANGE_NOT_RETREAT', string>;

export default function RefundPages({
  languageCode,
  prefix,
  messages,
  kind,
  returnNotice,
}: IslandProps & { kind: RefundPageKind; returnNotice: ReturnNotice }) {
  const t = useTranslator(languageCode, messages);
  const linesText = useParam('lines');
  const [now] = useState(() => Date.now());
  return (
    <MemberOrder t={t}>
      {(order) => {
        const types = refundTypesFor(order, now);
        const back = (
          <a className="text-link" href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(order.orderCode)}`}>
            {t('orders.backToOrder')}
          </a>
        );
        if (kind === 'apply' && types.includes('REFUND_UNSHIPPED'))
          return (
            <RefundForm t={t} prefix={prefix} order={order} type="REFUND_UNSHIPPED" lines={[]} returnNotice={returnNotice} back={back} />
          );
        const wanted: RefundType = kind === 'only' ? 'REFUND_SHIPPED' : 'REFUND_RETURN';
        if (types.length === 0 || (kind !== 'apply' && !types.includes(wanted)))
          return (
            <p className="account-empty">
              {t('refunds.notAllowed')} {back}
            </p>
          );
        if (kind === 'apply') return <ChooseLines t={t} prefix={prefix} order={order} back={back} />;
        return (
          <RefundForm
            t={t}
            prefix={prefix}
            order={order}
            type={wanted}
            lines={parseLinesParam(linesText ?? '')}
            returnNotice={returnNotice}
            back={back}
          />
        );
      }}
    </MemberOrder>
  );
}

/** Which lines, how many units, and which kind of refund. */
function ChooseLines({ t, prefix, order, back }: { t: Translate; prefix: string; order: Order; back: ReactNode }) {
  const returnable = order.products.filter((p) => p.returnableQty > 0);
  // The lines group checks the quantities chosen; its hidden input gives it a value, so its rule runs.
  const fields: FieldSpec[] = [
    {
      name: 'lines',
      validate: (_, values) =>
        returnable.some((p) => values[`qty-${p.productId}`] && values[`qty-${p.productId}`] !== '0') || 'OD_REFUND_LINES_REQUIRED',
    },
    { name: 'refundType', required: 'OD_REFUND_TYPE' },
  ];
  const form = useForm({
    t,
    fields,
    process: (values) => ({
      type: values.refundType as RefundType,
      lines: returnable
        .map((p) => ({ productId: p.productId, quantity: Number(values[`qty-${p.productId}`] ?? 0) }))
        .filter((l) => l.quantity > 0),
    }),
    submit: async (choice: { type: RefundType; lines: Array<{ productId: string; quantity: number }> }) => {
      const page = choice.type === 'REFUND_SHIPPED' ? 'only-refund' : 'refund-return';
      getPlatform().navigate(
        `${prefix}/account/${page}.html?orderCode=${encodeURIComponent(order.orderCode)}&lines=${encodeURIComponent(formatLinesParam(choice.lines))}`,
      );
      return { ok: true as const, data: null };
    },
  });
  return (
    <Form form={form} className="account-form account-card refund-choose">
      <p>{t('refunds.chooseIntro', { code: order.orderCode })}</p>
      <input type="hidden" name="lines" value="lines" />
      <FieldGroup form={form} group="lines" label={t('refunds.chooseLines')}>
        <ul className="order-lines">
          {order.products.map((line) => {
            const exchangeOnly = line.noReasonToReturnFlag === 'ONLY_EXCHANGE_NOT_RETREAT';
            const available = exchangeOnly ? 0 : line.returnableQty;
            return (
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
                  <select name={`qty-${line.productId}`} defaultValue="0" disabled={available === 0}>
                    {Array.from({ length: available + 1 }, (_, n) => (
                      <option key={n} value={String(n)}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            );
          })}
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

const DESCRIPTION: FieldSpec = {
  name: 'description',
  maxLength: REFUND_DESCRIPTION_MAX_LENGTH,
  counter: true,
  validate: (value) => !hasEmojiOrSymbols(value) || 'OD_REFUND_EMOJI',
};

/** The reason, the amounts and the notice, then the refund is asked for. */
function RefundForm({
  t,
  prefix,
  order,
  type,
  lines,
  returnNotice,
  back,
}: {
  t: Translate;
  prefix: string;
  order: Order;
  type: RefundType;
  lines: Array<{ productId: string; quantity: number }>;
  returnNotice: ReturnNotice;
  back: ReactNode;
}) {
  const chosen = useMemo(
    () =>
      type === 'REFUND_UNSHIPPED'
        ? order.products
        : lines.flatMap(({ productId, quantity }) => {
            const line = order.products.find((p) => p.productId === productId);
            return line ? [{ ...line, quantity: Math.min(quantity, line.returnableQty) }] : [];
          }),
    [lines, order, type],
  );
  // Cancelling before shipping returns nothing: any reason, as the API takes.
  const reasons = reasonsFor(type === 'REFUND_UNSHIPPED' ? [] : chosen);
  const amount =
    type === 'REFUND_UNSHIPPED'
      ? order.total
      : chosen.reduce((sum, l) => sum + returnedAmount(order, l.productDetailInfo.unitPrice, l.quantity), 0);
  const form = useForm({
    t,
    fields: [{ name: 'reason', required: 'OD_REFUND_REASON_REQUIRED' }, DESCRIPTION],
    process: (values) => ({
      orderCode: order.orderCode,
      refundType: type,
      lines: chosen.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      reason: values.reason as RefundReason,
      description: values.description ?? '',
    }),
    submit: openRefund,
    onSuccess: (refund) => getPlatform().navigate(`${prefix}/account/view-refund.html?refundCode=${encodeURIComponent(refund.refundCode)}`),
  });
  if (type !== 'REFUND_UNSHIPPED' && chosen.length === 0)
    return (
      <p className="account-empty">
        {t('refunds.nothingChosen')}{' '}
        <a href={`${prefix}/account/apply-refund.html?orderCode=${encodeURIComponent(order.orderCode)}`}>{t('refunds.chooseAgain')}</a>
      </p>
    );
  const flags = [...new Set(chosen.map((l) => l.noReasonToReturnFlag))];
  return (
    <Form form={form} className="account-form account-card refund-form" label={t(`refunds.types.${type}`)}>
      <h2>{t(`refunds.types.${type}`)}</h2>
      <p className="account-card__meta">{t(`refunds.typeHints.${type}`)}</p>
      <OrderLines t={t} prefix={prefix} lines={chosen} currency={order.currency} />
      {type !== 'REFUND_UNSHIPPED' && (
        <div className="return-notice" role="note" aria-label={t('refunds.notice')}>
          {flags.map((flag) => (
            <p key={flag}>{returnNotice[flag as keyof ReturnNotice]}</p>
          ))}
        </div>
      )}
      <SelectField
        form={form}
        spec={{ name: 'reason', required: 'OD_REFUND_REASON_REQUIRED' }}
        label={t('refunds.reason')}
        defaultValue=""
        options={[{ value: '', label: t('refunds.chooseReason') }, ...reasons.map((r) => ({ value: r, label: t(`refunds.reasons.${r}`) }))]}
      />
      <TextArea form={form} spec={DESCRIPTION} label={t('refunds.description')} rows={4} hint={t('refunds.descriptionHint')} />
      <p className="refund-form__amount">
        {t('refunds.amount')} <strong data-amount>{formatMoney(amount, order.currency)}</strong>
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
