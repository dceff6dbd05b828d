/**
 * The checkout page's logic, for the island to draw (docs/architecture.md, "Islands and
 * stores"): what the page's region offers (checkout/offers.ts) and what the shopper chose of it
 * (delivery, address or store, payment), the preview as the page shows it (each line with its
 * hem and gift wrapping, and whether the chosen delivery takes them; coupons; totals), and
 * whether an order can be placed. Placing it is checkout-page-order.ts's; the preview and the
 * order themselves are the checkout store's (stores/checkout.ts).
 */
import { atom, computed } from 'nanostores';
import { needsAddress, opensStoreMap, storeCodeLabel } from '../lib/checkout/checkout-fields.ts';
import { CHECKOUT_OFFERS, paymentMethodsFor } from '../lib/checkout/offers.ts';
import { pickupShopGroups, type PickupShop, type PickupShopGroup } from '../lib/checkout/pickup-shops.ts';
import { donationTargetsFor, type CheckoutFrom, type DeliveryType, type PaymentMethod } from '../lib/constants.ts';
import type { PickedStore } from '../lib/external-scripts/sources.ts';
import type { Region } from '../lib/i18n/regions.ts';
import { caseServiceApplies, distributionType, hemServiceApplies, type CaseSwitches, type HemSwitches } from '../lib/product/rules.ts';
import { $addresses, loadAddresses, type Address } from './addresses.ts';
import { $preview, loadPreview, prepareOrder, type Preview } from './checkout.ts';
import { $invoiceCarrier, loadInvoiceCarrier, type TaiwanInvoice } from './invoices.ts';
import { requireMember } from './session.ts';
import { pickConvenienceStore } from './third-party.ts';

export interface CheckoutPageSetup {
  region: Region;
  /** The page the shopper came through (the cart, or the settlement page). */
  from: CheckoutFrom;
  /** The CMS's switches for hemming and gift wrapping: where each is offered. */
  switches: HemSwitches & CaseSwitches;
  /** The region's own shops, from the CMS at build time: store pickup offers these alone. */
  pickupShops: readonly PickupShop[];
}

/** The store the chain's map returned, for the chain it was picked for. */
export type MapStore = PickedStore & { chain: DeliveryType };

export const $setup = atom<CheckoutPageSetup>({
  region: 'TW',
  from: 'cart',
  switches: { tailorServiceSwitch: 'N', hemDeliveryType: [], caseServiceSwitch: 'N', caseDeliveryType: [] },
  pickupShops: [],
});
export const $delivery = atom<DeliveryType>(CHECKOUT_OFFERS.TW.deliveries[0]!);
/** '' until the shopper picks one: the default address is then the one chosen. */
const $pickedAddress = atom('');
export const $paymentMethod = atom<PaymentMethod>(paymentMethodsFor('TW', CHECKOUT_OFFERS.TW.deliveries[0]!)[0]!);
/** undefined: the best usable coupon (the API picks); null: none. */
export const $coupon = atom<string | null | undefined>(undefined);
export const $pickupShopCode = atom('');
/** The address form's dialog is open: no order is placed under it. */
export const $addingAddress = atom(false);
/** What the order keeps of the map's pick: its name and address go with the code while the code is the one picked. */
export const $mapStore = atom<MapStore | null>(null);
/** The map as this delivery's picker shows it: opening, failed, or the store picked for it. */
export const $storeMap = atom<{ opening: boolean; failed: boolean; picked: PickedStore | null }>({
  opening: false,
  failed: false,
  picked: null,
});

