/**
 * /search.html: the products matching `description` (or a store's wares with
 * searchType=storeCode), with the count, a sort, paging and an empty state. The query string
 * is the state, so results can be shared and the back button walks through pages.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { SEARCH_SORTS } from '../../lib/api/contract-values.ts';
import { readSearchQuery, type SearchQuery, type SearchSort } from '../../lib/search/query.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { formatPriceRange } from '../../lib/format/currency.ts';
import { productDetailHref } from '../../lib/product/product-id.ts';
import { isRedPrice, type PriceGroups } from '../../lib/product/rules.ts';
import { getPlatform } from '../../stores/platform.ts';
import { $searchResults, searchProducts } from '../../stores/search.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

/** Results in the grid's first row at its widest (four columns). */
const FIRST_ROW = 4;

export default function SearchResults({
  languageCode,
  prefix,
  messages,
  priceGroups,
  soldOutMark,
  storeNames,
}: IslandProps & {
  /** The switch config's price groups: a result's price is red as on every product card. */
  priceGroups: PriceGroups;
  /** The configured sold-out corner image and where it sits, as on every product card. */
  soldOutMark: { imageUrl: string; position: string };
  /** Each shop's name by its code, from the CMS's shop list: a store's wares are headed by its name. */
  storeNames: Readonly<Record<string, string>>;
}) {
  const t = useTranslator(languageCode, messages);
  // Prices come in the page's region's currency; results show only in the browser, where the platform knows the page.
  const currency = getPlatform().language().currency;
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const results = useStore($searchResults);
  // Until the first search of this page is asked for, the build's "loading" shows.
  const state = results.status === 'idle' ? { status: 'loading' as const } : results;

  useEffect(() => {
    const sync = () => setQuery(readSearchQuery(location.search));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    if (query) void searchProducts(query);
  }, [query]);

  function go(change: Partial<SearchQuery>, { replace = false } = {}) {
    if (!query) return;
    const next = { ...query, ...change };
    const params = new URLSearchParams(location.search);
    params.set('sort', next.sort);
    params.set('page', String(next.page));
    history[replace ? 'replaceState' : 'pushState'](null, '', `${location.pathname}?${params}`);
    setQuery(next);
    window.scrollTo({ top: 0 });
  }

  // A page past the last (a shared link, results that have shrunk since) shows the last one.
  const lastPage = query !== null && state.status === 'ready' && state.total > 0 && query.page > state.pages ? state.pages : null;
  useEffect(() => {
    if (lastPage !== null) go({ page: lastPage }, { replace: true });
  });

  if (!query) return <p className="search-results__status">{t('results.loading')}</p>;
  if (!query.description && !query.storeCode) return <p className="search-results__status">{t('results.noWord')}</p>;
  const pages = state.status === 'ready' ? state.pages : 1;

  return (
    <div className="search-results" data-status={state.status === 'ready' ? 'done' : state.status}>
      <div className="search-results__bar">
        <p className="search-results__count" role="status">
          {state.status === 'ready' &&
            (query.storeCode
              ? // A code the shop list does not know (a shop since closed) still gets its count.
                storeNames[query.storeCode]
                ? t('results.storeNamedCount', { count: state.total, store: storeNames[query.storeCode] })
                : t('results.storeCount', { count: state.total })
              : t('results.count', { count: state.total, word: query.description }))}
          {state.status === 'loading' && t('results.loading')}
        </p>
        <label className="search-results__sort">
          {t('results.sort')}{' '}
          <select value={query.sort} onChange={(event) => go({ sort: event.target.value as SearchSort, page: 1 })}>
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`results.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.status === 'error' && (
        <p className="form-error" role="alert">
          {t('errors.interfaceException')}{' '}
          <button type="button" className="link-button" onClick={() => void searchProducts(query)}>
            {t('cart.retry')}
          </button>
        </p>
      )}
      {state.status === 'ready' && state.total === 0 && (
        <p className="search-results__empty">{t('results.empty', { word: query.description })}</p>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <ul className="product-list__grid" style={{ ['--columns' as string]: 4 }}>
          {state.items.map((product, index) => (
            <li key={product.productCode}>
              <a
                className="product-tile"
                href={`${prefix}${productDetailHref(product.productCode)}`}
                data-product-code={product.productCode}
              >
                <div className="product-tile__picture">
                  <img
                    src={withResizeSuffix(product.imageUrl, '480-600')}
                    alt={product.name}
                    width="480"
                    height="600"
                    // The first row is what the shopper sees first, and the page's largest paint.
                    loading={index < FIRST_ROW ? 'eager' : 'lazy'}
                    fetchPriority={index < FIRST_ROW ? 'high' : undefined}
                    decoding="async"
                  />
                  {product.soldOut && (
                    <img
                      className={`corner-mark corner-mark--${soldOutMark.position}`}
                      data-corner="sold-out"
                      src={soldOutMark.imageUrl}
                      alt={t('results.soldOut')}
                      width="64"
                      height="64"
                    />
                  )}
                </div>
                <span className="product-tile__name">{product.name}</span>
                <span
                  className="product-tile__price"
                  data-price={product.minPrice}
                  data-red={isRedPrice(product.priceGroup, product.minPrice, product.valPrice, priceGroups) || undefined}
                >
                  {formatPriceRange(product.minPrice, product.maxPrice, currency)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && pages > 1 && (
        <nav className="search-results__paging" aria-label={t('results.page', { page: query.page, pages })}>
          <button type="button" className="button button--ghost" disabled={query.page <= 1} onClick={() => go({ page: query.page - 1 })}>
            {t('results.previous')}
          </button>
          <span>{t('results.page', { page: query.page, pages })}</span>
          <button
            type="button"
            className="button button--ghost"
            disabled={query.page >= pages}
            onClick={() => go({ page: query.page + 1 })}
          >
            {t('results.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
