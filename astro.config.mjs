import { defineConfig } from 'astro/config';
import { astroConfig } from './src/build/astro-config.ts';

// The configuration lives in src/build/astro-config.ts, beside the options buildSite() passes
// to each build (output, cache).
export default defineConfig(astroConfig());
