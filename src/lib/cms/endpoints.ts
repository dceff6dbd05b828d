/**
 * Where each CMS document lives, relative to CMS_BASE_URL. The pull script and the local
 * sample CMS both use these, so the two can never disagree on a path.
 */
import type { SharedDocumentName } from './schema.ts';

/** '/women.html' -> 'women'; '/c/W01.html' -> 'c/W01'. */
export function pagePathStem(pagePath: string): string {
  return pagePath.replace(/^\//, '').replace(/\.html$/, '');
}

export const cmsEndpoints = {
  shared: (cmsCode: string, name: SharedDocumentName) => `/cms/${cmsCode}/${name}.json`,
  page: (cmsCode: string, pagePath: string) => `/cms/${cmsCode}/pages/${pagePathStem(pagePath)}.json`,
  archivedPage: (cmsCode: string, code: string, version: string) =>
    `/cms/${cmsCode}/archive/${encodeURIComponent(code)}/${encodeURIComponent(version)}.json`,
  productPage: (cmsCode: string, productPageCode: string) => `/cms/${cmsCode}/product-pages/${encodeURIComponent(productPageCode)}.json`,
  pressIndex: (cmsCode: string) => `/cms/${cmsCode}/press/index.json`,
  pressRelease: (cmsCode: string, id: string) => `/cms/${cmsCode}/press/${encodeURIComponent(id)}.json`,
  shops: (cmsCode: string) => `/cms/${cmsCode}/shops.json`,
  officialStyling: (cmsCode: string) => `/cms/${cmsCode}/styling/official.json`,
  /** One page of staffStyling, from 1; page 1 says how many there are. */
  staffStyling: (cmsCode: string, page: number) => `/cms/${cmsCode}/styling/staff/${page}.json`,
  /** Global, not per language. */
  switchConfig: () => '/cms/switch-config.json',
  /** Liveness probe. */
  health: () => '/cms/health',
} as const;
