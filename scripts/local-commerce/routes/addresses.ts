/**
 * The member's saved delivery addresses. While a member has any, exactly one is the default:
 * the first one saved becomes it, making another the default takes it from the old one,
 * un-defaulting the default is ignored, and deleting the default hands it to the newest of
 * the rest. Every change answers the address and the list as it now stands.
 */
import { randomBytes } from 'node:crypto';
import type { Address } from '../../../src/lib/api/contract.ts';
import { ADDRESSES_MAX } from '../../../src/lib/constants.ts';
import { transaction } from '../db.ts';
import { ApiFailure, fieldFailure, type RouteKit } from '../kit.ts';
import { memberRecords, recordOf, saveRecord } from '../records.ts';

/** How many addresses a member may keep (our choice: a book, not a history). */

export function registerAddressRoutes({ db, now, handle }: RouteKit): void {
  /** The member's addresses, the default first, then the newest. */
  const addressesOf = (memberId: string) =>
    // memberRecords is newest first, and the sort is stable.
    memberRecords<Address>(db, 'address', memberId).sort((a, b) => Number(b.isDefault === 'Y') - Number(a.isDefault === 'Y'));
  const ownAddress = (addressId: string, memberId: string) => {
    const address = recordOf<Address>(db, 'address', addressId, memberId);
    if (!address) throw fieldFailure('ADDRESS_NOT_FOUND', 'No such address', 'addressId');
    return address;
  };
  const setDefaultFlag = db.prepare("UPDATE records SET json = json_set(json, '$.isDefault', ?) WHERE kind = 'address' AND id = ?");
  /** Makes one address the member's default and every other one not. */
  function makeDefault(addressId: string, memberId: string): void {
    for (const other of memberRecords<Address>(db, 'address', memberId))
      setDefaultFlag.run(other.addressId === addressId ? 'Y' : 'N', other.addressId);
  }
  const answer = (addressId: string | null, memberId: string) => {
    const addresses = addressesOf(memberId);
    return { address: addresses.find((a) => a.addressId === addressId) ?? null, addresses };
  };

  handle('addressList', ({ member }) => addressesOf(member.id));

  handle('addressSave', ({ body, member }) =>
    transaction(db, () => {
      const existing = body.addressId ? ownAddress(body.addressId, member.id) : null;
      const count = memberRecords(db, 'address', member.id).length;
      if (!existing && count >= ADDRESSES_MAX) throw new ApiFailure('AD_TOO_MANY', `At most ${ADDRESSES_MAX} addresses can be saved`);
      const addressId = existing?.addressId ?? `A${randomBytes(4).toString('hex').toUpperCase()}`;
      // The first address, and the current default, stay the default whatever the form says.
      const isDefault = count === 0 || existing?.isDefault === 'Y' ? 'Y' : body.isDefault;
      saveRecord(db, 'address', addressId, member.id, null, now(), { ...body, addressId, isDefault });
      if (isDefault === 'Y') makeDefault(addressId, member.id);
      return answer(addressId, member.id);
    }),
  );

  handle('addressSetDefault', ({ body, member }) =>
    transaction(db, () => {
      makeDefault(ownAddress(body.addressId, member.id).addressId, member.id);
      return answer(body.addressId, member.id);
    }),
  );

  handle('addressDelete', ({ body, member }) =>
    transaction(db, () => {
      const deleted = ownAddress(body.addressId, member.id);
      db.prepare("DELETE FROM records WHERE kind = 'address' AND id = ? AND member_id = ?").run(body.addressId, member.id);
      const newest = memberRecords<Address>(db, 'address', member.id)[0];
      if (deleted.isDefault === 'Y' && newest) makeDefault(newest.addressId, member.id);
      return answer(null, member.id);
    }),
  );
}
