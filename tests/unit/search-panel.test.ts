/**
 * The search panel's markup, rendered to a string with react-dom/server (there is no DOM in
 * unit tests): what the open panel shows for an empty and for a typed box, and the island's
 * server render; and the search page's inline line that fills the box, against the island's reading. Typing, clicks and timings are covered through the store (search-store.test.ts).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/lib/i18n/translator.ts';
import SearchPanel, { SearchPanelBody, type SearchPanelBodyProps } from '../../src/islands/search/SearchPanel.tsx';
import { searchBoxWordScript } from '../../src/lib/search/box-word-script.ts';
import { readSearchQuery, searchBoxWord } from '../../src/lib/search/query.ts';

const messages = {
  search: {
    label: 'Search',
    placeholder: 'Search products',
    submit: 'Search',
    quickLinks: 'Quick links',
    storeList: 'Store locator',
    faq: 'FAQ',
    chat: 'Chat with us',
    hotWords: 'Popular searches',
    recent: 'Recent searches',
    clearRecent: 'Delete all',
    removeWord: 'Delete {{word}}',
    suggestions: 'Suggestions',
  },
};
const t = createTranslator(messages);
const quickLinks = { storeList: '/en-gb/shop/shop_list.html', faq: '/en-gb/faq.html', chat: 'https://chat.linea.example/' };
const noop = () => {};

function body(props: Partial<SearchPanelBodyProps>): string {
  return renderToStaticMarkup(
    createElement(SearchPanelBody, {
      t,
      typed: '',
      suggestions: [],
      hotWords: [],
      recent: [],
      showChat: true,
      quickLinks,
      onSearch: noop,
      onRemove: noop,
      onClear: noop,
      ...props,
    }),
  );
}

describe('the open search panel', () => {
  it('with nothing typed: quick links, hot words, recent searches with per-word delete and delete all', () => {
    const html = body({ typed: '  ', hotWords: ['羽絨外套', '牛仔褲'], recent: ['T恤', 'jeans'], suggestions: ['stale'] });
    expect(html).toContain('href="/en-gb/shop/shop_list.html">Store locator</a>');
    expect(html).toContain('href="/en-gb/faq.html">FAQ</a>');
    expect(html).toContain('href="https://chat.linea.example/">Chat with us</a>');
    expect(html).toContain('Popular searches');
    expect(html).toContain('>羽絨外套</button>');
    expect(html).toContain('Recent searches');
    expect(html).toContain('>Delete all</button>');
    expect(html).toContain('aria-label="Delete T恤"');
    expect(html).toContain('aria-label="Delete jeans"');
    expect(html).not.toContain('stale');
    expect(html).not.toContain('<mark>');
  });

  it('hides the chat link when customer service is switched off, and empty blocks', () => {
    const html = body({ showChat: false });
    expect(html).toContain('Store locator');
    expect(html).not.toContain('Chat with us');
    expect(html).not.toContain('Popular searches');
    expect(html).not.toContain('Recent searches');
  });

  it('with text typed: only the suggestions, every occurrence of the typed text marked', () => {
    const html = body({ typed: 'crew', suggestions: ['Crew Neck crew', '圓領T恤'], hotWords: ['羽絨外套'], recent: ['T恤'] });
    expect(html).toContain('<mark>Crew</mark> Neck <mark>crew</mark>');
    expect(html).toContain('>圓領T恤</button>');
    expect(html).not.toContain('Store locator');
    expect(html).not.toContain('羽絨外套');
    expect(html).not.toContain('Recent searches');
  });

  it('with text typed and no suggestions: nothing', () => {
    expect(body({ typed: 'zzz', suggestions: [], hotWords: ['羽絨外套'] })).toBe('');
  });
});

describe('the island on the server', () => {
  const render = (props: { isHome: boolean; customerService?: 'Y' | 'N' }) =>
    renderToStaticMarkup(
      createElement(SearchPanel, {
        languageCode: 'en-GB',
        prefix: '/en-gb',
        messages,
        specifiedWords: {},
        associativeSearch: 'Y',
        customerService: props.customerService ?? 'Y',
        quickLinks,
        isHome: props.isHome,
      }),
    );

  it('renders the search box as a GET form to the search page of its language, the panel closed', () => {
    const html = render({ isHome: false });
    expect(html).toContain('action="/en-gb/search.html"');
    expect(html).toContain('name="description"');
    expect(html).toContain('placeholder="Search products"');
    expect(html).toContain('height:44px');
    expect(html).toMatch(/class="search-panel__body"[^>]*hidden=""><\/div>/);
  });

  it("carries home's customer-service tip in the page (CSS shows it), not elsewhere, and not with the switch off", () => {
    expect(render({ isHome: true })).toContain(`class="service-tip service-tip--on-arrival" aria-live="polite" href="${quickLinks.chat}"`);
    expect(render({ isHome: false })).not.toContain('service-tip');
    expect(render({ isHome: true, customerService: 'N' })).not.toContain('service-tip');
  });
});

describe("the search page's box word, before hydration", () => {
  /** Runs the inline script on a box holding `value`, at `search`; answers what the box then holds. */
  function run(search: string, value = ''): string {
    const box = { value };
    const document = { querySelector: (selector: string) => (selector === 'input.search-panel__input' ? box : null) };
    new Function('location', 'document', searchBoxWordScript())({ search }, document);
    return box.value;
  }

  it.each([
    '?description=%E7%BE%8A%E6%AF%9B',
    '?description=%20denim%20&sort=priceAsc&page=2',
    '?description=a%2Bb%26c',
    '?description=%20&searchType=storeCode&storeCode=/TPE0001',
    '?searchType=storeCode&storeCode=%20&description=coat',
    '',
  ])('puts in what the island shows for %s', (search) => {
    expect(run(search)).toBe(searchBoxWord(readSearchQuery(search)));
  });

  it('leaves text already in the box', () => {
    expect(run('?description=coat', 'typed')).toBe('typed');
  });
});
