/**
 * The page's behaviour analytics, loaded by the consent script (client/consent.ts) once the
 * shopper allows analytics: the page view, the links followed out of editors' custom content
 * (redirect, pgtype L3), in the page or in its sandboxed frames, CMS videos watched, and the
 * queue sent when the page hides; and, once the page is idle, the page's Core Web Vitals
 * (client/web-vitals.ts, a chunk of its own).
 */
import { FRAME_LINK_KEY } from '../lib/cms/frame-link.ts';
import * as analytics from '../stores/analytics.ts';
import { analyticsLoaded } from '../stores/analytics-events.ts';

/** A CMS video counts as watched once it has played this long in view. */
const WATCHED_SECONDS = 3;

const { currentUser, flushAnalytics, setCollectorOrigin, startPageView, track } = analytics;
analyticsLoaded(analytics);

const collector = document.querySelector<HTMLMetaElement>('meta[name="analytics-collector"]')?.content ?? '';
setCollectorOrigin(collector);
startPageView({
  userAgent: navigator.userAgent,
  language: navigator.language,
  screen: { width: screen.width, height: screen.height },
  window: { width: innerWidth, height: innerHeight },
});

addEventListener('pagehide', () => flushAnalytics());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flushAnalytics();
});

const followed = (href: string) => track('redirect', { jumpto: href, pgtype: 'L3', userid: currentUser() });
// Capture phase: the event is queued before the link's own navigation starts, and nothing waits for it.
document.addEventListener(
  'click',
  (event) => {
    const link =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-component="customContent"] a[href]') : null;
    if (link) followed(link.href);
  },
  { capture: true },
);
// A link in one of our sandboxed frames (custom content with a script) is reported by the frame;
// a message is known to be a frame's by its window (its origin is opaque), and only a web address counts.
addEventListener('message', (event) => {
  const href = (event.data as Record<string, unknown> | null)?.[FRAME_LINK_KEY];
  if (typeof href !== 'string' || !/^https?:\/\//i.test(href)) return;
  const fromOurFrame = [...document.querySelectorAll<HTMLIFrameElement>('[data-component="customContent"] iframe')].some(
    (frame) => frame.contentWindow === event.source,
  );
  if (fromOurFrame) followed(href);
});

for (const video of document.querySelectorAll<HTMLVideoElement>('main video')) {
  const watched = () => {
    if (video.currentTime < WATCHED_SECONDS) return;
    video.removeEventListener('timeupdate', watched);
    track('watchVideo', { src: video.currentSrc, poster: video.poster || null });
  };
  video.addEventListener('timeupdate', watched);
}

// The vitals library is fetched only when the browser has nothing else to do, so it takes nothing
// from the page's start or the shopper's first interaction; it reads what came before from the
// browser's buffered entries.
const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);
whenIdle(() => void import('./web-vitals.ts').then(({ reportVitals }) => reportVitals(collector)));
