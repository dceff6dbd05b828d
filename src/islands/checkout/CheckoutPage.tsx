/**
 * Checkout, as the page's region offers it (checkout/offers.ts): delivery (in Taiwan express
 * to home, two convenience-store chains, store pickup, direct site delivery; lockers in Hong
 * Kong and Macao), the address (of the region) or store (a store pickup's among the region's
 * own shops, a convenience store's also from its chain's map), the invoice (Taiwan's e-invoices with
 * the member's default carrier first, a receipt, or the mainland's invoice title), payment
 * (cash on delivery, pay in store, online with a channel), coupon; totals, in the region's
 * currency, from the API's preview, each line with its hem and gift wrapping.
 * The form framework checks the fields in order with the same rules as the API, shows the
 * first failure on its field and scrolls to it; an address is added in a dialog with the
 * address page's form.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { RequestOf } from '../../lib/api/contract.ts';
import { CHECKOUT_OFFERS, paymentMethodsFor } from '../../lib/checkout/offers.ts';
import {
  ADDRESS_DELIVERY_TYPES,
  donationTargetsFor,
  type CheckoutFrom,
  STORE_DELIVERY_TYPES,
  CVS_DELIVERY_TYPES,
  type DeliveryType,
  type OnlinePayChannel,
  type PaymentMethod,
} from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { displayMobile, type MaskSwitches } from '../../lib/format/mask.ts';
import type { FieldSpec, FormValues } from '../../lib/forms/form.ts';
import { caseServiceApplies, distributionType, hemServiceApplies, type CaseSwitches, type HemSwitches } from '../../lib/product/rules.ts';
import { isPickupStoreCode } from '../../lib/validation/rules.ts';
import type { Region } from '../../lib/i18n/regions.ts';
import { $addresses, loadAddresses } from '../../stores/addresses.ts';
import { $preview, loadPreview, placeOrder, prepareOrder } from '../../stores/checkout.ts';
import { $invoiceCarrier, loadInvoiceCarrier } from '../../stores/invoices.ts';
import { getPlatform } from '../../stores/platform.ts';
import { requireMember } from '../../stores/session.ts';
import { ServiceUnavailable } from '../ServiceUnavailable.tsx';
import { useMemberStart } from '../use-member-start.ts';
import { AddressForm } from '../account/AddressForm.tsx';
import { InvoiceFields, invoiceFieldSpecs, invoiceFromValues } from '../account/InvoiceFields.tsx';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, FieldGroup, Form, FormError, SelectField, TextField } from '../forms/fields.tsx';
import { Modal } from '../forms/Modal.tsx';
import { useForm } from '../forms/use-form.ts';
import { messageFor } from '../messages.ts';
import EmptyState from '../EmptyState.tsx';
import { StoreMapPicker } from './StoreMapPicker.tsx';
import { PickupShopPicker, type PickupShop } from './PickupShopPicker.tsx';
import type { PickedStore } from '../../lib/external-scripts/sources.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export interface CheckoutPageProps extends IslandProps {
  from: CheckoutFrom;
  switches: HemSwitches & CaseSwitches & MaskSwitches;
  region: Region;
  /** The region's own shops, from the CMS at build time: store pickup offers these alone. */
  pickupShops: readonly PickupShop[];
}

const needs = (list: readonly string[], delivery: string) => list.includes(delivery);

type StoreDelivery = (typeof STORE_DELIVERY_TYPES)[number];
/** The typed codes' labels (a store pickup's shop is chosen from the list instead). */
const STORE_LABELS: Record<Exclude<StoreDelivery, 'STORE_PICKUP'>, string> = {
  CVS_711: 'checkout.cvsStore',
  CVS_FAMILY: 'checkout.cvsStore',
  LOCKER: 'checkout.lockerStore',
};

