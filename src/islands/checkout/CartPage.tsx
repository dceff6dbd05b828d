/**
 * /cart.html (members only): the member's lines with colour and size, unit price,
 * hem (alterMode, finalInseam) and gift flags; quantity, remove, gift wrapping; lines that
 * cannot be ordered now are marked and left out of the totals, which come from the API.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatMoney } from '../../lib/format/currency.ts';
import { caseServiceOffered, type CaseSwitches } from '../../lib/product/rules.ts';
import { productDetailHref } from '../../lib/product/product-id.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { MAX_QUANTITY_PER_LINE } from '../../lib/api/contract-values.ts';
import { $cartPage, changeQuantity, loadCartPage, removeFromCart, removeHem, setGiftWrap } from '../../stores/cart.ts';
import { requireMember } from '../../stores/session.ts';
import { ServiceUnavailable } from '../ServiceUnavailable.tsx';
import { useMemberStart } from '../use-member-start.ts';
import { messageFor } from '../messages.ts';
import EmptyState from '../EmptyState.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export interface CartPageProps extends IslandProps {
  switches: CaseSwitches;
}

export default function CartPage({ languageCode, prefix, messages, switches }: CartPageProps) {
  const t = useTranslator(languageCode, messages);
  const state = useStore($cartPage);
  const [busyLine, setBusyLine] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const { unavailable, retry: retrySession } = useMemberStart(() => requireMember().then((ok) => (ok ? loadCartPage() : undefined)));

  async function act(cartId: string, action: () => Promise<{ ok: boolean } | null>) {
    setBusyLine(cartId);
    setError(null);
    const result = (await action()) as { ok: boolean; kind?: string; msgCode?: string; msg?: string | null } | null;
    setBusyLine(null);
    if (result && !result.ok && result.kind !== 'aborted')
      setError(result.kind === 'failure' ? messageFor(t, result.msgCode ?? null, result.msg ?? null) : t('errors.interfaceException'));
  }

  if (unavailable) return <ServiceUnavailable t={t} onRetry={retrySession} />;
  if (state.status === 'loading')
    return (
      <p className="cart-page__status" role="status">
        {t('cart.loading')}
      </p>
    );
  if (state.status === 'error') {
    return (
      <p className="cart-page__status">
        {t('cart.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void loadCartPage()}>
          {t('cart.retry')}
        </button>
      </p>
    );
  }
  const { cart } = state;
  const money = (amount: number) => formatMoney(amount, cart.currency);
  if (cart.lines.length === 0) {
    return <EmptyState message={t('cart.empty')} href={`${prefix}/`} action={t('cart.continue')} />;
  }
  const orderable = cart.lines.some((l) => !l.problem);
  return (
    <div className="cart-page">
      <ul className="cart-lines">
        {cart.lines.map((line) => {
          return (
            <li
              key={line.cartId}
              className="cart-line"
              data-cart-line={line.cartId}
              data-invalid={line.problem !== null || undefined}
              aria-busy={busyLine === line.cartId}
            >
              <a
                className="cart-line__picture"
                aria-hidden="true"
                tabIndex={-1}
                href={`${prefix}${productDetailHref(line.productCode, line.productId)}`}
              >
                <img src={withResizeSuffix(line.imageUrl, '160-200')} alt="" width="80" height="100" loading="lazy" />
              </a>
              <div className="cart-line__info">
                <a className="cart-line__name" href={`${prefix}${productDetailHref(line.productCode, line.productId)}`}>
                  {line.name}
                </a>
                <p className="cart-line__variant">{t('cart.variant', { color: line.colour, size: line.size })}</p>
                <p className="cart-line__unit">
                  {money(line.unitPrice)}
                  {line.originPrice > line.unitPrice && <s> {money(line.originPrice)}</s>}
                </p>
                {line.choices.length > 0 && (
                  <p className="cart-line__service" data-semi>
                    {line.choices.map((v) => t('cart.semiValue', { name: v.name, value: v.value })).join(t('cart.listSeparator'))}
                  </p>
                )}
                {line.hem && (
                  <p className="cart-line__service" data-hem>
                    {t('cart.hem', { inseam: line.hem.inseam })}{' '}
                    <button
                      type="button"
                      className="link-button"
                      disabled={busyLine === line.cartId}
                      onClick={() => void act(line.cartId, () => removeHem(line.cartId))}
                    >
                      {t('cart.removeHem')}
                    </button>
                  </p>
                )}
                {line.freeGift && <p className="cart-line__service">{t('cart.gift')}</p>}
                {line.problem && (
                  <p className="cart-line__invalid" role="note">
                    {t(`cart.invalid.${line.problem}`, { count: line.stock })}
                  </p>
                )}
                {/* Wrapping chosen before the store stopped offering it stays visible, to be taken off:
                    checkout refuses every delivery for a line with a service no delivery takes. */}
                {(line.giftWrapped || caseServiceOffered(line.offers.giftWrap, switches)) && !line.problem && (
                  <label className="cart-line__wrap">
                    <input
                      type="checkbox"
                      checked={line.giftWrapped}
                      disabled={busyLine === line.cartId}
                      onChange={(e) => void act(line.cartId, () => setGiftWrap(line.cartId, e.target.checked ? 'Y' : 'N'))}
                    />
                    {t('cart.giftWrap')}
                  </label>
                )}
              </div>
              <div className="cart-line__actions">
                <label className="visually-hidden" htmlFor={`qty-${line.cartId}`}>
                  {t('cart.quantity')}
                </label>
                <select
                  id={`qty-${line.cartId}`}
                  value={line.quantity}
                  disabled={busyLine === line.cartId || line.freeGift}
                  onChange={(e) => void act(line.cartId, () => changeQuantity(line.cartId, Number(e.target.value)))}
                >
                  {Array.from(
                    { length: Math.max(line.quantity, Math.min(MAX_QUANTITY_PER_LINE, Math.max(line.stock, 1))) },
                    (_, i) => i + 1,
                  ).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <strong className="cart-line__total">{money(line.lineTotal)}</strong>
                <button
                  type="button"
                  className="link-button"
                  disabled={busyLine === line.cartId}
                  onClick={() => void act(line.cartId, () => removeFromCart(line.cartId))}
                >
                  {t('cart.remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <aside className="cart-summary" aria-label={t('cart.summary')}>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <dl>
          <dt>{t('cart.subtotal', { count: cart.summary.itemCount })}</dt>
          <dd data-subtotal>{money(cart.summary.subtotal)}</dd>
          {cart.summary.discount > 0 && (
            <>
              <dt>{t('cart.discount')}</dt>
              <dd>−{money(cart.summary.discount)}</dd>
            </>
          )}
          <dt className="cart-summary__total">{t('cart.total')}</dt>
          <dd className="cart-summary__total" data-total>
            {money(cart.summary.total)}
          </dd>
        </dl>
        <p className="cart-summary__note">{t('cart.freightLater')}</p>
        {orderable ? (
          <a className="button button--block" href={`${prefix}/payment/payment.html`}>
            {t('cart.checkout')}
          </a>
        ) : (
          <p className="cart-summary__note">{t('cart.nothingOrderable')}</p>
        )}
      </aside>
    </div>
  );
}
