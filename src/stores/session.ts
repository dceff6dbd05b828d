/**
 * Who is signed in, shared by every island: atoms only, no API client, so an island that
 * just shows the member (the header) stays light. The actions live in auth.ts.
 * The access token lives in memory only.
 */
import { atom, computed } from 'nanostores';
import { SESSION_HINT_COOKIE } from '../lib/api/cookies.ts';
import type { Session } from '../lib/api/contract.ts';
import { getPlatform } from './platform.ts';

export interface SignedInMember {
  userId: string;
  name: string;
}

const $accessToken = atom<string | null>(null);
export const $member = atom<SignedInMember | null>(null);
export const $loggedIn = computed($member, (member) => member !== null);
/** The last failure of the shared HTTP error handler, for a toast. */
export const $httpError = atom<string | null>(null);

export const getAccessToken = () => $accessToken.get();

const memberStoreResets = new Set<() => void>();
/** Member stores (cart, wishlist…) register here, so logout clears every one of them. */
export function onMemberLogout(reset: () => void): () => void {
  memberStoreResets.add(reset);
  return () => memberStoreResets.delete(reset);
}

export function acceptSession(session: Session): void {
  $accessToken.set(session.accessToken);
  $member.set({ userId: session.member.userId, name: session.member.name });
}

export function clearMemberState(): void {
  $accessToken.set(null);
  $member.set(null);
  for (const reset of memberStoreResets) reset();
}

/** Whether a refresh token probably exists (the readable hint cookie). */
export function hasSessionHint(cookie = getPlatform().cookie()): boolean {
  return cookie.split(/;\s*/).some((part) => part.startsWith(`${SESSION_HINT_COOKIE}=`));
}
