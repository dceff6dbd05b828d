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
 * The page's logic is its page store (stores/checkout-page.ts, placing the order
 * checkout-page-order.ts): this island draws it.
 */
import { useStore } from '@nanostores/react';
import { checkoutFields } from '../../lib/checkout/checkout-fields.ts';
import type { PickupShop } from '../../lib/checkout/pickup-shops.ts';
import type { CheckoutFrom } from '../../lib/constants.ts';
import type { MaskSwitches } from '../../lib/format/mask.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { Region } from '../../lib/i18n/regions.ts';
import type { CaseSwitches, HemSwitches } from '../../lib/product/rules.ts';
import { $checkoutView, openCheckoutPage, retryCheckoutPreview } from '../../stores/checkout-page.ts';
import { orderHold, orderRequest, submitOrder } from '../../stores/checkout-page-order.ts';
import { ServiceUnavailable } from '../ServiceUnavailable.tsx';
import { useMemberStart } from '../use-member-start.ts';
import { invoiceFieldSpecs, invoiceFromValues } from '../account/InvoiceFields.tsx';
import { Form } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { messageFor } from '../messages.ts';
import EmptyState from '../EmptyState.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { AddressDialog, DeliveryGroup, InvoiceGroup, PaymentGroup } from './CheckoutChoices.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export interface CheckoutPageProps extends IslandProps {
  from: CheckoutFrom;
  switches: HemSwitches & CaseSwitches & MaskSwitches;
  region: Region;
  /** The region's own shops, from the CMS at build time: store pickup offers these alone. */
  pickupShops: readonly PickupShop[];
}

export default function CheckoutPage({ languageCode, prefix, messages, from, switches, region, pickupShops }: CheckoutPageProps) {
  const t = useTranslator(languageCode, messages);
  const view = useStore($checkoutView);
  const { unavailable, retry: retrySession } = useMemberStart(() => openCheckoutPage({ region, from, switches, pickupShops }));

  if (unavailable) return <ServiceUnavailable t={t} onRetry={retrySession} />;
  if (view.status === 'loading')
    return (
      <p className="checkout__status" role="status">
        {t('checkout.loading')}
      </p>
    );
  if (view.status === 'empty') {
    return <EmptyState message={t('checkout.empty')} href={`${prefix}/cart.html`} action={t('checkout.backToCart')} />;
  }
  if (view.status === 'error') {
    return (
      <p className="checkout__status form-error" role="alert">
        {messageFor(t, view.msgCode, null)}{' '}
        <button type="button" className="link-button" onClick={() => void retryCheckoutPreview()}>
          {t('cart.retry')}
        </button>
      </p>
    );
  }
  return <CheckoutForm t={t} switches={switches} region={region} />;
}

function CheckoutForm({ t, switches, region }: { t: Translate; switches: MaskSwitches; region: Region }) {
  const form = useForm({
    t,
    fields: (values) => checkoutFields(values, invoiceFieldSpecs(values)),
    hook: () => {
      const hold = orderHold();
      if (hold === 'service-refused') form.setFormError(t('checkout.serviceNotForDelivery'));
      return hold === null;
    },
    process: (values) => orderRequest(values, invoiceFromValues(values)),
    submit: submitOrder,
  });
  return (
    <Form form={form} className="checkout">
      <div className="checkout__steps">
        <DeliveryGroup form={form} t={t} switches={switches} />
        <InvoiceGroup form={form} t={t} />
        <PaymentGroup form={form} t={t} />
      </div>
      <CheckoutSummary form={form} t={t} />
      <AddressDialog t={t} region={region} />
    </Form>
  );
}
