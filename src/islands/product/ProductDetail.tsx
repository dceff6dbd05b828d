/**
 * The product page's island: colour and size with live stock, price (red under the
 * price-group rules), sold-out and corner marks, the hem and gift-wrapping services where
 * they apply, pre-order and made-to-order notes, quantity, add to cart (a visitor signs in
 * first and comes back), wishlist, return notice.
 *
 * Two ways in. The product's own page (/product/{code}.html) is rendered with the product
 * (`detail`), so its HTML is complete before any script runs; live stock comes first from the
 * page's early script (client/product-live.ts), and this island hydrates when the shopper
 * reaches for it. The query-string shell (/product-detail.html?productCode=, where a host
 * cannot route by query) loads the product's JSON and the editors' content instead.
 *
 * The page's logic is its page store (stores/product-page.ts): this island draws it and calls
 * its actions.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { ProductDetail as Product } from '../../lib/api/contract.ts';
import { formatPrice, formatPriceRange } from '../../lib/format/currency.ts';
import type { CurrencyFormat } from '../../lib/i18n/regions.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import { responsiveSrcset } from '../../lib/cms/image-url.ts';
import { liveProductConfig } from '../../lib/product/live-config.ts';
import { recommendedTiles } from '../../lib/product/recommendations.ts';
import { $product, $productContent } from '../../stores/product-detail.ts';
import { createProductPage, loadShellProduct, type ProductPage, type ProductSwitches } from '../../stores/product-page.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import ProductImage from './ProductImage.tsx';
import { BuyBar, ColourChoice, ProductNoticeLine, ServiceChoices, SizeChoice } from './ProductChoices.tsx';

interface CornerMark {
  imageUrl: string;
  position: string;
}

export interface ProductDetailProps extends IslandProps {
  currency: CurrencyFormat;
  switches: ProductSwitches;
  corner: { soldOut: CornerMark; marks: Record<string, CornerMark> };
  returnNotice: Record<'Y' | 'N' | 'ONLY_EXCHANGE_NOT_RETREAT', string>;
  sizeChartHref: string;
  /** The document title with '{{name}}' for the product's name (the CMS's separator and suffix): the shell's title. */
  titleTemplate: string;
  /** The product, on its own pre-rendered page; absent on the query-string shell. */
  detail?: Product;
}

/** Widths of the product images in srcsets (the image CDN's suffix); the pictures are 4:5. */
const IMAGE_WIDTHS = [375, 600, 800];
const IMAGE_RATIO = 0.8;
/** The gallery's main picture spans the page on a phone and about half of it beside the details. */
const MAIN_IMAGE_SIZES = '(max-width: 900px) 100vw, 54vw';
const SIDE_IMAGE_SIZES = '(max-width: 900px) 50vw, 27vw';

export default function ProductDetail(props: ProductDetailProps) {
  return props.detail ? <ProductView {...props} detail={props.detail} prerendered /> : <ProductShell {...props} />;
}

/** The query-string shell: the product named by the URL, from its JSON. */
function ProductShell(props: ProductDetailProps) {
  const { languageCode, prefix, messages } = props;
  const t = useTranslator(languageCode, messages);
  const product = useStore($product);
  const hydrated = useHydrated();

  useEffect(() => void loadShellProduct(), []);

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

function ProductView(props: ProductDetailProps & { detail: Product; prerendered: boolean }) {
  const { detail, prerendered, languageCode, messages, prefix, currency, switches, corner, returnNotice, sizeChartHref, titleTemplate } =
    props;
  const t = useTranslator(languageCode, messages);
  const page = useMemo(
    () => createProductPage({ detail, switches, prerendered, titleTemplate }),
    [detail, switches, prerendered, titleTemplate],
  );
  useEffect(() => page.start(), [page]);
  const started = useStore(page.$started);
  const { stockStatus } = useStore(page.$view);
  const liveConfig = liveProductConfig(detail, switches, currency, t('product.originalPrice', { price: '{price}' }));

  return (
    <>
      <article
        className="product-detail"
        data-product-code={detail.productCode}
        data-stock={stockStatus}
        data-hydrated={started || undefined}
        data-live-product={JSON.stringify(liveConfig)}
      >
        <Gallery page={page} t={t} corner={corner} />
        <div className="product-detail__info">
          <h1 className="product-detail__name">{detail.name}</h1>
          <PriceLine page={page} t={t} currency={currency} />
          {detail.presaleFlag === 'Y' && <p className="product-detail__flag">{t('product.presale')}</p>}
          {detail.customMadeFlag === 'Y' && <p className="product-detail__flag">{t('product.customMade')}</p>}
          <ColourChoice page={page} t={t} />
          <SizeChoice page={page} t={t} sizeChartHref={sizeChartHref} />
          <ServiceChoices page={page} t={t} />
          <BuyBar page={page} t={t} />
          <ProductNoticeLine page={page} t={t} prefix={prefix} />

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
      {!prerendered && <EditorsContent detail={detail} />}
    </>
  );
}

function Gallery({ page, t, corner }: { page: ProductPage; t: Translate; corner: ProductDetailProps['corner'] }) {
  const { detail } = page;
  const { colour, soldOut } = useStore(page.$view);
  const cornerMark = detail.cornerCode ? corner.marks[detail.cornerCode] : undefined;
  return (
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
  );
}

function PriceLine({ page, t, currency }: { page: ProductPage; t: Translate; currency: CurrencyFormat }) {
  const { price, red } = useStore(page.$view);
  return (
    // The texts live stock may change before hydration (client/product-live.ts) keep what that script wrote.
    <p className="product-detail__price" data-red={red || undefined}>
      <span data-price suppressHydrationWarning>
        {formatPriceRange(price.min, price.max, currency)}
      </span>
      <s className="product-detail__origin" hidden={price.origin === null} suppressHydrationWarning>
        {t('product.originalPrice', { price: formatPrice(price.origin ?? price.regular, currency) })}
      </s>
    </p>
  );
}

/**
 * The editors' content for a product on the shell (the product's own page renders it at build
 * time): the fragment every product of its product page code shares. Its lists lose this
 * product and repeats before the first paint, as the product's own page renders them.
 */
function EditorsContent({ detail }: { detail: Product }) {
  const content = useStore($productContent);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const list of ref.current?.querySelectorAll('[data-component="productList"]') ?? []) {
      const tiles = [...list.querySelectorAll<HTMLElement>('a[data-product-code]')].map((link) => ({
        productCode: link.dataset.productCode ?? '',
        item: link.closest('li') ?? link,
      }));
      const kept = new Set(recommendedTiles(tiles, detail.productCode));
      for (const tile of tiles) if (!kept.has(tile)) tile.item.remove();
      if (kept.size === 0) list.remove();
    }
  }, [content, detail.productCode]);
  if (!content) return null;
  return (
    <div
      ref={ref}
      className="product-detail__cms"
      data-product-page={detail.productPageCode}
      dangerouslySetInnerHTML={{ __html: content }}
    />
  );
}
