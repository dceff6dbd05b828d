/**
 * The cart entry and the mini cart: a click goes to the cart, or to login with
 * redirect_url for a visitor. For a member, hovering opens the mini cart after 500 ms and
 * closes it 100 ms after leaving; it is 812 px wide and shows at most 3 lines, with its
 * status: loading, an empty cart, or a failure with retry.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useOpenLayer } from './use-header-layer.ts';
import { MINI_CART_CLOSE_DELAY_MS, MINI_CART_OPEN_DELAY_MS, MINI_CART_WIDTH_PX } from '../../lib/constants.ts';
import { badgeText } from '../../lib/format/badge.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import type { MiniCart as MiniCartState } from '../../stores/cart.ts';
import { closeLayer, openLayer } from '../../stores/header.ts';
import { useMember } from '../use-member.ts';
import { useMemberStore } from '../use-member-store.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { useDelayed } from './use-delayed.ts';
import { CartIcon } from './icons.tsx';

/** The cart store comes only for a member; until then the entry shows no count and no popup. */
const loadCartStore = () => import('../../stores/cart.ts');
const NO_COUNT = atom<number | null>(null);
const NO_MINI_CART = atom<MiniCartState>({ status: 'uninit', loading: false, lines: [], shownLines: [], total: 0, currency: null });

export default function MiniCart({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const member = useMember();
  const store = useMemberStore(loadCartStore);
  const count = useStore(store?.$cartCount ?? NO_COUNT);
  const cart = useStore(store?.$miniCart ?? NO_MINI_CART);
  const open = useOpenLayer() === 'mini-cart';
  const timer = useDelayed();

  useEffect(() => {
    if (store) void store.loadCartCount();
  }, [store]);

  const cartHref = `${prefix}/cart.html`;
  const href = member ? cartHref : `${prefix}/login.html?redirect_url=${encodeURIComponent(cartHref)}`;
  const badge = member && count !== null ? badgeText(count) : '';
  const more = cart.lines.length - cart.shownLines.length;

  return (
    <div
      className="header-tool mini-cart"
      onPointerEnter={() => {
        if (!store) return;
        timer.schedule(MINI_CART_OPEN_DELAY_MS, () => {
          openLayer('mini-cart');
          void store.loadMiniCart();
        });
      }}
      onPointerLeave={() => timer.schedule(MINI_CART_CLOSE_DELAY_MS, () => closeLayer('mini-cart'))}
    >
      <a className="header-tool__button" href={href}>
        <span className="visually-hidden">{t('header.cart')}</span>
        <CartIcon />
        {badge && <span className="count-badge">{badge}</span>}
      </a>
      {store && open && (
        <div
          className="header-popup mini-cart__popup"
          style={{ width: MINI_CART_WIDTH_PX }}
          data-status={cart.status}
          role="dialog"
          aria-label={t('header.cart')}
        >
          {cart.status === 'uninit' && <p className="mini-cart__note">{t('header.loading')}</p>}
          {cart.status === 'error' && (
            <div className="mini-cart__note">
              <p>{t('header.cartLoadFailed')}</p>
              <button type="button" className="button button--ghost" onClick={() => void store.retryMiniCart()} disabled={cart.loading}>
                {t('header.retry')}
              </button>
            </div>
          )}
          {cart.status === 'init' && cart.lines.length === 0 && <p className="mini-cart__note">{t('header.cartEmpty')}</p>}
          {cart.status === 'init' && cart.lines.length > 0 && (
            <>
              <ul className="mini-cart__lines">
                {cart.shownLines.map((line) => {
                  return (
                    <li key={line.cartId} className="mini-cart__line" data-cart-line>
                      <span className="mini-cart__name">{line.name}</span>
                      <span className="mini-cart__variant">
                        {line.colour} / {line.size}
                        {line.hem && line.hem.inseam !== null && <> · {t('header.hem', { inseam: line.hem.inseam })}</>}
                      </span>
                      <span className="mini-cart__qty">× {line.quantity}</span>
                      <span className="mini-cart__price">{formatMoney(line.unitPrice * line.quantity, cart.currency!)}</span>
                    </li>
                  );
                })}
              </ul>
              {more > 0 && <p className="mini-cart__more">{t('header.moreItems', { count: more })}</p>}
              <a className="button button--block" href={cartHref}>
                {t('header.viewCart', { count: cart.total })}
              </a>
            </>
          )}
        </div>
      )}
    </div>
  );
}
