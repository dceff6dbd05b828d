/**
 * /account/address.html: the member's addresses, the default first. Add and edit in a dialog
 * (the same form checkout uses), delete after a confirmation, make one the default. Deleting
 * the default makes the newest other address the default; the last one may be deleted too
 * (checkout then asks for an address).
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { Region } from '../../lib/i18n/regions.ts';
import { displayMobile, type MaskSwitches } from '../../lib/format/mask.ts';
import { $addresses, deleteAddress, loadAddresses, setDefaultAddress, type Address } from '../../stores/addresses.ts';
import { Button } from '../forms/Button.tsx';
import { Modal } from '../forms/Modal.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { AddressForm } from './AddressForm.tsx';
import { ActionNote, LoadState, MemberGate, useAction } from './parts.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

export default function AddressBook({
  languageCode,
  messages,
  region,
  switches,
}: IslandProps & { region: Region; switches: MaskSwitches }) {
  const t = useTranslator(languageCode, messages);
  const addresses = useStore($addresses);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const action = useAction(t);

  return (
    <MemberGate t={t} onMember={() => void loadAddresses()}>
      {() => (
        <div className="address-book">
          <div className="account-toolbar">
            <Button onClick={() => setEditing({ kind: 'new' })} data-add-address>
              {t('account.address.add')}
            </Button>
          </div>
          <ActionNote action={action} />
          <LoadState t={t} state={addresses} retry={() => void loadAddresses()}>
            {(list) =>
              list.length === 0 ? (
                <p className="account-empty">{t('account.address.none')}</p>
              ) : (
                <ul className="address-cards">
                  {list.map((address) => (
                    <AddressCard
                      key={address.addressId}
                      t={t}
                      address={address}
                      switches={switches}
                      onEdit={() => setEditing({ kind: 'edit', address })}
                      onDelete={() => setDeleting(address)}
                      onDefault={() => void action.run(() => setDefaultAddress(address.addressId), t('account.address.defaultSet'))}
                    />
                  ))}
                </ul>
              )
            }
          </LoadState>
          <Modal
            open={editing !== null}
            title={editing?.kind === 'edit' ? t('account.address.edit') : t('account.address.add')}
            closeLabel={t('common.close')}
            onClose={() => setEditing(null)}
          >
            {editing && (
              <AddressForm
                t={t}
                address={editing.kind === 'edit' ? editing.address : undefined}
                defaultRegion={region}
                onCancel={() => setEditing(null)}
                onSaved={() => {
                  setEditing(null);
                  action.setNotice(t('account.saved'));
                }}
              />
            )}
          </Modal>
          <Modal
            open={deleting !== null}
            title={t('account.address.deleteTitle')}
            closeLabel={t('common.close')}
            onClose={() => setDeleting(null)}
            buttons={[
              {
                label: t('account.address.delete'),
                variant: 'danger',
                onClick: async () => {
                  // The dialog closes either way; the page says how it went.
                  await action.run(() => deleteAddress(deleting!.addressId), t('account.address.deleted'));
                },
              },
              { label: t('account.cancel'), variant: 'ghost' },
            ]}
          >
            {deleting && (
              <p>
                {t(deleting.isDefault === 'Y' ? 'account.address.deleteDefault' : 'account.address.deleteConfirm', {
                  receiver: deleting.receiver,
                })}
              </p>
            )}
          </Modal>
        </div>
      )}
    </MemberGate>
  );
}

function AddressCard({
  t,
  address,
  switches,
  onEdit,
  onDelete,
  onDefault,
}: {
  t: Translate;
  address: Address;
  switches: MaskSwitches;
  onEdit: () => void;
  onDelete: () => void;
  onDefault: () => void;
}) {
  const isDefault = address.isDefault === 'Y';
  return (
    <li className="address-card" data-address={address.addressId} data-default={isDefault || undefined}>
      <p className="address-card__who">
        <strong>{address.receiver}</strong> {displayMobile(address.mobile, switches)}
        {isDefault && <span className="status-pill status-pill--accent">{t('account.address.default')}</span>}
      </p>
      <p className="address-card__where">
        {t(`account.regions.${address.region}`)} {address.zipCode !== '0' && address.zipCode} {address.city}
        {address.detail}
      </p>
      <div className="address-card__actions">
        <button
          type="button"
          className="link-button"
          onClick={onEdit}
          aria-label={t('account.address.editOf', { receiver: address.receiver })}
        >
          {t('account.address.editShort')}
        </button>
        {!isDefault && (
          <button type="button" className="link-button" onClick={onDefault}>
            {t('account.address.makeDefaultShort')}
          </button>
        )}
        <button
          type="button"
          className="link-button"
          onClick={onDelete}
          aria-label={t('account.address.deleteOf', { receiver: address.receiver })}
        >
          {t('account.address.delete')}
        </button>
      </div>
    </li>
  );
}
