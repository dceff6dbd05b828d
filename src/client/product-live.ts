/**
 * A product's own page, before its island runs: the live stock and prices are asked for at
 * once and drawn into the server's HTML (sold-out sizes, the price, its colour and regular
 * price, the sold-out mark and button), so a shopper sees the truth without the island's
 * JavaScript. The view is the island's own (lib/product/live-view.ts), and the figures stay in
 * the shared store, so the island, once it hydrates, starts from them without asking again.
 * Once the island has hydrated, it draws the stock itself and this script stands back. A
 * failed call leaves the build's figures; the island offers a retry.
 */
import { formatPrice, formatPriceRange } from '../lib/format/currency.ts';
import { liveView, type LiveProductConfig } from '../lib/product/live-view.ts';
import { PRODUCT_QUERY_PATH, productAddress, readProductId } from '../lib/product/product-id.ts';
import { $stock, loadStock, type LiveSkus } from '../stores/product-detail.ts';

const article = document.querySelector<HTMLElement>('[data-live-product]');
if (article) {
  const config = JSON.parse(article.dataset.liveProduct!) as LiveProductConfig;
  showOwnAddress(config.productCode);
  void refresh(article, config);
}

/**
 * The older query address (/product-detail.html?productCode=…; docs/storefront.md) is served this page: the
 * address bar shows the page's own address instead, so what a shopper shares or switches
 * language from is the canonical one. Other query parameters stay; an undefined productId goes.
 */
function showOwnAddress(productCode: string): void {
  if (!location.pathname.endsWith(PRODUCT_QUERY_PATH)) return;
  const prefix = location.pathname.slice(0, -PRODUCT_QUERY_PATH.length);
  const address = productAddress(prefix, productCode, location.search, readProductId(location.search));
  history.replaceState(history.state, '', `${address}${location.hash}`);
}

async function refresh(article: HTMLElement, config: LiveProductConfig): Promise<void> {
  await loadStock(config.productCode);
  const stock = $stock.get();
  // Astro drops the island's `ssr` attribute when it hydrates: from then on React draws.
  if (!article.closest('astro-island')?.hasAttribute('ssr')) return;
  if (stock.status === 'ready' && stock.productCode === config.productCode) draw(article, config, stock.bySku);
}

function draw(article: HTMLElement, config: LiveProductConfig, live: LiveSkus): void {
  const view = liveView(config.input, live);
  for (const option of view.sizes) {
    const button = article.querySelector<HTMLButtonElement>(`[data-size-no="${CSS.escape(option.sizeNo)}"]`);
    if (!button) continue;
    button.disabled = option.soldOut;
    // As React writes them: data-x="true", or no attribute.
    setFlag(button, 'data-sold-out', option.soldOut);
    button.setAttribute('aria-label', option.soldOut ? (button.dataset.soldOutLabel ?? option.alias) : option.alias);
  }
  const price = article.querySelector<HTMLElement>('.product-detail__price');
  if (price) setFlag(price, 'data-red', view.red);
  const amount = price?.querySelector('[data-price]');
  if (amount) amount.textContent = formatPriceRange(view.price.min, view.price.max, config.currency);
  const origin = price?.querySelector<HTMLElement>('.product-detail__origin');
  if (origin) {
    origin.hidden = view.price.origin === null;
    origin.textContent = config.originTemplate.replace('{price}', formatPrice(view.price.origin ?? view.price.regular, config.currency));
  }
  const mark = article.querySelector<HTMLImageElement>('[data-corner="sold-out"]');
  if (mark) mark.hidden = !view.soldOut;
  const add = article.querySelector<HTMLButtonElement>('[data-add]');
  if (add && view.soldOut && mark) {
    add.disabled = true;
    add.textContent = mark.alt;
  }
  article.dataset.stock = 'ready';
}

function setFlag(element: Element, name: string, on: boolean): void {
  if (on) element.setAttribute(name, 'true');
  else element.removeAttribute(name);
}
