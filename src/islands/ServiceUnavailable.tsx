/**
 * What a member page shows while the API cannot say who is signed in (it is down, or a gateway
 * answered for it): the member stays on the page, told so, with a retry, rather than being sent
 * to a sign-in page that could not work either.
 */
import { useState } from 'react';
import type { Translate } from '../lib/i18n/translator.ts';

export function ServiceUnavailable({ t, onRetry }: { t: Translate; onRetry: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="service-unavailable" role="alert">
      <p>{t('auth.unavailable')}</p>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onRetry().finally(() => setBusy(false));
        }}
      >
        {busy ? t('auth.working') : t('auth.unavailableRetry')}
      </button>
    </div>
  );
}
