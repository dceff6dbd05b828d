/**
 * How an invoice is issued, as a member chooses it among the kinds the page offers (its
 * region's, checkout/offers.ts): in Taiwan a personal cloud invoice on a carrier (the member
 * account, a mobile barcode, a natural-person certificate), a company e-invoice with its tax
 * id and title, or a donation; in Hong Kong and Macao a receipt, nothing to fill in; on the
 * mainland an invoice made out to a person (their name) or a company (its name and tax
 * number). Checkout and the invoice page's default carrier share these fields, their rules
 * and what they send.
 */
import { useState, type FormEvent } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { InvoiceRequest } from '../../lib/api/contract-checkout.ts';
import { CLOUD_INVOICE_VEHICLES, type InvoiceType } from '../../lib/constants.ts';
import type { FieldSpec, FormValues } from '../../lib/forms/form.ts';
import { CN_TAX_NUMBER_LENGTH, isCnTaxNumber, keepCode, TAX_ID_LENGTH } from '../../lib/checkout/invoice-formats.ts';
import { isEightDigits, isLogisticsCode, isMobileBarcode } from '../../lib/validation/rules.ts';
import { ChoiceField, SelectField, TextField } from '../forms/fields.tsx';
import type { FormHandle } from '../forms/use-form.ts';

type Vehicle = (typeof CLOUD_INVOICE_VEHICLES)[number];

const TYPE: FieldSpec = { name: 'invoiceType', required: 'OD_INVOICE_TYPE' };
const VEHICLE: FieldSpec = { name: 'vehicle', required: 'OD_INVOICE_VEHICLE' };
const VEHICLE_CODE: Record<Exclude<Vehicle, 'MEMBER'>, FieldSpec> = {
  PHONE: {
    name: 'vehicleCode',
    required: 'OD_INVOICE_PHONE_CODE',
    spaces: { allowSpace: false },
    validate: (value) => isMobileBarcode(value.toUpperCase()) || 'OD_INVOICE_PHONE_CODE',
  },
  CERTIFICATE: {
    name: 'vehicleCode',
    required: 'OD_INVOICE_CERTIFICATE_CODE',
    spaces: { allowSpace: false },
    validate: (value) => isLogisticsCode(value.toUpperCase()) || 'OD_INVOICE_CERTIFICATE_CODE',
  },
};
// The codes have no maxLength: the input's attribute would cut a paste before its spaces are out (keepCode).
const TAX_ID: FieldSpec = {
  name: 'taxId',
  required: 'OD_INVOICE_TAX_ID',
  spaces: { allowSpace: false },
  validate: (value) => isEightDigits(value) || 'OD_INVOICE_TAX_ID',
};
const TITLE: FieldSpec = { name: 'title', required: 'OD_INVOICE_TITLE_REQUIRED', maxLength: 60, spaces: { allowSpaceLeadTrail: false } };
const TARGET: FieldSpec = { name: 'target', required: 'OD_INVOICE_DONATION_TARGET' };
const TAX_NUMBER: FieldSpec = {
  name: 'taxNumber',
  required: 'OD_INVOICE_TAX_NUMBER',
  spaces: { allowSpace: false },
  validate: (value) => isCnTaxNumber(value.toUpperCase()) || 'OD_INVOICE_TAX_NUMBER',
};

/** Each code field's length: what it keeps of a paste or of typing past it, once spaces are out. */
const CODE_LENGTHS: Readonly<Record<string, number>> = { [TAX_ID.name]: TAX_ID_LENGTH, [TAX_NUMBER.name]: CN_TAX_NUMBER_LENGTH };

/** Runs after the field's own change handler (the event bubbles up from it). */
function keepCodeLength(event: FormEvent<HTMLElement>) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  const length = CODE_LENGTHS[input.name];
  if (length === undefined) return;
  const kept = keepCode(input.value, length);
  if (kept !== input.value) input.value = kept;
}

/** The fields the chosen kind of invoice needs, in the order they are checked. */
export function invoiceFieldSpecs(values: FormValues): FieldSpec[] {
  const type = values.invoiceType as InvoiceType | undefined;
  if (type === 'COMPANY') return [TYPE, TAX_ID, TITLE];
  if (type === 'DONATION') return [TYPE, TARGET];
  if (type === 'RECEIPT') return [TYPE];
  if (type === 'TITLE_PERSONAL') return [TYPE, TITLE];
  if (type === 'TITLE_COMPANY') return [TYPE, TITLE, TAX_NUMBER];
  const vehicle = values.vehicle as Vehicle | undefined;
  return vehicle === 'PHONE' || vehicle === 'CERTIFICATE' ? [TYPE, VEHICLE, VEHICLE_CODE[vehicle]] : [TYPE, VEHICLE];
}

