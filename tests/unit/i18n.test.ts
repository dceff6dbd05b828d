import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { createTranslator, loadLocaleResources } from '../../src/lib/i18n/translator.ts';

const server = createServer((req, res) => {
  if (req.url === '/locales/en-GB.json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"common":{"home":"Home"}}');
  else if (req.url === '/locales/zh-HK.json') res.writeHead(200).end('{"broken": ');
  else res.writeHead(404).end();
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

describe('translations', () => {
  it('every language has a locale file with the same keys as the default', () => {
    const keys = (obj: object, prefix = ''): string[] =>
      Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    const files = readdirSync('public/locales');
    const reference = keys(JSON.parse(readFileSync(`public/locales/${LANGUAGES[0]!.code}.json`, 'utf8'))).sort();
    for (const language of LANGUAGES) {
      expect(files).toContain(`${language.code}.json`);
      expect(keys(JSON.parse(readFileSync(`public/locales/${language.code}.json`, 'utf8'))).sort(), language.code).toEqual(reference);
    }
  });

  it('islands load translations at run time', async () => {
    const t = createTranslator('en-GB', await loadLocaleResources('en-GB', fetch, base));
    expect(t('common.home')).toBe('Home');
  });

  it('a failed load gives empty translations, never an error', async () => {
    expect(await loadLocaleResources('zh-TW', fetch, base)).toEqual({}); // 404
    expect(await loadLocaleResources('zh-HK', fetch, base)).toEqual({}); // malformed
    expect(await loadLocaleResources('en-GB', fetch, 'http://127.0.0.1:1')).toEqual({}); // unreachable
  });

  it('interpolates values', () => {
    expect(createTranslator('zh-TW', { s: '第 {{index}} 張' })('s', { index: 2 })).toBe('第 2 張');
  });
});
