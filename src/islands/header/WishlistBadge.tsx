/**
 * The wishlist entry of the header: a link to the favourites (login first for a visitor),
 * with the count badge, which shows 99+ above 99 (the badge keeps its size). The count is shared: a wishlist
 * change in any island updates it here.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { badgeText } from '../../lib/format/badge.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useMember } from '../use-member.ts';
import { useMemberStore } from '../use-member-store.ts';
import { WishlistIcon } from './icons.tsx';

/** The wishlist store comes only for a member (the wishlist is theirs alone); until then no badge. */
const loadWishlistStore = () => import('../../stores/wishlist.ts');
const OFF = atom(false);
const NONE = atom(0);

export default function WishlistBadge({ prefix, label, collectionSwitch }: { prefix: string; label: string; collectionSwitch: 'Y' | 'N' }) {
  const hydrated = useHydrated();
  const member = useMember();
  const store = useMemberStore(loadWishlistStore);
  const enabled = useStore(store?.$wishlistEnabled ?? OFF);
  const count = useStore(store?.$wishCount ?? NONE);
  useEffect(() => store?.setCollectionSwitch(collectionSwitch), [store, collectionSwitch]);
  useEffect(() => {
    if (store && enabled) void store.loadWishCount();
  }, [store, enabled]);

  const favourites = `${prefix}/account/favorites.html`;
  const href = member ? favourites : `${prefix}/login.html?redirect_url=${encodeURIComponent(favourites)}`;
  const badge = hydrated && enabled ? badgeText(count) : '';
  return (
    // Named by hidden text beside the visible count, so the name holds what is seen (not an aria-label over it).
    <a className="header-tool header-tool__button wishlist-badge" href={href}>
      <span className="visually-hidden">{label}</span>
      <WishlistIcon />
      {badge && (
        <span className="count-badge" data-count={badge}>
          {badge}
        </span>
      )}
    </a>
  );
}
