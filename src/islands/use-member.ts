/**
 * The signed-in member as an island may show it: null until mounted (see use-hydrated.ts),
 * then the shared $member atom.
 */
import { useStore } from '@nanostores/react';
import { $member, type SignedInMember } from '../stores/session.ts';
import { useHydrated } from './use-hydrated.ts';

export function useMember(): SignedInMember | null {
  const hydrated = useHydrated();
  const member = useStore($member);
  return hydrated ? member : null;
}
