/**
 * What search engines read, over real HTTP from the built release: every product of the sample
 * catalogue has its own page in every language, listed in that language's sitemap when it is
 * on sale, with a Product (JSON-LD) that a strict parser reads and the schema below accepts,
 * and the head every indexable page needs.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test.ts';
import { z } from 'zod';
import { localizedPath } from '../../src/lib/cms/pages.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { productPagePath } from '../../src/lib/product/product-id.ts';
import { isValidProduct } from '../../src/lib/product/wishlist.ts';
import { languageSitemapPath } from '../../src/node/seo/sitemap.ts';
import { parseXml } from '../fixtures/xml.ts';
import { catalogue } from './shopper.ts';
import { shops } from './content.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { shopPagePath } from '../../src/lib/shops/paths.ts';
import { lookPagePath } from '../../src/lib/styling/paths.ts';
import { officialStyleId, staffStyleId } from '../../scripts/local-cms/styling-looks.ts';

const absolute = z.string().regex(/^https?:\/\/[^/]+\//);
/** The Product rich result's rules, strictly: no field we do not mean to send. */
const offerSchema = z.strictObject({
  '@type': z.literal('Offer'),
  price: z.number().positive(),
  priceCurrency: z.enum(['TWD', 'HKD', 'MOP', 'CNY']),
  url: absolute,
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/PreOrder', 'https://schema.org/Discontinued']),
  itemCondition: z.literal('https://schema.org/NewCondition'),
});
const productSchema = z.strictObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  '@id': absolute,
  url: absolute,
  name: z.string().min(1),
  description: z.string().min(1),
  sku: z.string().min(1),
  image: z.array(absolute).min(1),
  brand: z.strictObject({ '@type': z.literal('Brand'), name: z.string().min(1) }),
  inLanguage: z.string(),
  offers: z.array(offerSchema).min(1),
});

const head = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));

test('every product has a page in every language, in the sitemap when on sale, with a valid Product', async ({ request, baseURL }) => {
  const products = catalogue();
  expect(products.length).toBeGreaterThan(100);
  for (const language of LANGUAGES) {
    const sitemap = parseXml(await (await request.get(languageSitemapPath(language.code))).text());
    const listed = new Set((sitemap.urlset.url as Array<{ loc: string }>).map((u) => u.loc));
    // A language's pages asked for at once: over HTTP, not one after the other.
    await Promise.all(
      products.map(async (product) => {
        const path = localizedPath(language, productPagePath(product.productCode));
        const url = `${baseURL}${path}`;
        const onSale = isValidProduct(product);
        expect(listed.has(url), `${url} in the ${language.code} sitemap`).toBe(onSale);
        const answer = await request.get(path);
        expect(answer.status(), path).toBe(200);
        const html = await answer.text();
        expect(head(html, /<title>([^<]+)<\/title>/), path).toContain(product.names[language.code]!);
        expect(head(html, /<link rel="canonical" href="([^"]+)"/)).toBe(url);
        expect(head(html, /<meta name="description" content="([^"]+)"/)?.length ?? 0, path).toBeGreaterThan(20);
        expect(html.match(/<link rel="alternate" hreflang=/g)?.length, path).toBe(LANGUAGES.length + 1);
        expect(html.includes('<meta name="robots" content="noindex'), path).toBe(!onSale);
        const [ld] = jsonLdOf(html).filter((data) => data['@type'] === 'Product');
        const parsed = productSchema.safeParse(ld);
        expect(parsed.success, `${path}: ${parsed.error?.message}`).toBe(true);
        expect(parsed.data!.name).toBe(product.names[language.code]);
        expect(parsed.data!.url).toBe(url);
        expect(parsed.data!.offers.map((o) => o.priceCurrency).sort()).toEqual(['CNY', 'HKD', 'MOP', 'TWD']);
        // The page's own currency first: the price it shows, at its own address.
        expect(parsed.data!.offers[0], path).toMatchObject({ priceCurrency: language.currency.code, url });
        // On sale: in stock, or a pre-order for an advance sale (as its Open Graph says); else discontinued.
        const availability = !onSale ? 'Discontinued' : product.presaleFlag === 'Y' ? 'PreOrder' : 'InStock';
        expect(
          parsed.data!.offers.every((o) => o.availability === `https://schema.org/${availability}`),
          path,
        ).toBe(true);
      }),
    );
  }
});

