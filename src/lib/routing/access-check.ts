/**
 * The pre-paint access check of guarded pages: an inline script in <head> that
 * sends a visitor with no session to the login page, with redirect_url, before anything is
 * painted. The access token lives in memory, so on a fresh page only the refresh token can
 * exist; its readable hint cookie is what the script can see.
 */
import { SESSION_HINT_COOKIE } from '../api/cookies.ts';

export function accessCheckScript(languagePrefix: string): string {
  const loginBase = `${languagePrefix}/login.html?redirect_url=`;
  return `(function(){if(!/(?:^|;\\s*)${SESSION_HINT_COOKIE}=/.test(document.cookie)){location.replace(${JSON.stringify(loginBase)}+encodeURIComponent(location.pathname+location.search+location.hash))}})()`;
}