/** The choices the page offers now, and what is chosen of each. */
export const $checkoutChoices = computed(
  [$setup, $delivery, $pickedAddress, $paymentMethod, $pickupShopCode, $addresses, $invoiceCarrier],
  (setup, delivery, picked, payment, shopCode, addresses, carrier) => {
    const offers = CHECKOUT_OFFERS[setup.region];
    // The region's couriers deliver to its addresses only (the API refuses another region's).
    const list: Address[] = (addresses.data ?? []).filter((a) => a.region === setup.region);
    const methods = paymentMethodsFor(setup.region, delivery);
    // Taiwan's e-invoices start from the member's default carrier (the invoice page's).
    const usesCarrier = offers.invoices.includes('CLOUD');
    return {
      deliveries: offers.deliveries,
      delivery,
      /** The address list shows (home or site delivery). */
      needsAddress: needsAddress(delivery),
      addresses: list,
      /** The picked address, else the default one, else the first. */
      addressId: picked || (list.find((a) => a.isDefault === 'Y') ?? list[0])?.addressId || '',
      /** Store pickup: a shop from the region's list. */
      pickup: delivery === 'STORE_PICKUP',
      pickupGroups: pickupShopGroups(setup.pickupShops),
      pickupShop: setup.pickupShops.find((s) => s.code === shopCode) ?? null,
      pickupShopCode: shopCode,
      /** The label key of a store code typed by hand; null when none is typed. */
      storeCodeLabel: storeCodeLabel(delivery),
      /** A convenience store, also picked on its chain's map. */
      storeMap: opensStoreMap(delivery),
      methods,
      paymentMethod: methods.includes(payment) ? payment : methods[0]!,
      payChannels: offers.payChannels,
      invoices: offers.invoices,
      donationTargets: donationTargetsFor(setup.from),
      /** The default carrier is still loading: the invoice fields wait for it. */
      carrierLoading: usesCarrier && carrier.status === 'loading' && !carrier.data,
      carrier: (carrier.data ?? null) as TaiwanInvoice | null,
    };
  },
);
export type CheckoutChoices = ReturnType<(typeof $checkoutChoices)['get']>;

export type CheckoutLine = Preview['lines'][number] & {
  /** Its hem or gift wrapping is not offered for the chosen delivery (the CMS switches say where). */
  serviceRefused: boolean;
};

export type CheckoutView =
  | { status: 'loading' }
  | { status: 'empty' }
  /** No preview yet, and the last request failed: its msgCode (null for a network failure). */
  | { status: 'error'; msgCode: string | null }
  | {
      status: 'ready';
      preview: Preview;
      lines: CheckoutLine[];
      /** A line's service is refused for this delivery: no order until the delivery or the line changes. */
      serviceRefused: boolean;
      /** A new preview is on its way (the last one stays on screen). */
      pending: boolean;
      /** The last preview failed (kept on screen): its msgCode, null for a network failure. */
      error: { msgCode: string | null } | null;
      /** The free freight threshold to show, while freight is charged. */
      freeFreightFrom: number | null;
      /** An order is placed only on a fresh preview of what is on screen, with no dialog over it. */
      canPlace: boolean;
    };

export const $checkoutView = computed([$preview, $setup, $delivery, $addingAddress], (state, setup, delivery, adding): CheckoutView => {
  const ready = state.preview;
  if (!ready && state.pending) return { status: 'loading' };
  if (state.empty) return { status: 'empty' };
  if (!ready) return { status: 'error', msgCode: state.error?.msgCode ?? null };
  const distribution = distributionType({ shippingType: delivery === 'STORE_PICKUP' ? 'PICKUP' : 'EXPRESS' });
  const lines = ready.lines.map((l) => ({
    ...l,
    serviceRefused:
      (l.hem !== null && !hemServiceApplies(l.offers.hem, setup.switches, distribution, l.hem.mode)) ||
      (l.giftWrapped && !caseServiceApplies(l.offers.giftWrap, setup.switches, distribution)),
  }));
  return {
    status: 'ready',
    preview: ready,
    lines,
    serviceRefused: lines.some((l) => l.serviceRefused),
    pending: state.pending,
    error: state.error,
    freeFreightFrom: ready.freeFreightFrom !== null && ready.summary.freight > 0 ? ready.freeFreightFrom : null,
    canPlace: !state.pending && state.error === null && !adding,
  };
});

/** Prices the order for what is chosen now (a visitor is sent to sign in). */
export async function repriceCheckout(): Promise<void> {
  if (await requireMember()) await loadPreview($delivery.get(), $coupon.get());
}

let opened = false;

