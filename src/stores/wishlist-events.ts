/**
 * What follows a wishlist change: the recommendation event (addtowishlist or
 * wishlistremove) and the analytics collect event (optype add or del, the product as spu).
 * Imported by the islands that change the wishlist; the header only reads it.
 */
import { sendToCollector } from '../lib/analytics/collector.ts';
import { getPlatform } from './platform.ts';
import { $member } from './session.ts';
import { onWishChange } from './wishlist.ts';

export function recommendationEventName(action: 'add' | 'remove'): 'addtowishlist' | 'wishlistremove' {
  return action === 'add' ? 'addtowishlist' : 'wishlistremove';
}

onWishChange(({ action, productCode }) => {
  const user_id = $member.get()?.userId;
  const fetchImpl = getPlatform().fetch;
  void sendToCollector('/datarcvr/custom', { id: productCode, name: recommendationEventName(action), user_id }, fetchImpl);
  void sendToCollector(
    '/datarcvr/event',
    { event_name: 'collect', user_id, event_prop: { optype: action === 'add' ? 'add' : 'del', spu: productCode } },
    fetchImpl,
  );
});
