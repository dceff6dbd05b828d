/**
 * Build time: what a press page and its head are made from, read from the loaded site (the
 * route's section, its language's releases, the brand). Pages call this; the pure work is
 * in head.ts and listing.ts.
 */
import type { RouteEntry } from '../routing/route-table.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import { languageContext } from '../site.ts';
import { siteUrl } from '../env.ts';
import { brandOrganization } from '../../lib/seo/brand.ts';
import type { Organization } from '../../lib/seo/json-ld.ts';
import { isPressSection, type PressContext } from './head.ts';

/** The brand as the Organization of a language's pages (its name in that language, its home there). */
export async function siteOrganization(languageCode: string): Promise<Organization> {
  const { language, t } = await languageContext(languageCode);
  return brandOrganization(siteUrl(), t('common.brand'), localizedPath(language, '/'));
}

export async function pressContext(route: RouteEntry): Promise<PressContext> {
  if (!isPressSection(route.section)) throw new TypeError(`${route.urlPath} is not a press page`);
  const { press, language, t } = await languageContext(route.languageCode);
  return {
    section: route.section,
    releases: press,
    language,
    site: siteUrl(),
    organization: await siteOrganization(route.languageCode),
    feedTitle: t('press.feedTitle'),
  };
}
