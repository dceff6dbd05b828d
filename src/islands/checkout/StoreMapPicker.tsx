/**
 * The convenience-store map beside the store code (CVS_711, CVS_FAMILY): the chain's map opens
 * in a window of its own, and the store picked there fills the code and shows its name and
 * address, which go with the order (the page store keeps them while the code is the one
 * picked). The code can still be typed; with the map script off (not configured) there is no
 * button, and when the map cannot open the shopper is told to type the code instead.
 */
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { $storeMap, openStoreMap } from '../../stores/checkout-page.ts';
import { useScriptConfigured } from '../third-party/use-script-configured.ts';
import type { FormHandle } from '../forms/use-form.ts';

export function StoreMapPicker({ form, t }: { form: FormHandle; t: Translate }) {
  const { opening, failed, picked } = useStore($storeMap);
  const available = useScriptConfigured('cvsMap');
  if (!available) return null;

  async function open() {
    const store = await openStoreMap();
    if (!store) return;
    // The code is the form's own input (uncontrolled): the picked one is written into it.
    const input = form.formRef.current?.elements.namedItem('storeCode');
    if (input instanceof HTMLInputElement) input.value = store.storeCode;
    form.showError('storeCode', null);
  }

  return (
    <div className="store-map">
      <button type="button" className="button button--ghost" onClick={() => void open()} disabled={opening}>
        {t('checkout.mapOpen')}
      </button>
      <p className="store-map__status" role="status">
        {picked && t('checkout.mapPicked', { name: picked.storeName, address: picked.address })}
      </p>
      {failed && (
        <p className="form-error" role="alert">
          {t('checkout.mapFailed')}
        </p>
      )}
    </div>
  );
}
