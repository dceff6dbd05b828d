/**
 * The product page's logic, for the island to draw: the colour and size chosen (and the
 * address that keeps them), what live stock makes of them (sold-out sizes, price, the SKU),
 * the quantity within its limit, the services asked for (hem, gift wrapping, made-to-order
 * choices), and the actions: add to the cart, the wishlist heart, share.
 *
 * One page store per product shown (`createProductPage`): the build renders many products in
 * one process, so nothing here is module state. Creating it does nothing; `start()` (the island
 * mounted) reads the address, asks for live stock and watches the member's wishlist, and until
 * then the view is the server's: the first colour, no size, no stock.
 *
 * The cart and the wishlist are a member's: their stores load when a member acts or is known,
 * so a visitor looking at a product loads neither.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { ProductDetail } from '../lib/api/contract.ts';
import { liveView, type LiveView } from '../lib/product/live-view.ts';
import { productAddress, readProductId } from '../lib/product/product-id.ts';
import {
  caseServiceOffered,
  hemServiceOffered,
  inseamError,
  HEM_TYPE,
  type CaseSwitches,
  type HemSwitches,
  type PriceGroups,
} from '../lib/product/rules.ts';
import { initialSelection, maxQuantity, skuFor } from '../lib/product/selection.ts';
import { $stock, loadProduct, loadProductContent, loadStock } from './product-detail.ts';
import { getPlatform, languagePrefix } from './platform.ts';
import { $member, requireMember } from './session.ts';

export type ProductSwitches = PriceGroups & HemSwitches & CaseSwitches & { collectionSwitch: 'Y' | 'N' };

export interface ProductPageSetup {
  detail: ProductDetail;
  switches: ProductSwitches;
  /** The product came with the page (its own page); false on the query-string shell, which sets the title and loads the editors' content. */
  prerendered: boolean;
  /** The document title with '{{name}}' for the product's name (the shell's title). */
  titleTemplate: string;
}

/**
 * What the page says after an action: added (with the way to the cart), or an error to show as
 * the API's msgCode (translated), else its msg, else the `fallback` key.
 */
export type ProductNotice = { kind: 'added' } | { kind: 'error'; fallback: string; msgCode?: string | null; msg?: string | null };

export interface ProductView extends LiveView {
  colour: ProductDetail['colours'][number];
  /** The SKU of the colour and the size chosen (a sold-out size is none). */
  sku: ProductDetail['skus'][number] | null;
  /** How many may be added: the stock and the per-line cap; 0 when none. */
  limit: number;
  /** The live stock's state as the page shows it: 'loading' until the island runs. */
  stockStatus: 'loading' | 'ready' | 'error';
}

export interface ProductServices {
  hem: boolean;
  inseam: string;
  /** The inseam field was left or the add refused: its error shows. */
  inseamTouched: boolean;
  giftWrap: boolean;
  /** Made-to-order choices: option key → value key. */
  semi: Record<string, string>;
  /** An add was refused for a missing choice: each missing one says so. */
  semiTouched: boolean;
}

type WishlistModule = typeof import('./wishlist.ts');
const loadCart = () => import('./cart.ts');
const loadWishlist = (): Promise<WishlistModule> =>
  Promise.all([import('./wishlist.ts'), import('./wishlist-events.ts')]).then(([wishlist]) => wishlist);

/** The query-string shell: loads the product its address names. */
export function loadShellProduct(): Promise<void> {
  return loadProduct(queryOf(getPlatform().currentUrl()).get('productCode') ?? '');
}

const queryOf = (url: string) => new URL(url, 'http://page').searchParams;

export type ProductPage = ReturnType<typeof createProductPage>;

