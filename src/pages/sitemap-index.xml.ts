/** /sitemap-index.xml: every sitemap file, each language's parts in order (seo/sitemap.ts), named in robots.txt. */
import type { APIRoute } from 'astro';
import { siteToRender } from '../node/site.ts';
import { siteUrl } from '../node/env.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { languageSitemaps, newestModification, sitemapIndexXml } from '../node/seo/sitemap.ts';

export const GET: APIRoute = async () => {
  // After the render scope: in a spare build process, the content is read again with its job.
  const { content, routes } = await siteToRender();
  const site = siteUrl();
  const codes = content.languages.map(({ language }) => language.code);
  const sitemaps = languageSitemaps(routes, codes, site).map((sitemap) => ({
    loc: absoluteUrl(site, sitemap.path),
    lastModified: newestModification(sitemap.urls),
  }));
  return new Response(sitemapIndexXml(sitemaps), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
