/**
 * The brand as search engines and feed readers see it: the publisher of press releases and
 * the Organization of every home page. The logo is a raster (public/brand/logo.png), since
 * structured-data consumers do not all read SVG.
 */
import type { Organization } from './json-ld.ts';
import { absoluteUrl } from './urls.ts';

export const BRAND_LOGO = { path: '/brand/logo.png', width: 512, height: 512 } as const;

/** `name` is the brand's name in the page language; `homePath` that language's home ('/', '/en-gb/'). */
export function brandOrganization(site: string, name: string, homePath: string): Organization {
  return {
    name,
    url: absoluteUrl(site, homePath),
    logo: { url: absoluteUrl(site, BRAND_LOGO.path), width: BRAND_LOGO.width, height: BRAND_LOGO.height },
  };
}
