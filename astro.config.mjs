import { defineConfig } from 'astro/config';
import { astroConfig } from './src/node/astro-config.ts';

// The configuration lives in src/node/astro-config.ts, beside the options buildSite() passes
// to each build (output, cache).
export default defineConfig(astroConfig());
