import { defineConfig } from 'astro/config';
import { astroConfig } from './src/build/astro-config.ts';

// The configuration lives in src/build/astro-config.ts, so that buildSite() can pass its
// options (output, render scope) explicitly; `astro check` and the unit tests get the defaults.
export default defineConfig(astroConfig());
