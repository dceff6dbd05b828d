/**
 * Add to cart for one product a look wears: its size in the worn colour, then one line in
 * the cart. A visitor signs in first and comes back to the look. The size is read from the
 * form on submit, so a size chosen before the island hydrated is kept.
 */
import { useState, type FormEvent } from 'react';
import type { WornSize } from '../../lib/styling/worn-products.ts';
import { requireMember } from '../../stores/session.ts';
import { messageFor } from '../messages.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export interface WornProductBuyProps extends IslandProps {
  productCode: string;
  name: string;
  sizes: WornSize[];
}

type Notice = { kind: 'success' | 'error'; text: string } | null;

// The cart is a member's: its store comes when the shopper adds, never with the page.
const loadCart = () => import('../../stores/cart.ts');

export default function WornProductBuy({ productCode, name, sizes, languageCode, prefix, messages }: WornProductBuyProps) {
  const t = useTranslator(languageCode, messages);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const skuCode = String(new FormData(event.currentTarget).get('skuCode') ?? '');
    if (!sizes.some((s) => s.skuCode === skuCode)) return setNotice({ kind: 'error', text: t('product.chooseSize') });
    if (!(await requireMember())) return;
    setBusy(true);
    const cart = await loadCart().catch(() => null);
    const added = cart && (await cart.addToCart({ productCode, skuCode, quantity: 1 }));
    setBusy(false);
    if (!cart) return setNotice({ kind: 'error', text: t('errors.interfaceException') });
    if (!added) return;
    if (added.ok) return setNotice({ kind: 'success', text: t('product.added') });
    if (added.kind !== 'aborted')
      setNotice({
        kind: 'error',
        text: added.kind === 'failure' ? messageFor(t, added.msgCode, added.msg, 'product.cartFailed') : t('errors.interfaceException'),
      });
  }

  return (
    <form className="worn-buy" onSubmit={(event) => void add(event)} noValidate>
      <label className="worn-buy__size">
        <span className="visually-hidden">{t('styling.sizeFor', { name })}</span>
        <select name="skuCode" defaultValue="">
          <option value="" disabled>
            {t('product.size')}
          </option>
          {sizes.map((size) => (
            <option key={size.skuCode} value={size.skuCode}>
              {size.alias}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button worn-buy__add" disabled={busy}>
        {busy ? t('product.adding') : t('product.addToCart')}
      </button>
      <p className={notice ? `worn-buy__notice form-${notice.kind}` : 'worn-buy__notice'} role="status">
        {notice?.text}
        {notice?.kind === 'success' && (
          <>
            {' '}
            <a href={`${prefix}/cart.html`}>{t('product.goToCart')}</a>
          </>
        )}
      </p>
    </form>
  );
}