const SPECS = {
  deliveryType: { name: 'deliveryType', required: 'OD_DELIVERY_TYPE' },
  addressId: { name: 'addressId', required: 'OD_ADDRESS_REQUIRED' },
  storeCode: {
    name: 'storeCode',
    required: 'OD_STORE_REQUIRED',
    spaces: { allowSpace: false },
    validate: (value: string) => isPickupStoreCode(value) || 'OD_STORE_CODE_FORMAT',
  },
  paymentMethod: { name: 'paymentMethod', required: 'OD_PAYMENT_METHOD' },
  payChannel: { name: 'payChannel', required: 'OD_PAY_CHANNEL_REQUIRED' },
} satisfies Record<string, FieldSpec>;

/** The fields the chosen delivery and payment need, in the order of the page. */
function checkoutFields(values: FormValues): FieldSpec[] {
  const delivery = values.deliveryType ?? '';
  return [
    SPECS.deliveryType,
    ...(needs(ADDRESS_DELIVERY_TYPES, delivery) ? [SPECS.addressId] : []),
    ...(needs(STORE_DELIVERY_TYPES, delivery) ? [SPECS.storeCode] : []),
    ...invoiceFieldSpecs(values),
    SPECS.paymentMethod,
    ...(values.paymentMethod === 'ONLINE' ? [SPECS.payChannel] : []),
  ];
}