/**
 * The page opens: a visitor is sent to sign in; for a member the addresses, the default
 * invoice carrier (where the region's invoices take one) and the preview load, with the
 * region's first delivery and the first payment it takes.
 */
export async function openCheckoutPage(setup: CheckoutPageSetup): Promise<void> {
  // One checkout a page: opened again (the session back after an outage), it keeps what was chosen.
  if (!opened) {
    opened = true;
    startChoices(setup);
  }
  await startCheckout();
}

function startChoices(setup: CheckoutPageSetup): void {
  $setup.set(setup);
  const offers = CHECKOUT_OFFERS[setup.region];
  $delivery.set(offers.deliveries[0]!);
  $paymentMethod.set(paymentMethodsFor(setup.region, offers.deliveries[0]!)[0]!);
  $coupon.set(undefined);
  $pickedAddress.set('');
  $pickupShopCode.set('');
  $mapStore.set(null);
  $storeMap.set({ opening: false, failed: false, picked: null });
  $addingAddress.set(false);
}

/** What the page loads once the member is known; run again when the session comes back. */
export async function startCheckout(): Promise<void> {
  if (!(await requireMember())) return;
  void loadAddresses();
  if (CHECKOUT_OFFERS[$setup.get().region].invoices.includes('CLOUD')) void loadInvoiceCarrier();
  prepareOrder();
  await loadPreview($delivery.get(), $coupon.get());
}

/** The last preview failed: asked for again as it was. */
export const retryCheckoutPreview = (): Promise<void> => loadPreview($delivery.get(), $coupon.get());

/** Another delivery prices the order again; a payment method it does not take moves to the first it takes. */
export function chooseDelivery(delivery: DeliveryType): Promise<void> {
  if (delivery === $delivery.get()) return Promise.resolve();
  $delivery.set(delivery);
  const methods = paymentMethodsFor($setup.get().region, delivery);
  if (!methods.includes($paymentMethod.get())) $paymentMethod.set(methods[0]!);
  // Each delivery's pickers start afresh (the order still keeps the map's store for its chain).
  $pickupShopCode.set('');
  $storeMap.set({ opening: false, failed: false, picked: null });
  return repriceCheckout();
}

/** A coupon (its id), or none (null): the order is priced again, and a coupon the API refuses is said as the preview's error. */
export function chooseCoupon(couponId: string | null): Promise<void> {
  if (couponId === $coupon.get()) return Promise.resolve();
  $coupon.set(couponId);
  return repriceCheckout();
}

export const chooseAddress = (addressId: string) => $pickedAddress.set(addressId);
export const choosePaymentMethod = (method: PaymentMethod) => $paymentMethod.set(method);
export const choosePickupShop = (code: string) => $pickupShopCode.set(code);
export const openAddressForm = () => $addingAddress.set(true);
export const closeAddressForm = () => $addingAddress.set(false);

/** A new address saved from the dialog (the address list already has it): it is the one chosen. */
export function addressAdded(addressId: string): void {
  $addingAddress.set(false);
  $pickedAddress.set(addressId);
}

/** The store the chain's map returned: shown under the code, and its name and address go with the order for this chain. */
export function storeMapPicked(store: PickedStore): void {
  $storeMap.set({ opening: false, failed: false, picked: store });
  $mapStore.set({ ...store, chain: $delivery.get() });
}

/**
 * Opens the chosen chain's map; answers the store picked there (for its code to be filled in),
 * or null when the map was closed, failed (said under the button) or the delivery changed meanwhile.
 */
export async function openStoreMap(): Promise<PickedStore | null> {
  const chain = $delivery.get();
  $storeMap.set({ ...$storeMap.get(), opening: true, failed: false });
  const pick = await pickConvenienceStore(chain);
  if ($delivery.get() !== chain) return null;
  $storeMap.set({ ...$storeMap.get(), opening: false, failed: pick.kind === 'failed' });
  if (pick.kind !== 'picked') return null;
  storeMapPicked(pick.store);
  return pick.store;
}

export type { PickupShop, PickupShopGroup };
