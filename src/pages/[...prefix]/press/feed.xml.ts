/**
 * The Atom feed of each language's press releases: /press/feed.xml, /zh-hk/press/feed.xml,
 * /en-gb/press/feed.xml (press/feed.ts). The press pages link to it from their head.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSite, languageContext, rendersLanguageFiles } from '../../../build/site.ts';
import { siteUrl } from '../../../build/env.ts';
import { LANGUAGES } from '../../../lib/i18n/languages.ts';
import { pressFeed } from '../../../lib/press/feed.ts';
import { atomFeedXml } from '../../../lib/seo/atom.ts';

export const getStaticPaths = (() =>
  LANGUAGES.filter((language) => rendersLanguageFiles(language.code)).map((language) => ({ params: { prefix: language.pathSegment || undefined }, props: { languageCode: language.code } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { press, language, t } = await languageContext((props as { languageCode: string }).languageCode);
  const { now } = await getSite();
  const feed = pressFeed({ releases: press, language, site: siteUrl(), title: t('press.feedTitle'), subtitle: t('press.description'), brandName: t('common.brand'), fallbackUpdated: now });
  return new Response(atomFeedXml(feed), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
