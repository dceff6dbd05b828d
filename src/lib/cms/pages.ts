/**
 * Which pages exist, at which URL, with which content: pure functions over the CMS config,
 * shared by the Astro routes, the sitemap and the incremental rebuild.
 */
import type { LanguageDefinition } from '../i18n/languages.ts';
import { isWithinWindow, nextBoundary } from './schedule.ts';
import type { CmsComponent, CmsConfig, PageConfig, PageDocument } from './schema.ts';
import { CodedError } from '../errors.ts';

/** The page flagged home, else the first page in the list. */
export function findHomepage(pages: readonly PageConfig[]): PageConfig | undefined {
  return pages.find((p) => p.homepage === 'Y') ?? pages[0];
}

/** "page title + separator + configured suffix"; a page without a title shows the suffix. */
export function documentTitle(pageTitle: string | undefined, config: Pick<CmsConfig, 'titleSeparator' | 'titleSuffix'>): string {
  const title = pageTitle?.trim();
  return title ? `${title}${config.titleSeparator}${config.titleSuffix}` : config.titleSuffix;
}

export type Publication =
  /** Inside its window: the current version. */
  | { state: 'current'; reloadAt: number | null }
  /** Outside its window but with an archived version to show meanwhile. */
  | { state: 'archived'; reloadAt: number | null }
  /** Outside its window with nothing to show: not built. */
  | { state: 'unpublished'; reloadAt: number | null };

/**
 * A page inside its start/end window shows its current version; outside it, its archived
 * version if it has one, else it is not published. reloadAt is the next boundary after now.
 */
export function pagePublication(page: Pick<PageConfig, 'startDate' | 'endDate' | 'archivedPage'>, now: number): Publication {
  const reloadAt = nextBoundary(now, [page.startDate, page.endDate]);
  if (isWithinWindow(now, page.startDate, page.endDate)) return { state: 'current', reloadAt };
  return { state: page.archivedPage ? 'archived' : 'unpublished', reloadAt };
}

/** Product-list templates that may inherit their parent's content. */
export const INHERITING_TEMPLATES: ReadonlySet<number> = new Set([3, 4]);

export class InheritanceCycleError extends CodedError {
  constructor(message: string) {
    super('CMS_INHERITANCE_CYCLE', message);
  }
}

/**
 * The components a page shows, and the codes of the pages they came from (for digests).
 * A template 3/4 page with no components of its own takes its nearest ancestor's.
 */
export function effectiveContent(
  page: PageConfig,
  pagesByCode: ReadonlyMap<string, PageConfig>,
  documentOf: (page: PageConfig) => PageDocument | undefined,
): { components: CmsComponent[]; sourceCodes: string[] } {
  const sourceCodes: string[] = [];
  let current: PageConfig | undefined = page;
  while (current) {
    if (sourceCodes.includes(current.code))
      throw new InheritanceCycleError(`Page ${page.code} inherits in a cycle: ${sourceCodes.join(' → ')} → ${current.code}`);
    sourceCodes.push(current.code);
    const components = documentOf(current)?.components ?? [];
    if (components.length > 0 || !INHERITING_TEMPLATES.has(current.tplt) || !current.superCode) return { components, sourceCodes };
    current = pagesByCode.get(current.superCode);
  }
  return { components: [], sourceCodes };
}

/** '/women.html' in en-GB -> '/en-gb/women.html'; the homepage -> '/' or '/en-gb/'. */
export function localizedPath(language: LanguageDefinition, pagePath: string): string {
  const prefix = language.pathSegment ? `/${language.pathSegment}` : '';
  if (prefix && (pagePath === `${prefix}/` || pagePath.startsWith(`${prefix}/`))) return pagePath; // already localized
  if (pagePath === '/' || pagePath === '/index.html') return `${prefix}/`;
  return `${prefix}${pagePath}`;
}

/** The language a store path belongs to, by its first segment. */
export function languageOfPath(path: string, languages: readonly LanguageDefinition[]): LanguageDefinition {
  const segment = path.split('/')[1] ?? '';
  return languages.find((l) => l.pathSegment !== '' && l.pathSegment === segment) ?? languages.find((l) => l.pathSegment === '')!;
}
