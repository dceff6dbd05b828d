/**
 * A new delivery address, right in checkout: a first-time member must not have to leave to
 * order home delivery. Checked with the contract's own schema (the same msgCodes the API
 * gives), saved through the API, then chosen.
 */
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { ENDPOINTS } from '../../lib/api/contract.ts';
import { saveAddress } from '../../stores/checkout.ts';
import { messageFor } from '../messages.ts';

const FIELDS = ['receiver', 'mobile', 'city', 'detail', 'zipCode'] as const;
type Field = (typeof FIELDS)[number];

export default function NewAddressForm({
  t,
  onSaved,
  onCancel,
}: {
  t: TFunction;
  onSaved: (addressId: string) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ receiver: '', mobile: '', city: '', detail: '', zipCode: '' });
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSave() {
    const body = { ...values, zipCode: values.zipCode.trim() || '0', region: 'TW' as const, isDefault: 'N' as const };
    const checked = ENDPOINTS.addressSave.body.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return setError({ field: issue.path.map(String).join('.'), text: messageFor(t, issue.message, null) });
    }
    setBusy(true);
    const result = await saveAddress(body);
    setBusy(false);
    if (result.ok) return onSaved(result.data.addressId);
    if (result.kind !== 'aborted')
      setError({
        field: result.kind === 'failure' ? (result.field ?? '') : '',
        text: result.kind === 'failure' ? messageFor(t, result.msgCode, result.msg) : t('errors.interfaceException'),
      });
  }

  return (
    // Not a <form>: it sits inside the checkout form, whose submit places the order.
    <div className="new-address" role="group" aria-label={t('checkout.newAddress')}>
      {FIELDS.map((field) => (
        <div key={field} className="form-field" data-field={`address.${field}`} data-invalid={error?.field === field || undefined}>
          <label htmlFor={`address-${field}`}>{t(`checkout.addressFields.${field}`)}</label>
          <input
            id={`address-${field}`}
            type={field === 'mobile' ? 'tel' : 'text'}
            inputMode={field === 'mobile' || field === 'zipCode' ? 'numeric' : undefined}
            value={values[field]}
            onChange={(e) => {
              setValues({ ...values, [field]: e.target.value });
              if (error?.field === field) setError(null);
            }}
          />
          {error?.field === field && (
            <p className="form-field__error" role="alert">
              {error.text}
            </p>
          )}
        </div>
      ))}
      {error && !FIELDS.includes(error.field as Field) && (
        <p className="form-error" role="alert">
          {error.text}
        </p>
      )}
      <div className="new-address__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void onSave()}>
          {t('checkout.saveAddress')}
        </button>
        <button type="button" className="link-button" onClick={onCancel}>
          {t('checkout.cancel')}
        </button>
      </div>
    </div>
  );
}
