/**
 * /sitemap-{language code, lowercased}.xml: the language's indexable pages with their
 * alternates, and /sitemap-{code}-{n}.xml for its further parts when it is past the protocol's
 * limits (seo/sitemap.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteToRender } from '../node/site.ts';
import { rendersLanguageFiles } from '../node/render-scope.ts';
import { siteUrl } from '../node/env.ts';
import { LANGUAGES } from '../lib/i18n/languages.ts';
import { languageSitemaps, sitemapXml, type SitemapUrl } from '../node/seo/sitemap.ts';

export const getStaticPaths = (async () => {
  const { routes, scope } = await siteToRender();
  const codes = LANGUAGES.filter((language) => rendersLanguageFiles(scope, language.code)).map((language) => language.code);
  return languageSitemaps(routes, codes, siteUrl()).map((sitemap) => ({
    // '/sitemap-zh-tw-2.xml' -> 'zh-tw-2'
    params: { lang: sitemap.path.slice('/sitemap-'.length, -'.xml'.length) },
    props: { urls: sitemap.urls },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(sitemapXml((props as { urls: SitemapUrl[] }).urls), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
