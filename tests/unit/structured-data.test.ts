/** JSON-LD and Open Graph builders, and the head of the press pages. */
import { describe, expect, it } from 'vitest';
import { pressReleaseSchema } from '../../src/lib/cms/schema.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { articleImages, pressPageHead, type PressContext } from '../../src/node/press/head.ts';
import { brandOrganization } from '../../src/lib/seo/brand.ts';
import { pageOpenGraph } from '../../src/node/seo/head.ts';
import { breadcrumbListJsonLd, newsArticleJsonLd, organizationJsonLd, productJsonLd, type JsonLd } from '../../src/lib/seo/json-ld.ts';
import { scriptJson } from '../../src/lib/script-json.ts';
import { openGraphTags } from '../../src/lib/seo/open-graph.ts';
import { miniPress } from '../fixtures/mini-cms.ts';

const SITE = 'https://shop.example';
const organization = brandOrganization(SITE, 'LINEA', '/en-gb/');
const releases = miniPress().map((r) => pressReleaseSchema.parse({ ...r, location: 'Taipei', body: [{ type: 'paragraph', text: 'x' }] }));
const context = (section: PressContext['section']): PressContext => ({
  section,
  releases,
  language: getLanguage('en-GB'),
  site: SITE,
  organization,
  feedTitle: 'LINEA press releases',
});
const ISO_WITH_BRAND_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/;

