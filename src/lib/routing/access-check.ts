/**
 * The pre-paint access check of guarded pages: an inline script in <head> that
 * sends a visitor with no session to the login page, with redirect_url, before anything is
 * painted. The access token lives in memory, so on a fresh page only the refresh token can
 * exist; its readable hint cookie is what the script can see.
 *
 * The script is the same on every page (one hash in the Content-Security-Policy): it reads the
 * language prefix from <html data-language-prefix>, which the layout writes before it.
 */
import { SESSION_HINT_SOURCE } from '../api/cookies.ts';

export const ACCESS_CHECK_SCRIPT = `(function(){if(!/${SESSION_HINT_SOURCE}/.test(document.cookie)){var p=document.documentElement.getAttribute('data-language-prefix');location.replace((p?'/'+p:'')+'/login.html?redirect_url='+encodeURIComponent(location.pathname+location.search+location.hash))}})()`;