export default function CheckoutPage({ languageCode, prefix, messages, from, switches, region, pickupShops }: CheckoutPageProps) {
  const t = useTranslator(languageCode, messages);
  const preview = useStore($preview);
  const addresses = useStore($addresses);
  const carrier = useStore($invoiceCarrier);
  const targets = donationTargetsFor(from);
  const offers = CHECKOUT_OFFERS[region];
  // Taiwan's e-invoices start from the member's default carrier (the invoice page's).
  const usesCarrier = offers.invoices.includes('CLOUD');
  const [deliveryType, setDeliveryType] = useState<DeliveryType>(offers.deliveries[0]!);
  const [addressId, setAddressId] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(paymentMethodsFor(region, offers.deliveries[0]!)[0]!);
  /** undefined: the best usable coupon (the API picks); null: none. */
  const [couponId, setCouponId] = useState<string | null | undefined>(undefined);
  const [addingAddress, setAddingAddress] = useState(false);
  /** The convenience store the chain's map returned, for the chain it was picked for. */
  const [mapStore, setMapStore] = useState<(PickedStore & { chain: DeliveryType }) | null>(null);

  const { unavailable, retry: retrySession } = useMemberStart(
    () =>
      requireMember().then((ok) => {
        if (!ok) return;
        void loadAddresses();
        if (usesCarrier) void loadInvoiceCarrier();
        prepareOrder();
        return loadPreview(deliveryType, couponId);
      }),
    [usesCarrier],
  );
  // A later choice of delivery or coupon prices the order again (the first pricing is start's).
  const priced = useRef(false);
  useEffect(() => {
    if (!priced.current) {
      priced.current = true;
      return;
    }
    void requireMember().then((ok) => (ok ? loadPreview(deliveryType, couponId) : undefined));
  }, [deliveryType, couponId]);
  // The region's couriers deliver to its addresses only (the API refuses another region's).
  const list = useMemo(() => (addresses.data ?? []).filter((a) => a.region === region), [addresses.data, region]);
  // The default address, once known.
  useEffect(() => {
    if (!addressId && list.length) setAddressId((list.find((a) => a.isDefault === 'Y') ?? list[0])!.addressId);
  }, [list, addressId]);

  const methods = paymentMethodsFor(region, deliveryType);
  // A delivery that does not take the chosen payment method moves to one it takes.
  useEffect(() => {
    if (!methods.includes(paymentMethod)) setPaymentMethod(methods[0]!);
  }, [methods, paymentMethod]);

  const ready = preview.preview;
  // An order is placed only on a fresh preview of what is on screen.
  const canPlace = ready !== null && !preview.pending && preview.error === null && !addingAddress;
  // A line's hem or gift wrapping must be offered for the chosen delivery (the CMS switches say where).
  const distribution = distributionType({ shippingType: deliveryType === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS' });
  const serviceProblems = useMemo(
    () =>
      (ready?.lines ?? []).filter(
        (l) =>
          (l.hem && !hemServiceApplies(l.offers.hem, switches, distribution, l.hem.mode)) ||
          (l.giftWrapped && !caseServiceApplies(l.offers.giftWrap, switches, distribution)),
      ),
    [ready, switches, distribution],
  );

  const form = useForm({
    t,
    fields: checkoutFields,
    hook: () => {
      if (!canPlace) return false;
      if (serviceProblems.length > 0) {
        form.setFormError(t('checkout.serviceNotForDelivery'));
        return false;
      }
      return true;
    },
    process: (values): RequestOf<'orderCreate'> => ({
      deliveryType,
      ...(needs(ADDRESS_DELIVERY_TYPES, deliveryType) ? { addressId: values.addressId || null } : {}),
      ...(needs(STORE_DELIVERY_TYPES, deliveryType) ? { storeCode: values.storeCode || null } : {}),
      // The map's name and address, while the code is still the one it returned (it may be retyped).
      ...(mapStore && mapStore.chain === deliveryType && mapStore.storeCode === values.storeCode
        ? { storeName: mapStore.storeName, storeAddress: mapStore.address }
        : {}),
      invoice: invoiceFromValues(values),
      // Set: an order is placed only on a preview (canPlace).
      currency: ready!.currency,
      paymentMethod,
      ...(paymentMethod === 'ONLINE' ? { payChannel: values.payChannel as OnlinePayChannel } : {}),
      couponId: ready?.summary.couponId ?? null,
      cartIds: (ready?.lines ?? []).map((l) => l.cartId),
      from,
    }),
    submit: placeOrder,
    onSuccess: ({ orderCode, payUrl }) =>
      getPlatform().navigate(payUrl ?? `${prefix}/payment/success.html?orderCode=${encodeURIComponent(orderCode)}`),
    // Stock or lines may have changed under the shopper: show the order as it now stands.
    onError: () => void loadPreview(deliveryType, couponId),
  });

  const retry = () => void loadPreview(deliveryType, couponId);
  if (unavailable) return <ServiceUnavailable t={t} onRetry={retrySession} />;
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

  const money = (amount: number) => formatMoney(amount, ready.currency);
  return (
    <Form form={form} className="checkout">
      <div className="checkout__steps">
        <div className="checkout__group">
          <ChoiceField
            form={form}
            spec={SPECS.deliveryType}
            label={t('checkout.delivery')}
            defaultValue={deliveryType}
            onChange={(value) => setDeliveryType(value as DeliveryType)}
            options={offers.deliveries.map((d) => ({ value: d, label: t(`checkout.deliveryTypes.${d}`) }))}
          />
          {needs(ADDRESS_DELIVERY_TYPES, deliveryType) && (
            <FieldGroup form={form} group="addressId" label={t('checkout.address')} className="checkout__sub">
              {list.length ? (
                list.map((a) => (
                  <label key={a.addressId} className="choice-card choice-card--wide">
                    <input
                      type="radio"
                      name="addressId"
                      value={a.addressId}
                      checked={addressId === a.addressId}
                      onChange={() => setAddressId(a.addressId)}
                    />
                    <span>
                      <strong>{a.receiver}</strong> {displayMobile(a.mobile, switches)}
                      <br />
                      {a.zipCode !== '0' && a.zipCode} {a.city}
                      {a.detail}
                    </span>
                  </label>
                ))
              ) : (
                <p className="checkout__note">{t('checkout.noAddress')}</p>
              )}
              <button type="button" className="link-button" onClick={() => setAddingAddress(true)}>
                {t('checkout.addAddress')}
              </button>
            </FieldGroup>
          )}
          {deliveryType === 'STORE_PICKUP' && <PickupShopPicker form={form} spec={SPECS.storeCode} shops={pickupShops} t={t} />}
          {needs(STORE_DELIVERY_TYPES, deliveryType) && deliveryType !== 'STORE_PICKUP' && (
            <TextField
              key={deliveryType}
              form={form}
              spec={SPECS.storeCode}
              label={t(STORE_LABELS[deliveryType as keyof typeof STORE_LABELS])}
              hint={t('checkout.storeHint')}
              autoComplete="off"
            />
          )}
          {needs(CVS_DELIVERY_TYPES, deliveryType) && (
            <StoreMapPicker
              key={`map-${deliveryType}`}
              form={form}
              chain={deliveryType}
              t={t}
              onPicked={(store) => setMapStore({ ...store, chain: deliveryType })}
            />
          )}
        </div>

        <div className="checkout__group">
          {usesCarrier && carrier.status === 'loading' && !carrier.data ? (
            <p className="checkout__status" role="status">
              {t('checkout.loading')}
            </p>
          ) : (
            <InvoiceFields form={form} t={t} types={offers.invoices} initial={carrier.data ?? null} targets={targets} />
          )}
        </div>

        <div className="checkout__group">
          <ChoiceField
            key={deliveryType}
            form={form}
            spec={SPECS.paymentMethod}
            label={t('checkout.payment')}
            defaultValue={methods.includes(paymentMethod) ? paymentMethod : methods[0]}
            onChange={(value) => setPaymentMethod(value as PaymentMethod)}
            options={methods.map((m) => ({ value: m, label: t(`checkout.paymentMethods.${m}`) }))}
          />
          {paymentMethod === 'ONLINE' && (
            <SelectField
              form={form}
              spec={SPECS.payChannel}
              label={t('checkout.payChannel')}
              defaultValue={offers.payChannels[0]}
              options={offers.payChannels.map((c) => ({ value: c, label: t(`checkout.payChannels.${c}`) }))}
            />
          )}
        </div>
      </div>

      <aside className="cart-summary checkout__summary" aria-label={t('cart.summary')} aria-busy={preview.pending}>
        <ul className="checkout__lines">
          {ready.lines.map((l) => (
            <li key={l.cartId} data-invalid={serviceProblems.includes(l) || undefined}>
              <span>
                {l.name}{' '}
                <small>
                  {l.colour} / {l.size} × {l.quantity}
                </small>
                {/* What is done to the line before it leaves, seen before paying (the order page shows the same). */}
                {l.hem && <small data-hem>{t('cart.hem', { inseam: l.hem.inseam })}</small>}
                {l.giftWrapped && <small data-gift-wrap>{t('cart.giftWrap')}</small>}
              </span>
              <span>{money(l.lineTotal)}</span>
            </li>
          ))}
        </ul>
        {ready.coupons.length > 0 && (
          <div className="form-field">
            <label htmlFor="coupon">{t('checkout.coupon')}</label>
            {/* Not named: the coupon is the preview's, not a field the form sends as typed. */}
            <select id="coupon" value={ready.summary.couponId ?? ''} onChange={(e) => setCouponId(e.target.value || null)}>
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
        {preview.error && (
          <p className="form-error" role="alert">
            {messageFor(t, preview.error.msgCode, null)}{' '}
            <button type="button" className="link-button" onClick={retry}>
              {t('cart.retry')}
            </button>
          </p>
        )}
        {serviceProblems.length > 0 ? (
          <p className="form-error" role="alert">
            {t('checkout.serviceNotForDelivery')}
          </p>
        ) : (
          <FormError form={form} />
        )}
        <Button type="submit" className="button--block" disabled={!canPlace || form.disabled}>
          {form.busy ? t('checkout.placing') : t('checkout.placeOrder')}
        </Button>
      </aside>
      <Modal open={addingAddress} title={t('checkout.newAddress')} closeLabel={t('common.close')} onClose={() => setAddingAddress(false)}>
        <AddressForm
          t={t}
          defaultRegion={region}
          regions={[region]}
          onCancel={() => setAddingAddress(false)}
          onSaved={(saved) => {
            setAddingAddress(false);
            setAddressId(saved.addressId);
          }}
        />
      </Modal>
    </Form>
  );
}
