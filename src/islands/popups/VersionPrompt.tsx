/**
 * The membership agreement or privacy policy prompt of a signed-in member (stores/agreements.ts),
 * with the dialog that shows why an acceptance was refused. The header's account entry, which
 * every page has and a member's page hydrates at idle, loads it once a member is known: a
 * visitor's page never does.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { MEMBERSHIP_AGREEMENT_PATH, PRIVACY_POLICY_PATH } from '../../lib/account/agreements.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import * as store from '../../stores/agreements.ts';
import { Modal } from '../forms/Modal.tsx';
import { messageFor } from '../messages.ts';
import { Popup } from './Popup.tsx';

export function VersionPrompt({ t, prefix }: { t: Translate; prefix: string }) {
  const due = useStore(store.$duePrompt);
  const failure = useStore(store.$agreementFailure);
  useEffect(() => {
    void store.checkAgreements();
  }, []);
  const kind = due?.kind ?? 'membership';

  return (
    <>
      <Popup
        id={store.AGREEMENT_POPUP_ID}
        title={t(`agreements.${kind}Title`)}
        closeLabel={t('common.close')}
        onClose={store.dismissAgreement}
        buttons={[
          {
            label: t('agreements.decline'),
            variant: 'ghost',
            onClick: () => {
              void store.declineAgreement();
              return false;
            },
          },
          {
            label: t('agreements.agree'),
            onClick: () => {
              void store.acceptAgreement();
              return false;
            },
          },
        ]}
      >
        <p>{t(`agreements.${kind}Body`, { version: due?.version ?? '' })}</p>
        <p>
          <a href={`${prefix}${kind === 'membership' ? MEMBERSHIP_AGREEMENT_PATH : PRIVACY_POLICY_PATH}`} target="_blank" rel="noopener">
            {t(`agreements.${kind}Read`)}
          </a>
        </p>
      </Popup>
      <Modal
        open={failure !== null}
        title={t('agreements.failureTitle')}
        closeLabel={t('common.close')}
        onClose={store.clearAgreementFailure}
        buttons={[{ label: t('agreements.ok') }]}
      >
        <p>{failure ? messageFor(t, failure.msgCode, failure.msg) : ''}</p>
      </Modal>
    </>
  );
}
