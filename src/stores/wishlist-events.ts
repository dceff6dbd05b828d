/**
 * What follows a wishlist change: the recommendation event (addtowishlist or
 * wishlistremove) and the analytics collect event (optype add or del, the product as spu).
 * Imported by the islands that change the wishlist; the header only reads it.
 */
import { sendEvent, sendFreeEvent } from './analytics-events.ts';
import { $member } from './session.ts';
import { onWishChange } from './wishlist.ts';

export function recommendationEventName(action: 'add' | 'remove'): 'addtowishlist' | 'wishlistremove' {
  return action === 'add' ? 'addtowishlist' : 'wishlistremove';
}

onWishChange(({ action, productCode }) => {
  const userId = $member.get()?.userId ?? null;
  void sendFreeEvent({ id: productCode, name: recommendationEventName(action), userId });
  void sendEvent('collect', { optype: action === 'add' ? 'add' : 'del', spu: productCode }, userId);
});
