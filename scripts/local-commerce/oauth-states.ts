/**
 * Social sign-in's `state`, as an OAuth client keeps it (docs/account.md): the provider's number and a
 * random value, `{number}.{nonce}`. The nonce is also in a short-lived HttpOnly cookie of the
 * browser that started, and the API keeps its hash with the PKCE verifier. A callback must
 * bring back a state this browser started, unused and in time: an attacker's own code, sent
 * to a victim as /third_party.html?code=…&state=6, then signs nobody in.
 *
 * PKCE (S256) where the provider supports it: the verifier stays with the API, the provider
 * sees only its hash, so a code caught on the way cannot be exchanged by anyone else.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Context } from 'hono';
import { THIRD_PARTY_STATE, type ThirdPartyProvider } from '../../src/lib/api/third-party.ts';
import { ApiFailure } from './kit.ts';
import type { SessionCookies } from './session-cookies.ts';
import { randomToken, sha256 } from './tokens.ts';

/** How long a sign-in may take at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 600;
/** Providers whose authorization servers take a PKCE challenge. */
export const PKCE_PROVIDERS: ReadonlySet<ThirdPartyProvider> = new Set(['google', 'line', 'facebook']);

const providerNumber = (provider: ThirdPartyProvider) => THIRD_PARTY_STATE[provider] ?? provider;
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export interface StartedSignIn {
  state: string;
  /** S256 challenge for the provider, when it takes one. */
  codeChallenge: string | null;
}

/** Starts a sign-in with `provider` in this browser: the state for the provider, and its cookie on this answer. */
export function startSignIn(
  c: Context,
  db: DatabaseSync,
  cookies: SessionCookies,
  provider: ThirdPartyProvider,
  now: number,
): StartedSignIn {
  const nonce = randomToken();
  const verifier = PKCE_PROVIDERS.has(provider) ? randomToken() : null;
  // Kept no longer than they are good for: starting needs no account, so nothing else would clear them.
  db.prepare('DELETE FROM oauth_states WHERE expires_at <= ?').run(now);
  db.prepare('INSERT INTO oauth_states (nonce_hash, provider, verifier, expires_at) VALUES (?, ?, ?, ?)').run(
    sha256(nonce),
    provider,
    verifier,
    now + OAUTH_STATE_TTL_SECONDS * 1000,
  );
  cookies.startSignIn(c, nonce, OAUTH_STATE_TTL_SECONDS);
  return { state: `${providerNumber(provider)}.${nonce}`, codeChallenge: verifier ? pkceChallenge(verifier) : null };
}

const refused = (why: string) =>
  new ApiFailure('THIRD_PARTY_STATE_INVALID', `This sign-in did not start in this browser, or is used or too old: ${why}`);

/**
 * Checks the state a callback brought back against this browser's cookie and uses it up;
 * returns the PKCE verifier (null for a provider without PKCE). Throws THIRD_PARTY_STATE_INVALID.
 */
export function finishSignIn(
  c: Context,
  db: DatabaseSync,
  cookies: SessionCookies,
  provider: ThirdPartyProvider,
  state: string,
  now: number,
): string | null {
  const cookie = cookies.takeSignIn(c);
  const dot = state.indexOf('.');
  const number = dot < 0 ? state : state.slice(0, dot);
  const nonce = dot < 0 ? '' : state.slice(dot + 1);
  if (!nonce) throw refused('the state has no random part');
  if (number !== providerNumber(provider)) throw refused(`the state is not ${provider}'s`);
  if (!cookie) throw refused('this browser started no sign-in');
  if (cookie.length !== nonce.length || !timingSafeEqual(Buffer.from(cookie), Buffer.from(nonce)))
    throw refused('the state is not the one this browser started');
  // Used up whatever follows: a state works once.
  const row = db
    .prepare('UPDATE oauth_states SET used = 1 WHERE nonce_hash = ? AND used = 0 RETURNING provider, verifier, expires_at')
    .get(sha256(nonce)) as { provider: string; verifier: string | null; expires_at: number } | undefined;
  if (!row) throw refused('the state was used already');
  if (row.expires_at <= now) throw refused('the state is too old');
  if (row.provider !== provider) throw refused(`the state is not ${provider}'s`);
  return row.verifier;
}
