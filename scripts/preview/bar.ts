/**
 * The preview bar and the marks of a preview page, added by the preview service to the HTML
 * the build's pipeline rendered (renderer.ts): the page itself stays byte for byte what the
 * build makes, so the build never carries preview code and the comparison test can hold the
 * two equal. The bar is the first thing of the body, in the page's flow: it pushes the page
 * down by its own height, whatever that is (it wraps on a phone), and hides nothing of the
 * page's sticky header or first screen. Its styles are inline: no class of the site's reaches
 * it, and none of it reaches the page.
 */
import type { LanguageDefinition } from '../../src/lib/i18n/languages.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every region the store sells in keeps UTC+8: times are shown there. */
const STORE_TIME_ZONE = 'Asia/Taipei';

/** 2026-12-07 10:15 (UTC+8). */
export function storeTime(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: STORE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** The value of a datetime-local input for `ms`, in the store's time. */
const inputValue = (ms: number) => storeTime(ms).replace(' ', 'T');

/** Reads a datetime-local value in the store's time (UTC+8) as milliseconds; null when it is not one. */
export function parseStoreTime(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h - 8, mi);
  return Number.isFinite(ms) && storeTime(ms) === value.replace('T', ' ') ? ms : null;
}

export interface BarFacts {
  language: LanguageDefinition;
  /** When the page was rendered. */
  renderedAt: number;
  /** The clock the page was rendered at: null when it is now. */
  asOf: number | null;
  /** The page's address, where the "as of" form comes back to. */
  path: string;
  /** The session's end (Unix seconds). */
  expires: number;
}

export const PREVIEW_BAR_ID = 'linea-preview-bar';

export function previewBar(facts: BarFacts): string {
  const { language, renderedAt, asOf, path, expires } = facts;
  const style = [
    'position:relative',
    'z-index:2147483647',
    'box-sizing:border-box',
    'display:flex',
    'flex-wrap:wrap',
    'align-items:center',
    'gap:4px 16px',
    'padding:6px 12px',
    'background:#1d1d1f',
    'color:#fff',
    'font:13px/1.4 system-ui,sans-serif',
    'border-bottom:3px solid #f5a623',
  ].join(';');
  const field = 'font:inherit;padding:2px 4px;border:1px solid #888;border-radius:3px;background:#fff;color:#1d1d1f';
  return (
    `<div id="${PREVIEW_BAR_ID}" role="region" aria-label="Preview" lang="en" style="${style}">` +
    `<strong style="background:#f5a623;color:#1d1d1f;padding:2px 8px;border-radius:3px;letter-spacing:.05em">PREVIEW</strong>` +
    `<span data-preview="language">${escape(language.label)} (${escape(language.code)})</span>` +
    `<span data-preview="rendered">Rendered ${escape(storeTime(renderedAt))} (UTC+8)</span>` +
    `<form method="get" action="/_preview/as-of" style="display:flex;gap:6px;align-items:center;margin:0">` +
    `<label for="${PREVIEW_BAR_ID}-as-of">As of</label>` +
    `<input id="${PREVIEW_BAR_ID}-as-of" type="datetime-local" name="at" value="${escape(inputValue(asOf ?? renderedAt))}" style="${field}">` +
    `<input type="hidden" name="back" value="${escape(path)}">` +
    `<button style="${field};cursor:pointer">Show</button>` +
    (asOf !== null ? `<a href="/_preview/as-of?back=${encodeURIComponent(path)}" style="color:#f5a623">Now</a>` : '') +
    `</form>` +
    `<span data-preview="as-of">${asOf === null ? 'Content as of now' : `Content as of ${escape(storeTime(asOf))}`}</span>` +
    `<span style="margin-left:auto;opacity:.8">Not public · until ${escape(storeTime(expires * 1000))}</span>` +
    `</div>`
  );
}

/**
 * The page with the bar at the top of its body and a robots meta of noindex, nofollow (any
 * robots meta of its own is replaced: a preview is never indexed, whatever the page says).
 */
export function withPreviewMarks(html: string, facts: BarFacts): string {
  const robots = '<meta name="robots" content="noindex, nofollow">';
  let page = html.replace(/<meta name="robots" content="[^"]*"\s*\/?>/g, '');
  page = page.replace(/<head>|<head\s[^>]*>/, (head) => `${head}${robots}`);
  return page.replace(/<body>|<body\s[^>]*>/, (body) => `${body}${previewBar(facts)}`);
}
