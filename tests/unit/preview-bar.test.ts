/**
 * The preview bar (scripts/preview/bar.ts): times in the store's UTC+8, the "as of" field read
 * back as the moment it names (a date that does not exist refused), and a page marked noindex
 * whatever robots meta it had, with the bar first in its body and the editor's text escaped.
 */
import { describe, expect, it } from 'vitest';
import { parseStoreTime, storeTime, withPreviewMarks } from '../../scripts/preview/bar.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';

const facts = {
  language: LANGUAGES[4]!,
  renderedAt: Date.UTC(2026, 11, 7, 2, 5),
  asOf: null,
  path: '/en-gb/"x".html',
  expires: 1_800_000_000,
};

describe('preview bar', () => {
  it('shows and reads times in the store’s time zone (UTC+8)', () => {
    expect(storeTime(Date.UTC(2026, 11, 31, 16, 30))).toBe('2027-01-01 00:30');
    expect(parseStoreTime('2027-01-01T00:30')).toBe(Date.UTC(2026, 11, 31, 16, 30));
    expect(parseStoreTime('2026-02-30T10:00')).toBeNull();
    expect(parseStoreTime('tomorrow')).toBeNull();
  });

  it('puts the bar first in the body and one robots noindex meta in the head', () => {
    const page =
      '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="robots" content="noindex" /></head><body class="x"><main>page</main></body></html>';
    const marked = withPreviewMarks(page, facts);
    expect(marked.match(/name="robots"/g)).toHaveLength(1);
    expect(marked).toContain('<head><meta name="robots" content="noindex, nofollow">');
    expect(marked).toMatch(/<body class="x"><div id="linea-preview-bar"[^>]*>.*<\/div><main>page<\/main>/);
    expect(marked).toContain('English (en-GB)');
    expect(marked).toContain('Rendered 2026-12-07 10:05 (UTC+8)');
    expect(marked).toContain('value="/en-gb/&quot;x&quot;.html"');
    expect(marked).toContain('Content as of now');
  });

  it('says the chosen "as of" date, with a way back to now', () => {
    const marked = withPreviewMarks('<head></head><body></body>', { ...facts, asOf: Date.UTC(2026, 11, 24, 2, 0) });
    expect(marked).toContain('Content as of 2026-12-24 10:00');
    expect(marked).toContain('value="2026-12-24T10:00"');
    expect(marked).toMatch(/href="\/_preview\/as-of\?back=%2Fen-gb%2F%22x%22.html"[^>]*>Now</);
  });
});
