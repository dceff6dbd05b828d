/**
 * Checkout's own form fields (the invoice's are the invoice fields'): which the chosen delivery
 * and payment need, in the order of the page, with the API's codes for each failure.
 */
import { ADDRESS_DELIVERY_TYPES, CVS_DELIVERY_TYPES, STORE_DELIVERY_TYPES, type DeliveryType } from '../constants.ts';
import type { FieldSpec, FormValues } from '../forms/form.ts';
import { isPickupStoreCode } from '../validation/rules.ts';

export const needsAddress = (delivery: string) => (ADDRESS_DELIVERY_TYPES as readonly string[]).includes(delivery);
export const needsStore = (delivery: string) => (STORE_DELIVERY_TYPES as readonly string[]).includes(delivery);
export const opensStoreMap = (delivery: string) => (CVS_DELIVERY_TYPES as readonly string[]).includes(delivery);

type TypedStoreDelivery = Exclude<(typeof STORE_DELIVERY_TYPES)[number], 'STORE_PICKUP'>;
/** The typed codes' labels (a store pickup's shop is chosen from the list instead). */
const STORE_CODE_LABELS: Record<TypedStoreDelivery, string> = {
  CVS_711: 'checkout.cvsStore',
  CVS_FAMILY: 'checkout.cvsStore',
  LOCKER: 'checkout.lockerStore',
};

/** The label key of the store code typed for this delivery; null when no code is typed (home, or a shop from the list). */
export const storeCodeLabel = (delivery: DeliveryType): string | null =>
  needsStore(delivery) && delivery !== 'STORE_PICKUP' ? STORE_CODE_LABELS[delivery as TypedStoreDelivery] : null;

export const CHECKOUT_SPECS = {
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

/** The fields the chosen delivery and payment need, in the order of the page, the invoice's (`invoice`) between them. */
export function checkoutFields(values: FormValues, invoice: readonly FieldSpec[]): FieldSpec[] {
  const delivery = values.deliveryType ?? '';
  return [
    CHECKOUT_SPECS.deliveryType,
    ...(needsAddress(delivery) ? [CHECKOUT_SPECS.addressId] : []),
    ...(needsStore(delivery) ? [CHECKOUT_SPECS.storeCode] : []),
    ...invoice,
    CHECKOUT_SPECS.paymentMethod,
    ...(values.paymentMethod === 'ONLINE' ? [CHECKOUT_SPECS.payChannel] : []),
  ];
}
