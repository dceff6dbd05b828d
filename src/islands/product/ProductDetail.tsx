/**
 * /product-detail.html?productCode=&productId=: one static shell per language; this
 * island reads the product's static JSON (CDN) and its live price and stock (API). Colour and
 * size with stock, price (red under the price-group rules), sold-out and corner marks, the
 * hem and gift-wrapping services where they apply, pre-order and made-to-order notes,
 * quantity, add to cart (a visitor signs in first and comes back), wishlist, return notice.
 *
 * The chosen SKU goes into the URL (productId), so a sign-in round trip or a shared link
 * keeps the choice.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { formatPrice, formatPriceRange } from '../../lib/format/currency.ts';
import type { CurrencyFormat } from '../../lib/i18n/languages.ts';
import {
  isRedPrice,
  caseServiceOffered,
  hemServiceOffered,
  inseamError,
  HEM_TYPE,
  INSEAM_RANGE_CM,
  type CaseSwitches,
  type HemSwitches,
  type PriceGroups,
} from '../../lib/product/rules.ts';
import { initialSelection, isSoldOut, maxQuantity, priceToShow, sizeOptions, skuFor } from '../../lib/product/selection.ts';
import { productDetailHref } from '../../lib/product/product-id.ts';
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
  /** Unused: the stores take the page's region from the platform, the one source of the page's language. Still passed by AppPageView.astro. */
  region?: 'TW' | 'HK' | 'MO' | 'CN';
  currency: CurrencyFormat;
  switches: PriceGroups & HemSwitches & CaseSwitches & { collectionSwitch: 'Y' | 'N' };
  corner: { soldOut: CornerMark; marks: Record<string, CornerMark> };
  returnNotice: Record<'Y' | 'N' | 'ONLY_EXCHANGE_NOT_RETREAT', string>;
  sizeChartHref: string;
  /** The document title with '{{name}}' for the product's name (the CMS's separator and suffix). */
  titleTemplate: string;
}

type Notice = { kind: 'success' | 'error'; text: string } | null;

// The cart and the wishlist are a member's: their stores come when a member acts or is known,
// so a visitor looking at a product loads neither.
const loadCart = () => import('../../stores/cart.ts');
const loadWishlist = () =>
  Promise.all([import('../../stores/wishlist.ts'), import('../../stores/wishlist-events.ts')]).then(([wishlist]) => wishlist);
const OFF = atom(false);
const NO_WISHES = atom<WishList>({ status: 'uninit', codes: [], entries: [], valid: [], total: 0 });

export default function ProductDetail(props: ProductDetailProps) {
  const { languageCode, prefix, messages } = props;
  const t = useTranslator(languageCode, messages);
  const product = useStore($product);
  const hydrated = useHydrated();

  useEffect(() => {
    const code = new URLSearchParams(location.search).get('productCode') ?? '';
    void loadProduct(code);
    if (code) void loadStock(code);
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
  return <ProductView {...props} t={t} detail={product.detail} />;
}

function ProductView({
  t,
  detail,
  prefix,
  currency,
  switches,
  corner,
  returnNotice,
  sizeChartHref,
  titleTemplate,
}: ProductDetailProps & { t: ReturnType<typeof useTranslator>; detail: import('../../lib/api/contract.ts').ProductDetail }) {
  const stock = useStore($stock);
  const wishlist = useMemberStore(loadWishlist);
  const wishEnabled = useStore(wishlist?.$wishlistEnabled ?? OFF);
  const wishList = useStore(wishlist?.$wishList ?? NO_WISHES);
  const live = stock.status === 'ready' ? stock.bySku : null;
  const [selection, setSelection] = useState(() => initialSelection(detail, new URLSearchParams(location.search).get('productId')));
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
  useEffect(() => {
    document.title = titleTemplate.replace('{{name}}', detail.name);
  }, [titleTemplate, detail.name]);
  const cmsContent = useStore($productContent);
  useEffect(() => {
    void loadProductContent(detail.productPageCode);
  }, [detail.productPageCode]);

  const colour = detail.colours.find((c) => c.colorNo === selection.colorNo) ?? detail.colours[0]!;
  const sizes = useMemo(() => sizeOptions(detail, colour.colorNo, live), [detail, colour.colorNo, live]);
  const chosen = sizes.find((s) => s.sizeNo === selection.sizeNo && !s.soldOut) ?? null;
  const sku = skuFor(detail, colour.colorNo, chosen?.sizeNo ?? null);
  const price = priceToShow(detail, live, colour.colorNo, chosen?.sizeNo ?? null);
  const red = isRedPrice(detail.priceGroup, price.min, price.regular, switches);
  const soldOut = isSoldOut(detail, live);
  const limit = maxQuantity(chosen?.stock ?? null);
  const sellable = detail.enabledFlag === 'Y';
  const offersHem = hemServiceOffered(detail.makePantsLengthFlag, switches);
  const offersGift = caseServiceOffered(detail.caseFlag, switches);
  const inseamProblem = hem ? inseamError(inseam) : null;
  const wished = wishList.codes.includes(detail.productCode);
  const missingSemi = detail.semiOptions.filter((o) => !semi[o.key]);

  useEffect(() => {
    wishlist?.setCollectionSwitch(switches.collectionSwitch);
    if (wishlist?.$wishlistEnabled.get()) void wishlist.loadWishList();
  }, [wishlist, wishEnabled, switches.collectionSwitch]);

  // The choice lives in the URL: a sign-in round trip or a shared link comes back to it.
  useEffect(() => {
    const href = `${prefix}${productDetailHref(detail.productCode, sku?.productId)}`;
    if (`${location.pathname}${location.search}` !== href) history.replaceState(history.state, '', href);
  }, [prefix, detail.productCode, sku?.productId]);

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
      void loadStock(detail.productCode);
      return setNotice({ kind: 'success', text: t('product.added') });
    }
    if (added.kind !== 'aborted') {
      setNotice({
        kind: 'error',
        text: added.kind === 'failure' ? messageFor(t, added.msgCode, added.msg, 'product.cartFailed') : t('errors.interfaceException'),
      });
    }
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
      <article className="product-detail" data-product-code={detail.productCode} data-stock={stock.status}>
        <div className="product-detail__gallery">
          {colour.images.map((src, index) => (
            <div className="product-detail__picture" key={src}>
              <ProductImage src={src} alt={`${detail.name} ${colour.name}`} width={800} height={1000} lazy={index > 0} />
              {index === 0 && soldOut && (
                <img
                  className="corner-mark corner-mark--top-right"
                  data-corner="sold-out"
                  src={corner.soldOut.imageUrl}
                  alt={t('product.soldOut')}
                  width="64"
                  height="64"
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
          <p className="product-detail__price" data-red={red || undefined}>
            <span data-price>{formatPriceRange(price.min, price.max, currency)}</span>
            {price.origin !== null && (
              <s className="product-detail__origin">{t('product.originalPrice', { price: formatPrice(price.origin, currency) })}</s>
            )}
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
                  data-sold-out={s.soldOut || undefined}
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
            {stock.status === 'error' && (
              <p className="product-detail__note">
                {t('product.stockFailed')}{' '}
                <button type="button" className="link-button" onClick={() => void loadStock(detail.productCode)}>
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
          </div>
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
      {cmsContent && (
        <div className="product-detail__cms" data-product-page={detail.productPageCode} dangerouslySetInnerHTML={{ __html: cmsContent }} />
      )}
    </>
  );
}
