/**
 * /search.html: the products matching `description` (or a store's wares with
 * searchType=storeCode), with the count, a sort, paging and an empty state. What the page
 * shows, the address that keeps it and the results are the search page's store's
 * (stores/search-page.ts); this island draws them and hands the shopper's choices to it.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { SEARCH_SORTS } from '../../lib/api/contract-values.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import type { SearchQuery, SearchSort } from '../../lib/search/query.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { formatPriceRange } from '../../lib/format/currency.ts';
import { productDetailHref } from '../../lib/product/product-id.ts';
import { isRedPrice, type PriceGroups } from '../../lib/product/rules.ts';
import type { PageLanguage } from '../../stores/platform.ts';
import type { SearchResultItem } from '../../stores/search.ts';
import { $searchPageView, changeSort, goToPage, retrySearch, startSearchPage } from '../../stores/search-page.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

/** Results in the grid's first row at its widest (four columns). */
const FIRST_ROW = 4;

interface SoldOutMark {
  imageUrl: string;
  position: string;
}

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
  soldOutMark: SoldOutMark;
  /** Each shop's name by its code, from the CMS's shop list: a store's wares are headed by its name. */
  storeNames: Readonly<Record<string, string>>;
}) {
  const t = useTranslator(languageCode, messages);
  const view = useStore($searchPageView);
  useEffect(() => startSearchPage(), []);

  const { query } = view;
  if (!query) return <p className="search-results__status">{t('results.loading')}</p>;
  if (view.status === 'no-word') return <p className="search-results__status">{t('results.noWord')}</p>;

  // A new sort or page starts at the top of the list, as a new page would.
  const go = (step: () => Promise<void>) => {
    void step();
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="search-results" data-status={view.status === 'ready' ? 'done' : view.status}>
      <div className="search-results__bar">
        <p className="search-results__count" role="status">
          {view.status === 'ready' && resultCount(t, query, view.total, storeNames)}
          {view.status === 'loading' && t('results.loading')}
        </p>
        <label className="search-results__sort">
          {t('results.sort')}{' '}
          <select value={query.sort} onChange={(event) => go(() => changeSort(event.target.value as SearchSort))}>
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`results.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {view.status === 'error' && (
        <p className="form-error" role="alert">
          {t('errors.interfaceException')}{' '}
          <button type="button" className="link-button" onClick={() => void retrySearch()}>
            {t('cart.retry')}
          </button>
        </p>
      )}
      {view.status === 'ready' && view.total === 0 && (
        <p className="search-results__empty">{t('results.empty', { word: query.description })}</p>
      )}
      {view.status === 'ready' && view.items.length > 0 && (
        <ul className="product-list__grid" style={{ ['--columns' as string]: 4 }}>
          {view.items.map((product, index) => (
            <li key={product.productCode}>
              <ResultTile
                t={t}
                product={product}
                href={`${prefix}${productDetailHref(product.productCode)}`}
                firstRow={index < FIRST_ROW}
                currency={view.currency}
                priceGroups={priceGroups}
                soldOutMark={soldOutMark}
              />
            </li>
          ))}
        </ul>
      )}
      {view.status === 'ready' && view.pages > 1 && (
        <nav className="search-results__paging" aria-label={t('results.page', { page: query.page, pages: view.pages })}>
          <button
            type="button"
            className="button button--ghost"
            disabled={query.page <= 1}
            onClick={() => go(() => goToPage(query.page - 1))}
          >
            {t('results.previous')}
          </button>
          <span>{t('results.page', { page: query.page, pages: view.pages })}</span>
          <button
            type="button"
            className="button button--ghost"
            disabled={query.page >= view.pages}
            onClick={() => go(() => goToPage(query.page + 1))}
          >
            {t('results.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

/** The count line: a word's results, or a store's wares by its name (a code the shop list no longer knows still gets its count). */
function resultCount(t: Translate, query: SearchQuery, total: number, storeNames: Readonly<Record<string, string>>): string {
  if (!query.storeCode) return t('results.count', { count: total, word: query.description });
  const store = storeNames[query.storeCode];
  return store ? t('results.storeNamedCount', { count: total, store }) : t('results.storeCount', { count: total });
}

/** One product of the results, drawn as every product card is. */
function ResultTile({
  t,
  product,
  href,
  firstRow,
  currency,
  priceGroups,
  soldOutMark,
}: {
  t: Translate;
  product: SearchResultItem;
  href: string;
  /** The first row is what the shopper sees first, and the page's largest paint. */
  firstRow: boolean;
  currency: PageLanguage['currency'];
  priceGroups: PriceGroups;
  soldOutMark: SoldOutMark;
}) {
  return (
    <a className="product-tile" href={href} data-product-code={product.productCode}>
      <div className="product-tile__picture">
        <img
          src={withResizeSuffix(product.imageUrl, '480-600')}
          alt={product.name}
          width="480"
          height="600"
          loading={firstRow ? 'eager' : 'lazy'}
          fetchPriority={firstRow ? 'high' : undefined}
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
  );
}
