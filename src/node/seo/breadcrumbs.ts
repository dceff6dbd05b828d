/**
 * The breadcrumb of a category, shared by the category's page and its products' pages, so a
 * product's breadcrumb (shown and in its BreadcrumbList) has every level its category page has:
 * home, then each node of the category's path in the CMS classification, by its title and link.
 */
import type { CategoryNode } from '../../lib/cms/schema.ts';
import { categoryTrail } from '../../lib/cms/classification.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';
import type { CrumbLink } from './head.ts';

/**
 * Home and every level down to the category whose page is `pageCode`, the category itself
 * last; [] when the classification does not hold that page.
 */
export function categoryCrumbs(
  language: LanguageDefinition,
  classification: readonly CategoryNode[],
  pageCode: string,
  homeName: string,
): CrumbLink[] {
  const trail = categoryTrail(classification, pageCode);
  if (trail.length === 0) return [];
  return [
    { name: homeName, path: localizedPath(language, '/') },
    ...trail.map((node) => ({ name: node.title, path: localizedPath(language, node.link) })),
  ];
}
