/**
 * Opening an exchange or an after-sales case on a finished order.
 * /account/replace.html?orderCode=: one unit of a line for another size or colour of the same
 * product, chosen against live stock. /account/apply-aftermarket.html?orderCode=: a repair, a
 * quality issue or an alteration of a line, described, with photos. Both list as cases: the
 * exchanges on replace-list.html, the after-sales cases on refund.html's own tab. What each
 * offers, and sending it, are the case forms store's (stores/case-forms.ts).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { AFTER_SALE_SERVICES } from '../../lib/orders/statuses.ts';
import {
  AFTER_SALE_FIELDS,
  afterSaleBody,
  caseFormLines,
  createExchangeForm,
  EXCHANGE_FIELDS,
  PICTURES_FIELD,
  refusedPicture,
  sendAfterSale,
  type CaseFormKind,
  type OrderLine,
} from '../../stores/case-forms.ts';
import type { Order } from '../../stores/orders.ts';
import { AttachmentInput, useAttachments } from '../account/AttachmentInput.tsx';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, Form, FormError, SelectField, TextArea } from '../forms/fields.tsx';
import { codeText, useForm } from '../forms/use-form.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export type { CaseFormKind };

export default function CaseForms({ languageCode, messages, kind }: IslandProps & { kind: CaseFormKind }) {
  const t = useTranslator(languageCode, messages);
  const [now] = useState(() => Date.now());
  return (
    <MemberOrder t={t}>
      {(order) => {
        const page = caseFormLines(order, kind, now);
        if ('closed' in page)
          return (
            <p className="account-empty">
              {t(kind === 'exchange' ? 'exchanges.notAllowed' : 'afterSales.notAllowed')}{' '}
              <a href={page.backHref}>{t('orders.backToOrder')}</a>
            </p>
          );
        return kind === 'exchange' ? (
          <ExchangeForm t={t} order={order} lines={page.lines} />
        ) : (
          <AfterSaleForm t={t} order={order} lines={page.lines} />
        );
      }}
    </MemberOrder>
  );
}

const lineOptions = (lines: readonly OrderLine[]) =>
  lines.map((l) => ({
    value: l.productId,
    label: `${l.productDetailInfo.skuName} · ${l.productDetailInfo.colorAlias} / ${l.productDetailInfo.sizeAlias}`,
  }));

function ExchangeForm({ t, order, lines }: { t: Translate; order: Order; lines: OrderLine[] }) {
  const [exchange] = useState(() => createExchangeForm(order, lines));
  const line = useStore(exchange.$line);
  const choices = useStore(exchange.$choices);
  const stockFailed = useStore(exchange.$stockFailed);
  const reasons = useStore(exchange.$reasons);
  useEffect(() => void exchange.start(), [exchange]);
  const form = useForm({ t, fields: EXCHANGE_FIELDS, process: exchange.body, submit: exchange.send });
  return (
    <Form form={form} className="account-form account-card">
      <SelectField
        form={form}
        spec={EXCHANGE_FIELDS[0]!}
        label={t('exchanges.line')}
        defaultValue={line.productId}
        onChange={(productId) => void exchange.chooseLine(productId)}
        options={lineOptions(lines)}
      />
      {stockFailed ? (
        <p className="form-error" role="alert">
          {t('exchanges.stockFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void exchange.retryStock()}>
            {t('account.retry')}
          </button>
        </p>
      ) : (
        <ChoiceField
          key={line.productId}
          form={form}
          spec={EXCHANGE_FIELDS[1]!}
          label={t('exchanges.to')}
          options={choices.map((c) => ({
            value: c.skuCode,
            // A sold-out size or colour is shown, marked, and cannot be chosen (the API refuses it too).
            disabled: c.inStock !== true,
            label: (
              <>
                {c.colour} / {c.size}
                {c.inStock === false && <small data-sold-out> · {t('exchanges.soldOut')}</small>}
              </>
            ),
          }))}
        />
      )}
      <SelectField
        form={form}
        spec={EXCHANGE_FIELDS[2]!}
        label={t('refunds.reason')}
        defaultValue=""
        options={[{ value: '', label: t('refunds.chooseReason') }, ...reasons.map((r) => ({ value: r, label: t(`refunds.reasons.${r}`) }))]}
      />
      <TextArea form={form} spec={EXCHANGE_FIELDS[3]!} label={t('refunds.description')} rows={3} hint={t('refunds.descriptionHint')} />
      <p className="account-card__meta">{t('exchanges.how')}</p>
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('exchanges.submit')}
        </Button>
      </div>
    </Form>
  );
}

function AfterSaleForm({ t, order, lines }: { t: Translate; order: Order; lines: OrderLine[] }) {
  const attachments = useAttachments();
  const form = useForm({
    t,
    fields: AFTER_SALE_FIELDS,
    process: (values) => afterSaleBody(order, values, attachments.files),
    submit: sendAfterSale,
    // A picture the API refuses leaves the form, said beside the field.
    onError: (info) => {
      const refused = refusedPicture((info.resp as { field?: string } | null)?.field);
      if (refused !== null)
        attachments.refuse(refused, (name) => form.showError(PICTURES_FIELD.name, `${name}: ${codeText(t, info.msgCode)}`));
    },
  });
  return (
    <Form form={form} className="account-form account-card">
      <SelectField
        form={form}
        spec={AFTER_SALE_FIELDS[0]!}
        label={t('afterSales.line')}
        defaultValue={lines[0]!.productId}
        options={lineOptions(lines)}
      />
      <ChoiceField
        form={form}
        spec={AFTER_SALE_FIELDS[1]!}
        label={t('afterSales.service')}
        options={AFTER_SALE_SERVICES.map((s) => ({
          value: s,
          label: (
            <>
              <strong>{t(`afterSales.services.${s}`)}</strong>
              <br />
              <small>{t(`afterSales.hints.${s}`)}</small>
            </>
          ),
        }))}
      />
      <TextArea form={form} spec={AFTER_SALE_FIELDS[2]!} label={t('afterSales.description')} rows={4} hint={t('refunds.descriptionHint')} />
      <AttachmentInput form={form} t={t} attachments={attachments} />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('afterSales.submit')}
        </Button>
      </div>
    </Form>
  );
}
