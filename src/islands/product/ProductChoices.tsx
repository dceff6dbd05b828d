/**
 * The product page's choices and buttons (colour, size, services, quantity, add, heart, share)
 * and what the page says after an action: each draws its part of the page store
 * (stores/product-page.ts) and calls its actions.
 */
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { INSEAM_RANGE_CM } from '../../lib/product/rules.ts';
import type { ProductPage } from '../../stores/product-page.ts';
import { messageFor } from '../messages.ts';

interface PartProps {
  page: ProductPage;
  t: Translate;
}

export function ColourChoice({ page, t }: PartProps) {
  const { colour } = useStore(page.$view);
  return (
    <fieldset className="product-detail__choice">
      <legend>
        {t('product.color')}: <strong>{colour.name}</strong>
      </legend>
      <div className="swatches">
        {page.detail.colours.map((c) => (
          <button
            key={c.colorNo}
            type="button"
            className="swatch"
            style={{ background: c.hex }}
            aria-label={c.name}
            aria-pressed={c.colorNo === colour.colorNo}
            onClick={() => page.choose({ colorNo: c.colorNo })}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function SizeChoice({ page, t, sizeChartHref }: PartProps & { sizeChartHref: string }) {
  const { sizes, chosen, stockStatus } = useStore(page.$view);
  return (
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
            onClick={() => page.choose({ sizeNo: s.sizeNo })}
          >
            {s.alias}
          </button>
        ))}
      </div>
      {chosen?.stock != null && chosen.stock <= 3 && <p className="product-detail__few">{t('product.fewLeft', { count: chosen.stock })}</p>}
      {stockStatus === 'error' && (
        <p className="product-detail__note">
          {t('product.stockFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void page.retryStock()}>
            {t('product.retry')}
          </button>
        </p>
      )}
    </fieldset>
  );
}

/** Made-to-order choices, the hem and gift wrapping, where the product and the store offer them. */
export function ServiceChoices({ page, t }: PartProps) {
  const services = useStore(page.$services);
  const inseamProblem = useStore(page.$inseamProblem);
  const showInseamProblem = services.inseamTouched && inseamProblem;
  return (
    <>
      {page.detail.semiOptions.map((option) => (
        <fieldset key={option.key} className="product-detail__choice product-detail__service" data-semi={option.key}>
          <legend>{option.name}</legend>
          <div className="sizes">
            {option.values.map((value) => (
              <button
                key={value.key}
                type="button"
                className="size"
                aria-pressed={services.semi[option.key] === value.key}
                onClick={() => page.chooseSemi(option.key, value.key)}
              >
                {value.name}
              </button>
            ))}
          </div>
          {services.semiTouched && !services.semi[option.key] && (
            <p className="form-field__error" role="alert">
              {t('product.chooseOption', { option: option.name })}
            </p>
          )}
        </fieldset>
      ))}
      {page.offersHem && (
        <fieldset className="product-detail__choice product-detail__service">
          <legend>{t('product.hem')}</legend>
          <label>
            <input type="radio" name="hem" checked={!services.hem} onChange={() => page.setHem(false)} /> {t('product.hemNone')}
          </label>
          <label>
            <input type="radio" name="hem" checked={services.hem} onChange={() => page.setHem(true)} /> {t('product.hemTo')}
          </label>
          {services.hem && (
            <div className="form-field" data-invalid={showInseamProblem || undefined}>
              <label htmlFor="inseam">{t('product.inseam')}</label>
              <input
                id="inseam"
                type="text"
                inputMode="decimal"
                value={services.inseam}
                onChange={(e) => page.setInseam(e.target.value)}
                onBlur={() => page.touchInseam()}
                aria-invalid={Boolean(showInseamProblem)}
              />
              {showInseamProblem && (
                <p className="form-field__error" role="alert">
                  {inseamProblem === 'required' ? t('product.inseamRequired') : t('product.inseamRange', INSEAM_RANGE_CM)}
                </p>
              )}
            </div>
          )}
        </fieldset>
      )}
      {page.offersGiftWrap && (
        <fieldset className="product-detail__choice product-detail__service">
          <legend>{t('product.giftWrap')}</legend>
          <label>
            <input type="checkbox" checked={services.giftWrap} onChange={(e) => page.setGiftWrap(e.target.checked)} />{' '}
            {t('product.giftWrapLabel')}
          </label>
        </fieldset>
      )}
    </>
  );
}

export function BuyBar({ page, t }: PartProps) {
  const { soldOut, limit } = useStore(page.$view);
  const quantity = useStore(page.$quantity);
  const busy = useStore(page.$busy);
  const wished = useStore(page.$wished);
  const shareStatus = useStore(page.$shareStatus);
  return (
    <>
      <div className="product-detail__buy">
        <div className="quantity" role="group" aria-label={t('product.quantity')}>
          <button type="button" aria-label={t('product.decrease')} disabled={quantity <= 1} onClick={() => page.changeQuantity(-1)}>
            −
          </button>
          <output aria-live="polite">{quantity}</output>
          <button type="button" aria-label={t('product.increase')} disabled={quantity >= limit} onClick={() => page.changeQuantity(1)}>
            +
          </button>
        </div>
        <button
          type="button"
          className="button product-detail__add"
          disabled={!page.sellable || soldOut || busy}
          onClick={() => void page.addToCart()}
          data-add
          suppressHydrationWarning
        >
          {!page.sellable ? t('product.unavailable') : soldOut ? t('product.soldOut') : busy ? t('product.adding') : t('product.addToCart')}
        </button>
        {page.offersWishlist && (
          <button
            type="button"
            className="product-detail__wish"
            aria-pressed={wished}
            aria-label={wished ? t('product.removeFromWishlist') : t('product.addToWishlist')}
            onClick={() => void page.toggleWish()}
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
        <button type="button" className="product-detail__share" aria-label={t('product.share')} onClick={() => void page.share()}>
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
        {shareStatus === 'copied' ? t('product.linkCopied') : shareStatus === 'failed' ? t('product.shareFailed') : null}
      </p>
    </>
  );
}

export function ProductNoticeLine({ page, t, prefix }: PartProps & { prefix: string }) {
  const notice = useStore(page.$notice);
  if (!notice) return null;
  if (notice.kind === 'added')
    return (
      <p className="form-success" role="status">
        {t('product.added')} <a href={`${prefix}/cart.html`}>{t('product.goToCart')}</a>
      </p>
    );
  return (
    <p className="form-error" role="alert">
      {messageFor(t, notice.msgCode ?? null, notice.msg ?? null, notice.fallback)}
    </p>
  );
}
