/**
 * /search.html: the products matching `description` (or a store's wares with
 * searchType=storeCode), with the count, a sort, paging and an empty state. The query string
 * is the state, so results can be shared and the back button walks through pages.
 */
import { useEffect, useState } from 'react';
import type { ProductSummary } from '../../lib/api/contract.ts';
import { SEARCH_SORTS, readSearchQuery, type SearchQuery, type SearchSort } from '../../lib/search/query.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { formatPriceRange } from '../../lib/format/currency.ts';
import { getLanguage } from '../../lib/i18n/languages.ts';
import { productDetailHref } from '../../lib/product/product-id.ts';
import { apiClient } from '../../stores/lazy-auth.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

const PAGE_SIZE = 24;

type State = { status: 'loading' } | { status: 'done'; list: ProductSummary[]; total: number } | { status: 'error'; message: string };

export default function SearchResults({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const language = getLanguage(languageCode);
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const sync = () => setQuery(readSearchQuery(location.search));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    if (!query || (!query.description && !query.storeCode)) return;
    let current = true;
    setState({ status: 'loading' });
    void (async () => {
      const result = await (await apiClient()).call('productSearch', {
        ...(query.storeCode ? { searchType: 'storeCode' as const, storeCode: query.storeCode } : { description: query.description }),
        sort: query.sort,
        page: query.page,
        pageSize: PAGE_SIZE,
        region: language.region,
        language: language.code,
      });
      if (!current) return; // a newer query answered first
      if (result.ok) setState({ status: 'done', list: result.data.list, total: result.data.total });
      else if (result.kind !== 'aborted') setState({ status: 'error', message: t('errors.interfaceException') });
    })();
    return () => {
      current = false;
    };
  }, [query, language.code, language.region, t]);

  function go(change: Partial<SearchQuery>) {
    if (!query) return;
    const next = { ...query, ...change };
    const params = new URLSearchParams(location.search);
    params.set('sort', next.sort);
    params.set('page', String(next.page));
    history.pushState(null, '', `${location.pathname}?${params}`);
    setQuery(next);
    window.scrollTo({ top: 0 });
  }

  if (!query) return <p className="search-results__status">{t('results.loading')}</p>;
  if (!query.description && !query.storeCode) return <p className="search-results__status">{t('results.noWord')}</p>;
  const pages = state.status === 'done' ? Math.max(1, Math.ceil(state.total / PAGE_SIZE)) : 1;

  return (
    <div className="search-results" data-status={state.status}>
      <div className="search-results__bar">
        <p className="search-results__count" role="status">
          {state.status === 'done' && (query.storeCode ? t('results.storeCount', { count: state.total }) : t('results.count', { count: state.total, word: query.description }))}
          {state.status === 'loading' && t('results.loading')}
        </p>
        <label className="search-results__sort">
          {t('results.sort')}{' '}
          <select value={query.sort} onChange={(event) => go({ sort: event.target.value as SearchSort, page: 1 })}>
            {SEARCH_SORTS.map((sort) => <option key={sort} value={sort}>{t(`results.sorts.${sort}`)}</option>)}
          </select>
        </label>
      </div>
      {state.status === 'error' && <p className="form-error" role="alert">{state.message}</p>}
      {state.status === 'done' && state.total === 0 && <p className="search-results__empty">{t('results.empty', { word: query.description })}</p>}
      {state.status === 'done' && state.list.length > 0 && (
        <ul className="product-list__grid" style={{ ['--columns' as string]: 4 }}>
          {state.list.map((product) => (
            <li key={product.productCode}>
              <a className="product-tile" href={`${prefix}${productDetailHref(product.productCode)}`} data-product-code={product.productCode}>
                <div className="product-tile__picture">
                  <img src={withResizeSuffix(product.imageUrl, '480-600')} alt={product.name} width="480" height="600" loading="lazy" decoding="async" />
                  {product.stockFlag === 'N' && <span className="badge">{t('results.soldOut')}</span>}
                </div>
                <span className="product-tile__name">{product.name}</span>
                <span className="product-tile__price" data-price={product.priceInfo.minPrice}>{formatPriceRange(product.priceInfo.minPrice, product.priceInfo.maxPrice, language.currency)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'done' && pages > 1 && (
        <nav className="search-results__paging" aria-label={t('results.page', { page: query.page, pages })}>
          <button type="button" className="button button--ghost" disabled={query.page <= 1} onClick={() => go({ page: query.page - 1 })}>{t('results.previous')}</button>
          <span>{t('results.page', { page: query.page, pages })}</span>
          <button type="button" className="button button--ghost" disabled={query.page >= pages} onClick={() => go({ page: query.page + 1 })}>{t('results.next')}</button>
        </nav>
      )}
    </div>
  );
}
