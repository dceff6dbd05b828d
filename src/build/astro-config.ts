/**
 * The Astro configuration: astro.config.mjs is this. What one build adds to it (output, render
 * scope) is in build-options.ts.
 *
 * Only Astro may import this (through astro.config.mjs): it sets NODE_ENV before it loads the
 * config, and @astrojs/react, once imported, fixes which React build (development or
 * production) the process uses. Imported earlier, by a build script, the two get mixed and
 * rendering fails ("dispatcher.getOwner is not a function").
 */
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import type { AstroIntegration, AstroUserConfig } from 'astro';
import { LANGUAGES, DEFAULT_LANGUAGE } from '../lib/i18n/languages.ts';
import { astroOutDir, buildConcurrency, siteUrl } from './env.ts';
import { renderScopePlugin } from './build-options.ts';

export function astroConfig(): AstroUserConfig {
  return {
    site: siteUrl(),
    outDir: astroOutDir(),
    trailingSlash: 'ignore',
    // build.format 'preserve' keeps /c/W01.html as a file and /en-gb/index.html as a folder
    // index. Concurrency 2 measured fastest on 2 cores (npm run bench:build).
    build: { format: 'preserve', inlineStylesheets: 'auto', concurrency: buildConcurrency() },
    integrations: [react(), clientDirectives()],
    // The default language unprefixed, the others under their segment (/en-gb/...).
    i18n: {
      defaultLocale: DEFAULT_LANGUAGE.code,
      locales: LANGUAGES.map((l) => (l.pathSegment ? { path: l.pathSegment, codes: [l.code] } : l.code)),
      routing: { prefixDefaultLocale: false },
    },
    // CMS images are resized by the image CDN (the _r- suffix), not at build time.
    image: { responsiveStyles: true },
    devToolbar: { enabled: false },
    vite: { plugins: [renderScopePlugin(null, 'post')] },
  };
}

/** Our own client directives (src/scripts/directives/): client:interaction. */
function clientDirectives(): AstroIntegration {
  return {
    name: 'storefront-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../scripts/directives/interaction.ts', import.meta.url)),
        });
      },
    },
  };
}
