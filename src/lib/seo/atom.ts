/**
 * Atom 1.0 (RFC 4287) feeds. The builder takes what the RFC requires of a feed (id, title,
 * updated, an author, a self link) and of an entry (id, title, updated, a link, a summary
 * since there is no content), so a valid feed is the only kind it can write.
 */
import { XML_DECLARATION, element } from './xml.ts';

const ATOM_NS = 'http://www.w3.org/2005/Atom';

export interface AtomEntry {
  /** A permanent IRI; the entry's absolute URL. */
  id: string;
  title: string;
  /** Absolute URL of the entry's page. */
  url: string;
  /** RFC 3339 moments, e.g. 2026-03-02T10:00:00+08:00. */
  published: string;
  updated: string;
  summary: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** RFC 3339: the newest change of any entry. */
  updated: string;
  /** Absolute URL of the feed itself. */
  selfUrl: string;
  /** Absolute URL of the page the feed follows. */
  pageUrl: string;
  /** BCP 47 code of the entries' language. */
  languageCode: string;
  author: { name: string; uri: string };
  entries: readonly AtomEntry[];
}

const text = (name: string, value: string) => element(name, {}, { text: value });

export function atomFeedXml(feed: AtomFeed): string {
  const entries = feed.entries.map((entry) =>
    element(
      'entry',
      {},
      {
        children: [
          text('id', entry.id),
          element('title', { type: 'text' }, { text: entry.title }),
          element('link', { rel: 'alternate', type: 'text/html', href: entry.url }),
          text('published', entry.published),
          text('updated', entry.updated),
          element('summary', { type: 'text' }, { text: entry.summary }),
        ],
      },
    ),
  );
  const root = element(
    'feed',
    { xmlns: ATOM_NS, 'xml:lang': feed.languageCode },
    {
      children: [
        text('id', feed.id),
        element('title', { type: 'text' }, { text: feed.title }),
        element('subtitle', { type: 'text' }, { text: feed.subtitle }),
        text('updated', feed.updated),
        element('link', { rel: 'self', type: 'application/atom+xml', href: feed.selfUrl }),
        element('link', { rel: 'alternate', type: 'text/html', href: feed.pageUrl }),
        element('author', {}, { children: [text('name', feed.author.name), text('uri', feed.author.uri)] }),
        ...entries,
      ],
    },
  );
  return `${XML_DECLARATION}\n${root}\n`;
}
