/**
 * The product page's island: colour and size with live stock, price (red under the
 * price-group rules), sold-out and corner marks, the hem and gift-wrapping services where
 * they apply, pre-order and made-to-order notes, quantity, add to cart (a visitor signs in
 * first and comes back), wishlist, return notice.
 *
 * Two ways in. The product's own page (/product/{code}.html) is rendered with the product
 * (`detail`), so its HTML is complete before any script runs; live stock comes first from the
 * page's early script (scripts/product-live.ts), and this island hydrates when the shopper
 * reaches for it. The query-string shell (/product-detail.html?productCode=, where a host
 * cannot route by query) loads the product's JSON and the editors' content instead.
 *
 * The chosen SKU goes into the URL (productId), so a sign-in round trip or a shared link
 * keeps the choice.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { ProductDetail as Product } from '../../lib/api/contract.ts';
import { formatPrice, formatPriceRange } from '../../lib/format/currency.ts';
import type { CurrencyFormat } from '../../lib/i18n/regions.ts';
import { responsiveSrcset } from '../../lib/cms/image-url.ts';
import {
  caseServiceOffered,
  hemServiceOffered,
  inseamError,
  HEM_TYPE,
  INSEAM_RANGE_CM,
  type CaseSwitches,
  type HemSwitches,
  type PriceGroups,
} from '../../lib/product/rules.ts';
import { initialSelection, maxQuantity, skuFor } from '../../lib/product/selection.ts';
import { liveView, type LiveProductConfig } from '../../lib/product/live-view.ts';
import { productAddress, readProductId } from '../../lib/product/product-id.ts';
import { recommendedTiles } from '../../lib/product/recommendations.ts';
import { requireMember } from '../../stores/session.ts';
import { $product, $productContent, $stock, loadProduct, loadProductContent, loadStock } from '../../stores/product-detail.ts';
import type { WishList } from '../../stores/wishlist.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useMemberStore } from '../use-member-store.ts';
import { messageFor } from '../messages.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import ProductImage from './ProductImage.tsx';

interface CornerMark {
  imageUrl: string;
  position: string;
}

export interface ProductDetailProps extends IslandProps {
  currency: CurrencyFormat;
  switches: PriceGroups & HemSwitches & CaseSwitches & { collectionSwitch: 'Y' | 'N' };
  corner: { soldOut: CornerMark; marks: Record<string, CornerMark> };
  returnNotice: Record<'Y' | 'N' | 'ONLY_EXCHANGE_NOT_RETREAT', string>;
  sizeChartHref: string;
  /** The document title with '{{name}}' for the product's name (the CMS's separator and suffix): the shell's title. */
  titleTemplate: string;
  /** The product, on its own pre-rendered page; absent on the query-string shell. */
  detail?: Product;
}

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** Widths of the product images in srcsets (the image CDN's suffix); the pictures are 4:5. */
const IMAGE_WIDTHS = [375, 600, 800];
const IMAGE_RATIO = 0.8;
/** The gallery's main picture spans the page on a phone and about half of it beside the details. */
const MAIN_IMAGE_SIZES = '(max-width: 900px) 100vw, 54vw';
const SIDE_IMAGE_SIZES = '(max-width: 900px) 50vw, 27vw';

// The cart and the wishlist are a member's: their stores come when a member acts or is known,
// so a visitor looking at a product loads neither.
const loadCart = () => import('../../stores/cart.ts');
const loadWishlist = () =>
  Promise.all([import('../../stores/wishlist.ts'), import('../../stores/wishlist-events.ts')]).then(([wishlist]) => wishlist);
const OFF = atom(false);
const NO_WISHES = atom<WishList>({ status: 'uninit', codes: [], entries: [], valid: [], total: 0 });

export default function ProductDetail(props: ProductDetailProps) {
  return props.detail ? <ProductView {...props} detail={props.detail} prerendered /> : <ProductShell {...props} />;
}

/** The query-string shell: the product named by the URL, from its JSON. */
function ProductShell(props: ProductDetailProps) {
  const { languageCode, prefix, messages } = props;
  const t = useTranslator(languageCode, messages);
  const product = useStore($product);
  const hydrated = useHydrated();

  useEffect(() => {
    const code = new URLSearchParams(location.search).get('productCode') ?? '';
    void loadProduct(code);
  }, []);

  if (!hydrated || product.status === 'loading')
    return (
      <p className="product-detail__status" role="status">
        {t('product.loading')}
      </p>
    );
  if (product.status !== 'ready') {
    return (
      <div className="product-detail__status">
        <p>{product.status === 'not-found' ? t('product.notFound') : t('errors.interfaceException')}</p>
        <a className="button" href={`${prefix}/`}>
          {t('product.backHome')}
        </a>
      </div>
    );
  }
  return <ProductView {...props} detail={product.detail} prerendered={false} />;
}

function ProductView({
  detail,
  prerendered,
  languageCode,
  messages,
  prefix,
  currency,
  switches,
  corner,
  returnNotice,
  sizeChartHref,
  titleTemplate,
}: ProductDetailProps & { detail: Product; prerendered: boolean }) {
  const t = useTranslator(languageCode, messages);
  const hydrated = useHydrated();
  const stock = useStore($stock);
  const wishlist = useMemberStore(loadWishlist);
  const wishEnabled = useStore(wishlist?.$wishlistEnabled ?? OFF);
  const wishList = useStore(wishlist?.$wishList ?? NO_WISHES);
  // The server's HTML is the first choice without stock, and hydration must find it so; the
  // live figures (maybe already drawn into it by the early script) come right after.
  const stockStatus = hydrated && stock.productCode === detail.productCode ? stock.status : 'loading';
  const live = hydrated && stock.status === 'ready' && stock.productCode === detail.productCode ? stock.bySku : null;
  const [selection, setSelection] = useState(() => initialSelection(detail, null));
  /** The URL's productId has been applied: only then does the choice go back into the URL. */
  const [urlRead, setUrlRead] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [hem, setHem] = useState(false);
  const [inseam, setInseam] = useState('');
  const [inseamTouched, setInseamTouched] = useState(false);
  const [giftWrap, setGiftWrap] = useState(false);
  /** Made-to-order choices: option key → value key. */
  const [semi, setSemi] = useState<Record<string, string>>({});
  const [semiTouched, setSemiTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [shareStatus, setShareStatus] = useState<string | null>(null);
  const cmsContent = useStore($productContent);
  const cmsRef = useRef<HTMLDivElement>(null);
  // The shell draws in the content fragment every product of its product page code shares:
  // its lists lose this product and repeats before the first paint, as the product's own page
  // renders them at build time.
  useLayoutEffect(() => {
    for (const list of cmsRef.current?.querySelectorAll('[data-component="productList"]') ?? []) {
      const tiles = [...list.querySelectorAll<HTMLElement>('a[data-product-code]')].map((link) => ({
        productCode: link.dataset.productCode ?? '',
        item: link.closest('li') ?? link,
      }));
      const kept = new Set(recommendedTiles(tiles, detail.productCode));
      for (const tile of tiles) if (!kept.has(tile)) tile.item.remove();
      if (kept.size === 0) list.remove();
    }
  }, [cmsContent, detail.productCode]);

  useEffect(() => {
    const productId = readProductId(location.search);
    if (productId) setSelection(initialSelection(detail, productId));
    setUrlRead(true);
    void loadStock(detail.productCode);
  }, [detail]);
  useEffect(() => {
    if (prerendered) return;
    document.title = titleTemplate.replace('{{name}}', detail.name);
    void loadProductContent(detail.productPageCode);
  }, [prerendered, titleTemplate, detail.name, detail.productPageCode]);

  const colour = detail.colours.find((c) => c.colorNo === selection.colorNo) ?? detail.colours[0]!;
  const view = liveView(
    { table: detail, colorNo: colour.colorNo, sizeNo: selection.sizeNo, priceGroup: detail.priceGroup, priceGroups: switches },
    live,
  );
  const { sizes, chosen, price, red, soldOut } = view;
  const sku = skuFor(detail, colour.colorNo, chosen?.sizeNo ?? null);
  const limit = maxQuantity(chosen?.stock ?? null);
  const sellable = detail.enabledFlag === 'Y';
  const offersHem = hemServiceOffered(detail.makePantsLengthFlag, switches);
  const offersGift = caseServiceOffered(detail.caseFlag, switches);
  const inseamProblem = hem ? inseamError(inseam) : null;
  const wished = wishList.codes.includes(detail.productCode);
  const missingSemi = detail.semiOptions.filter((o) => !semi[o.key]);
  const liveConfig: LiveProductConfig = {
    productCode: detail.productCode,
    input: {
      ...initialSelection(detail, null),
      // Only what the view reads: the attribute is in the page's HTML.
      table: { skus: detail.skus.map(({ skuCode, colorNo, sizeNo, price }) => ({ skuCode, colorNo, sizeNo, price })), sizes: detail.sizes },
      priceGroup: detail.priceGroup,
      priceGroups: {
        RestrictPriceGroup: switches.RestrictPriceGroup,
        VaryPriceGroup: switches.VaryPriceGroup,
        ManualPriceGroup: switches.ManualPriceGroup,
      },
    },
    currency,
    originTemplate: t('product.originalPrice', { price: '{price}' }),
  };

  useEffect(() => {
    wishlist?.setCollectionSwitch(switches.collectionSwitch);
    if (wishlist?.$wishlistEnabled.get()) void wishlist.loadWishList();
  }, [wishlist, wishEnabled, switches.collectionSwitch]);

  // The choice lives in the URL: a sign-in round trip or a shared link comes back to it.
  useEffect(() => {
    if (!urlRead) return;
    const href = productAddress(prefix, detail.productCode, location.search, sku?.productId ?? null);
    if (`${location.pathname}${location.search}` !== href) history.replaceState(history.state, '', `${href}${location.hash}`);
  }, [urlRead, prefix, detail.productCode, sku?.productId]);

  useEffect(() => setQuantity((q) => Math.min(Math.max(1, q), Math.max(1, limit))), [limit]);

  function choose(next: { colorNo?: string; sizeNo?: string | null }) {
    setNotice(null);
    setSelection((current) => ({ ...current, ...next }));
  }

  async function onAddToCart() {
    setNotice(null);
    if (!sku || !chosen) return setNotice({ kind: 'error', text: t('product.chooseSize') });
    if (hem && inseamProblem) return setInseamTouched(true);
    if (missingSemi.length > 0) return setSemiTouched(true);
    if (!(await requireMember())) return;
    setBusy(true);
    const semiValues = detail.semiOptions.map((o) => ({ semiName: o.key, semiValue: semi[o.key]! }));
    // The item and its services in one request: all added, or nothing.
    // A store that cannot load (offline) is a failure to say, like a failed request.
    const cart = await loadCart().catch(() => null);
    const added =
      cart &&
      (await cart.addToCart({
        productCode: detail.productCode,
        skuCode: sku.skuCode,
        quantity,
        ...(semiValues.length ? { semiValues } : {}),
        ...(hem ? { alterMode: HEM_TYPE, finalInseam: Number(inseam) } : {}),
        ...(giftWrap ? { caseFlag: 'Y' as const } : {}),
      }));
    setBusy(false);
    if (!cart) return setNotice({ kind: 'error', text: t('errors.interfaceException') });
    if (!added) return;
    if (added.ok) {
      void loadStock(detail.productCode, { refresh: true });
      return setNotice({ kind: 'success', text: t('product.added') });
    }
    if (added.kind !== 'aborted') {
      setNotice({
        kind: 'error',
        text: added.kind === 'failure' ? messageFor(t, added.msgCode, added.msg, 'product.cartFailed') : t('errors.interfaceException'),
      });
    }
  }

  async function onShare() {
    setShareStatus(null);
    // The share code loads on the click: most shoppers never share.
    const { shareProduct } = await import('../../stores/share.ts');
    // The colour and size on screen go along, so the friend sees what the shopper saw. The
    // address carries the choice too, and is the only one before the island has read it.
    const productId = sku?.productId ?? readProductId(location.search);
    const url = new URL(productAddress(prefix, detail.productCode, '', productId), location.origin).toString();
    const outcome = await shareProduct({ url, title: detail.name, productCode: detail.productCode });
    if (outcome === 'copied') setShareStatus(t('product.linkCopied'));
    else if (outcome === 'failed') setShareStatus(t('product.shareFailed'));
  }

  async function onWish() {
    if (!(await requireMember())) return;
    const store = wishlist ?? (await loadWishlist().catch(() => null));
    if (!store) return setNotice({ kind: 'error', text: t('errors.interfaceException') });
    store.setCollectionSwitch(switches.collectionSwitch);
    const result = wished
      ? await store.removeWish(detail.productCode, sku?.skuCode ?? '')
      : await store.addWish(detail.productCode, sku?.skuCode ?? '');
    if (result && !result.ok && result.kind !== 'aborted') {
      // Without a message of the API's, a failed insert says 'interfaceException', a failed delete 'account.deleteFailure'.
      const fallback = wished ? 'account.deleteFailure' : 'errors.interfaceException';
      setNotice({ kind: 'error', text: result.kind === 'failure' ? messageFor(t, result.msgCode, result.msg, fallback) : t(fallback) });
    }
  }

  const cornerMark = detail.cornerCode ? corner.marks[detail.cornerCode] : undefined;
  return (
    <>
      <article
        className="product-detail"
        data-product-code={detail.productCode}
        data-stock={stockStatus}
        data-hydrated={hydrated || undefined}
        data-live-product={JSON.stringify(liveConfig)}
      >
        <div className="product-detail__gallery">
          {colour.images.map((src, index) => (
            <div className="product-detail__picture" key={src}>
              <ProductImage
                src={src}
                alt={`${detail.name} ${colour.name}`}
                width={800}
                height={1000}
                priority={index === 0}
                lazy={false}
                srcSet={responsiveSrcset(src, IMAGE_RATIO, IMAGE_WIDTHS)}
                sizes={index === 0 ? MAIN_IMAGE_SIZES : SIDE_IMAGE_SIZES}
              />
              {index === 0 && (
                // Always in the HTML, so live stock can show it without moving anything.
                <img
                  className={`corner-mark corner-mark--${corner.soldOut.position}`}
                  data-corner="sold-out"
                  src={corner.soldOut.imageUrl}
                  alt={t('product.soldOut')}
                  width="64"
                  height="64"
                  loading="lazy"
                  hidden={!soldOut}
                />
              )}
              {index === 0 && cornerMark && (
                <img
                  className={`corner-mark corner-mark--${cornerMark.position}`}
                  data-corner="corner"
                  src={cornerMark.imageUrl}
                  alt={detail.cornerCode ?? ''}
                  width="64"
                  height="64"
                />
              )}
            </div>
          ))}
        </div>
        <div className="product-detail__info">
          <h1 className="product-detail__name">{detail.name}</h1>
          {/* The texts live stock may change before hydration (scripts/product-live.ts) keep what that script wrote. */}
          <p className="product-detail__price" data-red={red || undefined}>
            <span data-price suppressHydrationWarning>
              {formatPriceRange(price.min, price.max, currency)}
            </span>
            <s className="product-detail__origin" hidden={price.origin === null} suppressHydrationWarning>
              {t('product.originalPrice', { price: formatPrice(price.origin ?? price.regular, currency) })}
            </s>
          </p>
          {detail.presaleFlag === 'Y' && <p className="product-detail__flag">{t('product.presale')}</p>}
          {detail.customMadeFlag === 'Y' && <p className="product-detail__flag">{t('product.customMade')}</p>}

          <fieldset className="product-detail__choice">
            <legend>
              {t('product.color')}: <strong>{colour.name}</strong>
            </legend>
            <div className="swatches">
              {detail.colours.map((c) => (
                <button
                  key={c.colorNo}
                  type="button"
                  className="swatch"
                  style={{ background: c.hex }}
                  aria-label={c.name}
                  aria-pressed={c.colorNo === colour.colorNo}
                  onClick={() => choose({ colorNo: c.colorNo })}
                />
              ))}
            </div>
          </fieldset>

          <fieldset className="product-detail__choice">
            <legend>
              {t('product.size')}
              {chosen && (
                <>
                  : <strong>{chosen.alias}</strong>
                </>
              )}
              <a className="product-detail__size-chart" href={sizeChartHref}>
                {t('product.sizeChart')}
              </a>
            </legend>
            <div className="sizes">
              {sizes.map((s) => (
                <button
                  key={s.sizeNo}
                  type="button"
                  className="size"
                  data-size-no={s.sizeNo}
                  data-sold-out={s.soldOut || undefined}
                  data-sold-out-label={t('product.sizeSoldOut', { size: s.alias })}
                  disabled={s.soldOut}
                  aria-pressed={s.sizeNo === chosen?.sizeNo}
                  aria-label={s.soldOut ? t('product.sizeSoldOut', { size: s.alias }) : s.alias}
                  onClick={() => choose({ sizeNo: s.sizeNo })}
                >
                  {s.alias}
                </button>
              ))}
            </div>
            {chosen?.stock != null && chosen.stock <= 3 && (
              <p className="product-detail__few">{t('product.fewLeft', { count: chosen.stock })}</p>
            )}
            {stockStatus === 'error' && (
              <p className="product-detail__note">
                {t('product.stockFailed')}{' '}
                <button type="button" className="link-button" onClick={() => void loadStock(detail.productCode, { refresh: true })}>
                  {t('product.retry')}
                </button>
              </p>
            )}
          </fieldset>

          {detail.semiOptions.map((option) => (
            <fieldset key={option.key} className="product-detail__choice product-detail__service" data-semi={option.key}>
              <legend>{option.name}</legend>
              <div className="sizes">
                {option.values.map((value) => (
                  <button
                    key={value.key}
                    type="button"
                    className="size"
                    aria-pressed={semi[option.key] === value.key}
                    onClick={() => setSemi({ ...semi, [option.key]: value.key })}
                  >
                    {value.name}
                  </button>
                ))}
              </div>
              {semiTouched && !semi[option.key] && (
                <p className="form-field__error" role="alert">
                  {t('product.chooseOption', { option: option.name })}
                </p>
              )}
            </fieldset>
          ))}
          {offersHem && (
            <fieldset className="product-detail__choice product-detail__service">
              <legend>{t('product.hem')}</legend>
              <label>
                <input type="radio" name="hem" checked={!hem} onChange={() => setHem(false)} /> {t('product.hemNone')}
              </label>
              <label>
                <input type="radio" name="hem" checked={hem} onChange={() => setHem(true)} /> {t('product.hemTo')}
              </label>
              {hem && (
                <div className="form-field" data-invalid={(inseamTouched && inseamProblem) || undefined}>
                  <label htmlFor="inseam">{t('product.inseam')}</label>
                  <input
                    id="inseam"
                    type="text"
                    inputMode="decimal"
                    value={inseam}
                    onChange={(e) => setInseam(e.target.value)}
                    onBlur={() => setInseamTouched(true)}
                    aria-invalid={Boolean(inseamTouched && inseamProblem)}
                  />
                  {inseamTouched && inseamProblem && (
                    <p className="form-field__error" role="alert">
                      {inseamProblem === 'required' ? t('product.inseamRequired') : t('product.inseamRange', INSEAM_RANGE_CM)}
                    </p>
                  )}
                </div>
              )}
            </fieldset>
          )}
          {offersGift && (
            <fieldset className="product-detail__choice product-detail__service">
              <legend>{t('product.giftWrap')}</legend>
              <label>
                <input type="checkbox" checked={giftWrap} onChange={(e) => setGiftWrap(e.target.checked)} /> {t('product.giftWrapLabel')}
              </label>
            </fieldset>
          )}

          <div className="product-detail__buy">
            <div className="quantity" role="group" aria-label={t('product.quantity')}>
              <button type="button" aria-label={t('product.decrease')} disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)}>
                −
              </button>
              <output aria-live="polite">{quantity}</output>
              <button
                type="button"
                aria-label={t('product.increase')}
                disabled={quantity >= limit}
                onClick={() => setQuantity(quantity + 1)}
              >
                +
              </button>
            </div>
            <button
              type="button"
              className="button product-detail__add"
              disabled={!sellable || soldOut || busy}
              onClick={() => void onAddToCart()}
              data-add
              suppressHydrationWarning
            >
              {!sellable ? t('product.unavailable') : soldOut ? t('product.soldOut') : busy ? t('product.adding') : t('product.addToCart')}
            </button>
            {switches.collectionSwitch === 'Y' && (
              <button
                type="button"
                className="product-detail__wish"
                aria-pressed={wished}
                aria-label={wished ? t('product.removeFromWishlist') : t('product.addToWishlist')}
                onClick={() => void onWish()}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path
                    d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
                    fill={wished ? 'currentColor' : 'none'}
                    stroke="currentColor"
                    strokeWidth="1.6"
                  />
                </svg>
              </button>
            )}
            <button type="button" className="product-detail__share" aria-label={t('product.share')} onClick={() => void onShare()}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M12 15V4m0 0L8 8m4-4 4 4M6 12v7a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </button>
          </div>
          <p className="product-detail__share-status" role="status">
            {shareStatus}
          </p>
          {notice && (
            <p className={notice.kind === 'success' ? 'form-success' : 'form-error'} role={notice.kind === 'error' ? 'alert' : 'status'}>
              {notice.text}
              {notice.kind === 'success' && (
                <>
                  {' '}
                  <a href={`${prefix}/cart.html`}>{t('product.goToCart')}</a>
                </>
              )}
            </p>
          )}

          <section className="product-detail__section">
            <p className="product-detail__description">{detail.description}</p>
          </section>
          <section className="product-detail__section">
            <h2>{t('product.returnPolicy')}</h2>
            <p data-return-notice={detail.noReasonToReturnFlag}>{returnNotice[detail.noReasonToReturnFlag]}</p>
          </section>
          <section className="product-detail__section">
            <a className="text-link" href={`${prefix}/evaluation.html?productCode=${encodeURIComponent(detail.productCode)}`} data-reviews>
              {t('product.reviews')}
            </a>
          </section>
        </div>
      </article>
      {/* Editors' content for this product (CMS product page), rendered at build time like every page. */}
      {!prerendered && cmsContent && (
        <div
          ref={cmsRef}
          className="product-detail__cms"
          data-product-page={detail.productPageCode}
          dangerouslySetInnerHTML={{ __html: cmsContent }}
        />
      )}
    </>
  );
}
