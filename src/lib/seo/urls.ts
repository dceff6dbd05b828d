/**
 * Absolute URLs for what leaves the site (feeds, sitemaps, Open Graph, JSON-LD): the CMS
 * gives root-relative paths ('/media/…', '/press/'), which a crawler or a feed reader
 * cannot resolve on its own. `site` is SITE_URL (env.ts siteUrl(): no trailing slash).
 */
export function absoluteUrl(site: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const origin = site.replace(/\/+$/, '');
  // Root-relative, as the route table writes its alternates; anything else (an #anchor) against the site's root.
  return path.startsWith('/') ? `${origin}${path}` : new URL(path, `${origin}/`).toString();
}
