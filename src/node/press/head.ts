/**
 * The head and the breadcrumb of the press pages, from the route's section and the releases
 * of its language: Open Graph (a release is an article with its lead image; a list shows its
 * newest release's), the NewsArticle of a release, paging links and the feed link.
 */
import type { SectionView } from '../routing/route-entry.ts';
import type { PressRelease } from '../../lib/cms/schema.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';
import type { CrumbLink, PageHead } from '../seo/head.ts';
import { newsArticleJsonLd, type ImageRef, type Organization } from '../../lib/seo/json-ld.ts';
import type { ShareImage } from '../../lib/seo/open-graph.ts';
import { absoluteUrl } from '../../lib/seo/urls.ts';
import {
  PRESS_FEED_PATH,
  brandCalendar,
  brandIsoDateTime,
  pressListPath,
  pressPage,
  pressReleasePath,
  pressYearPath,
  releasesByYear,
} from '../../lib/press/paths.ts';
import { CodedError } from '../../lib/errors.ts';

export type PressSection = Extract<SectionView, { view: `press-${string}` }>;

export function isPressSection(section: SectionView | undefined): section is PressSection {
  return section !== undefined && section.view.startsWith('press-');
}

export interface PressContext {
  section: PressSection;
  /** The language's releases, newest first (LanguageContent.press). */
  releases: readonly PressRelease[];
  language: LanguageDefinition;
  site: string;
  /** The brand: publisher and author of every release. */
  organization: Organization;
  /** The feed's title in the page language, for its <link>. */
  feedTitle: string;
}

export class PressReleaseNotFoundError extends CodedError {
  constructor(message: string) {
    super('PRESS_RELEASE_NOT_FOUND', message);
  }
}

export function releaseOf(releases: readonly PressRelease[], id: string): PressRelease {
  const release = releases.find((r) => r.id === id);
  if (!release) throw new PressReleaseNotFoundError(`No press release "${id}" in this language's content`);
  return release;
}

/** The releases a page shows first: the list page's, the year's, or the release itself. */
export function releasesShown(section: PressSection, releases: readonly PressRelease[]): PressRelease[] {
  if (section.view === 'press-list') return pressPage(releases, section.page);
  if (section.view === 'press-year') return releasesByYear(releases).find((y) => y.year === section.year)?.releases ?? [];
  return [releaseOf(releases, section.id)];
}

function shareImage(release: PressRelease, site: string): ShareImage {
  return { url: absoluteUrl(site, release.imageUrl), width: release.imageWidth, height: release.imageHeight, alt: release.imageAlt };
}

/** Crops of the lead image search engines ask for, never larger than the image (no upscaling). */
const ARTICLE_IMAGE_RATIOS = [16 / 9, 4 / 3, 1] as const;

export function articleImages(release: PressRelease, site: string): ImageRef[] {
  const { imageUrl, imageWidth: width, imageHeight: height } = release;
  const lead = { url: absoluteUrl(site, imageUrl), width, height };
  const crops = ARTICLE_IMAGE_RATIOS.map((ratio) => {
    const cropWidth = width / height >= ratio ? Math.round(height * ratio) : width;
    const cropHeight = Math.round(cropWidth / ratio);
    return { url: absoluteUrl(site, withResizeSuffix(imageUrl, `${cropWidth}-${cropHeight}`)), width: cropWidth, height: cropHeight };
  });
  // A format the image CDN cannot resize (SVG, GIF) keeps its URL: only the lead is true then.
  return [lead, ...crops.filter((crop) => crop.url !== lead.url)];
}

export function pressPageHead(context: PressContext): PageHead {
  const { section, releases, language, site } = context;
  const path = (p: string) => localizedPath(language, p);
  const feed = { rel: 'alternate', type: 'application/atom+xml', title: context.feedTitle, href: path(PRESS_FEED_PATH) };
  const lead = releasesShown(section, releases)[0];
  const image = lead ? shareImage(lead, site) : null;
  if (section.view === 'press-list') {
    const paging = [
      ...(section.page > 1 ? [{ rel: 'prev', href: path(pressListPath(section.page - 1)) }] : []),
      ...(section.page < section.pageCount ? [{ rel: 'next', href: path(pressListPath(section.page + 1)) }] : []),
    ];
    return { openGraph: { image }, links: [...paging, feed] };
  }
  if (section.view === 'press-year') return { openGraph: { image }, links: [feed] };

  const release = releaseOf(releases, section.id);
  const published = brandIsoDateTime(release.publishedAt);
  // An edit never dates before the publication, even when the CMS says so.
  const modified = brandIsoDateTime(Math.max(release.updatedAt, release.publishedAt));
  return {
    openGraph: { type: 'article', title: release.title, image, publishedTime: published, modifiedTime: modified },
    jsonLd: [
      newsArticleJsonLd({
        url: absoluteUrl(site, path(pressReleasePath(release))),
        headline: release.title,
        description: release.summary,
        images: articleImages(release, site),
        datePublished: published,
        dateModified: modified,
        languageCode: language.code,
        publisher: context.organization,
        author: context.organization,
      }),
    ],
    links: [feed],
  };
}

/** home › press › year › headline; a list page after the first adds its page. */
export function pressBreadcrumb(
  section: PressSection,
  releases: readonly PressRelease[],
  language: LanguageDefinition,
  labels: { home: string; press: string; page: (page: number) => string },
): CrumbLink[] {
  const path = (p: string) => localizedPath(language, p);
  const crumbs: CrumbLink[] = [
    { name: labels.home, path: path('/') },
    { name: labels.press, path: path(pressListPath(1)) },
  ];
  if (section.view === 'press-list' && section.page > 1)
    crumbs.push({ name: labels.page(section.page), path: path(pressListPath(section.page)) });
  if (section.view === 'press-year') crumbs.push({ name: String(section.year), path: path(pressYearPath(section.year)) });
  if (section.view === 'press-release') {
    const release = releaseOf(releases, section.id);
    const { year } = brandCalendar(release.publishedAt);
    crumbs.push({ name: String(year), path: path(pressYearPath(year)) }, { name: release.title, path: path(pressReleasePath(release)) });
  }
  return crumbs;
}