describe('JSON-LD', () => {
  it('makes a Product with an Offer per currency, available while it is on sale', () => {
    const input = {
      url: `${SITE}/en-gb/product/L1.html`,
      name: 'Down vest',
      description: 'Light.',
      sku: 'L1',
      images: [`${SITE}/media/products/L1-01.jpg_r-800-1000`],
      brand: 'LINEA',
      available: true,
      presale: false,
      offers: [
        { currency: 'TWD', price: 2790, url: `${SITE}/product/L1.html` },
        { currency: 'HKD', price: 699, url: `${SITE}/en-gb/product/L1.html` },
      ],
      languageCode: 'en-GB',
    };
    const product = productJsonLd(input);
    expect(product).toMatchObject({ '@type': 'Product', '@id': input.url, sku: 'L1', brand: { '@type': 'Brand', name: 'LINEA' } });
    expect(product.offers).toEqual([
      {
        '@type': 'Offer',
        price: 2790,
        priceCurrency: 'TWD',
        url: `${SITE}/product/L1.html`,
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      {
        '@type': 'Offer',
        price: 699,
        priceCurrency: 'HKD',
        url: `${SITE}/en-gb/product/L1.html`,
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    ]);
    expect((productJsonLd({ ...input, available: false }).offers as Array<{ availability: string }>)[0]!.availability).toBe(
      'https://schema.org/Discontinued',
    );
    // An advance sale is a pre-order, as its Open Graph availability says.
    expect((productJsonLd({ ...input, presale: true }).offers as Array<{ availability: string }>)[0]!.availability).toBe(
      'https://schema.org/PreOrder',
    );
  });

  it('describes the brand as an Organization with an absolute raster logo', () => {
    expect(organizationJsonLd(organization)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'LINEA',
      url: `${SITE}/en-gb/`,
      logo: { '@type': 'ImageObject', url: `${SITE}/brand/logo.png`, width: 512, height: 512 },
    });
    expect(organizationJsonLd({ ...organization, sameAs: ['https://social.example/linea'] }).sameAs).toEqual([
      'https://social.example/linea',
    ]);
  });

  it('makes a NewsArticle with every field search engines require', () => {
    const article = newsArticleJsonLd({
      url: `${SITE}/en-gb/press/2026/03/post103.html`,
      headline: 'Spring collection',
      description: 'The summary.',
      images: [{ url: `${SITE}/media/press/103.jpg`, width: 1200, height: 630 }],
      datePublished: '2026-03-02T10:00:00+08:00',
      dateModified: '2026-03-03T10:00:00+08:00',
      languageCode: 'en-GB',
      publisher: organization,
      author: organization,
    });
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Spring collection',
      description: 'The summary.',
      inLanguage: 'en-GB',
      datePublished: '2026-03-02T10:00:00+08:00',
      dateModified: '2026-03-03T10:00:00+08:00',
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/en-gb/press/2026/03/post103.html` },
      image: [{ '@type': 'ImageObject', url: `${SITE}/media/press/103.jpg`, width: 1200, height: 630 }],
      publisher: { '@type': 'Organization', name: 'LINEA', logo: { url: `${SITE}/brand/logo.png` } },
      author: { '@type': 'Organization', name: 'LINEA' },
    });
  });

  it('numbers breadcrumb items from 1', () => {
    expect(
      breadcrumbListJsonLd([
        { name: 'Home', url: `${SITE}/` },
        { name: 'Press', url: `${SITE}/press/` },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Press', item: `${SITE}/press/` },
    ]);
  });

  it('cannot be closed by a headline: <, > and & are JSON escapes, and the text parses back the same', () => {
    const data: JsonLd = { '@type': 'NewsArticle', headline: '</script><script>alert("x")</script> & <!-- \u2028' };
    const text = scriptJson(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('Open Graph', () => {
  it('writes the page, its locales and an image with its size, and a large Twitter card', () => {
    const tags = openGraphTags({
      type: 'article',
      title: 'Spring & summer',
      description: 'New',
      url: `${SITE}/en-gb/press/`,
      siteName: 'LINEA',
      languageCode: 'en-GB',
      alternateLanguageCodes: ['zh-TW', 'zh-HK', 'en-GB', 'x-default'],
      image: { url: `${SITE}/media/a.jpg`, width: 1200, height: 630, alt: 'A' },
      publishedTime: '2026-03-02T10:00:00+08:00',
      modifiedTime: '2026-03-03T10:00:00+08:00',
    });
    const pairs = tags.map((t) => `${t.attribute} ${t.key}=${t.content}`);
    expect(pairs).toEqual([
      'property og:type=article',
      'property og:site_name=LINEA',
      'property og:title=Spring & summer',
      'property og:description=New',
      `property og:url=${SITE}/en-gb/press/`,
      'property og:locale=en_GB',
      'property og:locale:alternate=zh_TW',
      'property og:locale:alternate=zh_HK',
      `property og:image=${SITE}/media/a.jpg`,
      'property og:image:width=1200',
      'property og:image:height=630',
      'property og:image:alt=A',
      'property article:published_time=2026-03-02T10:00:00+08:00',
      'property article:modified_time=2026-03-03T10:00:00+08:00',
      'name twitter:card=summary_large_image',
    ]);
  });

  it('gives a page without an image a website card with its route title and description', () => {
    const og = pageOpenGraph(
      { title: 'Women | LINEA', description: '', languageCode: 'zh-TW', alternates: [] },
      `${SITE}/women.html`,
      'LINEA',
    );
    const keys = openGraphTags(og).map((t) => `${t.key}=${t.content}`);
    expect(keys).toContain('og:type=website');
    expect(keys).toContain('og:title=Women | LINEA');
    expect(keys).toContain('twitter:card=summary');
    expect(keys.some((k) => k.startsWith('og:description') || k.startsWith('og:image'))).toBe(false);
  });
});

describe('press page head', () => {
  it('makes a release an article: headline, lead image, NewsArticle in brand time, feed link', () => {
    const head = pressPageHead(context({ view: 'press-release', id: '103' }));
    expect(head.openGraph).toEqual({
      type: 'article',
      title: 'Spring collection',
      image: { url: `${SITE}/media/press/103.jpg`, width: 1200, height: 630, alt: 'Spring collection picture' },
      publishedTime: '2026-03-02T10:00:00+08:00',
      modifiedTime: '2026-03-03T10:00:00+08:00',
    });
    const [article] = head.jsonLd!;
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Spring collection',
      inLanguage: 'en-GB',
      url: `${SITE}/en-gb/press/2026/03/post103.html`,
      description: 'Spring collection: the summary.',
    });
    expect(article!.datePublished).toMatch(ISO_WITH_BRAND_OFFSET);
    expect(article!.dateModified).toMatch(ISO_WITH_BRAND_OFFSET);
    for (const image of article!.image as Array<{ url: string }>) expect(image.url.startsWith(`${SITE}/media/`)).toBe(true);
    expect(head.links).toEqual([
      { rel: 'alternate', type: 'application/atom+xml', title: 'LINEA press releases', href: '/en-gb/press/feed.xml' },
    ]);
  });

  it('never dates a change before the publication', () => {
    const edited = releases.map((r) => (r.id === '103' ? { ...r, updatedAt: r.publishedAt - 1000 } : r));
    const head = pressPageHead({ ...context({ view: 'press-release', id: '103' }), releases: edited });
    expect(head.openGraph!.modifiedTime).toBe(head.openGraph!.publishedTime);
  });

  it('offers the lead image in 16:9, 4:3 and 1:1 crops from the image CDN, never upscaled', () => {
    expect(articleImages(releases[0]!, SITE)).toEqual([
      { url: `${SITE}/media/press/103.jpg`, width: 1200, height: 630 },
      { url: `${SITE}/media/press/103.jpg_r-1120-630`, width: 1120, height: 630 },
      { url: `${SITE}/media/press/103.jpg_r-840-630`, width: 840, height: 630 },
      { url: `${SITE}/media/press/103.jpg_r-630-630`, width: 630, height: 630 },
    ]);
    expect(articleImages({ ...releases[0]!, imageUrl: '/media/press/logo.svg' }, SITE)).toHaveLength(1);
  });

  it('links list pages to their neighbours, shows the first release and the year newest', () => {
    const first = pressPageHead(context({ view: 'press-list', page: 1, pageCount: 3 }));
    expect(first.links!.map((l) => `${l.rel} ${l.href}`)).toEqual(['next /en-gb/press/page-2.html', 'alternate /en-gb/press/feed.xml']);
    expect(first.openGraph!.image!.url).toBe(`${SITE}/media/press/103.jpg`);
    const middle = pressPageHead(context({ view: 'press-list', page: 2, pageCount: 3 }));
    expect(middle.links!.map((l) => `${l.rel} ${l.href}`)).toEqual([
      'prev /en-gb/press/',
      'next /en-gb/press/page-3.html',
      'alternate /en-gb/press/feed.xml',
    ]);
    const year = pressPageHead(context({ view: 'press-year', year: 2026 }));
    expect(year.openGraph!.image!.url).toBe(`${SITE}/media/press/103.jpg`);
    expect(year.jsonLd).toBeUndefined();
  });
});
