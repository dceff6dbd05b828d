/**
 * What one build adds to the Astro configuration (astro-config.ts), passed as the inline config
 * of Astro's build(). What a build renders is not among them: the pages ask for it when they
 * are rendered (render-scope.ts), so a spare build process can bundle before it knows.
 */
import type { AstroInlineConfig } from 'astro';

export interface AstroBuildOptions {
  outDir?: string;
  /** Pages rendered in parallel (build.concurrency). */
  concurrency?: number;
  /** Astro's cache (optimised images, incremental manifest). */
  cacheDir?: string;
  /** Astro's experimental incremental build: pages whose digest (cacheKey) is unchanged are skipped. */
  incremental?: boolean;
}

/** What one build adds to the configuration, as the inline config of Astro's build(). */
export function buildOptions(options: AstroBuildOptions): AstroInlineConfig {
  return {
    ...(options.outDir ? { outDir: options.outDir } : {}),
    ...(options.concurrency ? { build: { concurrency: options.concurrency } } : {}),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    experimental: { incrementalBuild: options.incremental ?? false },
  };
}
