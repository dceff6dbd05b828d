/**
 * Each product's static detail, per language, as JSON the CDN serves, so the detail comes
 * fast: the product page's island reads it instead of the API, which it asks only for
 * live price and stock. Written from the pulled product cache at build time.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { readCachedProducts } from '../../../node/catalogue/pull-products.ts';
import { contentCacheDir } from '../../../node/env.ts';
import { renderScope, rendersProductData } from '../../../node/render-scope.ts';
import { LANGUAGES } from '../../../lib/i18n/languages.ts';

export const getStaticPaths = (async () => {
  // A publish whose product cache is unchanged keeps the live release's files.
  if (!rendersProductData(await renderScope())) return [];
  const perLanguage = await Promise.all(
    LANGUAGES.map(async (language) =>
      (await readCachedProducts(contentCacheDir(), language.code)).map((detail) => ({
        params: { lang: language.code, code: detail.productCode },
        props: { body: JSON.stringify(detail) },
      })),
    ),
  );
  return perLanguage.flat();
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { body: string }).body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
