/** /sitemap-index.xml: one sitemap per language (seo/sitemap.ts), named in robots.txt. */
import type { APIRoute } from 'astro';
import { siteToRender } from '../node/site.ts';
import { siteUrl } from '../node/env.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { languageSitemapPath, newestModification, sitemapIndexXml, sitemapUrls } from '../node/seo/sitemap.ts';

export const GET: APIRoute = async () => {
  // After the render scope: in a spare build process, the content is read again with its job.
  const { content, routes } = await siteToRender();
  const site = siteUrl();
  const sitemaps = content.languages.map(({ language }) => ({
    loc: absoluteUrl(site, languageSitemapPath(language.code)),
    lastModified: newestModification(sitemapUrls(routes, language.code, site)),
  }));
  return new Response(sitemapIndexXml(sitemaps), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
