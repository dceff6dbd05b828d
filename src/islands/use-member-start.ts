/**
 * A member page's first loads, and what it shows while the commerce API cannot say who is
 * signed in. `start` runs on mount (and when `deps` change); it runs again when the session
 * comes back, whichever island brought it back: the header restores the session too, at idle,
 * and a page that only listened to its own retry would stay on its loading line for good.
 */
import { useEffect, useRef, type DependencyList } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionUnavailable, restoreSession } from '../stores/session.ts';

export interface MemberStart {
  /** True while the API could not answer for the session: show the notice with `retry`. */
  unavailable: boolean;
  /** Asks the API again; once it answers, `start` runs (see above). */
  retry: () => Promise<unknown>;
}

export function useMemberStart(start: () => Promise<unknown>, deps: DependencyList = []): MemberStart {
  const unavailable = useStore($sessionUnavailable);
  const latest = useRef(start);
  latest.current = start;
  useEffect(() => {
    void latest.current();
    // The caller names what its first loads depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  const wasUnavailable = useRef(unavailable);
  useEffect(() => {
    if (wasUnavailable.current && !unavailable) void latest.current();
    wasUnavailable.current = unavailable;
  }, [unavailable]);
  return { unavailable, retry: restoreSession };
}
