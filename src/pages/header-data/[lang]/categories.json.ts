/**
 * /header-data/{language}/categories.json: the header's whole category tree in a language
 * (lib/header/category-tree.ts), one file the browser caches instead of props in every page.
 * Written with the language's other files (sitemap, feed): a classification change touches
 * every page of the language, and a change to a tab's page (whose pictures the layer shows) is
 * a changed page of the language, so either puts the language in a publish's scope.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteToRender } from '../../../node/site.ts';
import { rendersLanguageFiles } from '../../../node/render-scope.ts';
import { layerTree } from '../../../node/header/category-tree.ts';

export const getStaticPaths = (async () => {
  const { content, routes, scope } = await siteToRender();
  // The tabs' pictures come from their pages as this build shows them.
  const cmsPages = new Map(routes.filter((route) => route.kind === 'cms').map((route) => [route.urlPath, route.components]));
  return content.languages
    .filter(({ language }) => rendersLanguageFiles(scope, language.code))
    .map(({ language, shared }) => ({
      params: { lang: language.code },
      props: { body: JSON.stringify(layerTree(language, shared.classification, (path) => cmsPages.get(path))) },
    }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { body: string }).body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
