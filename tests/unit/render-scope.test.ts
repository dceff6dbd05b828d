import { describe, expect, it } from 'vitest';
import { dataFileFilter, holdRenderScope, renderScope, rendersLanguageFiles, routesInScope } from '../../src/node/render-scope.ts';
import type { RouteEntry } from '../../src/node/routing/route-entry.ts';

const route = (urlPath: string) => ({ urlPath }) as RouteEntry;
const routes = [route('/'), route('/women.html'), route('/en-gb/women.html')];
const scope = { paths: ['/women.html'], dataFiles: ['/product-data/zh-TW/L1.json'], languages: ['zh-TW'] };

describe('render scope', () => {
  it('renders every page, sitemap, feed and product file without a scope', () => {
    expect(routesInScope(routes, null)).toEqual(routes);
    expect(rendersLanguageFiles(null, 'en-GB')).toBe(true);
    expect(dataFileFilter(null)('/product-data/zh-TW/L2.json')).toBe(true);
  });

  it("renders only the scope's pages, and the language files and product data files it names", () => {
    expect(routesInScope(routes, scope).map((r) => r.urlPath)).toEqual(['/women.html']);
    expect(rendersLanguageFiles(scope, 'zh-TW')).toBe(true);
    expect(rendersLanguageFiles(scope, 'en-GB')).toBe(false);
    expect(dataFileFilter(scope)('/product-data/zh-TW/L1.json')).toBe(true);
    expect(dataFileFilter(scope)('/product-data/zh-TW/L2.json')).toBe(false);
  });

  it('is everything until a build holds one; a held one is awaited, and the first ask says the bundles are done', async () => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('storefront.renderScope')];
    expect(await renderScope()).toBeNull();
    let job: (value: typeof scope) => void = () => {};
    let asked = 0;
    holdRenderScope(new Promise((resolve) => (job = resolve)), () => asked++);
    const waiting = [renderScope(), renderScope()];
    expect(asked).toBe(1);
    job(scope);
    expect(await Promise.all(waiting)).toEqual([scope, scope]);
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('storefront.renderScope')];
  });
});

describe('what the pages render', () => {
  it('is asked for after the render scope: no page or build module takes the site itself (a spare would render the cache before the pull)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const files = (await readdir('src', { recursive: true })).filter((f) => /\.(ts|tsx|astro)$/.test(f) && f !== 'node/site.ts');
    const takers: string[] = [];
    for (const file of files) if ((await readFile(`src/${file}`, 'utf8')).includes('getSite(')) takers.push(file);
    expect(takers).toEqual([]);
  });
});
