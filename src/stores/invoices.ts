/**
 * The member's invoices (a page at a time) and the default invoice carrier that checkout
 * starts with.
 */
import { atom } from 'nanostores';
import type { Invoice } from '../lib/api/contract-account.ts';
import type { TaiwanInvoice } from '../lib/api/contract-checkout.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type { Invoice, TaiwanInvoice };
export const INVOICES_PAGE_SIZE = 10;

export interface InvoicePage {
  list: Invoice[];
  total: number;
  page: number;
}

export const $invoices = atom<Loadable<InvoicePage>>(loading());
/** null: no default saved. */
export const $invoiceCarrier = atom<Loadable<TaiwanInvoice | null>>(loading());

export function loadInvoices(page = 1): Promise<ApiResult<unknown>> {
  return loadInto(
    $invoices,
    () => callApi('invoiceList', { page, pageSize: INVOICES_PAGE_SIZE }),
    (data) => ({ ...data, page }),
  );
}

export function loadInvoiceCarrier(): Promise<ApiResult<TaiwanInvoice | null>> {
  return loadInto(
    $invoiceCarrier,
    () => callApi('invoiceCarrier'),
    (carrier) => carrier,
  );
}

export async function saveInvoiceCarrier(carrier: TaiwanInvoice): Promise<ApiResult<TaiwanInvoice>> {
  return keep($invoiceCarrier, await callApi('invoiceCarrierSave', carrier), (saved) => saved);
}

onMemberLogout(() => {
  $invoices.set(loading());
  $invoiceCarrier.set(loading());
});
