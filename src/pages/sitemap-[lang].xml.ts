/** /sitemap-{language code, lowercased}.xml: the language's indexable pages with their alternates (seo/sitemap.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteToRender } from '../node/site.ts';
import { renderScope, rendersLanguageFiles } from '../node/render-scope.ts';
import { siteUrl } from '../node/env.ts';
import { LANGUAGES } from '../lib/i18n/languages.ts';
import { languageSitemapPath, sitemapUrls, sitemapXml } from '../node/seo/sitemap.ts';

export const getStaticPaths = (async () => {
  const scope = await renderScope();
  return LANGUAGES.filter((language) => rendersLanguageFiles(scope, language.code)).map((language) => ({
    // '/sitemap-zh-tw.xml' -> 'zh-tw'
    params: { lang: languageSitemapPath(language.code).slice('/sitemap-'.length, -'.xml'.length) },
    props: { languageCode: language.code },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { routes } = await siteToRender();
  const urls = sitemapUrls(routes, (props as { languageCode: string }).languageCode, siteUrl());
  return new Response(sitemapXml(urls), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
