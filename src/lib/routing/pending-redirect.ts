/** The login page's inline line that keeps redirect_url for the third-party round trip: page markup, not island code. */
import { PENDING_REDIRECT_KEY } from './redirect-url.ts';

/**
 * The login page's inline line: remembers redirect_url at load, not on click, so the
 * third-party round trip keeps it even before the form hydrates.
 */
export function rememberRedirectScript(): string {
  const key = JSON.stringify(PENDING_REDIRECT_KEY);
  return `var t=new URLSearchParams(location.search).get('redirect_url');try{if(t)sessionStorage.setItem(${key},t);else sessionStorage.removeItem(${key})}catch(_){}`;
}
