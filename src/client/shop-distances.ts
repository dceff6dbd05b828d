/**
 * "Show distances" on the shop list and the shop page. The position is asked for only when
 * the shopper presses the button, and is kept in this page only. Once it comes, every shop
 * ([data-shop-card]) shows its distance (in metres near, kilometres farther) and the list orders nearest first, with a
 * way back to the regions. A refused or failed position changes nothing but the status line.
 */
import { byDistance, formatDistance, type LatLng } from '../lib/shops/distance.ts';
import { getPlatform } from '../stores/platform.ts';

interface Strings {
  locating: string;
  located: string;
  denied: string;
  failed: string;
  unsupported: string;
  update: string;
}

/** A shopper waiting for a position fix gives up long before this; the status line then says so. */
const LOCATE_TIMEOUT_MS = 15_000;
/** A position from the last few minutes is good enough to say how far a shop is. */
const POSITION_MAX_AGE_MS = 5 * 60_000;

for (const root of document.querySelectorAll<HTMLElement>('[data-shop-distances]')) setUp(root);

function setUp(root: HTMLElement): void {
  const tools = root.querySelector<HTMLElement>('[data-distance-tools]');
  const button = root.querySelector<HTMLButtonElement>('[data-distance-button]');
  const status = root.querySelector<HTMLElement>('[data-distance-status]');
  if (!tools || !button || !status) return;
  const strings = JSON.parse(tools.dataset.distanceTools!) as Strings;
  const language = getPlatform().language().code;
  // Each card remembers the list it came from, so "by region" puts it back.
  const shops = [...root.querySelectorAll<HTMLElement>('[data-shop-card]')].map((card) => ({
    card,
    home: card.parentElement!,
    latitude: Number(card.dataset.latitude),
    longitude: Number(card.dataset.longitude),
  }));
  const ordering = root.querySelector<HTMLElement>('[data-order-buttons]');
  const orderButtons = [...(ordering?.querySelectorAll<HTMLButtonElement>('[data-order]') ?? [])];
  let nearestFirst: typeof shops = [];

  const order = (nearest: boolean): void => {
    for (const orderButton of orderButtons)
      orderButton.setAttribute('aria-pressed', String((orderButton.dataset.order === 'nearest') === nearest));
    // Cards move in the document, not only on screen, so reading and tab order follow what is seen.
    const list = root.querySelector<HTMLElement>('[data-nearest-list]');
    if (nearest) for (const shop of nearestFirst) list?.append(shop.card);
    else for (const shop of shops) shop.home.append(shop.card);
    for (const region of root.querySelectorAll<HTMLElement>('[data-region-groups], [data-region-nav]')) region.hidden = nearest;
    const nearestSection = root.querySelector<HTMLElement>('[data-nearest]');
    if (nearestSection) nearestSection.hidden = !nearest;
  };

  const show = (from: LatLng): void => {
    const sorted = byDistance(shops, from);
    for (const { place, metres } of sorted) {
      const slot = place.card.querySelector<HTMLElement>('[data-shop-distance]');
      const value = slot?.querySelector('[data-distance-value]');
      if (!slot || !value) continue;
      value.textContent = formatDistance(metres, language);
      slot.hidden = false;
    }
    nearestFirst = sorted.map(({ place }) => place);
    if (!ordering) return;
    ordering.hidden = false;
    order(true);
  };

  const locate = (): void => {
    if (!('geolocation' in navigator)) {
      status.textContent = strings.unsupported;
      return;
    }
    button.disabled = true;
    status.textContent = strings.locating;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        button.disabled = false;
        button.textContent = strings.update;
        status.textContent = strings.located;
        show(coords);
      },
      (error) => {
        button.disabled = false;
        status.textContent = error.code === error.PERMISSION_DENIED ? strings.denied : strings.failed;
      },
      { timeout: LOCATE_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  };

  tools.hidden = false;
  button.addEventListener('click', locate);
  for (const orderButton of orderButtons) orderButton.addEventListener('click', () => order(orderButton.dataset.order === 'nearest'));
}
