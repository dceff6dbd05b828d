/** The pure rules of the search panel: recent-search list, highlighting, where a search goes. */
import { describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_MAX } from '../../src/lib/constants.ts';
import { splitHighlight } from '../../src/lib/search/highlight.ts';
import { addToHistory, parseStoredHistory, removeFromHistory } from '../../src/lib/search/history.ts';
import { readSearchQuery, searchBoxWord } from '../../src/lib/search/query.ts';
import { localizeLink, searchTarget } from '../../src/lib/search/target.ts';

describe('search history', () => {
  it('puts the newest word first and keeps at most SEARCH_HISTORY_MAX (10)', () => {
    expect(SEARCH_HISTORY_MAX).toBe(10);
    let history: string[] = [];
    for (let i = 1; i <= 12; i++) history = addToHistory(history, `word ${i}`);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('word 12');
    expect(history.at(-1)).toBe('word 3');
  });

  it('moves a repeated word to the front instead of adding it twice (compared trimmed, case-sensitive)', () => {
    const history = addToHistory(addToHistory(addToHistory([], 'jeans'), '外套'), '  jeans ');
    expect(history).toEqual(['jeans', '外套']);
    expect(addToHistory(history, 'Jeans')).toEqual(['Jeans', 'jeans', '外套']);
  });

  it('ignores blank words and does not change the list given', () => {
    const history = ['外套'];
    expect(addToHistory(history, '')).toEqual(['外套']);
    expect(addToHistory(history, '   ')).toEqual(['外套']);
    addToHistory(history, 'T恤');
    expect(history).toEqual(['外套']);
  });

  it('removes one word', () => {
    expect(removeFromHistory(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(removeFromHistory(['a'], 'zzz')).toEqual(['a']);
  });

  it('reads a stored list and tolerates anything else', () => {
    expect(parseStoredHistory(JSON.stringify(['外套', 'T恤']))).toEqual(['外套', 'T恤']);
    for (const garbage of [null, '', 'not json', '{"a":1}', '"word"', '42', 'null', '['])
      expect(parseStoredHistory(garbage), String(garbage)).toEqual([]);
    // A list written by something else is brought back to the rules.
    expect(parseStoredHistory(JSON.stringify([' a ', 1, null, 'a', '', 'b', { w: 'c' }]))).toEqual(['a', 'b']);
    expect(parseStoredHistory(JSON.stringify(Array.from({ length: 15 }, (_, i) => `w${i}`)))).toHaveLength(10);
  });
});

describe('splitHighlight', () => {
  const marked = (text: string, typed: string) =>
    splitHighlight(text, typed)
      .map((s) => (s.match ? `[${s.text}]` : s.text))
      .join('');

  it('marks every occurrence, ignoring case, keeping the text as written', () => {
    expect(splitHighlight('Crew Neck crew', 'crew')).toEqual([
      { text: 'Crew', match: true },
      { text: ' Neck ', match: false },
      { text: 'crew', match: true },
    ]);
    expect(marked('圓領T恤 圓領', '圓領')).toBe('[圓領]T恤 [圓領]');
    expect(marked('T恤', 't')).toBe('[T]恤');
  });

  it('matches regex characters literally', () => {
    expect(marked('a.b a+b (c) [d]* a\\b', '.')).toBe('a[.]b a+b (c) [d]* a\\b');
    expect(marked('a.b a+b', 'a+b')).toBe('a.b [a+b]');
    expect(marked('(c) x', '(c)')).toBe('[(c)] x');
    expect(marked('[d]* y', ']*')).toBe('[d[]*] y');
    expect(marked('a\\b', '\\')).toBe('a[\\]b');
    expect(marked('$^|?{}/', '^|?{')).toBe('$[^|?{]}/');
  });

  it('gives the plain text when nothing matches or nothing is typed, and nothing for no text', () => {
    expect(splitHighlight('Jeans', 'coat')).toEqual([{ text: 'Jeans', match: false }]);
    expect(splitHighlight('Jeans', '  ')).toEqual([{ text: 'Jeans', match: false }]);
    expect(splitHighlight('', 'a')).toEqual([]);
  });

  it('trims the typed text and keeps whole characters beyond the BMP', () => {
    expect(marked('Linen shirt', 'linen ')).toBe('[Linen] shirt');
    expect(marked('𠮷野家 𠮷', '𠮷')).toBe('[𠮷]野家 [𠮷]');
  });
});

describe('searchTarget', () => {
  const words = {
    羽絨外套: { pcLink: '/c/W0301.html' },
    Sale: { pcLink: 'https://campaign.linea.example/sale' },
    首頁: { pcLink: '/' },
    anchor: { pcLink: '#new' },
    localized: { pcLink: '/en-gb/men.html' },
  };

  it('goes to the search page with the word encoded, in the page language', () => {
    expect(searchTarget('牛仔褲', words, '')).toBe(`/search.html?description=${encodeURIComponent('牛仔褲')}`);
    expect(searchTarget('a&b=c #1 ?', words, '/en-gb')).toBe('/en-gb/search.html?description=a%26b%3Dc%20%231%20%3F');
    expect(searchTarget('  jeans  ', words, '')).toBe('/search.html?description=jeans');
  });

  it("goes to a specified word's PC link: a store path in the page language, an absolute URL as is", () => {
    expect(searchTarget('羽絨外套', words, '')).toBe('/c/W0301.html');
    expect(searchTarget('羽絨外套', words, '/en-gb')).toBe('/en-gb/c/W0301.html');
    expect(searchTarget(' 羽絨外套 ', words, '/en-gb')).toBe('/en-gb/c/W0301.html');
    expect(searchTarget('Sale', words, '/en-gb')).toBe('https://campaign.linea.example/sale');
    expect(searchTarget('首頁', words, '/en-gb')).toBe('/en-gb/');
    expect(searchTarget('anchor', words, '/en-gb')).toBe('#new');
    expect(searchTarget('localized', words, '/en-gb')).toBe('/en-gb/men.html');
  });

  it('matches specified words exactly, and never through the object prototype', () => {
    expect(searchTarget('sale', words, '')).toBe('/search.html?description=sale');
    expect(searchTarget('constructor', words, '')).toBe('/search.html?description=constructor');
    expect(searchTarget('__proto__', words, '')).toBe('/search.html?description=__proto__');
  });

  it('is null for a blank word', () => {
    expect(searchTarget('', words, '')).toBeNull();
    expect(searchTarget('   ', words, '/en-gb')).toBeNull();
  });

  it("a store search goes to the search page with the store's code", () => {
    expect(searchTarget('', {}, '/en-gb', { searchType: 'storeCode', storeCode: 'A12+B.3' })).toBe(
      '/en-gb/search.html?searchType=storeCode&storeCode=A12%2BB.3',
    );
    expect(searchTarget('ignored', words, '', { searchType: 'storeCode', storeCode: ' ' })).toBeNull();
  });

  it('localizes store paths only', () => {
    expect(localizeLink('//cdn.example/x', '/en-gb')).toBe('//cdn.example/x');
    expect(localizeLink('/index.html', '/en-gb')).toBe('/en-gb/');
    expect(localizeLink('/women.html', '')).toBe('/women.html');
  });
});

describe('the search page query', () => {
  it('reads the word, the sort and the page', () => {
    expect(readSearchQuery('?description=%E5%A4%96%E5%A5%97&sort=priceAsc&page=3')).toEqual({
      description: '外套',
      storeCode: null,
      sort: 'priceAsc',
      page: 3,
    });
  });
  it('falls back to relevance and page 1 for anything it does not know', () => {
    expect(readSearchQuery('description=+coat+&sort=cheapest&page=-2')).toEqual({
      description: 'coat',
      storeCode: null,
      sort: 'relevance',
      page: 1,
    });
    expect(readSearchQuery('?page=2.7').page).toBe(2);
    expect(readSearchQuery('').description).toBe('');
  });
  it("reads a store's all-wares search only with its search type", () => {
    expect(readSearchQuery('?searchType=storeCode&storeCode=TP001').storeCode).toBe('TP001');
    expect(readSearchQuery('?storeCode=TP001').storeCode).toBeNull();
    expect(readSearchQuery('?searchType=storeCode&storeCode=+').storeCode).toBeNull();
  });
  it("puts the word in the search box, not a store's code", () => {
    expect(searchBoxWord(readSearchQuery('?description=coat'))).toBe('coat');
    expect(searchBoxWord(readSearchQuery('?searchType=storeCode&storeCode=TP001&description=coat'))).toBe('');
  });
});
