/**
 * The public reads of a visitor's page (product cards, the product page's stock, search)
 * through the API core alone, in the page's language: no member client, no schemas, so a
 * page that only shows products never loads them. The answer is trusted as the contract types
 * it (the same API the member client checks); a failure of any kind is a result to fall back on.
 */
import { callLight, type ApiResult } from '../lib/api/core.ts';
import type { RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { PUBLIC_ROUTES, type PublicRead } from '../lib/api/public-routes.ts';
import { getPlatform } from './platform.ts';

export function callPublic<N extends PublicRead>(name: N, body?: RequestOf<N>): Promise<ApiResult<ResponseOf<N>>> {
  const platform = getPlatform();
  return callLight<ResponseOf<N>>(PUBLIC_ROUTES[name], body, { fetch: platform.fetch, language: platform.language().code });
}
