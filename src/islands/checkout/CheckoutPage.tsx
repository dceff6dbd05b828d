/**
 * Checkout: delivery (express to home, two convenience-store chains, store
 * pickup, direct site delivery), the address or store, the invoice (personal cloud invoice
 * with its vehicle, company e-invoice, donation), payment (cash on delivery, pay in store,
 * online with a channel), coupon; totals from the API's preview. The form is checked with the
 * contract's own schema before it is sent, so the page and the API give the same errors;
 * the first one is shown on its field and scrolled to.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { donationTargetsFor, orderCreateBodySchema, type CheckoutFrom } from '../../lib/api/contract-checkout.ts';
import type { RequestOf } from '../../lib/api/contract.ts';
import {
  CHECKOUT_CURRENCY,
  CLOUD_INVOICE_VEHICLES,
  DEFAULT_PAGE_HEADER_HEIGHT_PX,
  DELIVERY_TYPES,
  INVOICE_TYPES,
  ONLINE_PAY_CHANNELS,
  PAYMENT_METHODS_BY_DELIVERY,
  STORE_DELIVERY_TYPES,
  ADDRESS_DELIVERY_TYPES,
  type DeliveryType,
  type OnlinePayChannel,
  type PaymentMethod,
} from '../../lib/constants.ts';
import { formatPrice } from '../../lib/format/currency.ts';
import { currencyFormatOf } from '../../lib/i18n/languages.ts';
import { caseServiceApplies, distributionType, hemServiceApplies, type CaseSwitches, type HemSwitches } from '../../lib/product/rules.ts';
import { $addresses, $preview, loadAddresses, loadPreview, placeOrder } from '../../stores/checkout.ts';
import { getPlatform } from '../../stores/platform.ts';
import { requireMember } from '../../stores/session.ts';
import { messageFor } from '../messages.ts';
import NewAddressForm from './NewAddressForm.tsx';
import EmptyState from '../EmptyState.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export interface CheckoutPageProps extends IslandProps {
  from: CheckoutFrom;
  switches: HemSwitches & CaseSwitches;
}

type InvoiceType = (typeof INVOICE_TYPES)[number];
type Vehicle = (typeof CLOUD_INVOICE_VEHICLES)[number];

interface Form {
  deliveryType: DeliveryType;
  addressId: string;
  storeCode: string;
  invoiceType: InvoiceType;
  vehicle: Vehicle;
  vehicleCode: string;
  taxId: string;
  title: string;
  target: string;
  paymentMethod: PaymentMethod;
  payChannel: OnlinePayChannel;
  /** undefined: the best usable coupon (the API picks); null: none. */
  couponId: string | null | undefined;
}

const needs = (list: readonly string[], delivery: DeliveryType) => list.includes(delivery);

/** The order the form describes, as the contract's body. */
function orderBody(form: Form, from: CheckoutFrom, cartIds: string[], couponId: string | null): RequestOf<'orderCreate'> {
  const invoice =
    form.invoiceType === 'COMPANY'
      ? { type: 'COMPANY' as const, taxId: form.taxId.trim(), title: form.title.trim() }
      : form.invoiceType === 'DONATION'
        ? { type: 'DONATION' as const, target: form.target as '919' }
        : form.vehicle === 'MEMBER'
          ? { type: 'CLOUD' as const, vehicle: 'MEMBER' as const }
          : { type: 'CLOUD' as const, vehicle: form.vehicle, vehicleCode: form.vehicleCode.trim().toUpperCase() };
  return {
    deliveryType: form.deliveryType,
    ...(needs(ADDRESS_DELIVERY_TYPES, form.deliveryType) ? { addressId: form.addressId || null } : {}),
    ...(needs(STORE_DELIVERY_TYPES, form.deliveryType) ? { storeCode: form.storeCode.trim() || null } : {}),
    invoice: invoice as RequestOf<'orderCreate'>['invoice'],
    paymentMethod: form.paymentMethod,
    ...(form.paymentMethod === 'ONLINE' ? { payChannel: form.payChannel } : {}),
    couponId,
    cartIds,
    from,
  };
}