/** Every URL in the language sitemaps. */
async function sitemapLocs(request: APIRequestContext): Promise<string[]> {
  const locs: string[] = [];
  for (const language of LANGUAGES) {
    const sitemap = parseXml(await (await request.get(languageSitemapPath(language.code))).text());
    locs.push(...(sitemap.urlset.url as Array<{ loc: string }>).map((u) => u.loc));
  }
  return locs;
}

test('a crawl from home, following links as a crawler does, reaches every page in the sitemaps, and each has its head', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const wanted = new Set(await sitemapLocs(request));
  const seen = new Set<string>([`${origin}/`]);
  const queue = [`${origin}/`];
  const heads = new Map<string, string>();
  const visit = async (url: string) => {
    const answer = await request.get(url);
    if (!answer.ok() || !(answer.headers()['content-type'] ?? '').startsWith('text/html')) return;
    const html = await answer.text();
    heads.set(url, html.slice(0, html.indexOf('</head>')));
    for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"#][^"]*)"/g)) {
      const link = new URL(href!.replaceAll('&amp;', '&'), url);
      if (link.origin !== origin || !/(\.html|\/)$/.test(link.pathname)) continue;
      const page = `${origin}${link.pathname}`;
      if (!seen.has(page)) {
        seen.add(page);
        queue.push(page);
      }
    }
  };
  // Breadth first, a few pages at a time (what is reached is the same in any order).
  while (queue.length > 0) await Promise.all(queue.splice(0, 16).map(visit));
  const unreached = [...wanted].filter((loc) => !heads.has(loc));
  expect(unreached, `${unreached.length} of ${wanted.size} sitemap pages cannot be reached from home`).toEqual([]);
  for (const loc of wanted) {
    const head = heads.get(loc)!;
    expect(/<title>[^<]+<\/title>/.test(head), `${loc}: title`).toBe(true);
    expect(/<link rel="canonical" href="([^"]+)"/.exec(head)?.[1], `${loc}: canonical`).toBe(loc);
    expect(/<meta name="description" content="[^"]{10,}"/.test(head), `${loc}: meta description`).toBe(true);
    expect(head.includes(`<link rel="alternate" hreflang="x-default"`), `${loc}: hreflang x-default`).toBe(true);
    expect(head.includes('noindex'), `${loc}: indexable`).toBe(false);
  }
});

test('each shop and look has its own page, its own canonical with hreflang to the same one in every language and a sitemap entry; the older query address answers 301 to it', async ({
  request,
  baseURL,
}) => {
  const zhHK = getLanguage('zh-HK');
  const locs = new Set(await sitemapLocs(request));
  const shop = shops(zhHK)[0]!;
  const pairs = [
    [`/shop/shop.html?storeCode=${shop.code}`, shopPagePath(shop.code)],
    [`/official-styling-detail.html?styleId=${officialStyleId(1)}`, lookPagePath('official', officialStyleId(1))],
    [`/staff-styling-detail.html?styleId=${staffStyleId(1)}`, lookPagePath('staff', staffStyleId(1))],
  ];
  for (const [older, own] of pairs) {
    const moved = await request.get(localizedPath(zhHK, older!), { maxRedirects: 0 });
    expect(moved.status(), older).toBe(301);
    expect(moved.headers().location, older).toBe(`${localizedPath(zhHK, own!)}${older!.slice(older!.indexOf('?'))}`);
    const html = await (await request.get(localizedPath(zhHK, own!))).text();
    expect(head(html, /<link rel="canonical" href="([^"]+)"/), own).toBe(`${baseURL}${localizedPath(zhHK, own!)}`);
    for (const language of LANGUAGES)
      expect(html, `${own} in ${language.code}`).toContain(
        `<link rel="alternate" hreflang="${language.code}" href="${baseURL}${localizedPath(language, own!)}"`,
      );
    expect(html).not.toContain('noindex');
    expect(locs.has(`${baseURL}${localizedPath(zhHK, own!)}`), `${own} in the sitemap`).toBe(true);
  }
  // The older shop page (every shop on it) stays for other codes, out of the index.
  const older = await request.get(localizedPath(zhHK, `/shop/shop.html?storeCode=${shop.code.toLowerCase()}`), { maxRedirects: 0 });
  expect(older.status()).toBe(200);
  expect(await older.text()).toContain('<meta name="robots" content="noindex"');
  expect(locs.has(`${baseURL}${localizedPath(zhHK, '/shop/shop.html')}`)).toBe(false);
});

test('canonical and hreflang links use the origin the store is served on when SITE_URL is not set', async ({ request, baseURL }) => {
  const html = await (await request.get('/')).text();
  expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(`${baseURL}/`);
  expect(html).toContain(`<link rel="alternate" hreflang="en-GB" href="${baseURL}/en-gb/"`);
  expect(html).not.toContain('localhost:4321');
});

