/**
 * client:interaction, an Astro client directive: the island's JavaScript is loaded when the
 * visitor first reaches for it (hovers, touches, focuses or presses a key in it), not at page
 * load, so a visitor who only looks runs none of it. With `{ member: true }` it loads at idle
 * instead when a session may exist (the readable hint cookie), so a member's badges and
 * wishes appear without a click. With `{ param: 'productId' }` it loads at once when the
 * address carries that query parameter (a shared link's choice that only the island can show).
 * With `{ wake: 'a-class' }` it loads when the root element takes that class: an island whose
 * look follows another island's state (the account entry's mode D while the category layer is
 * open) is brought to life by that state, not only by a touch.
 *
 * What the visitor did while the code was on its way is given again once React has taken the
 * HTML over (hydration keeps the server's elements): a click that landed is held and clicked
 * again on the same element; the pointer still over the island enters it again (a hover menu
 * opens); the focus still inside it is announced again (a search panel opens). Links are left
 * alone (they work without us), except a link that opens something (aria-expanded: a
 * category tab opens its layer). If the code cannot load, the held click is given back to the
 * browser, so a link still goes where it points.
 */
import type { ClientDirective } from 'astro';
import { sessionHintIn } from '../../lib/api/cookies.ts';
import { HYDRATE_WITHIN_MS } from '../../lib/constants.ts';

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  let held: HTMLElement | null = null;
  let hovered: Element | null = null;

  const hold = (event: Event) => {
    const target =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('button, input, select, label, [role="button"], a[aria-expanded]')
        : null;
    if (!target || (target.closest('a[href]') && !target.hasAttribute('aria-expanded'))) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  const track = (event: PointerEvent) => {
    const leaving = event.type === 'pointerout' && !(event.relatedTarget instanceof Node && el.contains(event.relatedTarget));
    hovered = leaving ? null : event.target instanceof Element ? event.target : null;
  };

  let woken: MutationObserver | null = null;
  const hydrateNow = async () => {
    if (started) return;
    started = true;
    woken?.disconnect();
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start);
    let hydrated = false;
    try {
      const hydrate = await load();
      await hydrate();
      hydrated = true;
    } finally {
      el.removeEventListener('click', hold, true);
      el.removeEventListener('pointerover', track);
      el.removeEventListener('pointerout', track);
      if (hydrated) replay(el, hovered, held);
      else if (held?.isConnected) held.click();
    }
    held = null;
    hovered = null;
  };
  // A listener, so one reference to add and remove; a failed load is the page's error to report.
  const start = () => void hydrateNow();

  el.addEventListener('pointerover', track);
  el.addEventListener('pointerout', track);
  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { once: true, passive: true });
  el.addEventListener('click', hold, true);

  const value =
    typeof options.value === 'object' && options.value !== null
      ? (options.value as { member?: boolean; param?: string; wake?: string })
      : {};
  const wake = value.wake;
  if (wake) {
    const root = document.documentElement;
    if (root.classList.contains(wake)) return void start();
    woken = new MutationObserver(() => root.classList.contains(wake) && void start());
    woken.observe(root, { attributes: true, attributeFilter: ['class'] });
  }
  const param = value.param ? new URLSearchParams(location.search).get(value.param) : null;
  if (param && param !== 'undefined') return void start();
  const maybeMember = sessionHintIn(document.cookie);
  if (value.member && maybeMember) {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: HYDRATE_WITHIN_MS });
    else setTimeout(() => void start(), 200);
  }
};

/** React hears enter and focus from mouseover, pointerover and focusin: sent again, as from outside. */
function replay(el: HTMLElement, hovered: Element | null, held: HTMLElement | null): void {
  if (hovered?.isConnected) {
    hovered.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: null }));
    hovered.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: null }));
  }
  const focused = document.activeElement;
  if (focused && focused !== document.body && el.contains(focused)) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  if (held?.isConnected) held.click();
}

export default interaction;
