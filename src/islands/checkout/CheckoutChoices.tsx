/**
 * Checkout's choices as the page store offers them (stores/checkout-page.ts): the delivery with
 * its address or store, the invoice, the payment, and the dialog that adds an address.
 */
import { useStore } from '@nanostores/react';
import { CHECKOUT_SPECS } from '../../lib/checkout/checkout-fields.ts';
import type { DeliveryType, PaymentMethod } from '../../lib/constants.ts';
import { displayMobile, type MaskSwitches } from '../../lib/format/mask.ts';
import type { Region } from '../../lib/i18n/regions.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import {
  $addingAddress,
  $checkoutChoices,
  addressAdded,
  chooseAddress,
  chooseDelivery,
  choosePaymentMethod,
  closeAddressForm,
  openAddressForm,
  type CheckoutChoices,
} from '../../stores/checkout-page.ts';
import { AddressForm } from '../account/AddressForm.tsx';
import { InvoiceFields } from '../account/InvoiceFields.tsx';
import { ChoiceField, FieldGroup, SelectField, TextField } from '../forms/fields.tsx';
import { Modal } from '../forms/Modal.tsx';
import type { FormHandle } from '../forms/use-form.ts';
import { PickupShopPicker } from './PickupShopPicker.tsx';
import { StoreMapPicker } from './StoreMapPicker.tsx';

interface GroupProps {
  form: FormHandle;
  t: Translate;
}

export function DeliveryGroup({ form, t, switches }: GroupProps & { switches: MaskSwitches }) {
  const choices = useStore($checkoutChoices);
  const { delivery } = choices;
  return (
    <div className="checkout__group">
      <ChoiceField
        form={form}
        spec={CHECKOUT_SPECS.deliveryType}
        label={t('checkout.delivery')}
        defaultValue={delivery}
        onChange={(value) => void chooseDelivery(value as DeliveryType)}
        options={choices.deliveries.map((d) => ({ value: d, label: t(`checkout.deliveryTypes.${d}`) }))}
      />
      {choices.needsAddress && <AddressChoice form={form} t={t} choices={choices} switches={switches} />}
      {choices.pickup && <PickupShopPicker form={form} spec={CHECKOUT_SPECS.storeCode} choices={choices} t={t} />}
      {choices.storeCodeLabel && (
        <TextField
          key={delivery}
          form={form}
          spec={CHECKOUT_SPECS.storeCode}
          label={t(choices.storeCodeLabel)}
          hint={t('checkout.storeHint')}
          autoComplete="off"
        />
      )}
      {choices.storeMap && <StoreMapPicker key={`map-${delivery}`} form={form} t={t} />}
    </div>
  );
}

function AddressChoice({ form, t, choices, switches }: GroupProps & { choices: CheckoutChoices; switches: MaskSwitches }) {
  return (
    <FieldGroup form={form} group="addressId" label={t('checkout.address')} className="checkout__sub">
      {choices.addresses.length ? (
        choices.addresses.map((a) => (
          <label key={a.addressId} className="choice-card choice-card--wide">
            <input
              type="radio"
              name="addressId"
              value={a.addressId}
              checked={choices.addressId === a.addressId}
              onChange={() => chooseAddress(a.addressId)}
            />
            <span>
              <strong>{a.receiver}</strong> {displayMobile(a.mobile, switches)}
              <br />
              {a.zipCode !== '0' && a.zipCode} {a.city}
              {a.detail}
            </span>
          </label>
        ))
      ) : (
        <p className="checkout__note">{t('checkout.noAddress')}</p>
      )}
      <button type="button" className="link-button" onClick={openAddressForm}>
        {t('checkout.addAddress')}
      </button>
    </FieldGroup>
  );
}

export function InvoiceGroup({ form, t }: GroupProps) {
  const choices = useStore($checkoutChoices);
  return (
    <div className="checkout__group">
      {choices.carrierLoading ? (
        <p className="checkout__status" role="status">
          {t('checkout.loading')}
        </p>
      ) : (
        <InvoiceFields form={form} t={t} types={choices.invoices} initial={choices.carrier} targets={choices.donationTargets} />
      )}
    </div>
  );
}

export function PaymentGroup({ form, t }: GroupProps) {
  const choices = useStore($checkoutChoices);
  return (
    <div className="checkout__group">
      <ChoiceField
        key={choices.delivery}
        form={form}
        spec={CHECKOUT_SPECS.paymentMethod}
        label={t('checkout.payment')}
        defaultValue={choices.paymentMethod}
        onChange={(value) => choosePaymentMethod(value as PaymentMethod)}
        options={choices.methods.map((m) => ({ value: m, label: t(`checkout.paymentMethods.${m}`) }))}
      />
      {choices.paymentMethod === 'ONLINE' && (
        <SelectField
          form={form}
          spec={CHECKOUT_SPECS.payChannel}
          label={t('checkout.payChannel')}
          defaultValue={choices.payChannels[0]}
          options={choices.payChannels.map((c) => ({ value: c, label: t(`checkout.payChannels.${c}`) }))}
        />
      )}
    </div>
  );
}

/** A new address, in the address page's form, for the page's region alone; once saved it is the one chosen. */
export function AddressDialog({ t, region }: { t: Translate; region: Region }) {
  const open = useStore($addingAddress);
  return (
    <Modal open={open} title={t('checkout.newAddress')} closeLabel={t('common.close')} onClose={closeAddressForm}>
      <AddressForm
        t={t}
        defaultRegion={region}
        regions={[region]}
        onCancel={closeAddressForm}
        onSaved={(saved) => addressAdded(saved.addressId)}
      />
    </Modal>
  );
}
