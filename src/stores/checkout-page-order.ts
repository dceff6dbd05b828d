/**
 * Placing the order from the checkout page: whether it may be placed now, what it sends (the
 * form's values with what the page chose), and where the shopper goes once it is placed (the
 * provider's payment page, or the success page for an order paid on delivery or in store).
 * The form framework checks the fields first (lib/checkout/checkout-fields.ts).
 */
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import type { InvoiceRequest } from '../lib/api/contract-checkout.ts';
import { needsAddress, needsStore } from '../lib/checkout/checkout-fields.ts';
import type { OnlinePayChannel } from '../lib/constants.ts';
import type { FormValues } from '../lib/forms/form.ts';
import { $checkoutChoices, $checkoutView, $coupon, $delivery, $mapStore, $setup } from './checkout-page.ts';
import { $preview, loadPreview, placeOrder } from './checkout.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import type { ApiResult } from './session.ts';

/** Why no order is placed now: no fresh preview on screen, or a line's service the delivery refuses (said to the shopper). */
export type OrderHold = 'not-ready' | 'service-refused' | null;

export function orderHold(): OrderHold {
  const view = $checkoutView.get();
  if (view.status !== 'ready' || !view.canPlace) return 'not-ready';
  return view.serviceRefused ? 'service-refused' : null;
}

/** The order as the API takes it: the form's checked values, the invoice they describe, and the page's choices and preview. */
export function orderRequest(values: FormValues, invoice: InvoiceRequest): RequestOf<'orderCreate'> {
  const preview = $preview.get().preview;
  if (!preview) throw new Error('An order is placed only on a preview');
  const deliveryType = $delivery.get();
  const { paymentMethod } = $checkoutChoices.get();
  const map = $mapStore.get();
  return {
    deliveryType,
    ...(needsAddress(deliveryType) ? { addressId: values.addressId || null } : {}),
    ...(needsStore(deliveryType) ? { storeCode: values.storeCode || null } : {}),
    // The map's name and address, while the code is still the one it returned (it may be retyped).
    ...(map && map.chain === deliveryType && map.storeCode === values.storeCode
      ? { storeName: map.storeName, storeAddress: map.address }
      : {}),
    invoice,
    currency: preview.currency,
    paymentMethod,
    ...(paymentMethod === 'ONLINE' ? { payChannel: values.payChannel as OnlinePayChannel } : {}),
    couponId: preview.summary.couponId ?? null,
    cartIds: preview.lines.map((l) => l.cartId),
    from: $setup.get().from,
  };
}

/**
 * Places the order. Placed: the shopper goes to pay (the provider's address) or, paying on
 * delivery or in store, to the success page. Refused: stock or lines may have changed under
 * the shopper, so the order is priced again to show it as it now stands.
 */
export async function submitOrder(body: RequestOf<'orderCreate'>): Promise<ApiResult<ResponseOf<'orderCreate'>>> {
  const result = await placeOrder(body);
  if (result.ok) {
    const { orderCode, payUrl } = result.data;
    getPlatform().navigate(payUrl ?? `${languagePrefix()}/payment/success.html?orderCode=${encodeURIComponent(orderCode)}`);
  } else if (result.kind === 'failure') void loadPreview($delivery.get(), $coupon.get());
  return result;
}
