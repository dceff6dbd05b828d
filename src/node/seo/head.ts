/**
 * What a page puts in its <head> beyond its route's own title, description, canonical and
 * hreflang links: Open Graph overrides, JSON-LD, and extra links (paging, feeds). The layout
 * renders it; pages only describe it.
 */
import type { RouteEntry } from '../routing/route-entry.ts';
import type { JsonLd } from '../../lib/seo/json-ld.ts';
import type { OpenGraph } from '../../lib/seo/open-graph.ts';

export interface HeadLink {
  rel: string;
  /** Absolute or root-relative. */
  href: string;
  type?: string;
  title?: string;
}

/** One step of a breadcrumb: shown as a link, and listed in its BreadcrumbList. */
export interface CrumbLink {
  name: string;
  /** Root-relative path in the page's language. */
  path: string;
}

export interface PageHead {
  openGraph?: Partial<Pick<OpenGraph, 'type' | 'title' | 'image' | 'publishedTime' | 'modifiedTime' | 'product'>>;
  jsonLd?: JsonLd[];
  links?: HeadLink[];
}

/** A page's Open Graph: a website page with its route's title and description, unless the page says otherwise. */
export function pageOpenGraph(
  route: Pick<RouteEntry, 'title' | 'description' | 'languageCode' | 'alternates'>,
  canonical: string,
  siteName: string,
  head: PageHead = {},
): OpenGraph {
  return {
    type: 'website',
    title: route.title,
    description: route.description,
    url: canonical,
    siteName,
    languageCode: route.languageCode,
    alternateLanguageCodes: route.alternates.map((alt) => alt.hreflang),
    image: null,
    ...head.openGraph,
  };
}
