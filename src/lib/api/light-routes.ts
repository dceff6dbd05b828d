/**
 * Where the calls made with the API core alone go (lib/api/core.ts: a visitor's page, without
 * the member client). contract.ts takes their routes from here, so the two cannot drift; the
 * module holds data only, so the contract's users do not load the core with it.
 */

/** Where and how an endpoint is called: the part of a contract entry the light calls need. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
}

export const LIGHT_ROUTES = {
  productsByCodes: { method: 'POST', path: '/product/by-codes', auth: false },
  productStock: { method: 'POST', path: '/product/stock', auth: false },
} as const satisfies Record<string, Route>;
