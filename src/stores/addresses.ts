/**
 * The member's address book, shared by the address page and checkout: the list (the default
 * first), saving, deleting and choosing the default. Every change answers the list as it now
 * stands, so the page shows exactly what the API keeps.
 */
import { atom } from 'nanostores';
import type { Address } from '../lib/api/contract-account.ts';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { keep, loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type { Address };
type AddressChange = ResponseOf<'addressSave'>;

export const $addresses = atom<Loadable<Address[]>>(loading());

export function loadAddresses(): Promise<ApiResult<Address[]>> {
  return loadInto(
    $addresses,
    () => callApi('addressList'),
    (list) => list,
  );
}

const keepList = (result: ApiResult<AddressChange>) => keep($addresses, result, (change) => change.addresses);

export async function saveAddress(body: RequestOf<'addressSave'>): Promise<ApiResult<AddressChange>> {
  return keepList(await callApi('addressSave', body));
}

export async function deleteAddress(addressId: string): Promise<ApiResult<AddressChange>> {
  return keepList(await callApi('addressDelete', { addressId }));
}

export async function setDefaultAddress(addressId: string): Promise<ApiResult<AddressChange>> {
  return keepList(await callApi('addressSetDefault', { addressId }));
}

onMemberLogout(() => $addresses.set(loading()));
