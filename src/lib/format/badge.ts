/** The count badge of the header icons (wishlist, cart): a count above the overflow (99 by default) shows as "99+". */
import { BADGE_OVERFLOW_COUNT } from '../constants.ts';

/** '' for nothing to show (0, negative, not a number), the count up to overflow, `${overflow}+` above. */
export function badgeText(count: number, overflow: number = BADGE_OVERFLOW_COUNT): string {
  if (!(count > 0)) return '';
  const whole = Math.floor(count);
  return whole > overflow ? `${overflow}+` : String(whole);
}
