/**
 * The routes of the public reads of a visitor's page (product cards, the product page's stock,
 * search): apart from the full table (routes.ts, which spreads them in), so the pages that
 * only show products carry these five and not every endpoint's.
 */

/** Where and how an endpoint is called. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
}

export const PUBLIC_ROUTES = {
  productsByCodes: { method: 'POST', path: '/product/by-codes', auth: false },
  productStock: { method: 'POST', path: '/product/stock', auth: false },
  recommendedWords: { method: 'GET', path: '/search/recommend-words', auth: false },
  searchSuggestions: { method: 'POST', path: '/search/suggest', auth: false },
  productSearch: { method: 'POST', path: '/search/products', auth: false },
} as const satisfies Record<string, Route>;

export type PublicRead = keyof typeof PUBLIC_ROUTES;
