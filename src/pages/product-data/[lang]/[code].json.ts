/**
 * Each product's static detail, per language, as JSON the CDN serves, so the detail comes
 * fast: the product page's island reads it instead of the API, which it asks only for
 * live price and stock. Written from the pulled product cache at build time; a publish writes
 * only the products whose cached detail changed (routing/data-files.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteToRender } from '../../../node/site.ts';
import { dataFileFilter } from '../../../node/render-scope.ts';
import { productDataPath } from '../../../node/routing/data-files.ts';

export const getStaticPaths = (async () => {
  const { content, scope } = await siteToRender();
  const inScope = dataFileFilter(scope);
  return content.languages.flatMap(({ language, products }) =>
    products
      .filter((detail) => inScope(productDataPath(language.code, detail.productCode)))
      .map((detail) => ({
        params: { lang: language.code, code: detail.productCode },
        // The detail itself, written when the file is: a string of each held from the paths to
        // the end of the build was the catalogue twice over in memory.
        props: { detail },
      })),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { detail: unknown }).detail), { headers: { 'content-type': 'application/json; charset=utf-8' } });
