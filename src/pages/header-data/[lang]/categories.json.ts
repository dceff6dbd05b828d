/**
 * /header-data/{language}/categories.json: the header's whole category tree in a language
 * (lib/header/category-tree.ts), one file the browser caches instead of props in every page.
 * Written with the language's other files (sitemap, feed): a classification change touches
 * every page of the language, so the language is in a publish's scope.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteToRender } from '../../../build/site.ts';
import { rendersLanguageFiles } from '../../../build/render-scope.ts';
import { categoryTree } from '../../../build/header/category-tree.ts';

export const getStaticPaths = (async () => {
  const { content, scope } = await siteToRender();
  return content.languages
    .filter(({ language }) => rendersLanguageFiles(scope, language.code))
    .map(({ language, shared }) => ({
      params: { lang: language.code },
      props: { body: JSON.stringify(categoryTree(language, shared.classification)) },
    }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response((props as { body: string }).body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
