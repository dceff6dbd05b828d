/**
 * Absolute URLs for what leaves the site (feeds, sitemaps, Open Graph, JSON-LD): the CMS
 * gives root-relative paths ('/media/…', '/press/'), which a crawler or a feed reader
 * cannot resolve on its own. `site` is SITE_URL (env.ts siteUrl(): no trailing slash).
 */
export function absoluteUrl(site: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (!path.startsWith('/')) throw new RangeError(`Expected a root-relative path or an absolute URL, got "${path}"`);
  return `${site.replace(/\/+$/, '')}${path}`;
}
