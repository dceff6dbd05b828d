/**
 * What one build adds to the Astro configuration (astro-config.ts), passed as the inline config
 * of Astro's build(): explicit options, the render scope included, so nothing steers a build
 * through global state.
 */
import type { AstroInlineConfig } from 'astro';
import type { Plugin } from 'vite';
import { RENDER_SCOPE_MODULE, type RenderScope } from './render-scope.ts';

export interface AstroBuildOptions {
  outDir?: string;
  /** Pages rendered in parallel (build.concurrency). */
  concurrency?: number;
  /** Astro's cache (optimised images, incremental manifest). */
  cacheDir?: string;
  /** Astro's experimental incremental build: pages whose digest (cacheKey) is unchanged are skipped. */
  incremental?: boolean;
  /** What this build renders (a publish renders only what changed); null renders everything. */
  renderScope?: RenderScope | null;
}

/**
 * Serves the render scope to the pages as a virtual module. The configuration's own one
 * (everything, enforce 'post') answers only when a build passed none: Vite asks plugins
 * without `enforce` first.
 */
export function renderScopePlugin(scope: RenderScope | null, enforce?: 'post'): Plugin {
  const resolved = `\0${RENDER_SCOPE_MODULE}`;
  return {
    name: 'storefront:render-scope',
    ...(enforce ? { enforce } : {}),
    resolveId: (id) => (id === RENDER_SCOPE_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? `export default ${JSON.stringify(scope)};` : undefined),
  };
}

/** What one build adds to the configuration, as the inline config of Astro's build(). */
export function buildOptions(options: AstroBuildOptions): AstroInlineConfig {
  return {
    ...(options.outDir ? { outDir: options.outDir } : {}),
    ...(options.concurrency ? { build: { concurrency: options.concurrency } } : {}),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    experimental: { incrementalBuild: options.incremental ?? false },
    vite: { plugins: [renderScopePlugin(options.renderScope ?? null)] },
  };
}
