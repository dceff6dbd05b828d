/**
 * Waiting for a page to be done, by its events instead of a fixed sleep: what its own code
 * asked for has arrived, and a turn of its event loop after that asks for nothing more.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';

/** Requests that can lead to more script or a redraw: what a page's own code asks for. */
const FOLLOWED = new Set(['script', 'fetch', 'xhr', 'document']);
const QUIET_LIMIT_MS = 15_000;

export interface RequestWatch {
  /** Resolves once no followed request is on its way and `page`'s next turn started none. */
  quiet(page: Page): Promise<void>;
  stop(): void;
}

/**
 * Watches the requests of a page, or of every page of a context, from now on: start it before
 * the action whose requests count.
 */
export function watchRequests(watched: Page | BrowserContext): RequestWatch {
  const open = new Set<Request>();
  let allArrived: (() => void) | null = null;
  const started = (request: Request) => {
    if (FOLLOWED.has(request.resourceType())) open.add(request);
  };
  const ended = (request: Request) => {
    if (open.delete(request) && open.size === 0) allArrived?.();
  };
  watched.on('request', started);
  watched.on('requestfinished', ended);
  watched.on('requestfailed', ended);
  return {
    async quiet(page) {
      for (;;) {
        await pageTurn(page);
        if (open.size === 0) return;
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          await Promise.race([
            new Promise<void>((resolve) => (allArrived = resolve)),
            new Promise<never>((_, reject) => {
              // A request that never ends would hold the test to its timeout: say which it is.
              timer = setTimeout(
                () => reject(new Error(`still on their way after ${QUIET_LIMIT_MS} ms: ${[...open].map((r) => r.url()).join(', ')}`)),
                QUIET_LIMIT_MS,
              );
            }),
          ]);
        } finally {
          clearTimeout(timer);
          allArrived = null;
        }
      }
    },
    stop() {
      watched.off('request', started);
      watched.off('requestfinished', ended);
      watched.off('requestfailed', ended);
    },
  };
}

/**
 * Runs the page's own clock through `windowMs` (installed on its context before the page
 * opened) in steps, letting what each step started arrive before the next: timers, idle
 * callbacks and the imports and fetches they start happen as in that much real time, which
 * the test does not spend. Page time also flows on with real time meanwhile, so the page sees
 * at least `windowMs`, never less. `watch` is one started before the page opened, so what
 * the page's load asked for counts too.
 */
export async function runPageTime(page: Page, windowMs: number, watch: RequestWatch, stepMs = 250): Promise<void> {
  await watch.quiet(page);
  for (let ran = 0; ran < windowMs; ran += stepMs) {
    await page.clock.runFor(stepMs);
    await watch.quiet(page);
  }
}

/**
 * A round trip into the page through two of its tasks (a message channel's, which a paused
 * fake clock does not hold, as it holds timers and frames): what the last answer queued (a
 * module evaluated, a promise settled, React's render of new state) runs first. A page that
 * is navigating answers once its next document is there.
 */
async function pageTurn(page: Page): Promise<void> {
  const turn = () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      let left = 2;
      channel.port1.onmessage = () => (--left === 0 ? resolve(null) : channel.port2.postMessage(null));
      channel.port2.postMessage(null);
    });
  try {
    await page.evaluate(turn);
  } catch (error) {
    if (!/context was destroyed|navigat/i.test(String(error))) throw error;
    await page.waitForLoadState('domcontentloaded');
  }
}
