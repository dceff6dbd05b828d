/**
 * The Astro configuration: astro.config.mjs is this. What one build adds to it (output, cache)
 * is in build-options.ts.
 *
 * Only Astro may import this (through astro.config.mjs): it sets NODE_ENV before it loads the
 * config, and @astrojs/react, once imported, fixes which React build (development or
 * production) the process uses. Imported earlier, by a build script, the two get mixed and
 * rendering fails ("dispatcher.getOwner is not a function").
 */
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import type { AstroIntegration, AstroUserConfig } from 'astro';
import type { Plugin } from 'vite';
import { LANGUAGES, DEFAULT_LANGUAGE } from '../lib/i18n/languages.ts';
import { astroOutDir, buildConcurrency, siteUrl } from './env.ts';
import { leanPreload, PRELOAD_HELPER_ID } from './lean-preload.ts';
import { renderedPages } from './rendered-pages.ts';

/** The modules the start-up scripts share with the header: the 'common' chunk. */
const COMMON_MODULES =
  /node_modules[\\/]nanostores[\\/]|src[\\/](stores[\\/](platform|public-api|analytics-events)\.ts|lib[\\/](constants|cookies|errors|consent[\\/]consent|popups[\\/]greeting-names|api[\\/](public-routes|base-url|core|third-party|contract-values|string-rules|cookies)|validation[\\/](rules|patterns)|i18n[\\/](languages|regions)|product[\\/](rules|product-id)|format[\\/]currency|cms[\\/]schedule)\.ts)/;

/**
 * The browser's chunks: React in one file, and the header's islands with what only they use in
 * another, loaded together when the shopper first reaches for the header. Dozens of small
 * files each compressed on its own cost more bytes (and requests) than the same code in two;
 * what the start-up scripts share with them (nanostores, the platform, the API core) stays
 * apart, so a page's first scripts never pull the header in. Those shared modules are one
 * chunk of their own ('common'): a dozen files of a few hundred bytes, each compressed apart,
 * cost about a kibibyte more than one (measured with npm run bench:js).
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
  {
    name: 'header',
    test: /src[\\/](islands[\\/](header[\\/]|search[\\/]SearchPanel|use-[\w-]+\.ts)|stores[\\/](header|search|session)\.ts|lib[\\/](search[\\/]|format[\\/]badge|routing[\\/]redirect-url|i18n[\\/]translator|header[\\/]category-tree))/,
  },
  {
    name: 'common',
    // With them, the one-line preload helper (lean-preload.ts) that lazy imports go through.
    test: (id: string) => id === PRELOAD_HELPER_ID || COMMON_MODULES.test(id),
  },
  // A product page's own modules, which its start-up script and its island share.
  { name: 'product-page', test: /src[\\/](stores[\\/]product-detail|lib[\\/]product[\\/](selection|live-view))\.ts/ },
];

export function astroConfig(): AstroUserConfig {
  return {
    site: siteUrl(),
    outDir: astroOutDir(),
    trailingSlash: 'ignore',
    // build.format 'preserve' keeps /c/W01.html as a file and /en-gb/index.html as a folder
    // index. Concurrency 2 measured fastest on 2 cores (npm run bench:build).
    build: { format: 'preserve', inlineStylesheets: 'auto', concurrency: buildConcurrency() },
    // Islands render with React's renderToString, not its web stream: the stream's set-up and
    // reading were a fifth of a cold build's CPU for the same bytes (docs/performance.md). The
    // island's id prefix is passed by our patch of @astrojs/react (patches/), which its
    // non-streaming path leaves out; tests/e2e/header.spec.ts checks the ids.
    integrations: [react({ experimentalDisableStreaming: true }), clientDirectives(), renderedPages()],
    // The default language unprefixed, the others under their segment (/en-gb/...).
    i18n: {
      defaultLocale: DEFAULT_LANGUAGE.code,
      locales: LANGUAGES.map((l) => (l.pathSegment ? { path: l.pathSegment, codes: [l.code] } : l.code)),
      routing: { prefixDefaultLocale: false },
    },
    // CMS images are resized by the image CDN (the _r- suffix), not at build time.
    image: { responsiveStyles: true },
    devToolbar: { enabled: false },
    vite: {
      plugins: [chunkGroupsPlugin(), leanPreload()],
    },
  };
}

/** Our own client directives (src/client/directives/): client:interaction. */
function clientDirectives(): AstroIntegration {
  return {
    name: 'storefront-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../client/directives/interaction.ts', import.meta.url)),
        });
      },
    },
  };
}

/**
 * The chunk groups above, each taking only the modules it names: a group that took their
 * imports too would take what the start-up scripts share with the header, and a page would
 * load the header to run them. That needs entries that may export more than they declare.
 */
function chunkGroupsPlugin(): Plugin {
  return {
    name: 'storefront-chunk-groups',
    configEnvironment(name, config) {
      if (name !== 'client') return;
      const rolldown = (config.build ??= {}).rolldownOptions ?? {};
      // No dependency lists on lazy imports: each import() carried the names of every file its
      // module needs (0.2 KiB in the arrival script alone). The lazy modules (greetings, consent
      // banner, analytics) are off the first paint, so the round trip their own imports then
      // cost is cheaper than the bytes on every page (docs/performance.md).
      config.build.modulePreload = false;
      config.build.rolldownOptions = {
        ...rolldown,
        preserveEntrySignatures: 'allow-extension',
        output: { ...rolldown.output, codeSplitting: { includeDependenciesRecursively: false, groups: CHUNK_GROUPS } },
      };
    },
  };
}
