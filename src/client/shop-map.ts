/** The shop page's maps (components/shops/ShopMap.astro): shown where the maps service is configured, drawn on request. */
import { scriptSource, showMap } from '../stores/third-party.ts';

if (scriptSource('maps')) {
  for (const box of document.querySelectorAll<HTMLElement>('[data-shop-map]')) {
    box.hidden = false;
    const button = box.querySelector<HTMLButtonElement>('[data-shop-map-button]')!;
    button.addEventListener('click', () => {
      button.disabled = true;
      const place = JSON.parse(box.dataset.shopMap!) as { latitude: number; longitude: number; name: string };
      void showMap(box.querySelector<HTMLElement>('[data-shop-map-canvas]')!, place).then((shown) => {
        if (shown) button.hidden = true;
        else {
          button.disabled = false;
          box.querySelector<HTMLElement>('[data-shop-map-failed]')!.hidden = false;
        }
      });
    });
  }
}
