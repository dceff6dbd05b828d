/**
 * The analytics identifiers (tests/unit/analytics.test.ts): a random id of digits and letters, 10 long unless told,
 * kept in cookies whose names start with `_md_` and whose lifetimes are counted in days.
 * `uuid` names the browser for two years; `uuid_tmp` names one visit and ends with the session.
 */
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const RANDOM_ID_LENGTH = 10;
export const TRACKING_COOKIE_PREFIX = '_md_';
export const UUID_COOKIE_DAYS = 730;

export const TRACKING_COOKIES = { uuid: `${TRACKING_COOKIE_PREFIX}uuid`, uuidTmp: `${TRACKING_COOKIE_PREFIX}uuid_tmp` } as const;

/** `random` returns integers in [0, max); crypto's by default, injected by tests. */
export function randomId(length = RANDOM_ID_LENGTH, random: (max: number) => number = cryptoRandom): string {
  let id = '';
  for (let i = 0; i < length; i += 1) id += ID_ALPHABET[random(ID_ALPHABET.length)];
  return id;
}

function cryptoRandom(max: number): number {
  // 62 does not divide 2^32: redraw the top of the range so every character is equally likely.
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0]! >= limit);
  return draw[0]! % max;
}

/** A tracking cookie's Set-Cookie text: `key` gets the `_md_` prefix; no `days` means the session. */
export function trackingCookie(key: string, value: string, days?: number): string {
  const name = key.startsWith(TRACKING_COOKIE_PREFIX) ? key : `${TRACKING_COOKIE_PREFIX}${key}`;
  const lifetime = days === undefined ? '' : `; Max-Age=${Math.round(days * 86_400)}`;
  return `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${lifetime}`;
}
