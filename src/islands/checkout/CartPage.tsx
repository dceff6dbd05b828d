/**
 * /cart.html (members only): the member's lines with colour and size, unit price,
 * hem (alterMode, finalInseam) and gift flags; quantity, remove, gift wrapping; lines that
 * cannot be ordered now are marked and left out of the totals, which come from the API.
 * The page's logic is its page store (stores/cart-page.ts): this island draws it.
 */
import { useStore } from '@nanostores/react';
import { formatMoney } from '../../lib/format/currency.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { CaseSwitches } from '../../lib/product/rules.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import {
  $cartPageError,
  $cartPageView,
  changeLineQuantity,
  openCartPage,
  removeLine,
  removeLineHem,
  retryCartPage,
  setLineGiftWrap,
  type CartPageLine,
  type CartPageView,
} from '../../stores/cart-page.ts';
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
  const view = useStore($cartPageView);
  const { unavailable, retry: retrySession } = useMemberStart(() => openCartPage(switches));

  if (unavailable) return <ServiceUnavailable t={t} onRetry={retrySession} />;
  if (view.status === 'loading')
    return (
      <p className="cart-page__status" role="status">
        {t('cart.loading')}
      </p>
    );
  if (view.status === 'error') {
    return (
      <p className="cart-page__status">
        {t('cart.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void retryCartPage()}>
          {t('cart.retry')}
        </button>
      </p>
    );
  }
  if (view.status === 'empty') return <EmptyState message={t('cart.empty')} href={`${prefix}/`} action={t('cart.continue')} />;
  const money = (amount: number) => formatMoney(amount, view.currency);
  return (
    <div className="cart-page">
      <ul className="cart-lines">
        {view.lines.map((line) => (
          <CartLine key={line.cartId} line={line} t={t} money={money} />
        ))}
      </ul>
      <CartSummary view={view} t={t} money={money} prefix={prefix} />
    </div>
  );
}

interface PartProps {
  t: Translate;
  money: (amount: number) => string;
}

function CartLine({ line, t, money }: PartProps & { line: CartPageLine }) {
  return (
    <li className="cart-line" data-cart-line={line.cartId} data-invalid={line.problem !== null || undefined} aria-busy={line.busy}>
      <a className="cart-line__picture" aria-hidden="true" tabIndex={-1} href={line.href}>
        <img src={withResizeSuffix(line.imageUrl, '160-200')} alt="" width="80" height="100" loading="lazy" />
      </a>
      <div className="cart-line__info">
        <a className="cart-line__name" href={line.href}>
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
            <button type="button" className="link-button" disabled={line.busy} onClick={() => void removeLineHem(line.cartId)}>
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
        {line.wrapShown && (
          <label className="cart-line__wrap">
            <input
              type="checkbox"
              checked={line.giftWrapped}
              disabled={line.busy}
              onChange={(e) => void setLineGiftWrap(line.cartId, e.target.checked)}
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
          disabled={line.busy || line.freeGift}
          onChange={(e) => void changeLineQuantity(line.cartId, Number(e.target.value))}
        >
          {line.quantities.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <strong className="cart-line__total">{money(line.lineTotal)}</strong>
        <button type="button" className="link-button" disabled={line.busy} onClick={() => void removeLine(line.cartId)}>
          {t('cart.remove')}
        </button>
      </div>
    </li>
  );
}

function CartSummary({ view, t, money, prefix }: PartProps & { view: Extract<CartPageView, { status: 'ready' }>; prefix: string }) {
  const error = useStore($cartPageError);
  const { summary } = view;
  return (
    <aside className="cart-summary" aria-label={t('cart.summary')}>
      {error && (
        <p className="form-error" role="alert">
          {messageFor(t, error.msgCode, error.msg)}
        </p>
      )}
      <dl>
        <dt>{t('cart.subtotal', { count: summary.itemCount })}</dt>
        <dd data-subtotal>{money(summary.subtotal)}</dd>
        {summary.discount > 0 && (
          <>
            <dt>{t('cart.discount')}</dt>
            <dd>−{money(summary.discount)}</dd>
          </>
        )}
        <dt className="cart-summary__total">{t('cart.total')}</dt>
        <dd className="cart-summary__total" data-total>
          {money(summary.total)}
        </dd>
      </dl>
      <p className="cart-summary__note">{t('cart.freightLater')}</p>
      {view.orderable ? (
        <a className="button button--block" href={`${prefix}/payment/payment.html`}>
          {t('cart.checkout')}
        </a>
      ) : (
        <p className="cart-summary__note">{t('cart.nothingOrderable')}</p>
      )}
    </aside>
  );
}
