/**
 * The Atom feed of each language's press releases: /press/feed.xml, /zh-hk/press/feed.xml,
 * /en-gb/press/feed.xml (press/feed.ts). The press pages link to it from their head.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { languageContent, siteToRender } from '../../../node/site.ts';
import { renderScope, rendersLanguageFiles } from '../../../node/render-scope.ts';
import { buildTranslator } from '../../../node/i18n/translations.ts';
import { siteUrl } from '../../../node/env.ts';
import { LANGUAGES } from '../../../lib/i18n/languages.ts';
import { pressFeed } from '../../../lib/press/feed.ts';
import { atomFeedXml } from '../../../lib/seo/atom.ts';

export const getStaticPaths = (async () => {
  const scope = await renderScope();
  return LANGUAGES.filter((language) => rendersLanguageFiles(scope, language.code)).map((language) => ({
    params: { prefix: language.pathSegment || undefined },
    props: { languageCode: language.code },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { press, language } = await languageContent((props as { languageCode: string }).languageCode);
  const t = buildTranslator(language.code);
  const { now } = await siteToRender();
  const feed = pressFeed({
    releases: press,
    language,
    site: siteUrl(),
    title: t('press.feedTitle'),
    subtitle: t('press.description'),
    brandName: t('common.brand'),
    fallbackUpdated: now,
  });
  return new Response(atomFeedXml(feed), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
