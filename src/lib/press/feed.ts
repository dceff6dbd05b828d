/**
 * The Atom feed of one language's press releases. It carries the newest PRESS_FEED_SIZE:
 * feed readers poll it for what is new, while the list pages and the sitemap hold the whole
 * archive, so the file stays small however many years of releases there are.
 */
import type { PressSummary } from '../cms/schema.ts';
import type { LanguageDefinition } from '../i18n/languages.ts';
import { localizedPath } from '../cms/pages.ts';
import type { AtomFeed } from '../seo/atom.ts';
import { absoluteUrl } from '../seo/urls.ts';
import { PRESS_FEED_PATH, brandIsoDateTime, newestFirst, pressListPath, pressReleasePath } from './paths.ts';

export const PRESS_FEED_SIZE = 20;

export interface PressFeedInput {
  releases: readonly PressSummary[];
  language: LanguageDefinition;
  site: string;
  /** In the feed's language: the press section's title and description, and the brand. */
  title: string;
  subtitle: string;
  brandName: string;
  /** When there is no release at all, the feed's `updated` (Atom requires one): the build's moment. */
  fallbackUpdated: number;
}

export function pressFeed(input: PressFeedInput): AtomFeed {
  const { language, site } = input;
  const url = (path: string) => absoluteUrl(site, localizedPath(language, path));
  const entries = newestFirst(input.releases).slice(0, PRESS_FEED_SIZE);
  // A change to an older release that fell out of the feed does not change the feed.
  const updated = entries.reduce((newest, r) => Math.max(newest, r.updatedAt, r.publishedAt), 0) || input.fallbackUpdated;
  return {
    id: url(PRESS_FEED_PATH),
    title: input.title,
    subtitle: input.subtitle,
    updated: brandIsoDateTime(updated),
    selfUrl: url(PRESS_FEED_PATH),
    pageUrl: url(pressListPath(1)),
    languageCode: language.code,
    author: { name: input.brandName, uri: url('/') },
    entries: entries.map((release) => ({
      id: url(pressReleasePath(release)),
      title: release.title,
      url: url(pressReleasePath(release)),
      published: brandIsoDateTime(release.publishedAt),
      // An edit never dates before the publication, even when the CMS says so.
      updated: brandIsoDateTime(Math.max(release.updatedAt, release.publishedAt)),
      summary: release.summary,
    })),
  };
}
