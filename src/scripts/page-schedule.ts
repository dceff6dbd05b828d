/**
 * Time boundaries on a static page: the page reloads 20 ms after its start or end date
 * passes (so a page never shows past its window), and custom content blocks show only inside
 * their window.
 */
import { MAX_TIMER_MS, isWithinWindow, msUntilReload, nextBoundary } from '../lib/cms/schedule.ts';

/** setTimeout caps at about 24.8 days; longer waits are re-armed. */
function at(moment: number, action: () => void, delay: (now: number) => number): void {
  const wait = delay(Date.now());
  if (wait > MAX_TIMER_MS) setTimeout(() => at(moment, action, delay), MAX_TIMER_MS);
  else setTimeout(action, wait);
}

const reloadAt = Number(document.body.dataset.reloadAt);
if (Number.isFinite(reloadAt) && reloadAt > 0) {
  at(
    reloadAt,
    () => location.reload(),
    (now) => msUntilReload(now, reloadAt),
  );
}

const bound = (value: string | undefined) => (value ? Number(value) : null);
for (const block of document.querySelectorAll<HTMLElement>('[data-window-start], [data-window-end]')) {
  const start = bound(block.dataset.windowStart);
  const end = bound(block.dataset.windowEnd);
  const update = () => {
    const now = Date.now();
    block.hidden = !isWithinWindow(now, start, end);
    const next = nextBoundary(now, [start, end]);
    if (next !== null) at(next, update, (t) => Math.max(0, next - t));
  };
  update();
}
