/**
 * Store pickup's shop: one of the page's region's own shops, chosen from a list (the CMS's shops,
 * handed over by the page at build time) rather than a code typed from memory, which the API
 * would refuse unless it names one of them. The list is grouped by the shops' own region
 * headings, as the shop list page groups them; the chosen shop's address and hours show under it.
 */
import { useState } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { controlAria, controlId, FieldGroup } from '../forms/fields.tsx';
import type { FormHandle } from '../forms/use-form.ts';

/** A shop as the checkout page gets it (the CMS's shop, without what the picker does not show). */
export interface PickupShop {
  code: string;
  name: string;
  /** The list's region heading (a city or district), not the store's sales region. */
  region: string;
  address: string;
  openingHours: string;
}

export function PickupShopPicker({
  form,
  spec,
  shops,
  t,
}: {
  form: FormHandle;
  spec: FieldSpec;
  shops: readonly PickupShop[];
  t: Translate;
}) {
  const [code, setCode] = useState('');
  const id = controlId(form, spec.name);
  const chosen = shops.find((s) => s.code === code);
  // Headings in the order their first shop comes (the CMS orders the list).
  const groups = new Map<string, PickupShop[]>();
  for (const shop of shops) groups.set(shop.region, [...(groups.get(shop.region) ?? []), shop]);
  return (
    <FieldGroup form={form} group={spec.group ?? spec.name} label={t('checkout.pickupShop')} labelFor={id} className="checkout__sub">
      {shops.length === 0 ? (
        <p className="checkout__note">{t('checkout.noPickupShop')}</p>
      ) : (
        <select
          id={id}
          name={spec.name}
          value={code}
          required={spec.required !== undefined}
          {...controlAria(form, spec)}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            form.showError(spec.group ?? spec.name, null);
          }}
        >
          <option value="">{t('checkout.choosePickupShop')}</option>
          {[...groups].map(([region, members]) => (
            <optgroup key={region} label={region}>
              {members.map((shop) => (
                <option key={shop.code} value={shop.code}>
                  {shop.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
      {chosen && (
        <p className="checkout__note" data-pickup-shop={chosen.code}>
          {chosen.address}
          <br />
          {t('checkout.shopHours', { hours: chosen.openingHours })}
        </p>
      )}
    </FieldGroup>
  );
}
