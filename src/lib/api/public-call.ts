/**
 * The light way to make an unauthenticated call from a visitor's page: fetch and the
 * envelope, without the full client (zod, wretch, token refresh), which visitors' pages never
 * load (README "JavaScript per page"). The answer is trusted as the contract types it; a
 * failure of any kind throws, and callers fall back (spec §8: a failed batch is empty).
 */
import type { RequestOf, ResponseOf } from './contract.ts';
import { API_BASE_URL } from './base-url.ts';

/** Paths of the public calls made this way; contract.ts takes them from here, so they cannot drift. */
export const PUBLIC_CALL_PATHS = { productsByCodes: '/product/by-codes' } as const;
type PublicCall = keyof typeof PUBLIC_CALL_PATHS;

export async function callPublic<N extends PublicCall>(name: N, body: RequestOf<N>, fetchImpl: typeof fetch = fetch): Promise<ResponseOf<N>> {
  const res = await fetchImpl(`${API_BASE_URL}${PUBLIC_CALL_PATHS[name]}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await res.json()) as { success?: boolean; resp?: unknown; msgCode?: string };
  if (!res.ok || envelope.success !== true) throw new Error(`${name}: ${envelope.msgCode ?? `HTTP ${res.status}`}`);
  return envelope.resp as ResponseOf<N>;
}
