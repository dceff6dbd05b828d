/**
 * A store module that only a signed-in member needs (the header's cart and wishlist), imported
 * once a member is known: the header is on every page, and a visitor's page never loads them.
 * Null for a visitor, and for a member until the module has come.
 */
import { useEffect, useState } from 'react';
import { useMember } from './use-member.ts';

export function useMemberStore<M>(load: () => Promise<M>): M | null {
  const member = useMember();
  const [store, setStore] = useState<M | null>(null);
  useEffect(() => {
    // A module that fails to load (offline) leaves the entry a plain link, as for a visitor.
    if (member && !store)
      void load().then(
        (loaded) => setStore(() => loaded),
        () => {},
      );
  }, [member, store, load]);
  return member ? store : null;
}
