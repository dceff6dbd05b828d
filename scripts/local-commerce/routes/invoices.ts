/**
 * Invoices issued for the member's orders (records, kind 'invoice', status ISSUED or VOID),
 * and the default invoice carrier checkout starts with: one record per member (kind
 * 'invoice-carrier', the member's id as its id), as the contract's invoice request.
 */
import type { TaiwanInvoice } from '../../../src/lib/api/contract-checkout.ts';
import { transaction } from '../db.ts';
import type { RouteKit } from '../kit.ts';
import { listRecords, recordOf, saveRecord } from '../records.ts';

export function registerInvoiceRoutes({ db, now, handle }: RouteKit): void {
  handle('invoiceList', ({ body, member }) => listRecords(db, 'invoice', member.id, body));
  handle('invoiceCarrier', ({ member }) => recordOf<TaiwanInvoice>(db, 'invoice-carrier', member.id, member.id) ?? null);
  handle('invoiceCarrierSave', ({ body, member }) =>
    transaction(db, () => {
      saveRecord(db, 'invoice-carrier', member.id, member.id, body.type, now(), body);
      return body;
    }),
  );
}
