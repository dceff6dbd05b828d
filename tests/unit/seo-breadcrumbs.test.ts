/** A category's breadcrumb, the one its page and its products' pages share: every level of its path. */
import { describe, expect, it } from 'vitest';
import { categoryCrumbs } from '../../src/node/seo/breadcrumbs.ts';
import type { CategoryNode } from '../../src/lib/cms/schema.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';

const node = (code: string, title: string, link: string, childData: CategoryNode[] = []): CategoryNode => ({
  classifyId: code,
  classifyStyle: 'default',
  title,
  sort: 1,
  type: 'CATEGORY',
  parentId: null,
  link,
  childData,
  pageInfo: { code, path: link },
});
const tree = [
  node('WOMEN', 'Women', '/women.html', [node('W01', 'Outerwear', '/c/W01.html', [node('W0101', 'Down jackets', '/c/W0101.html')])]),
];

describe('category breadcrumb', () => {
  it('has home and every level down to the category, the group between gender and category too', () => {
    expect(categoryCrumbs(getLanguage('en-GB'), tree, 'W0101', 'Home')).toEqual([
      { name: 'Home', path: '/en-gb/' },
      { name: 'Women', path: '/en-gb/women.html' },
      { name: 'Outerwear', path: '/en-gb/c/W01.html' },
      { name: 'Down jackets', path: '/en-gb/c/W0101.html' },
    ]);
    expect(categoryCrumbs(getLanguage('zh-TW'), tree, 'W01', '首頁').map((c) => c.path)).toEqual(['/', '/women.html', '/c/W01.html']);
  });

  it('is empty for a page the classification does not hold', () => {
    expect(categoryCrumbs(getLanguage('zh-TW'), tree, 'X99', '首頁')).toEqual([]);
  });
});
