import { describe, expect, it } from 'vitest';
import {
  documentTitle,
  effectiveContent,
  findHomepage,
  localizedPath,
  pagePublication,
  InheritanceCycleError,
  languageOfPath,
} from '../../src/lib/cms/pages.ts';
import { isWithinWindow, msUntilReload, nextBoundary, reloadAtOf, stalePageCheckDelay } from '../../src/lib/cms/schedule.ts';
import { pageConfigSchema, type PageConfig, type PageDocument } from '../../src/lib/cms/schema.ts';
import { LANGUAGES, getLanguage } from '../../src/lib/i18n/languages.ts';
import { routeParam } from '../../src/lib/routing/params.ts';

const make = (p: Partial<PageConfig> & { code: string }): PageConfig =>
  pageConfigSchema.parse({ path: `/${p.code}.html`, tplt: 5, title: p.code, updatedAt: 1, ...p });

describe('homepage', () => {
  it('is the page flagged home', () => {
    expect(findHomepage([make({ code: 'a' }), make({ code: 'b', homepage: 'Y' })])?.code).toBe('b');
  });
  it('falls back to the first page when none is flagged', () => {
    expect(findHomepage([make({ code: 'a' }), make({ code: 'b' })])?.code).toBe('a');
  });
});

describe('document title', () => {
  it('is page title + separator + suffix', () => {
    expect(documentTitle('女裝', { titleSeparator: ' | ', titleSuffix: 'LINEA 織線' })).toBe('女裝 | LINEA 織線');
  });
  it('is the suffix alone for an empty title', () => {
    expect(documentTitle('  ', { titleSeparator: ' | ', titleSuffix: 'LINEA' })).toBe('LINEA');
  });
});

describe('date windows', () => {
  it('treats a missing bound as open-ended; start inclusive, end exclusive', () => {
    expect(isWithinWindow(10, null, null)).toBe(true);
    expect(isWithinWindow(10, 10, null)).toBe(true);
    expect(isWithinWindow(10, null, 10)).toBe(false);
    expect(isWithinWindow(9, 10, 20)).toBe(false);
  });
  it('finds the next boundary after now', () => {
    expect(nextBoundary(10, [5, 30, null, 20])).toBe(20);
    expect(nextBoundary(10, [5, null])).toBeNull();
  });
  it('reloads 20 ms after the boundary', () => {
    expect(msUntilReload(1000, 1500)).toBe(520);
    expect(msUntilReload(2000, 1500)).toBe(20);
  });
  it('checks for the next release of a page loaded past its boundary after 5 s, doubling up to 5 min', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(stalePageCheckDelay)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ]);
  });
  it("reads a page's boundary from its body, and none from a page without one", () => {
    expect(reloadAtOf('<html><body style="--x:1" data-reload-at="1795737600000"><p data-reload-at="1">')).toBe(1795737600000);
    expect(reloadAtOf('<html><body><p data-reload-at="1">')).toBeNull();
  });
  it('publishes the current version inside the window, schedules the end', () => {
    expect(pagePublication(make({ code: 'a', startDate: 0, endDate: 100 }), 50)).toEqual({ state: 'current', reloadAt: 100 });
  });
  it('shows the archived version before the start when there is one', () => {
    const page = make({ code: 'a', startDate: 100, archivedPage: { version: 'v1', updatedAt: 1 } });
    expect(pagePublication(page, 50)).toEqual({ state: 'archived', reloadAt: 100 });
  });
  it('does not publish a page past its end without an archive', () => {
    expect(pagePublication(make({ code: 'a', endDate: 40 }), 50)).toEqual({ state: 'unpublished', reloadAt: null });
  });
});

describe('template inheritance', () => {
  const doc = (code: string, n: number): PageDocument => ({
    code,
    updatedAt: 1,
    description: '',
    components: Array.from({ length: n }, (_, i) => ({
      type: 'customContent',
      id: `${code}${i}`,
      html: code,
      className: '',
      startDate: null,
      endDate: null,
    })),
  });
  const parent = make({ code: 'W01', tplt: 3 });
  const child = make({ code: 'W0101', tplt: 4, superCode: 'W01' });
  const pages = new Map([parent, child].map((p) => [p.code, p]));

  it('a template 3/4 page without components takes its parent content', () => {
    const docs = new Map([
      ['W01', doc('W01', 2)],
      ['W0101', doc('W0101', 0)],
    ]);
    const result = effectiveContent(child, pages, (p) => docs.get(p.code));
    expect(result.components).toHaveLength(2);
    expect(result.sourceCodes).toEqual(['W0101', 'W01']);
  });
  it('a page with its own components keeps them', () => {
    const docs = new Map([
      ['W01', doc('W01', 2)],
      ['W0101', doc('W0101', 1)],
    ]);
    expect(effectiveContent(child, pages, (p) => docs.get(p.code)).sourceCodes).toEqual(['W0101']);
  });
  it('other templates never inherit', () => {
    const content = make({ code: 'x', tplt: 5, superCode: 'W01' });
    const result = effectiveContent(content, new Map([...pages, ['x', content]]), (p) =>
      p.code === 'W01' ? doc('W01', 2) : doc(p.code, 0),
    );
    expect(result.components).toHaveLength(0);
  });
  it('refuses a cycle with a clear error', () => {
    const a = make({ code: 'a', tplt: 3, superCode: 'b' });
    const b = make({ code: 'b', tplt: 3, superCode: 'a' });
    expect(() =>
      effectiveContent(
        a,
        new Map([
          ['a', a],
          ['b', b],
        ]),
        () => doc('x', 0),
      ),
    ).toThrow(InheritanceCycleError);
  });
});

describe('localized paths', () => {
  const en = getLanguage('en-GB');
  const tw = getLanguage('zh-TW');
  it('serves the default language unprefixed and the others under their segment', () => {
    expect(localizedPath(tw, '/women.html')).toBe('/women.html');
    expect(localizedPath(en, '/c/W01.html')).toBe('/en-gb/c/W01.html');
    expect(localizedPath(en, '/index.html')).toBe('/en-gb/');
    expect(localizedPath(tw, '/')).toBe('/');
    expect(localizedPath(en, '/en-gb/women.html')).toBe('/en-gb/women.html');
  });
  it('finds the language of a path', () => {
    expect(languageOfPath('/zh-hk/c/W01.html', LANGUAGES).code).toBe('zh-HK');
    expect(languageOfPath('/c/W01.html', LANGUAGES).code).toBe('zh-TW');
  });
  it('maps URL paths to Astro route params', () => {
    expect(routeParam('/')).toBeUndefined();
    expect(routeParam('/c/W01.html')).toBe('c/W01');
    expect(routeParam('/en-gb/women.html')).toBe('en-gb/women');
  });
});
