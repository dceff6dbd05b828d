/**
 * client:interaction, an Astro client directive: the island's JavaScript is loaded when the
 * visitor first reaches for it (hovers, touches, focuses or presses a key in it), not at page
 * load, so a visitor who only looks runs none of it. With `{ member: true }` it loads at idle
 * instead when a session may exist (the readable hint cookie), so a member's badges and
 * wishes appear without a click. With `{ param: 'productId' }` it loads at once when the
 * address carries that query parameter (a shared link's choice that only the island can show).
 *
 * A click that lands before the island has hydrated is held, then given again to the same
 * element once React has taken the HTML over (hydration keeps the server's elements), so the
 * first tap on a size or a button is not lost. Links are left alone: they work without us.
 */
import type { ClientDirective } from 'astro';
import { SESSION_HINT_COOKIE } from '../../lib/api/cookies.ts';
import { HYDRATE_WITHIN_MS } from '../../lib/constants.ts';

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  let held: HTMLElement | null = null;

  const hold = (event: Event) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>('button, input, select, label, [role="button"]') : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeEventListener('click', hold, true);
    }
    if (held?.isConnected) held.click();
    held = null;
  };

  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { once: true, passive: true });
  el.addEventListener('click', hold, true);

  const value = typeof options.value === 'object' && options.value !== null ? (options.value as { member?: boolean; param?: string }) : {};
  const param = value.param ? new URLSearchParams(location.search).get(value.param) : null;
  if (param && param !== 'undefined') return void start();
  const maybeMember = document.cookie.split(/;\s*/).some((part) => part.startsWith(`${SESSION_HINT_COOKIE}=`));
  if (value.member && maybeMember) {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: HYDRATE_WITHIN_MS });
    else setTimeout(() => void start(), 200);
  }
};

export default interaction;
