/**
 * Vite wraps every import() of the browser's code in its preload helper, which fetches the
 * imported module's own imports and CSS beside it. With module preloading off (astro-config.ts)
 * and no CSS in any lazy module, every call is handed an empty list, and the helper (0.7 KiB
 * brotli, a file of its own on every page that imports anything lazily) only calls the import.
 * This plugin puts the one call in its place, and stops the build if a lazy module ever brings
 * CSS of its own, which the helper would have loaded and this one would not.
 */
import type { Plugin } from 'vite';

/** The module Vite's import analysis imports `__vitePreload` from. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/** What the helper does when it has nothing to preload: run the import. */
export const LEAN_PRELOAD_HELPER = 'export const __vitePreload = (load) => load();\n';

/** Vite's name for the list of files an import would have preloaded. */
const PRELOAD_LIST = '__vite__mapDeps';

export class LazyCssError extends Error {
  readonly chunks: readonly string[];
  constructor(chunks: readonly string[]) {
    super(
      `Lazily imported modules bring CSS of their own (${chunks.join(', ')}), which the lean preload helper does not load ` +
        '(src/node/lean-preload.ts). Import the CSS from the layout instead, or drop the lean helper.',
    );
    this.name = 'LazyCssError';
    this.chunks = chunks;
  }
}

/** The chunks whose lazy imports would preload files: with preloading off, only CSS. */
export function chunksPreloading(bundle: Record<string, { type: string; code?: string }>): string[] {
  return Object.entries(bundle)
    .filter(([, output]) => output.type === 'chunk' && output.code?.includes(PRELOAD_LIST))
    .map(([fileName]) => fileName);
}

export function leanPreload(): Plugin {
  return {
    name: 'storefront-lean-preload',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => LEAN_PRELOAD_HELPER,
    },
    generateBundle: {
      // After Vite's import analysis has written each import's list.
      order: 'post',
      handler(_options, bundle) {
        const preloading = chunksPreloading(bundle as Record<string, { type: string; code?: string }>);
        if (preloading.length > 0) this.error(new LazyCssError(preloading));
      },
    },
  };
}