/** The page's Open Graph properties, by name (a repeated one keeps its first). */
function openGraphOf(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  const headPart = html.slice(0, html.indexOf('</head>'));
  for (const [, key, content] of headPart.matchAll(/<meta property="([^"]+)" content="([^"]*)"/g))
    if (!tags.has(key!)) tags.set(key!, content!.replaceAll('&amp;', '&'));
  return tags;
}

test('each page type shares with its own picture, absolute and sized; a product shares as a product with its price', async ({
  request,
  baseURL,
}) => {
  const pictureOf = async (path: string, type: string) => {
    const og = openGraphOf(await (await request.get(path)).text());
    expect(og.get('og:type'), path).toBe(type);
    const image = og.get('og:image') ?? '';
    expect(image, `${path}: og:image`).toMatch(new RegExp(`^${baseURL}/`));
    expect(Number(og.get('og:image:width')), path).toBeGreaterThan(199);
    expect(Number(og.get('og:image:height')), path).toBeGreaterThan(199);
    const picture = await request.get(image);
    expect(picture.status(), image).toBe(200);
    expect(picture.headers()['content-type'], image).toMatch(/^image\//);
    return og;
  };
  // Home, a gender landing, a category and a feature page, in two languages.
  for (const prefix of ['', '/en-gb']) {
    for (const path of ['/', '/women.html', '/c/W0101.html', '/c/W01.html', '/feature/lookbook.html'])
      await pictureOf(`${prefix}${path}`, 'website');
  }
  // A product: its main picture, and its price in the page's region currency.
  const product = catalogue().find((p) => p.enabledFlag === 'Y' && p.presaleFlag !== 'Y')!;
  for (const language of LANGUAGES) {
    const path = localizedPath(language, productPagePath(product.productCode));
    const og = await pictureOf(path, 'product');
    const [ld] = jsonLdOf(await (await request.get(path)).text()).filter((data) => data['@type'] === 'Product');
    const offer = (ld.offers as Array<{ price: number; priceCurrency: string }>)[0]!;
    expect(og.get('product:price:currency'), path).toBe(language.currency.code);
    expect(Number(og.get('product:price:amount')), path).toBe(offer.price);
    expect(og.get('product:availability'), path).toBe('in stock');
  }
  const off = catalogue().find((p) => !isValidProduct(p))!;
  expect(openGraphOf(await (await request.get(productPagePath(off.productCode))).text()).get('product:availability')).toBe('discontinued');
  const presale = catalogue().find((p) => isValidProduct(p) && p.presaleFlag === 'Y')!;
  expect(openGraphOf(await (await request.get(productPagePath(presale.productCode))).text()).get('product:availability')).toBe('preorder');
});

test("a product's breadcrumb has every level of its category's, shown and in its BreadcrumbList", async ({ request }) => {
  const crumbsOf = (html: string) => {
    const nav = /<nav aria-label="[^"]*" class="breadcrumb">(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
    const shown = [...nav.matchAll(/<li>(?:<a href="([^"]+)">|<span aria-current="page">)([^<]*)</g)].map(([, href, name]) => ({
      href,
      name,
    }));
    const list = jsonLdOf(html).find((data) => data['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ name: string; item: string }>;
    };
    return { shown, listed: list.itemListElement.map((item) => ({ name: item.name, url: item.item })) };
  };
  // One product of every category of the sample, in two languages.
  const byCategory = new Map(catalogue().map((p) => [p.categoryCode, p]));
  expect(byCategory.size).toBeGreaterThan(5);
  for (const language of [LANGUAGES[0]!, LANGUAGES.find((l) => l.code === 'en-GB')!]) {
    for (const [categoryCode, product] of byCategory) {
      const category = crumbsOf(await (await request.get(localizedPath(language, `/c/${categoryCode}.html`))).text());
      const productPage = crumbsOf(await (await request.get(localizedPath(language, productPagePath(product.productCode)))).text());
      const where = `${language.code} ${product.productCode} in ${categoryCode}`;
      expect(category.shown.length, where).toBeGreaterThan(3);
      // The category page's steps, its own last step now a link, then the product.
      const categoryPath = localizedPath(language, `/c/${categoryCode}.html`);
      expect(productPage.shown.slice(0, -1), where).toEqual([
        ...category.shown.slice(0, -1),
        { href: categoryPath, name: category.shown.at(-1)!.name },
      ]);
      expect(productPage.listed.slice(0, -1), where).toEqual(category.listed);
    }
  }
});
