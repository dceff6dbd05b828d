/**
 * The convenience-store map beside the store code (CVS_711, CVS_FAMILY): the chain's map opens
 * in a window of its own, and the store picked there fills the code and shows its name and
 * address, which go with the order (the page keeps them while the code is the one picked). The code can still be typed; with the map script off (not configured) there is no
 * button, and when the map cannot open the shopper is told to type the code instead.
 */
import { useState } from 'react';
import type { PickedStore } from '../../lib/external-scripts/sources.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import { pickConvenienceStore } from '../../stores/third-party.ts';
import { useScriptConfigured } from '../third-party/use-script-configured.ts';
import type { FormHandle } from '../forms/use-form.ts';

export function StoreMapPicker({
  form,
  chain,
  t,
  onPicked,
}: {
  form: FormHandle;
  chain: string;
  t: Translate;
  /** The store the map returned: the order keeps its name and address with the code. */
  onPicked: (store: PickedStore) => void;
}) {
  const [picked, setPicked] = useState<PickedStore | null>(null);
  const [failed, setFailed] = useState(false);
  const [opening, setOpening] = useState(false);
  const available = useScriptConfigured('cvsMap');
  if (!available) return null;

  async function open() {
    setOpening(true);
    setFailed(false);
    const pick = await pickConvenienceStore(chain);
    setOpening(false);
    if (pick.kind === 'failed') setFailed(true);
    if (pick.kind !== 'picked') return;
    const input = form.formRef.current?.elements.namedItem('storeCode');
    if (input instanceof HTMLInputElement) input.value = pick.store.storeCode;
    form.showError('storeCode', null);
    setPicked(pick.store);
    onPicked(pick.store);
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
