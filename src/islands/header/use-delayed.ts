/**
 * Hover intent: run an action after a delay, cancelled if the pointer changes its mind.
 * Used for the header's timings (open after 300/500 ms, close 100 ms after leaving; docs/storefront.md, The header).
 */
import { useCallback, useEffect, useRef } from 'react';

export function useDelayed() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const schedule = useCallback(
    (ms: number, action: () => void) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        action();
      }, ms);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
