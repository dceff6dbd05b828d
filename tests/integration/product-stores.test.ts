/**
 * The product stores with injected platform parts: the cards' live prices through the light
 * API core against the real local API (batched, in the page's region and language, never the
 * member client), and the product page's static files (detail JSON, editors' content) and
 * live stock, each asked for in the page's language and region.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { PRODUCT_CODE_BATCH_DELAY_MS } from '../../src/lib/constants.ts';
import { browserLikeFetch, startLocalApi, type LocalApi } from '../fixtures/local-api.ts';

let api: LocalApi;
let down = false;
const browser = browserLikeFetch(() => (down ? 'http://127.0.0.1:1' : api.origin));
const sent: Array<{ path: string; body: unknown; language: string | null }> = [];
/** The page's fetch: the static files from a stand-in CDN, everything else to the local API. */
const files = new Map<string, Response | (() => Response | Promise<Response>)>();
const pageFetch: typeof fetch = async (input, init) => {
  const path = String(input);
  const file = files.get(path);
  sent.push({
    path,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    language: new Headers(init?.headers).get('accept-language'),
  });
  if (file) return typeof file === 'function' ? file() : file.clone();
  if (path.startsWith('/product-')) return new Response('<h1>not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
  return browser.fetch(input, init);
};

async function newPage(language = 'zh-TW') {
  vi.resetModules();
  sent.length = 0;
  const platform = await import('../../src/stores/platform.ts');
  platform.setPlatform({ fetch: pageFetch, language: () => getLanguage(language), cookie: () => '' });
  return { batch: await import('../../src/stores/product-batch.ts'), detail: await import('../../src/stores/product-detail.ts') };
}

beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

describe('live prices of product cards', () => {
  it('one light call per batch, in the page region and language, without the member client', async () => {
    const { batch } = await newPage('en-GB');
    const [a, b] = await Promise.all([batch.requestProducts(['L000001', 'L000002']), batch.requestProducts(['L000002', 'L000003'])]);
    expect(sent.map((s) => [s.path, s.body, s.language])).toEqual([
      ['/api/product/by-codes', { codes: ['L000001', 'L000002', 'L000003'], region: 'HK', language: 'en-GB' }, 'en-GB'],
    ]);
    expect(a.map((p) => p.productCode)).toEqual(['L000001', 'L000002']);
    expect(b.map((p) => p.productCode)).toEqual(['L000002', 'L000003']);
  });

  it('a failed batch answers no products, and the next batch is asked for again', async () => {
    const { batch } = await newPage();
    down = true;
    try {
      expect(await batch.requestProducts(['L000001'])).toEqual([]);
    } finally {
      down = false;
    }
    await new Promise((resolve) => setTimeout(resolve, PRODUCT_CODE_BATCH_DELAY_MS));
    expect((await batch.requestProducts(['L000001'])).map((p) => p.productCode)).toEqual(['L000001']);
  });
});

describe('the product page', () => {
  it("reads the detail, the editors' content and the stock in the page's language and region", async () => {
    const { detail } = await newPage('zh-HK');
    files.set('/product-content/zh-HK/PP01.html', () => new Response('<p>editors</p>', { headers: { 'content-type': 'text/html' } }));
    await Promise.all([detail.loadProduct('L000001'), detail.loadProductContent('PP01'), detail.loadStock('L000001')]);
    expect(sent.map((s) => s.path).sort()).toEqual([
      '/api/product/stock',
      '/product-content/zh-HK/PP01.html',
      '/product-data/zh-HK/L000001.json',
    ]);
    expect(sent.find((s) => s.path === '/api/product/stock')?.body).toEqual({ productCode: 'L000001', region: 'HK' });
    expect(detail.$productContent.get()).toBe('<p>editors</p>');
    expect(detail.$product.get()).toEqual({ status: 'not-found' }); // the stand-in CDN has no such file
    expect(detail.$stock.get().status).toBe('ready');
  });

  it('content that is missing or fails is none, and the newest request wins', async () => {
    const { detail } = await newPage();
    await detail.loadProductContent('MISSING');
    expect(detail.$productContent.get()).toBeNull();
    let answerSlow!: () => void;
    const held = new Promise<void>((resolve) => (answerSlow = resolve));
    files.set('/product-content/zh-TW/SLOW.html', async () => (await held, new Response('<p>old</p>')));
    files.set('/product-content/zh-TW/NEW.html', () => new Response('<p>new</p>'));
    const slow = detail.loadProductContent('SLOW');
    await detail.loadProductContent('NEW');
    answerSlow();
    await slow;
    expect(detail.$productContent.get()).toBe('<p>new</p>');
    await detail.loadProductContent(null);
    expect(detail.$productContent.get()).toBeNull();
  });

  it('failed stock is an error state to retry', async () => {
    const { detail } = await newPage();
    down = true;
    try {
      await detail.loadStock('L000001');
    } finally {
      down = false;
    }
    expect(detail.$stock.get()).toEqual({ status: 'error', productCode: 'L000001' });
    await detail.loadStock('L000001');
    expect(detail.$stock.get().status).toBe('ready');
  });

  it("asks for a product's stock once however many parts of the page want it, and again on refresh", async () => {
    const { detail } = await newPage();
    await Promise.all([detail.loadStock('L000001'), detail.loadStock('L000001')]);
    await detail.loadStock('L000001');
    expect(sent.filter((s) => s.path === '/api/product/stock')).toHaveLength(1);
    await detail.loadStock('L000001', { refresh: true });
    await detail.loadStock('L000002');
    expect(sent.filter((s) => s.path === '/api/product/stock').map((s) => s.body)).toEqual([
      { productCode: 'L000001', region: 'TW' },
      { productCode: 'L000001', region: 'TW' },
      { productCode: 'L000002', region: 'TW' },
    ]);
    const stock = detail.$stock.get();
    expect(stock.status === 'ready' && stock.productCode).toBe('L000002');
  });
});
