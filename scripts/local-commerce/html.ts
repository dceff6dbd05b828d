/**
 * The API's own HTML pages (the admin page, the stand-ins of the payment provider and the store
 * map): every text put in them is escaped here, and each is answered with a policy that allows
 * what it uses and nothing else. None may be framed by another site: a framed admin page takes one
 * click to act as the store.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What a page uses: the exact text of its inline `<style>` and `<script>` elements, and whether it has forms. */
export interface PageNeeds {
  styles?: readonly string[];
  scripts?: readonly string[];
  /** Its forms post to this origin. */
  forms?: boolean;
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * A page's Content-Security-Policy: nothing by default; its own inline style and script by hash
 * (never 'unsafe-inline', so text that slipped through escaping still cannot run or restyle);
 * forms to this origin only if it has any; no <base>; never in a frame.
 */
export function pagePolicy({ styles = [], scripts = [], forms = false }: PageNeeds = {}): string {
  return [
    "default-src 'none'",
    ...(styles.length > 0 ? [`style-src ${styles.map(hashSource).join(' ')}`] : []),
    ...(scripts.length > 0 ? [`script-src ${scripts.map(hashSource).join(' ')}`] : []),
    `form-action ${forms ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Answers a page of ours with the policy of what it uses. */
export const htmlPage = (c: Context, html: string, needs: PageNeeds) => c.html(html, 200, { 'Content-Security-Policy': pagePolicy(needs) });

/**
 * Every HTML answer of the API, whichever route made it: X-Frame-Options for browsers without
 * frame-ancestors; a page without a policy of its own gets the one that allows nothing, and one
 * whose policy forgot frame-ancestors gets it added.
 */
export const unframable: MiddlewareHandler = async (c, next) => {
  await next();
  if (!(c.res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html')) return;
  c.header('X-Frame-Options', 'DENY');
  const policy = c.res.headers.get('Content-Security-Policy');
  if (!policy) c.header('Content-Security-Policy', pagePolicy());
  else if (!/(^|;)\s*frame-ancestors\s/i.test(policy)) c.header('Content-Security-Policy', `${policy}; frame-ancestors 'none'`);
};
