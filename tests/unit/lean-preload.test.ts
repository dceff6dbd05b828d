import { describe, expect, it } from 'vitest';
import { chunksPreloading, LazyCssError, LEAN_PRELOAD_HELPER, leanPreload, PRELOAD_HELPER_ID } from '../../src/node/lean-preload.ts';

type Hook = { filter?: { id: RegExp }; handler: (...args: unknown[]) => unknown };
const plugin = leanPreload() as unknown as { load: Hook; generateBundle: Hook & { order: string } };

/** The helper's module as the browser would run it. */
async function leanHelper(): Promise<{ __vitePreload: (load: () => unknown, deps?: unknown[]) => unknown }> {
  return import(`data:text/javascript,${encodeURIComponent(String(plugin.load.handler(PRELOAD_HELPER_ID)))}`);
}

const generateBundle = (bundle: Record<string, { type: string; code?: string }>) =>
  plugin.generateBundle.handler.call(
    {
      error: (error: unknown) => {
        throw error;
      },
    },
    {},
    bundle,
  );

describe('the lean preload helper', () => {
  it("takes the place of Vite's helper module, and only that one", () => {
    expect(PRELOAD_HELPER_ID).toBe('\0vite/preload-helper.js');
    expect(plugin.load.filter!.id.test(PRELOAD_HELPER_ID)).toBe(true);
    expect(plugin.load.filter!.id.test('\0vite/preload-helper.jsx')).toBe(false);
    expect(plugin.load.filter!.id.test('/src/vite/preload-helper.js')).toBe(false);
    expect(plugin.load.handler(PRELOAD_HELPER_ID)).toBe(LEAN_PRELOAD_HELPER);
  });

  it("runs the import it wraps and hands back the import's promise, failure included", async () => {
    const { __vitePreload } = await leanHelper();
    const module = { name: 'cart' };
    await expect(__vitePreload(() => Promise.resolve(module), [])).resolves.toBe(module);
    const gone = new Error('Failed to fetch dynamically imported module');
    await expect(__vitePreload(() => Promise.reject(gone), [])).rejects.toBe(gone);
  });

  it('stops the build, naming the chunks, when a lazy import would preload CSS', () => {
    const bundle = {
      'header.js': { type: 'chunk', code: 'const __vite__mapDeps=(i)=>i;a(()=>import(`./x.js`),__vite__mapDeps([0]))' },
      'cart.js': { type: 'chunk', code: 'a(()=>import(`./y.js`),[])' },
      'global.css': { type: 'asset' },
    };
    expect(plugin.generateBundle.order).toBe('post');
    expect(chunksPreloading(bundle)).toEqual(['header.js']);
    expect(() => generateBundle(bundle)).toThrow(LazyCssError);
    expect(() => generateBundle(bundle)).toThrow(/header\.js/);
    expect(() => generateBundle({ 'cart.js': bundle['cart.js'] })).not.toThrow();
  });
});
