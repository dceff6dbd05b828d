/**
 * Requests another site makes a browser send are refused. A page elsewhere can post a form to
 * us (a text/plain body that parses as JSON, or an empty one to sign-out), and the browser
 * adds our cookies and takes the cookies we set; what it cannot do is make the browser claim
 * our origin. So a call that may change something must not come from another origin:
 *
 * - `Sec-Fetch-Site` (every current browser) must say `same-origin`, or `none` (the user's
 *   own action, such as a bookmark);
 * - without it (an older browser), an `Origin` must be the address the request was sent to;
 * - an Origin among the configured site origins passes either way (the site on another host
 *   than its API);
 * - a request with neither header did not come from a browser page (every browser sends
 *   Origin on a cross-origin POST): the build's product pull, a script. Those could send
 *   any header they liked, so refusing them would protect nothing.
 *
 * The same rule as Go's net/http CrossOriginProtection, whose reasoning we follow.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { failureAnswer } from './kit.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origin the browser sees. Behind the local host's proxy the Host header is the API's own;
 * the proxy passes the one the browser used as X-Forwarded-Host (a header a cross-site form
 * cannot set).
 */
export function publicOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? url.host;
  const proto = c.req.header('x-forwarded-proto') ?? url.protocol.replace(/:$/, '');
  return `${proto}://${host}`;
}

/** Whether a browser says this request comes from a page of another origin. */
export function fromOtherOrigin(c: Context, siteOrigins: readonly string[]): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined && siteOrigins.includes(origin)) return false;
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  if (origin === undefined) return false;
  return origin !== publicOrigin(c);
}

/** Refuses (403 CROSS_SITE_REFUSED) every request but a read that a browser sends from another origin's page. */
export function sameOriginOnly(siteOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !fromOtherOrigin(c, siteOrigins)) return next();
    return failureAnswer(c, 'CROSS_SITE_REFUSED', 'This request must come from a page of this store', 403);
  };
}
