/** The member's saved delivery addresses, one of them the default. */
import { randomBytes } from 'node:crypto';
import { transaction } from '../db.ts';
import { fieldFailure, type RouteKit } from '../kit.ts';
import { listRecords, recordOf } from '../records.ts';

/** Every address of a member fits one page. */
const ALL = { page: 1, pageSize: 100 };

export function registerAddressRoutes({ db, now, handle }: RouteKit): void {
  handle('addressList', ({ member }) => listRecords(db, 'address', member.id, ALL).list);
  handle('addressSave', ({ body, member }) =>
    transaction(db, () => {
      const addressId = body.addressId ?? `A${randomBytes(4).toString('hex').toUpperCase()}`;
      if (body.addressId && !recordOf(db, 'address', addressId, member.id))
        throw fieldFailure('ADDRESS_NOT_FOUND', 'No such address', 'addressId');
      const address = { ...body, addressId };
      if (address.isDefault === 'Y') {
        for (const other of listRecords(db, 'address', member.id, ALL).list as Array<{ addressId: string }>) {
          db.prepare("UPDATE records SET json = json_set(json, '$.isDefault', 'N') WHERE kind = 'address' AND id = ?").run(other.addressId);
        }
      }
      db.prepare('INSERT OR REPLACE INTO records (kind, id, member_id, status, created_at, json) VALUES (?, ?, ?, NULL, ?, ?)').run(
        'address',
        addressId,
        member.id,
        now(),
        JSON.stringify(address),
      );
      return address;
    }),
  );
  handle('addressDelete', ({ body, member }) => {
    db.prepare('DELETE FROM records WHERE kind = ? AND id = ? AND member_id = ?').run('address', body.addressId, member.id);
    return {};
  });
}
