/**
 * The wishlist entry of the header: a link to the favourites (login first for a visitor),
 * with the count badge, which shows 99+ above 99 (spec §9). The count is shared: a wishlist
 * change in any island updates it here.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { badgeText } from '../../lib/format/badge.ts';
import { $wishCount, $wishlistEnabled, loadWishCount, setCollectionSwitch } from '../../stores/wishlist.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useMember } from '../use-member.ts';

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
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="1.6" /></svg>
      {badge && <span className="count-badge" data-count={badge}>{badge}</span>}
    </a>
  );
}
