/**
 * Cloudflare's rules. For now Cloudflare reads the same `_redirects` and `_headers` as Netlify
 * (./netlify.ts) and nothing of its own.
 */
import type { HostFiles } from '../host-rules.ts';

export const cloudflareFiles: HostFiles = () => [];
