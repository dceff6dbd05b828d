/** The store's buttons: their height and corner radius (a quarter of the height, capped). */
import { BUTTON_DEFAULT_HEIGHT_PX, BUTTON_MAX_RADIUS_PX } from '../constants.ts';

export function buttonRadius(height: number = BUTTON_DEFAULT_HEIGHT_PX): number {
  return Math.min(height / 4, BUTTON_MAX_RADIUS_PX);
}
