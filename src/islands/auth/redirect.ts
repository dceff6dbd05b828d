/** Where a member goes after signing in: redirect_url when it is a same-origin path, else the account home. */
import { ACCOUNT_HOME_PATH, safeRedirectPath } from '../../lib/routing/redirect-url.ts';

/** Kept across the third-party round trip, which leaves the site. */
export const PENDING_REDIRECT_KEY = 'linea:auth:redirect';

export function afterSignInTarget(prefix: string, raw: string | null = new URLSearchParams(location.search).get('redirect_url')): string {
  return safeRedirectPath(raw, { fallback: `${prefix}${ACCOUNT_HOME_PATH}` });
}
