/**
 * The locale files, and the two ways they are read: i18next at build time, and the islands'
 * small translator over the dictionaries the build hands them. The two give the same text
 * for every string of every language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { createTranslator } from '../../src/lib/i18n/translator.ts';
import { buildTranslator, i18nextTranslator, localeResources } from '../../src/node/i18n/translations.ts';

const keys = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('translations', () => {
  it('every language has a locale file with the same keys as the default', () => {
    const files = readdirSync('public/locales');
    const reference = keys(JSON.parse(readFileSync(`public/locales/${LANGUAGES[0]!.code}.json`, 'utf8'))).sort();
    for (const language of LANGUAGES) {
      expect(files).toContain(`${language.code}.json`);
      expect(keys(JSON.parse(readFileSync(`public/locales/${language.code}.json`, 'utf8'))).sort(), language.code).toEqual(reference);
    }
  });

  it("the islands' translator gives i18next's text for every string of every language, filled or not", () => {
    let checked = 0;
    for (const language of LANGUAGES) {
      const resources = localeResources(language.code);
      const ours = createTranslator(resources);
      const theirs = i18nextTranslator(language.code, resources);
      for (const key of keys(resources)) {
        const names = [...String(theirs(key)).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!);
        const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 42 : `<${name}>`]));
        expect(ours(key, values), `${language.code} ${key}`).toBe(theirs(key, values));
        expect(ours(key), `${language.code} ${key}`).toBe(theirs(key));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it("the pages' translator remembers a plain key's text, and fills values afresh on every call", () => {
    const t = buildTranslator('en-GB');
    const theirs = i18nextTranslator('en-GB', localeResources('en-GB'));
    expect(t('common.brand')).toBe(theirs('common.brand'));
    expect(t('common.brand')).toBe(theirs('common.brand'));
    expect(t('footer.copyright', { year: 2025 })).toContain('2025');
    expect(t('footer.copyright', { year: 2026 })).toContain('2026');
    expect(t('footer.copyright')).not.toContain('2026');
    // Remembered with their values too: the same values give the same text, others their own.
    expect(t('product.fewLeft', { count: 2 })).toBe(theirs('product.fewLeft', { count: 2 }));
    expect(t('product.fewLeft', { count: 2 })).toBe(theirs('product.fewLeft', { count: 2 }));
    expect(t('product.fewLeft', { count: 3 })).toBe('Only 3 left');
    expect(t('footer.copyright', { year: { toString: () => '1999' } })).toContain('1999');
    // Values JSON would write alike are not taken for one another.
    for (const count of [NaN, Infinity, null, undefined, 0])
      expect(t('product.fewLeft', { count }), String(count)).toBe(theirs('product.fewLeft', { count }));
    // An object asked for is i18next's own each time, never one shared from a memo.
    const section = t('footer', { returnObjects: true }) as unknown as Record<string, string>;
    expect(section).toMatchObject({ copyright: expect.any(String) });
    expect(t('footer', { returnObjects: true })).not.toBe(section);
  });

  it('fills values, keeps a placeholder without one, and falls back to the default value, then the key', () => {
    const t = createTranslator({ s: '第 {{index}} 張', n: { deep: 'x{{ a }}y' } });
    expect(t('s', { index: 2 })).toBe('第 2 張');
    expect(t('s')).toBe('第 {{index}} 張');
    expect(t('s', { index: null })).toBe('第  張');
    expect(t('n.deep', { a: 0 })).toBe('x0y');
    expect(t('missing', { defaultValue: '' })).toBe('');
    expect(t('missing', { defaultValue: 'hi {{who}}', who: 'Bo' })).toBe('hi Bo');
    expect(t('missing')).toBe('missing');
    expect(t('n')).toBe('n');
  });
});