/** What the fields describe, as the contract's invoice request. */
export function invoiceFromValues(values: FormValues): InvoiceRequest {
  if (values.invoiceType === 'COMPANY') return { type: 'COMPANY', taxId: values.taxId ?? '', title: values.title ?? '' };
  if (values.invoiceType === 'DONATION') return { type: 'DONATION', target: values.target as '919' };
  if (values.invoiceType === 'RECEIPT') return { type: 'RECEIPT' };
  if (values.invoiceType === 'TITLE_PERSONAL') return { type: 'TITLE_PERSONAL', title: values.title ?? '' };
  if (values.invoiceType === 'TITLE_COMPANY')
    return { type: 'TITLE_COMPANY', title: values.title ?? '', taxNumber: (values.taxNumber ?? '').toUpperCase() };
  const vehicle = (values.vehicle ?? 'MEMBER') as Vehicle;
  if (vehicle === 'MEMBER') return { type: 'CLOUD', vehicle };
  return { type: 'CLOUD', vehicle, vehicleCode: (values.vehicleCode ?? '').toUpperCase() };
}

export function InvoiceFields({
  form,
  t,
  types,
  initial,
  targets,
}: {
  form: FormHandle;
  t: Translate;
  /** The kinds offered, the first chosen at the start (unless `initial` is one of them). */
  types: readonly InvoiceType[];
  /** The carrier to start from: the member's default, if any. */
  initial: InvoiceRequest | null;
  targets: readonly string[];
}) {
  const [type, setType] = useState<InvoiceType>(initial && types.includes(initial.type) ? initial.type : types[0]!);
  const [vehicle, setVehicle] = useState<Vehicle>(initial?.type === 'CLOUD' ? initial.vehicle : 'MEMBER');
  const code = initial?.type === 'CLOUD' && initial.vehicle !== 'MEMBER' ? initial.vehicleCode : '';
  return (
    <div className="invoice-fields" onChange={keepCodeLength}>
      <ChoiceField
        form={form}
        spec={TYPE}
        label={t('checkout.invoice')}
        defaultValue={type}
        onChange={(value) => setType(value as InvoiceType)}
        options={types.map((value) => ({ value, label: t(`checkout.invoiceTypes.${value}`) }))}
      />
      {type === 'CLOUD' && (
        <>
          <ChoiceField
            form={form}
            spec={VEHICLE}
            label={t('checkout.vehicle')}
            defaultValue={vehicle}
            onChange={(value) => setVehicle(value as Vehicle)}
            options={CLOUD_INVOICE_VEHICLES.map((value) => ({ value, label: t(`checkout.vehicles.${value}`) }))}
          />
          {vehicle !== 'MEMBER' && (
            <TextField
              key={vehicle}
              form={form}
              spec={VEHICLE_CODE[vehicle]}
              label={t(`checkout.vehicleCode.${vehicle}`)}
              defaultValue={vehicle === (initial?.type === 'CLOUD' ? initial.vehicle : null) ? code : ''}
              placeholder={vehicle === 'PHONE' ? '/ABC1234' : 'AB12345678901234'}
              autoComplete="off"
            />
          )}
        </>
      )}
      {type === 'COMPANY' && (
        <div className="account-form__pair">
          <TextField
            form={form}
            spec={TAX_ID}
            label={t('checkout.taxId')}
            inputMode="numeric"
            defaultValue={initial?.type === 'COMPANY' ? initial.taxId : ''}
          />
          <TextField
            form={form}
            spec={TITLE}
            label={t('checkout.companyTitle')}
            defaultValue={initial?.type === 'COMPANY' ? initial.title : ''}
          />
        </div>
      )}
      {(type === 'TITLE_PERSONAL' || type === 'TITLE_COMPANY') && (
        <div className="account-form__pair">
          <TextField
            key={type}
            form={form}
            spec={TITLE}
            label={t(type === 'TITLE_PERSONAL' ? 'checkout.personalTitle' : 'checkout.companyTitle')}
            autoComplete={type === 'TITLE_PERSONAL' ? 'name' : 'organization'}
          />
          {type === 'TITLE_COMPANY' && (
            <TextField form={form} spec={TAX_NUMBER} label={t('checkout.taxNumber')} placeholder="91110000MA00AB1C2D" autoComplete="off" />
          )}
        </div>
      )}
      {type === 'RECEIPT' && <p className="checkout__note">{t('checkout.receiptNote')}</p>}
      {type === 'DONATION' && (
        <SelectField
          form={form}
          spec={TARGET}
          label={t('checkout.donationTarget')}
          defaultValue={initial?.type === 'DONATION' && targets.includes(initial.target) ? initial.target : targets[0]}
          options={targets.map((code) => ({ value: code, label: t('checkout.donationCode', { code }) }))}
        />
      )}
    </div>
  );
}
