/**
 * One address, new or edited: the address page and checkout use this same form. Its fields and
 * their rules (the receiver's name rule, the region's mobile and postcode rules, no emoji in any
 * of them) are lib/forms/address-fields.ts; the API checks them again.
 */
import { useState } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { addressFieldSpec, addressFields } from '../../lib/forms/address-fields.ts';
import { postcodeRuleOf } from '../../lib/account/postcodes.ts';
import { REGIONS, type Region } from '../../lib/i18n/regions.ts';
import { saveAddress, type Address } from '../../stores/addresses.ts';
import { Button } from '../forms/Button.tsx';
import { CheckField, Form, FormError, SelectField, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';

const spec = addressFieldSpec;

export function AddressForm({
  t,
  address,
  defaultRegion,
  regions = REGIONS,
  onSaved,
  onCancel,
}: {
  t: Translate;
  /** The address being edited; none for a new one. */
  address?: Address | undefined;
  defaultRegion: Region;
  /** The regions offered: checkout's, its own only (its couriers deliver there). */
  regions?: readonly Region[];
  onSaved: (saved: Address, addresses: Address[]) => void;
  onCancel: () => void;
}) {
  const [region, setRegion] = useState<string>(address?.region ?? defaultRegion);
  const form = useForm({
    t,
    fields: addressFields,
    process: (values) => ({
      ...(address ? { addressId: address.addressId } : {}),
      receiver: values.receiver ?? '',
      region: (values.region ?? defaultRegion) as Region,
      mobile: values.mobile ?? '',
      city: values.city ?? '',
      detail: values.detail ?? '',
      // Hong Kong and Macao have no postcode field: none sent.
      zipCode: (postcodeRuleOf(values.region ?? '') && values.zipCode) || '0',
      isDefault: values.isDefault === 'Y' ? ('Y' as const) : ('N' as const),
    }),
    submit: saveAddress,
    onSuccess: (change) => onSaved(change.address!, change.addresses),
  });
  const zip = address && address.zipCode !== '0' ? address.zipCode : '';
  const postcode = postcodeRuleOf(region);
  return (
    <Form form={form} className="account-form address-form" label={address ? t('account.address.edit') : t('account.address.add')}>
      <TextField
        form={form}
        spec={spec('receiver')}
        label={t('account.address.receiver')}
        defaultValue={address?.receiver}
        autoComplete="name"
      />
      <SelectField
        form={form}
        spec={spec('region')}
        label={t('account.address.region')}
        defaultValue={region}
        onChange={setRegion}
        options={regions.map((r) => ({ value: r, label: t(`account.regions.${r}`) }))}
      />
      <TextField
        form={form}
        spec={spec('mobile')}
        type="tel"
        inputMode="tel"
        label={t('account.address.mobile')}
        defaultValue={address?.mobile}
        autoComplete="tel-national"
        hint={t(`account.address.mobileHint.${region}`, { defaultValue: '' }) || undefined}
      />
      <div className="account-form__pair">
        <TextField
          form={form}
          spec={spec('city')}
          label={t(`account.address.cityOf.${region}`, { defaultValue: t('account.address.city') })}
          defaultValue={address?.city}
          autoComplete="address-level2"
        />
        {postcode && (
          <TextField
            key={region}
            form={form}
            spec={spec('zipCode')}
            label={t(postcode.required ? 'account.address.zipCodeRequired' : 'account.address.zipCode')}
            defaultValue={zip}
            autoComplete="postal-code"
            inputMode="numeric"
          />
        )}
      </div>
      <TextField
        form={form}
        spec={spec('detail')}
        label={t('account.address.detail')}
        defaultValue={address?.detail}
        autoComplete="street-address"
      />
      <CheckField
        form={form}
        spec={spec('isDefault')}
        label={t('account.address.makeDefault')}
        defaultChecked={address?.isDefault === 'Y'}
      />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.saving') : t('account.address.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('account.cancel')}
        </Button>
      </div>
    </Form>
  );
}
