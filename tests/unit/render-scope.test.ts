import { describe, expect, it } from 'vitest';
import { buildOptions } from '../../src/build/build-options.ts';
import { RENDER_SCOPE_MODULE, rendersLanguageFiles, rendersProductData, routesInScope } from '../../src/build/render-scope.ts';
import type { RouteEntry } from '../../src/build/routing/route-table.ts';

const route = (urlPath: string) => ({ urlPath }) as RouteEntry;
const routes = [route('/'), route('/women.html'), route('/en-gb/women.html')];
const scope = { paths: ['/women.html'], productData: false, languages: ['zh-TW'] };

describe('render scope', () => {
  it('renders every page, sitemap, feed and product file without a scope', () => {
    expect(routesInScope(routes, null)).toEqual(routes);
    expect(rendersLanguageFiles(null, 'en-GB')).toBe(true);
    expect(rendersProductData(null)).toBe(true);
  });

  it("renders only the scope's pages, and the language files and product data it names", () => {
    expect(routesInScope(routes, scope).map((r) => r.urlPath)).toEqual(['/women.html']);
    expect(rendersLanguageFiles(scope, 'zh-TW')).toBe(true);
    expect(rendersLanguageFiles(scope, 'en-GB')).toBe(false);
    expect(rendersProductData(scope)).toBe(false);
  });

  it("is passed to the pages explicitly, as a virtual module of the build's own options", async () => {
    const plugins = buildOptions({ outDir: 'out', renderScope: scope }).vite!.plugins as unknown as Array<{
      resolveId: (id: string) => string | undefined;
      load: (id: string) => string | undefined;
      enforce?: string;
    }>;
    const [plugin] = plugins;
    expect(plugin!.enforce).toBeUndefined();
    const id = plugin!.resolveId(RENDER_SCOPE_MODULE)!;
    expect(plugin!.resolveId('other')).toBeUndefined();
    expect(plugin!.load(id)).toBe(`export default ${JSON.stringify(scope)};`);
  });
});
