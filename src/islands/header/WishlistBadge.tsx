/**
 * The wishlist entry of the header: a link to the favourites (login first for a visitor),
 * with the count badge, which shows 99+ above 99 (the badge keeps its size). The count is shared: a wishlist
 * change in any island updates it here.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { badgeText } from '../../lib/format/badge.ts';
import { $wishCount, $wishlistEnabled, loadWishCount, setCollectionSwitch } from '../../stores/wishlist.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useMember } from '../use-member.ts';
import { WishlistIcon } from './icons.tsx';

export default function WishlistBadge({ prefix, label, collectionSwitch }: { prefix: string; label: string; collectionSwitch: 'Y' | 'N' }) {
  const hydrated = useHydrated();
  const member = useMember();
  const enabled = useStore($wishlistEnabled);
  const count = useStore($wishCount);
  useEffect(() => setCollectionSwitch(collectionSwitch), [collectionSwitch]);
  useEffect(() => {
    if (enabled) void loadWishCount();
  }, [enabled]);

  const favourites = `${prefix}/account/favorites.html`;
  const href = member ? favourites : `${prefix}/login.html?redirect_url=${encodeURIComponent(favourites)}`;
  const badge = hydrated && enabled ? badgeText(count) : '';
  return (
    <a className="header-tool header-tool__button wishlist-badge" href={href} aria-label={badge ? `${label} (${badge})` : label}>
      <WishlistIcon />
      {badge && <span className="count-badge" data-count={badge}>{badge}</span>}
    </a>
  );
}