export function createProductPage({ detail, switches, prerendered, titleTemplate }: ProductPageSetup) {
  const started = atom(false);
  const $selection = atom(initialSelection(detail, null));
  const $view: ReadableAtom<ProductView> = computed([$selection, $stock, started], (selection, stock, isStarted) => {
    const mine = isStarted && stock.productCode === detail.productCode;
    const colour = detail.colours.find((c) => c.colorNo === selection.colorNo) ?? detail.colours[0]!;
    const live = mine && stock.status === 'ready' ? stock.bySku : null;
    const view = liveView(
      { table: detail, colorNo: colour.colorNo, sizeNo: selection.sizeNo, priceGroup: detail.priceGroup, priceGroups: switches },
      live,
    );
    return {
      ...view,
      colour,
      sku: skuFor(detail, colour.colorNo, view.chosen?.sizeNo ?? null),
      limit: maxQuantity(view.chosen?.stock ?? null),
      stockStatus: mine ? stock.status : 'loading',
    };
  });
  const $quantity = atom(1);
  const $services = atom<ProductServices>({ hem: false, inseam: '', inseamTouched: false, giftWrap: false, semi: {}, semiTouched: false });
  const $inseamProblem = computed($services, (s) => (s.hem ? inseamError(s.inseam) : null));
  const $busy = atom(false);
  const $notice = atom<ProductNotice | null>(null);
  const $shareStatus = atom<'copied' | 'failed' | null>(null);
  const $wished = atom(false);
  let wishlist: WishlistModule | null = null;

  const setServices = (change: Partial<ProductServices>) => $services.set({ ...$services.get(), ...change });
  const clampQuantity = (quantity: number) => Math.min(Math.max(1, quantity), Math.max(1, $view.get().limit));
  const error = (fallback: string, refusal?: { kind: string; msgCode?: string | null; msg?: string | null }): ProductNotice => ({
    kind: 'error',
    fallback,
    ...(refusal?.kind === 'failure' ? { msgCode: refusal.msgCode ?? null, msg: refusal.msg ?? null } : {}),
  });

  /** The choice lives in the address: a sign-in round trip or a shared link comes back to it. */
  function writeAddress(productId: string | null) {
    const platform = getPlatform();
    const current = new URL(platform.currentUrl(), 'http://page');
    const href = productAddress(languagePrefix(), detail.productCode, current.search, productId);
    if (`${current.pathname}${current.search}` !== href) platform.replaceUrl(`${href}${current.hash}`);
  }

  function watchWishlist(module: WishlistModule): () => void {
    wishlist = module;
    module.setCollectionSwitch(switches.collectionSwitch);
    const stopList = module.$wishList.subscribe((list) => $wished.set(list.codes.includes(detail.productCode)));
    const stopEnabled = module.$wishlistEnabled.subscribe((enabled) => {
      if (enabled) void module.loadWishList();
    });
    return () => (stopList(), stopEnabled());
  }

  return {
    detail,
    /** The island has mounted (start ran): live figures show from then on. */
    $started: started as ReadableAtom<boolean>,
    $view,
    $quantity,
    $services,
    $inseamProblem,
    /** The made-to-order options still without a choice. */
    $missingSemi: computed($services, (s) => detail.semiOptions.filter((o) => !s.semi[o.key])),
    $busy,
    $notice,
    $shareStatus,
    /** In the member's wishlist (false for a visitor). */
    $wished,
    /** Ordered at all: the product is switched on. */
    sellable: detail.enabledFlag === 'Y',
    offersHem: hemServiceOffered(detail.makePantsLengthFlag, switches),
    offersGiftWrap: caseServiceOffered(detail.caseFlag, switches),
    offersWishlist: switches.collectionSwitch === 'Y',

    /**
     * The island has mounted: the address's choice is applied (and from then on written back),
     * live stock is asked for, the shell gets its title and content, and a member's wishlist
     * marks the heart. Returns what stops the watching.
     */
    start(): () => void {
      const productId = readProductId(queryOf(getPlatform().currentUrl()).toString());
      if (productId) $selection.set(initialSelection(detail, productId));
      started.set(true);
      void loadStock(detail.productCode);
      if (!prerendered) {
        getPlatform().setTitle(titleTemplate.replace('{{name}}', detail.name));
        void loadProductContent(detail.productPageCode);
      }
      const stops = [
        computed($view, (v) => v.sku?.productId ?? null).subscribe(writeAddress),
        // Fewer in stock than asked for: the quantity comes down to what there is.
        computed($view, (v) => v.limit).subscribe(() => $quantity.set(clampQuantity($quantity.get()))),
      ];
      let stopWishlist: (() => void) | null = null;
      let stopped = false;
      stops.push(
        $member.subscribe((member) => {
          // A module that fails to load (offline) leaves the heart empty, as for a visitor.
          if (member && !wishlist)
            loadWishlist().then(
              (module) => {
                if (!stopped && !stopWishlist) stopWishlist = watchWishlist(module);
              },
              () => {},
            );
        }),
      );
      return () => {
        stopped = true;
        for (const stop of stops) stop();
        stopWishlist?.();
      };
    },

    choose(next: { colorNo?: string; sizeNo?: string | null }): void {
      $notice.set(null);
      $selection.set({ ...$selection.get(), ...next });
    },
    changeQuantity(by: 1 | -1): void {
      $quantity.set(clampQuantity($quantity.get() + by));
    },
    setHem(hem: boolean): void {
      setServices({ hem });
    },
    setInseam(inseam: string): void {
      setServices({ inseam });
    },
    touchInseam(): void {
      setServices({ inseamTouched: true });
    },
    setGiftWrap(giftWrap: boolean): void {
      setServices({ giftWrap });
    },
    chooseSemi(option: string, value: string): void {
      setServices({ semi: { ...$services.get().semi, [option]: value } });
    },
    retryStock(): Promise<void> {
      return loadStock(detail.productCode, { refresh: true });
    },

    /**
     * The chosen SKU with its services, in one request: all added, or nothing. A visitor signs
     * in first and comes back to the same choice (the address keeps it).
     */
    async addToCart(): Promise<void> {
      $notice.set(null);
      const { sku, chosen } = $view.get();
      const services = $services.get();
      if (!sku || !chosen) return $notice.set(error('product.chooseSize'));
      if (services.hem && inseamError(services.inseam)) return setServices({ inseamTouched: true });
      if (detail.semiOptions.some((o) => !services.semi[o.key])) return setServices({ semiTouched: true });
      if (!(await requireMember())) return;
      $busy.set(true);
      const semiValues = detail.semiOptions.map((o) => ({ semiName: o.key, semiValue: services.semi[o.key]! }));
      // A store that cannot load (offline) is a failure to say, like a failed request.
      const cart = await loadCart().catch(() => null);
      const added =
        cart &&
        (await cart.addToCart({
          productCode: detail.productCode,
          skuCode: sku.skuCode,
          quantity: $quantity.get(),
          ...(semiValues.length ? { semiValues } : {}),
          ...(services.hem ? { alterMode: HEM_TYPE, finalInseam: Number(services.inseam) } : {}),
          ...(services.giftWrap ? { caseFlag: 'Y' as const } : {}),
        }));
      $busy.set(false);
      if (!cart) return $notice.set(error('errors.interfaceException'));
      if (!added) return;
      if (added.ok) {
        void loadStock(detail.productCode, { refresh: true });
        return $notice.set({ kind: 'added' });
      }
      if (added.kind !== 'aborted')
        $notice.set(error(added.kind === 'failure' ? 'product.cartFailed' : 'errors.interfaceException', added));
    },

    /** The heart: adds the product to the member's wishlist, or takes it out. */
    async toggleWish(): Promise<void> {
      if (!(await requireMember())) return;
      const store = wishlist ?? (await loadWishlist().catch(() => null));
      if (!store) return $notice.set(error('errors.interfaceException'));
      store.setCollectionSwitch(switches.collectionSwitch);
      const wished = $wished.get();
      const { sku } = $view.get();
      const result = wished
        ? await store.removeWish(detail.productCode, sku?.skuCode ?? '')
        : await store.addWish(detail.productCode, sku?.skuCode ?? '');
      // Without a message of the API's, a failed insert says 'interfaceException', a failed delete 'account.deleteFailure'.
      if (result && !result.ok && result.kind !== 'aborted')
        $notice.set(error(wished ? 'account.deleteFailure' : 'errors.interfaceException', result));
    },

    /** Shares the product with the colour and size on screen, so the friend sees what the shopper saw. */
    async share(): Promise<void> {
      $shareStatus.set(null);
      // The share code loads on the click: most shoppers never share.
      const { shareProduct } = await import('./share.ts');
      const platform = getPlatform();
      // Before the island has read it, only the address carries the choice.
      const productId = $view.get().sku?.productId ?? readProductId(queryOf(platform.currentUrl()).toString());
      const url = new URL(productAddress(languagePrefix(), detail.productCode, '', productId), platform.pageInfo().href).toString();
      const outcome = await shareProduct({ url, title: detail.name, productCode: detail.productCode });
      if (outcome === 'copied' || outcome === 'failed') $shareStatus.set(outcome);
    },
  };
}
