/**
 * /account/favorites.html: the member's wishlist, newest first, with the
 * products that can no longer be bought marked (switched off, or an approval
 * that is not a listing) and a
 * remove button on each. Removing updates the list, the total and the header badge at once.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatPriceRange } from '../../lib/format/currency.ts';
import type { CurrencyFormat } from '../../lib/i18n/regions.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { productDetailHref } from '../../lib/product/product-id.ts';
import { requireMember } from '../../stores/session.ts';
import { ServiceUnavailable } from '../ServiceUnavailable.tsx';
import { useMemberStart } from '../use-member-start.ts';
import { $wishList, invalidateWishList, loadWishList, removeWish, setCollectionSwitch } from '../../stores/wishlist.ts';
import '../../stores/wishlist-events.ts';
import { messageFor } from '../messages.ts';
import EmptyState from '../EmptyState.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export default function FavoritesPage({
  languageCode,
  prefix,
  messages,
  currency,
  collectionSwitch,
}: IslandProps & { currency: CurrencyFormat; collectionSwitch: 'Y' | 'N' }) {
  const t = useTranslator(languageCode, messages);
  const list = useStore($wishList);
  const [error, setError] = useState<string | null>(null);

  const { unavailable, retry: retrySession } = useMemberStart(() => {
    setCollectionSwitch(collectionSwitch);
    return requireMember().then((ok) => {
      if (!ok) return;
      // The page is the list: always fetch it afresh on arrival.
      invalidateWishList();
      return loadWishList();
    });
  }, [collectionSwitch]);

  async function remove(productCode: string) {
    setError(null);
    const result = await removeWish(productCode);
    if (result && !result.ok && result.kind !== 'aborted')
      setError(result.kind === 'failure' ? messageFor(t, result.msgCode, result.msg, 'account.deleteFailure') : t('account.deleteFailure'));
  }

  if (collectionSwitch !== 'Y') return <p className="checkout__status">{t('favorites.off')}</p>;
  if (unavailable) return <ServiceUnavailable t={t} onRetry={retrySession} />;
  if (list.status === 'uninit' || (list.status === 'loading' && list.entries.length === 0))
    return (
      <p className="checkout__status" role="status">
        {t('favorites.loading')}
      </p>
    );
  if (list.status === 'error') {
    return (
      <p className="checkout__status">
        {t('favorites.loadFailed')}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            invalidateWishList();
            void loadWishList();
          }}
        >
          {t('cart.retry')}
        </button>
      </p>
    );
  }
  if (list.entries.length === 0) {
    return <EmptyState message={t('favorites.empty')} href={`${prefix}/`} action={t('cart.continue')} />;
  }
  return (
    <>
      <p className="favorites__count">{t('favorites.count', { count: list.total })}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="favorites">
        {list.entries.map((product) => {
          const valid = product.valid;
          return (
            <li key={product.productCode} className="favorite" data-product-code={product.productCode} data-invalid={!valid || undefined}>
              <a className="favorite__picture" aria-hidden="true" tabIndex={-1} href={`${prefix}${productDetailHref(product.productCode)}`}>
                {product.imageUrl && (
                  <img src={withResizeSuffix(product.imageUrl, '360-450')} alt="" width="180" height="225" loading="lazy" />
                )}
                {!valid && <span className="favorite__badge">{t('favorites.unavailable')}</span>}
              </a>
              <a className="favorite__name" href={`${prefix}${productDetailHref(product.productCode)}`}>
                {product.name}
                {!valid && <span className="visually-hidden"> ({t('favorites.unavailable')})</span>}
              </a>
              {product.price && <span className="favorite__price">{formatPriceRange(product.price.min, product.price.max, currency)}</span>}
              <button type="button" className="link-button favorite__remove" onClick={() => void remove(product.productCode)}>
                {t('cart.remove')}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
