/**
 * False during the server render and the hydrating render, true after mount. Islands whose
 * state may already be known when they hydrate (another island restored the session first)
 * must render the server's state until then: React keeps the server's attributes on a
 * hydration mismatch, so the island would otherwise stay stale.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
