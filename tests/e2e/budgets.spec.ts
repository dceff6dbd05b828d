/**
 * JavaScript budgets on the built release, in the browser: what each page type loads as its
 * visitor or member meets it, each file brotli-compressed on its own. Over budget fails,
 * naming the files. `npm run bench:js` prints the same figures.
 *
 * The start-up window (what loads in the page's first 5 s) runs on the page's own clock: the
 * timers and idle callbacks of those 5 s fire, and what they load is weighed, without the test
 * waiting 5 s of real time for each page type (`npm run bench:js` still waits them).
 */
import { expect, test } from './test.ts';
import { JS_BUDGETS, JS_PAGE_TYPES } from '../../scripts/bench/js-page-types.ts';
import { kib, STARTUP_WINDOW_MS, totalBrotli } from '../../scripts/bench/startup-js.ts';
import { runPageTime, watchRequests } from './page-time.ts';

test('the budgets are the targets of the performance issue', () => {
  expect(JS_BUDGETS).toEqual({ startup: 20 * 1024, headerHydrated: 75 * 1024, member: 100 * 1024, press: 0 });
  expect(STARTUP_WINDOW_MS).toBe(5000);
});

for (const type of JS_PAGE_TYPES.filter((t) => t.budget !== null)) {
  test(`${type.name}: JavaScript within ${kib(type.budget!)} (brotli)`, async ({ context }) => {
    test.setTimeout(60_000);
    await context.clock.install();
    const watch = watchRequests(context);
    const files = await type.measure(context, (page) => runPageTime(page, STARTUP_WINDOW_MS, watch));
    watch.stop();
    // Vite's own preload helper is replaced by a one-line one in the common chunk (src/node/lean-preload.ts).
    expect(files.map((f) => f.path).filter((path) => path.includes('preload-helper'))).toEqual([]);
    const list = files.map((f) => `${f.path} ${kib(f.brotli)}`).join(', ');
    expect(totalBrotli(files), `${type.name} loads ${kib(totalBrotli(files))}: ${list}`).toBeLessThanOrEqual(type.budget!);
  });
}
