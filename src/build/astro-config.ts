/**
 * The one Astro configuration, as a function of the build's options. `astro.config.mjs` (used by
 * `astro check`, the unit tests' Vite config) calls it with none; buildSite() passes its options
 * explicitly, so nothing steers a build through global state.
 */
import react from '@astrojs/react';
import type { AstroInlineConfig } from 'astro';
import type { Plugin } from 'vite';
import { LANGUAGES, DEFAULT_LANGUAGE } from '../lib/i18n/languages.ts';
import { astroOutDir, buildConcurrency, siteUrl } from './env.ts';
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

/** Serves the render scope to the pages as a virtual module. */
function renderScopePlugin(scope: RenderScope | null): Plugin {
  const resolved = `\0${RENDER_SCOPE_MODULE}`;
  return {
    name: 'storefront:render-scope',
    resolveId: (id) => (id === RENDER_SCOPE_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? `export default ${JSON.stringify(scope)};` : undefined),
  };
}

export function astroConfig(options: AstroBuildOptions = {}): AstroInlineConfig {
  return {
    site: siteUrl(),
    outDir: options.outDir ?? astroOutDir(),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    trailingSlash: 'ignore',
    // build.format 'preserve' keeps /c/W01.html as a file and /en-gb/index.html as a folder
    // index. Concurrency 2 measured fastest on 2 cores (npm run bench:build).
    build: { format: 'preserve', inlineStylesheets: 'auto', concurrency: options.concurrency ?? buildConcurrency() },
    integrations: [react()],
    // The default language unprefixed, the others under their segment (/en-gb/...).
    i18n: {
      defaultLocale: DEFAULT_LANGUAGE.code,
      locales: LANGUAGES.map((l) => (l.pathSegment ? { path: l.pathSegment, codes: [l.code] } : l.code)),
      routing: { prefixDefaultLocale: false },
    },
    // CMS images are resized by the image CDN (the _r- suffix), not at build time.
    image: { responsiveStyles: true },
    devToolbar: { enabled: false },
    vite: { plugins: [renderScopePlugin(options.renderScope ?? null)] },
    experimental: { incrementalBuild: options.incremental ?? false },
  };
}
