/**
 * Store pickup's shop: one of the page's region's own shops, chosen from a list (the CMS's shops,
 * handed over by the page at build time) rather than a code typed from memory, which the API
 * would refuse unless it names one of them. The list is grouped by the shops' own region
 * headings, as the shop list page groups them (lib/checkout/pickup-shops.ts); the chosen shop's
 * address and hours show under it.
 */
import type { Translate } from '../../lib/i18n/translator.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { choosePickupShop, type CheckoutChoices } from '../../stores/checkout-page.ts';
import { controlAria, controlId, FieldGroup } from '../forms/fields.tsx';
import type { FormHandle } from '../forms/use-form.ts';

export function PickupShopPicker({
  form,
  spec,
  choices,
  t,
}: {
  form: FormHandle;
  spec: FieldSpec;
  choices: CheckoutChoices;
  t: Translate;
}) {
  const id = controlId(form, spec.name);
  const chosen = choices.pickupShop;
  return (
    <FieldGroup form={form} group={spec.group ?? spec.name} label={t('checkout.pickupShop')} labelFor={id} className="checkout__sub">
      {choices.pickupGroups.length === 0 ? (
        <p className="checkout__note">{t('checkout.noPickupShop')}</p>
      ) : (
        <select
          id={id}
          name={spec.name}
          value={choices.pickupShopCode}
          required={spec.required !== undefined}
          {...controlAria(form, spec)}
          onChange={(event) => {
            choosePickupShop(event.currentTarget.value);
            form.showError(spec.group ?? spec.name, null);
          }}
        >
          <option value="">{t('checkout.choosePickupShop')}</option>
          {choices.pickupGroups.map((group) => (
            <optgroup key={group.heading} label={group.heading}>
              {group.shops.map((shop) => (
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
