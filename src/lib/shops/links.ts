/** Where a shop card's outside links go: the phone dialler and a map. */
import type { LatLng } from './distance.ts';

/** OpenStreetMap needs no key or script and opens on any device; zoom 17 shows the street. */
const MAP_ZOOM = 17;

export function mapUrl({ latitude, longitude }: LatLng): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${MAP_ZOOM}/${latitude}/${longitude}`;
}

/**
 * A tel: link for a phone number as the CMS writes it for people ("02-2720-0001",
 * "+852 2345 6789"): only the digits and a leading +, which every dialler accepts. Null when
 * there is no number to dial.
 */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}
