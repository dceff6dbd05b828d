/**
 * How far the shopper is from a shop: the straight-line
 * (great-circle) distance by the haversine formula, how it is shown, and shops nearest first.
 * Pure: the browser script brings the shopper's position.
 */

/** Mean Earth radius (IUGG), in metres. A sphere is within 0.5% of the real Earth: plenty for "how far is the shop". */
export const EARTH_RADIUS_METRES = 6_371_008.8;
/** Under this many metres the distance shows in metres, from it in kilometres with one decimal. */
export const KILOMETRES_FROM_METRES = 1000;

export interface LatLng {
  latitude: number;
  longitude: number;
}

export function distanceMetres(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * rad;
  const dLon = (to.longitude - from.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(dLon / 2) ** 2;
  // min(1, …): rounding can push h a hair above 1 for antipodal points, and asin would give NaN.
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const formats = new Map<string, Intl.NumberFormat>();

/** Intl knows each language's unit words ("850 公尺", "850 米", "850 m"), so a new language needs no table here. */
function unitFormat(languageCode: string, unit: 'meter' | 'kilometer'): Intl.NumberFormat {
  const key = `${languageCode} ${unit}`;
  let format = formats.get(key);
  if (!format) {
    const digits = unit === 'meter' ? 0 : 1;
    format = new Intl.NumberFormat(languageCode, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Under 1000 m, whole metres ("850 m"); from 1000 m, kilometres with one decimal
 * ("1.2 km"). The distance is rounded once, to whole metres, and both the unit and the
 * kilometres come from that whole number: 999.4 m is "999 m", 999.6 m is "1.0 km". Tenths of
 * a kilometre round half up in integer arithmetic, so 1050 m is "1.1 km" and 1150 m "1.2 km"
 * (no binary-fraction surprises such as 1.15 → "1.1").
 */
export function formatDistance(metres: number, languageCode: string): string {
  if (!Number.isFinite(metres) || metres < 0) throw new RangeError(`A distance is a finite number of metres, 0 or more; got ${metres}`);
  const whole = Math.round(metres);
  if (whole < KILOMETRES_FROM_METRES) return unitFormat(languageCode, 'meter').format(whole);
  const tenths = Math.floor((whole + 50) / 100);
  return unitFormat(languageCode, 'kilometer').format(tenths / 10);
}

/** Places nearest first, each with its distance; equally distant places keep their order (sort is stable). */
export function byDistance<T extends LatLng>(places: readonly T[], from: LatLng): Array<{ place: T; metres: number }> {
  return places.map((place) => ({ place, metres: distanceMetres(from, place) })).sort((a, b) => a.metres - b.metres);
}
