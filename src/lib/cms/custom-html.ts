/**
 * Editor HTML of custom content blocks. External links get rel="nofollow": we vouch for no other site.
 * The HTML is trusted editor input (the CMS is ours); this is link hygiene, not sanitising.
 */
const ANCHOR = /<a\b([^>]*)>/gi;
const HREF = /\bhref\s*=\s*(["'])(.*?)\1/i;
const REL = /\brel\s*=\s*(["'])(.*?)\1/i;

export function isExternalLink(href: string, siteOrigin: string): boolean {
  if (!/^https?:\/\//i.test(href) && !href.startsWith('//')) return false;
  try {
    return new URL(href, siteOrigin).origin !== new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

export function markExternalLinks(html: string, siteOrigin: string): string {
  return html.replace(ANCHOR, (tag: string, attributes: string) => {
    const href = HREF.exec(attributes)?.[2];
    if (!href || !isExternalLink(href, siteOrigin)) return tag;
    const rel = REL.exec(attributes);
    if (!rel) return `<a${attributes} rel="nofollow noopener">`;
    const values = new Set(rel[2]!.split(/\s+/).filter(Boolean));
    values.add('nofollow');
    values.add('noopener');
    return `<a${attributes.replace(REL, `rel="${[...values].join(' ')}"`)}>`;
  });
}
