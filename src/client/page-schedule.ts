/**
 * Time boundaries on a static page: the page reloads 20 ms after its start or end date
 * passes (so a page never shows past its window), and custom content blocks show only inside
 * their window.
 *
 * The reload usually gets the same page again: the rebuild for the boundary starts when it
 * passes and takes seconds. A page loaded with its boundary already past does not reload
 * again (that would be 50 reloads a second from every open tab, for as long as the rebuild
 * takes, or forever if it failed); it asks for its address now and then, and reloads once the
 * answer is from another release.
 */
import { MAX_TIMER_MS, isWithinWindow, msUntilReload, nextBoundary, reloadAtOf, stalePageCheckDelay } from '../lib/cms/schedule.ts';

/** setTimeout caps at about 24.8 days; longer waits are re-armed. */
function at(moment: number, action: () => void, delay: (now: number) => number): void {
  const wait = delay(Date.now());
  if (wait > MAX_TIMER_MS) setTimeout(() => at(moment, action, delay), MAX_TIMER_MS);
  else setTimeout(action, wait);
}

/** Reloads once the page's address answers with another release's page (a server error is not one). */
function awaitNextRelease(reloadAt: number, attempt: number): void {
  const again = () => awaitNextRelease(reloadAt, attempt + 1);
  setTimeout(() => {
    fetch(location.href, { cache: 'no-cache' })
      .then(async (response) => (response.status < 500 && reloadAtOf(await response.text()) !== reloadAt ? location.reload() : again()))
      .catch(again);
  }, stalePageCheckDelay(attempt));
}

const reloadAt = Number(document.body.dataset.reloadAt);
if (Number.isFinite(reloadAt) && reloadAt > 0) {
  if (reloadAt > Date.now())
    at(
      reloadAt,
      () => location.reload(),
      (now) => msUntilReload(now, reloadAt),
    );
  else awaitNextRelease(reloadAt, 0);
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
