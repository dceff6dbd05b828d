/** /robots.txt (seo/robots.ts). */
import type { APIRoute } from 'astro';
import { siteUrl } from '../node/env.ts';
import { LANGUAGES } from '../lib/i18n/languages.ts';
import { robotsTxt } from '../node/seo/robots.ts';

export const GET: APIRoute = () =>
  new Response(robotsTxt(siteUrl(), LANGUAGES), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
