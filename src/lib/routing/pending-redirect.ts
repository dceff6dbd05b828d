/**
 * The sign-in's redirect_url across the third-party round trip, which leaves the site: the login
 * page remembers it in sessionStorage and the callback page follows it (stores/session.ts).
 */
export const PENDING_REDIRECT_KEY = 'linea:auth:redirect';

/**
 * The login page's inline line: remembers redirect_url at load, not on click, so the
 * third-party round trip keeps it even before the form hydrates.
 */
export function rememberRedirectScript(): string {
  const key = JSON.stringify(PENDING_REDIRECT_KEY);
  return `var t=new URLSearchParams(location.search).get('redirect_url');try{if(t)sessionStorage.setItem(${key},t);else sessionStorage.removeItem(${key})}catch(_){}`;
}
