/**
 * What a shard of a cold build renders (src/node/render-scope.ts shardScope) and how its
 * languages are named on the command line (scripts/shards/shard.ts parseShard). That the
 * shards merged make the release one build makes: tests/integration/scaled-release.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { shardScope } from '../../src/node/render-scope.ts';
import { parseShard } from '../../scripts/shards/shard.ts';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';
import type { DataFile } from '../../src/node/routing/data-files.ts';

const route = (urlPath: string, languageCode: string) => ({ urlPath, languageCode }) as RouteEntry;
const file = (urlPath: string, languageCode: string): DataFile => ({ urlPath, languageCode, digest: 'd' });

describe('a shard', () => {
  it('renders its languages’ pages, data files, sitemaps and feeds, and nothing of the others', () => {
    const routes = [route('/', 'zh-TW'), route('/en-gb/', 'en-GB'), route('/zh-hk/', 'zh-HK'), route('/en-gb/c/W01.html', 'en-GB')];
    const files = [file('/product-data/zh-TW/A.json', 'zh-TW'), file('/product-data/en-GB/A.json', 'en-GB')];
    expect(shardScope(routes, files, ['en-GB', 'zh-HK'])).toEqual({
      paths: ['/en-gb/', '/zh-hk/', '/en-gb/c/W01.html'],
      dataFiles: ['/product-data/en-GB/A.json'],
      languages: ['en-GB', 'zh-HK'],
    });
  });

  it('is named by language codes, in any case, each once', () => {
    expect(parseShard('zh-tw')).toEqual(['zh-TW']);
    expect(parseShard('zh-HK, zh-MO,en-gb')).toEqual(['zh-HK', 'zh-MO', 'en-GB']);
    expect(() => parseShard('fr-FR')).toThrow('"fr-FR" is not one of the site\'s languages');
    expect(() => parseShard('zh-TW,zh-tw')).toThrow('names zh-TW twice');
    expect(() => parseShard(' , ')).toThrow('needs one or more language codes');
  });
});
