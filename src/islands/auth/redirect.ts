/** Where a member goes after signing in: redirect_url when it is a same-origin path, else the account home. */
import { STRING_MAX_LENGTH } from '../../lib/api/string-rules.ts';
import { ACCOUNT_HOME_PATH, safeRedirectPath } from '../../lib/routing/redirect-url.ts';

/** Kept across the third-party round trip, which leaves the site. */
export const PENDING_REDIRECT_KEY = 'linea:auth:redirect';

/**
 * The login page's inline line: remembers redirect_url at load, not on click, so the
 * third-party round trip keeps it even before the form hydrates.
 */
export function rememberRedirectScript(): string {
  const key = JSON.stringify(PENDING_REDIRECT_KEY);
  return `var t=new URLSearchParams(location.search).get('redirect_url');try{if(t)sessionStorage.setItem(${key},t);else sessionStorage.removeItem(${key})}catch(_){}`;
}

export function afterSignInTarget(prefix: string, raw: string | null = new URLSearchParams(location.search).get('redirect_url')): string {
  return safeRedirectPath(raw, { fallback: `${prefix}${ACCOUNT_HOME_PATH}` });
}

/**
 * The page's redirect_url as registration sends it, for the mailed link to bring the new member
 * there: only one that would be followed, and none the API would refuse as too long (which would
 * refuse the registration for a field the shopper never sees).
 */
export function redirectForMailedLink(raw: string | null = new URLSearchParams(location.search).get('redirect_url')): string | undefined {
  const target = safeRedirectPath(raw, { fallback: '' });
  return target && target.length <= STRING_MAX_LENGTH ? target : undefined;
}