export default function CheckoutPage({ languageCode, prefix, messages, from, switches }: CheckoutPageProps) {
  const t = useTranslator(languageCode, messages);
  const preview = useStore($preview);
  const addresses = useStore($addresses);
  const targets = donationTargetsFor(from);
  const [form, setForm] = useState<Form>({
    deliveryType: 'EXPRESS_HOME',
    addressId: '',
    storeCode: '',
    invoiceType: 'CLOUD',
    vehicle: 'MEMBER',
    vehicleCode: '',
    taxId: '',
    title: '',
    target: targets[0]!,
    paymentMethod: 'COD',
    payChannel: 'CARD',
    couponId: undefined,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [addingAddress, setAddingAddress] = useState(false);
  const root = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void requireMember().then((ok) => (ok ? loadAddresses() : undefined));
  }, []);
  useEffect(() => {
    void requireMember().then((ok) => (ok ? loadPreview(form.deliveryType, form.couponId) : undefined));
  }, [form.deliveryType, form.couponId]);
  // The default address, once known.
  useEffect(() => {
    if (addresses && !form.addressId)
      setForm((f) => ({ ...f, addressId: (addresses.find((a) => a.isDefault === 'Y') ?? addresses[0])?.addressId ?? '' }));
  }, [addresses, form.addressId]);

  const methods = PAYMENT_METHODS_BY_DELIVERY[form.deliveryType];
  // A delivery that does not take the chosen payment method moves to one it takes.
  useEffect(() => {
    if (!methods.includes(form.paymentMethod)) setForm((f) => ({ ...f, paymentMethod: methods[0]! }));
  }, [methods, form.paymentMethod]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [fieldOf(key)]: '' }));
  };

  const ready = preview.preview;
  // An order is placed only on a fresh preview of what is on screen.
  const canPlace = ready !== null && !preview.pending && preview.error === null && !busy && !addingAddress;
  const money = (amount: number) => formatPrice(amount, currencyFormatOf(ready?.currency ?? CHECKOUT_CURRENCY));
  // A line's hem or gift wrapping must be offered for the chosen delivery (the CMS switches say where).
  const distribution = distributionType({ shippingType: form.deliveryType === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS' });
  const serviceProblems = useMemo(
    () =>
      (ready?.lines ?? []).filter(
        (l) =>
          (l.hem && !hemServiceApplies(l.offers.hem, switches, distribution, l.hem.mode)) ||
          (l.giftWrapped && !caseServiceApplies(l.offers.giftWrap, switches, distribution)),
      ),
    [ready, switches, distribution],
  );

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || !canPlace) return;
    setFormError(null);
    if (serviceProblems.length > 0) return setFormError(t('checkout.serviceNotForDelivery'));
    const body = orderBody(
      form,
      from,
      ready.lines.map((l) => l.cartId),
      ready.summary.couponId,
    );
    const checked = orderCreateBodySchema.safeParse(body);
    if (!checked.success) return showFieldError(checked.error.issues[0]!.path.map(String).join('.'), checked.error.issues[0]!.message);
    setBusy(true);
    const result = await placeOrder(body);
    if (!result.ok) {
      setBusy(false);
      if (result.kind === 'aborted') return;
      if (result.kind === 'failure' && result.field && result.field !== 'cartIds') return showFieldError(result.field, result.msgCode);
      setFormError(result.kind === 'failure' ? messageFor(t, result.msgCode, result.msg) : t('errors.interfaceException'));
      // Stock or lines changed under the shopper: show the order as it now stands.
      void loadPreview(form.deliveryType, form.couponId);
      return;
    }
    const { orderCode, payUrl } = result.data;
    getPlatform().navigate(payUrl ?? `${prefix}/payment/success.html?orderCode=${encodeURIComponent(orderCode)}`);
  }

  function showFieldError(field: string, msgCode: string) {
    setErrors({ [field]: messageFor(t, msgCode, null) });
    // After the render that shows it: scroll the field's group into view below the sticky header.
    requestAnimationFrame(() => {
      const group = root.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
      if (!group) return;
      window.scrollTo({ top: group.getBoundingClientRect().top + window.scrollY - DEFAULT_PAGE_HEADER_HEIGHT_PX - 16, behavior: 'smooth' });
      group.querySelector<HTMLElement>('input, select')?.focus({ preventScroll: true });
    });
  }

  const retry = () => void loadPreview(form.deliveryType, form.couponId);
  if (!ready && preview.pending)
    return (
      <p className="checkout__status" role="status">
        {t('checkout.loading')}
      </p>
    );
  if (preview.empty) {
    return <EmptyState message={t('checkout.empty')} href={`${prefix}/cart.html`} action={t('checkout.backToCart')} />;
  }
  if (!ready) {
    return (
      <p className="checkout__status form-error" role="alert">
        {messageFor(t, preview.error?.msgCode ?? null, null)}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t('cart.retry')}
        </button>
      </p>
    );
  }

  const error = (field: string) =>
    errors[field] ? (
      <p className="form-field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  return (
    // Enter in a field does not submit: an order is placed on purpose, by its button only.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the form only catches its fields' Enter
    <form
      className="checkout"
      ref={root}
      onSubmit={onSubmit}
      onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && e.preventDefault()}
      noValidate
    >
      <div className="checkout__steps">
        <fieldset className="checkout__group" data-field="deliveryType">
          <legend>{t('checkout.delivery')}</legend>
          <ChoiceCards
            name="deliveryType"
            options={DELIVERY_TYPES}
            value={form.deliveryType}
            label={(d) => t(`checkout.deliveryTypes.${d}`)}
            onChange={(d) => set('deliveryType', d)}
          />
          {needs(ADDRESS_DELIVERY_TYPES, form.deliveryType) && (
            <div className="checkout__sub" data-field="addressId" data-invalid={errors.addressId || undefined}>
              <p className="checkout__label">{t('checkout.address')}</p>
              {addingAddress ? (
                <NewAddressForm
                  t={t}
                  onCancel={() => setAddingAddress(false)}
                  onSaved={(addressId) => {
                    setAddingAddress(false);
                    set('addressId', addressId);
                  }}
                />
              ) : addresses?.length ? (
                addresses.map((a) => (
                  <label key={a.addressId} className="choice-card choice-card--wide">
                    <input
                      type="radio"
                      name="addressId"
                      value={a.addressId}
                      checked={form.addressId === a.addressId}
                      onChange={() => set('addressId', a.addressId)}
                    />
                    <span>
                      <strong>{a.receiver}</strong> {a.mobile}
                      <br />
                      {a.zipCode} {a.city}
                      {a.detail}
                    </span>
                  </label>
                ))
              ) : (
                <p className="checkout__note">{t('checkout.noAddress')}</p>
              )}
              {!addingAddress && (
                <button type="button" className="link-button" onClick={() => setAddingAddress(true)}>
                  {t('checkout.addAddress')}
                </button>
              )}
              {error('addressId')}
            </div>
          )}
          {needs(STORE_DELIVERY_TYPES, form.deliveryType) && (
            <Field
              className="checkout__sub"
              field="storeCode"
              id="storeCode"
              label={t(form.deliveryType === 'STORE_PICKUP' ? 'checkout.pickupStore' : 'checkout.cvsStore')}
              error={errors.storeCode}
            >
              <input
                id="storeCode"
                type="text"
                value={form.storeCode}
                autoComplete="off"
                onChange={(e) => set('storeCode', e.target.value)}
              />
              <p className="form-field__hint">{t('checkout.storeHint')}</p>
            </Field>
          )}
        </fieldset>

        <fieldset className="checkout__group" data-field="invoice">
          <legend>{t('checkout.invoice')}</legend>
          <ChoiceCards
            name="invoiceType"
            options={INVOICE_TYPES}
            value={form.invoiceType}
            label={(type) => t(`checkout.invoiceTypes.${type}`)}
            onChange={(type) => set('invoiceType', type)}
          />
          {form.invoiceType === 'CLOUD' && (
            <div className="checkout__sub" data-field="invoice.vehicle">
              <ChoiceCards
                name="vehicle"
                options={CLOUD_INVOICE_VEHICLES}
                value={form.vehicle}
                label={(v) => t(`checkout.vehicles.${v}`)}
                onChange={(v) => set('vehicle', v)}
              />
              {form.vehicle !== 'MEMBER' && (
                <Field
                  field="invoice.vehicleCode"
                  id="vehicleCode"
                  label={t(`checkout.vehicleCode.${form.vehicle}`)}
                  error={errors['invoice.vehicleCode']}
                >
                  <input
                    id="vehicleCode"
                    type="text"
                    value={form.vehicleCode}
                    autoComplete="off"
                    placeholder={form.vehicle === 'PHONE' ? '/ABC1234' : 'AB12345678901234'}
                    onChange={(e) => set('vehicleCode', e.target.value)}
                  />
                </Field>
              )}
            </div>
          )}
          {form.invoiceType === 'COMPANY' && (
            <div className="checkout__sub checkout__pair">
              <Field field="invoice.taxId" id="taxId" label={t('checkout.taxId')} error={errors['invoice.taxId']}>
                <input
                  id="taxId"
                  type="text"
                  inputMode="numeric"
                  maxLength={8}
                  value={form.taxId}
                  onChange={(e) => set('taxId', e.target.value)}
                />
              </Field>
              <Field field="invoice.title" id="companyTitle" label={t('checkout.companyTitle')} error={errors['invoice.title']}>
                <input id="companyTitle" type="text" value={form.title} onChange={(e) => set('title', e.target.value)} />
              </Field>
            </div>
          )}
          {form.invoiceType === 'DONATION' && (
            <Field
              className="checkout__sub"
              field="invoice.target"
              id="target"
              label={t('checkout.donationTarget')}
              error={errors['invoice.target']}
            >
              <select id="target" value={form.target} onChange={(e) => set('target', e.target.value)}>
                {targets.map((code) => (
                  <option key={code} value={code}>
                    {t('checkout.donationCode', { code })}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </fieldset>

        <fieldset className="checkout__group" data-field="paymentMethod">
          <legend>{t('checkout.payment')}</legend>
          <ChoiceCards
            name="paymentMethod"
            options={methods}
            value={form.paymentMethod}
            label={(m) => t(`checkout.paymentMethods.${m}`)}
            onChange={(m) => set('paymentMethod', m)}
          />
          {form.paymentMethod === 'ONLINE' && (
            <Field className="checkout__sub" field="payChannel" id="payChannel" label={t('checkout.payChannel')} error={errors.payChannel}>
              <select id="payChannel" value={form.payChannel} onChange={(e) => set('payChannel', e.target.value as OnlinePayChannel)}>
                {ONLINE_PAY_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {t(`checkout.payChannels.${c}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {error('paymentMethod')}
        </fieldset>
      </div>

      <aside className="cart-summary checkout__summary" aria-label={t('cart.summary')} aria-busy={preview.pending}>
        {ready && (
          <>
            <ul className="checkout__lines">
              {ready.lines.map((l) => (
                <li key={l.cartId} data-invalid={serviceProblems.includes(l) || undefined}>
                  <span>
                    {l.name}{' '}
                    <small>
                      {l.colour} / {l.size} × {l.quantity}
                    </small>
                  </span>
                  <span>{money(l.lineTotal)}</span>
                </li>
              ))}
            </ul>
            {ready.coupons.length > 0 && (
              <div className="form-field" data-field="couponId">
                <label htmlFor="coupon">{t('checkout.coupon')}</label>
                <select id="coupon" value={ready.summary.couponId ?? ''} onChange={(e) => set('couponId', e.target.value || null)}>
                  <option value="">{t('checkout.noCoupon')}</option>
                  {ready.coupons.map((c) => (
                    <option key={c.couponId} value={c.couponId}>
                      {c.title}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <dl>
              <dt>{t('cart.subtotal', { count: ready.summary.itemCount })}</dt>
              <dd>{money(ready.summary.subtotal)}</dd>
              {ready.summary.discount > 0 && (
                <>
                  <dt>{t('cart.discount')}</dt>
                  <dd>−{money(ready.summary.discount)}</dd>
                </>
              )}
              <dt>{t('checkout.freight')}</dt>
              <dd data-freight>{ready.summary.freight === 0 ? t('checkout.freeFreight') : money(ready.summary.freight)}</dd>
              <dt className="cart-summary__total">{t('cart.total')}</dt>
              <dd className="cart-summary__total" data-total>
                {money(ready.summary.total)}
              </dd>
            </dl>
            {ready.freeFreightFrom !== null && ready.summary.freight > 0 && (
              <p className="cart-summary__note">{t('checkout.freeFreightFrom', { amount: money(ready.freeFreightFrom) })}</p>
            )}
          </>
        )}
        {preview.error && (
          <p className="form-error" role="alert">
            {messageFor(t, preview.error.msgCode, null)}{' '}
            <button type="button" className="link-button" onClick={retry}>
              {t('cart.retry')}
            </button>
          </p>
        )}
        {serviceProblems.length > 0 && (
          <p className="form-error" role="alert">
            {t('checkout.serviceNotForDelivery')}
          </p>
        )}
        {formError && serviceProblems.length === 0 && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={!canPlace}>
          {busy ? t('checkout.placing') : t('checkout.placeOrder')}
        </button>
      </aside>
    </form>
  );
}

/** A labelled field with its error, marked with its form key so the first error can be scrolled to. */
function Field({
  field,
  id,
  label,
  error,
  className,
  children,
}: {
  field: string;
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${className} form-field` : 'form-field'} data-field={field} data-invalid={error || undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** One choice of several, as cards of radio buttons. */
function ChoiceCards<V extends string>({
  name,
  options,
  value,
  label,
  onChange,
}: {
  name: string;
  options: readonly V[];
  value: V;
  label: (option: V) => string;
  onChange: (option: V) => void;
}) {
  return (
    <div className="choice-cards">
      {options.map((option) => (
        <label key={option} className="choice-card">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          <span>{label(option)}</span>
        </label>
      ))}
    </div>
  );
}

/** The error slot of a form key: invoice fields live under `invoice.`. */
function fieldOf(key: keyof Form): string {
  if (key === 'vehicleCode' || key === 'taxId' || key === 'title' || key === 'target' || key === 'vehicle') return `invoice.${key}`;
  return key;
}
