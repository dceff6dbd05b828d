/**
 * /account/invoice.html: the invoices issued for the member's orders (a page at a time, each
 * linked to its order), and the default carrier checkout starts with.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { TaiwanInvoice } from '../../lib/api/contract-checkout.ts';
import { CHECKOUT_OFFERS } from '../../lib/checkout/offers.ts';
import { DATE_FORMAT, DONATION_INVOICE_TARGETS } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { REGION_CURRENCIES } from '../../lib/i18n/regions.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import {
  $invoiceCarrier,
  $invoices,
  INVOICES_PAGE_SIZE,
  loadInvoiceCarrier,
  loadInvoices,
  saveInvoiceCarrier,
  type Invoice,
} from '../../stores/invoices.ts';
import { Button } from '../forms/Button.tsx';
import { Form, FormError } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { InvoiceFields, invoiceFieldSpecs, invoiceFromValues } from './InvoiceFields.tsx';
import { LoadState, MemberGate, Notice, Pager } from './parts.tsx';

/** The invoices are Taiwan's e-invoices, issued in New Taiwan dollars whatever the page's region. */
const TAIWAN_E_INVOICE_CURRENCY = REGION_CURRENCIES.TW.code;

export default function InvoicesPage({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const invoices = useStore($invoices);
  const carrier = useStore($invoiceCarrier);
  return (
    <MemberGate
      t={t}
      onMember={() => {
        void loadInvoiceCarrier();
        void loadInvoices();
      }}
    >
      {() => (
        <div className="invoices-page">
          <section className="account-card" aria-labelledby="carrier-heading">
            <h2 id="carrier-heading">{t('account.invoices.defaultCarrier')}</h2>
            <p className="account-card__meta">{t('account.invoices.defaultCarrierIntro')}</p>
            <LoadState t={t} state={carrier} retry={() => void loadInvoiceCarrier()}>
              {(saved) => <CarrierForm t={t} saved={saved} />}
            </LoadState>
          </section>
          <section aria-labelledby="invoice-list-heading">
            <h2 id="invoice-list-heading">{t('account.invoices.issued')}</h2>
            <LoadState t={t} state={invoices} retry={() => void loadInvoices()}>
              {(page) =>
                page.list.length === 0 ? (
                  <p className="account-empty">{t('account.invoices.none')}</p>
                ) : (
                  <>
                    <InvoiceTable t={t} prefix={prefix} invoices={page.list} />
                    <Pager
                      t={t}
                      page={page.page}
                      total={page.total}
                      pageSize={INVOICES_PAGE_SIZE}
                      onPage={(next) => void loadInvoices(next)}
                    />
                  </>
                )
              }
            </LoadState>
          </section>
        </div>
      )}
    </MemberGate>
  );
}

function CarrierForm({ t, saved }: { t: Translate; saved: TaiwanInvoice | null }) {
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm({
    t,
    fields: invoiceFieldSpecs,
    // The page offers Taiwan's kinds only (the default carrier is of Taiwan's e-invoices).
    process: (values) => invoiceFromValues(values) as TaiwanInvoice,
    submit: (carrier: TaiwanInvoice) => {
      setNotice(null);
      return saveInvoiceCarrier(carrier);
    },
    onSuccess: () => setNotice(t('account.saved')),
  });
  return (
    <Form form={form} className="account-form" label={t('account.invoices.defaultCarrier')}>
      <InvoiceFields form={form} t={t} types={CHECKOUT_OFFERS.TW.invoices} initial={saved} targets={DONATION_INVOICE_TARGETS} />
      <FormError form={form} />
      <Notice text={notice} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.saving') : t('account.invoices.saveCarrier')}
        </Button>
      </div>
    </Form>
  );
}

/** The carrier, company or donation target an invoice went to, in words. */
function carrierText(t: Translate, carrier: TaiwanInvoice): string {
  if (carrier.type === 'COMPANY') return `${carrier.title} (${carrier.taxId})`;
  if (carrier.type === 'DONATION') return t('checkout.donationCode', { code: carrier.target });
  const vehicle = t(`checkout.vehicles.${carrier.vehicle}`);
  return carrier.vehicle === 'MEMBER' ? vehicle : `${vehicle} ${carrier.vehicleCode}`;
}

function InvoiceTable({ t, prefix, invoices }: { t: Translate; prefix: string; invoices: Invoice[] }) {
  return (
    <div className="account-table-wrap">
      <table className="account-table">
        <thead>
          <tr>
            <th scope="col">{t('account.invoices.number')}</th>
            <th scope="col">{t('account.invoices.date')}</th>
            <th scope="col">{t('account.invoices.order')}</th>
            <th scope="col">{t('account.invoices.kind')}</th>
            <th scope="col">{t('account.invoices.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.invoiceNo} data-invoice={invoice.invoiceNo} data-status={invoice.status}>
              {/* Each cell's content is one box: on a phone the cell is a row of its label and that box. */}
              <td data-label={t('account.invoices.number')}>
                <span>
                  {invoice.invoiceNo}
                  {invoice.status === 'VOID' && <span className="status-pill">{t('account.invoices.void')}</span>}
                </span>
              </td>
              <td data-label={t('account.invoices.date')}>
                <span>{formatMoment(invoice.issuedAt, DATE_FORMAT)}</span>
              </td>
              <td data-label={t('account.invoices.order')}>
                <a href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(invoice.orderCode)}`}>{invoice.orderCode}</a>
              </td>
              <td data-label={t('account.invoices.kind')}>
                <span>
                  {t(`checkout.invoiceTypes.${invoice.type}`)}
                  <br />
                  <small>{carrierText(t, invoice.carrier)}</small>
                </span>
              </td>
              <td data-label={t('account.invoices.amount')}>
                <span>{formatMoney(invoice.amount, TAIWAN_E_INVOICE_CURRENCY)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
