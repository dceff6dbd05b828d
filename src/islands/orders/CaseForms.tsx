/**
 * Opening an exchange or an after-sales case on a finished order.
 * /account/replace.html?orderCode=: one unit of a line for another size or colour of the same
 * product, chosen against live stock. /account/apply-aftermarket.html?orderCode=: a repair, a
 * quality issue or an alteration of a line, described, with photos. Both list as cases: the
 * exchanges on replace-list.html, the after-sales cases on refund.html's own tab.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { REFUND_DESCRIPTION_MAX_LENGTH, type RefundReason } from '../../lib/constants.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { reasonsFor, windowOpen } from '../../lib/orders/member-actions.ts';
import { AFTER_SALE_SERVICES, type AfterSaleService } from '../../lib/orders/statuses.ts';
import { hasEmojiOrSymbols } from '../../lib/validation/rules.ts';
import { openExchange } from '../../stores/exchanges.ts';
import { type Order } from '../../stores/orders.ts';
import { getPlatform } from '../../stores/platform.ts';
import { $product, $stock, loadProduct, loadStock } from '../../stores/product-detail.ts';
import { openAfterSale } from '../../stores/refunds.ts';
import { AttachmentInput, useAttachments } from '../account/AttachmentInput.tsx';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, Form, FormError, SelectField, TextArea } from '../forms/fields.tsx';
import { codeText, useForm } from '../forms/use-form.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export type CaseFormKind = 'exchange' | 'afterSale';

export default function CaseForms({ languageCode, prefix, messages, kind }: IslandProps & { kind: CaseFormKind }) {
  const t = useTranslator(languageCode, messages);
  const [now] = useState(() => Date.now());
  return (
    <MemberOrder t={t}>
      {(order) => {
        const lines = order.products.filter((p) => p.returnableQty > 0 && p.giftFlag !== 'Y');
        if (!windowOpen(order, kind === 'exchange' ? 'return' : 'afterSale', now) || lines.length === 0)
          return (
            <p className="account-empty">
              {t(kind === 'exchange' ? 'exchanges.notAllowed' : 'afterSales.notAllowed')}{' '}
              <a href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(order.orderCode)}`}>{t('orders.backToOrder')}</a>
            </p>
          );
        return kind === 'exchange' ? (
          <ExchangeForm t={t} prefix={prefix} order={order} lines={lines} />
        ) : (
          <AfterSaleForm t={t} prefix={prefix} order={order} lines={lines} />
        );
      }}
    </MemberOrder>
  );
}

type Line = Order['products'][number];

const ATTACHMENTS: FieldSpec = { name: 'attachments' };

const DESCRIPTION: FieldSpec = {
  name: 'description',
  maxLength: REFUND_DESCRIPTION_MAX_LENGTH,
  counter: true,
  validate: (value) => !hasEmojiOrSymbols(value) || 'OD_REFUND_EMOJI',
};

function ExchangeForm({ t, prefix, order, lines }: { t: Translate; prefix: string; order: Order; lines: Line[] }) {
  const [productId, setProductId] = useState(lines[0]!.productId);
  const line = lines.find((l) => l.productId === productId) ?? lines[0]!;
  const product = useStore($product);
  const stock = useStore($stock);
  useEffect(() => {
    void loadProduct(line.productCode);
    void loadStock(line.productCode);
  }, [line.productCode]);
  // Every other SKU of the product, with its colour and size, and whether it is in stock now.
  const choices = useMemo(() => {
    if (product.status !== 'ready') return [];
    const { detail } = product;
    return detail.skus
      .filter((s) => s.skuCode !== line.skuCode)
      .map((s) => ({
        skuCode: s.skuCode,
        label: `${detail.colours.find((c) => c.colorNo === s.colorNo)?.name ?? s.colorNo} / ${detail.sizes.find((z) => z.sizeNo === s.sizeNo)?.alias ?? s.sizeNo}`,
        // null while the stock is not known yet: not offered until it is.
        inStock: stock.status === 'ready' && stock.productCode === line.productCode ? (stock.bySku.get(s.skuCode)?.stock ?? 0) > 0 : null,
      }));
  }, [product, stock, line.skuCode, line.productCode]);
  const fields: FieldSpec[] = [
    { name: 'productId', required: 'OD_EXCHANGE_NOT_ALLOWED' },
    { name: 'toSkuCode', required: 'OD_EXCHANGE_SKU_REQUIRED' },
    { name: 'reason', required: 'OD_REFUND_REASON_REQUIRED' },
    DESCRIPTION,
  ];
  const form = useForm({
    t,
    fields,
    process: (values) => ({
      orderCode: order.orderCode,
      productId: values.productId ?? '',
      toSkuCode: values.toSkuCode ?? '',
      reason: values.reason as RefundReason,
      description: values.description ?? '',
    }),
    submit: openExchange,
    onSuccess: (exchange) => getPlatform().navigate(`${prefix}/account/replace-list.html#${encodeURIComponent(exchange.exchangeCode)}`),
  });
  return (
    <Form form={form} className="account-form account-card">
      <SelectField
        form={form}
        spec={fields[0]!}
        label={t('exchanges.line')}
        defaultValue={productId}
        onChange={setProductId}
        options={lines.map((l) => ({
          value: l.productId,
          label: `${l.productDetailInfo.skuName} · ${l.productDetailInfo.colorAlias} / ${l.productDetailInfo.sizeAlias}`,
        }))}
      />
      {stock.status === 'error' ? (
        <p className="form-error" role="alert">
          {t('exchanges.stockFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void loadStock(line.productCode, { refresh: true })}>
            {t('account.retry')}
          </button>
        </p>
      ) : (
        <ChoiceField
          key={line.productId}
          form={form}
          spec={fields[1]!}
          label={t('exchanges.to')}
          options={choices.map((c) => ({
            value: c.skuCode,
            // A sold-out size or colour is shown, marked, and cannot be chosen (the API refuses it too).
            disabled: c.inStock !== true,
            label: (
              <>
                {c.label}
                {c.inStock === false && <small data-sold-out> · {t('exchanges.soldOut')}</small>}
              </>
            ),
          }))}
        />
      )}
      <SelectField
        form={form}
        spec={fields[2]!}
        label={t('refunds.reason')}
        defaultValue=""
        options={[
          { value: '', label: t('refunds.chooseReason') },
          ...reasonsFor([line]).map((r) => ({ value: r, label: t(`refunds.reasons.${r}`) })),
        ]}
      />
      <TextArea form={form} spec={DESCRIPTION} label={t('refunds.description')} rows={3} hint={t('refunds.descriptionHint')} />
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

function AfterSaleForm({ t, prefix, order, lines }: { t: Translate; prefix: string; order: Order; lines: Line[] }) {
  const attachments = useAttachments();
  const fields: FieldSpec[] = [
    { name: 'productId', required: 'OD_AFTERSALE_NOT_ALLOWED' },
    { name: 'serviceType', required: 'OD_AFTERSALE_SERVICE_REQUIRED' },
    { ...DESCRIPTION, required: 'OD_AFTERSALE_DESCRIPTION_REQUIRED' },
    // The pictures are checked as they are picked; declared so a refusal of the API shows beside them.
    ATTACHMENTS,
  ];
  const form = useForm({
    t,
    fields,
    process: (values) => ({
      orderCode: order.orderCode,
      productId: values.productId ?? '',
      serviceType: values.serviceType as AfterSaleService,
      description: values.description ?? '',
      attachments: attachments.files,
    }),
    submit: openAfterSale,
    // The API names a refused picture by its place (attachments.1): it leaves the form, said beside the field.
    onError: (info) => {
      const refused = /^attachments\.(\d+)/.exec(String((info.resp as { field?: string } | null)?.field ?? ''));
      if (refused)
        attachments.refuse(Number(refused[1]), (name) => form.showError(ATTACHMENTS.name, `${name}: ${codeText(t, info.msgCode)}`));
    },
    onSuccess: (afterSale) =>
      getPlatform().navigate(`${prefix}/account/view-refund.html?afterSaleCode=${encodeURIComponent(afterSale.afterSaleCode)}`),
  });
  return (
    <Form form={form} className="account-form account-card">
      <SelectField
        form={form}
        spec={fields[0]!}
        label={t('afterSales.line')}
        defaultValue={lines[0]!.productId}
        options={lines.map((l) => ({
          value: l.productId,
          label: `${l.productDetailInfo.skuName} · ${l.productDetailInfo.colorAlias} / ${l.productDetailInfo.sizeAlias}`,
        }))}
      />
      <ChoiceField
        form={form}
        spec={fields[1]!}
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
      <TextArea form={form} spec={fields[2]!} label={t('afterSales.description')} rows={4} hint={t('refunds.descriptionHint')} />
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
