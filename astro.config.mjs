import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { LANGUAGES, DEFAULT_LANGUAGE } from './src/lib/i18n/languages.ts';
import { buildConcurrency, siteUrl } from './src/build/env.ts';

/** @type {import('astro').AstroUserConfig['i18n']} */
const i18n = {
  defaultLocale: DEFAULT_LANGUAGE.code,
  locales: LANGUAGES.map((l) => (l.pathSegment ? { path: l.pathSegment, codes: [l.code] } : l.code)),
  routing: { prefixDefaultLocale: false },
};

// Routing: the default language unprefixed, the others under their segment (/en-gb/...).
// build.format 'preserve' keeps /c/W01.html as a file and /en-gb/index.html as a folder index.
export default defineConfig({
  site: siteUrl(),
  outDir: process.env.ASTRO_OUT_DIR ?? 'dist',
  trailingSlash: 'ignore',
  // Concurrency 2 measured fastest on 2 cores (npm run bench:build; README).
  build: { format: 'preserve', inlineStylesheets: 'auto', concurrency: buildConcurrency() },
  integrations: [react()],
  i18n,
  image: {
    // CMS images are resized by the image CDN (the _r- suffix), not at build time.
    responsiveStyles: true,
  },
  devToolbar: { enabled: false },
  experimental: {
    incrementalBuild: process.env.ASTRO_INCREMENTAL === '1',
  },
});
