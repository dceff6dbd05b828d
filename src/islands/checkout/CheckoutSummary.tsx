/**
 * Checkout's summary beside the form: the lines with what is done to each before it leaves, the
 * coupon, the totals in the region's currency, what stops the order, and the button that places it.
 */
import { useStore } from '@nanostores/react';
import { formatMoney } from '../../lib/format/currency.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import { $checkoutView, chooseCoupon, retryCheckoutPreview, type CheckoutView } from '../../stores/checkout-page.ts';
import { Button } from '../forms/Button.tsx';
import { FormError } from '../forms/fields.tsx';
import type { FormHandle } from '../forms/use-form.ts';
import { messageFor } from '../messages.ts';

type Ready = Extract<CheckoutView, { status: 'ready' }>;

export function CheckoutSummary({ form, t }: { form: FormHandle; t: Translate }) {
  const view = useStore($checkoutView);
  if (view.status !== 'ready') return null;
  const { preview } = view;
  const money = (amount: number) => formatMoney(amount, preview.currency);
  return (
    <aside className="cart-summary checkout__summary" aria-label={t('cart.summary')} aria-busy={view.pending}>
      <ul className="checkout__lines">
        {view.lines.map((l) => (
          <li key={l.cartId} data-invalid={l.serviceRefused || undefined}>
            <span>
              {l.name}{' '}
              <small>
                {l.colour} / {l.size} × {l.quantity}
              </small>
              {/* What is done to the line before it leaves, seen before paying (the order page shows the same). */}
              {l.hem && <small data-hem>{t('cart.hem', { inseam: l.hem.inseam })}</small>}
              {l.giftWrapped && <small data-gift-wrap>{t('cart.giftWrap')}</small>}
            </span>
            <span>{money(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <CouponChoice view={view} t={t} />
      <Totals view={view} t={t} money={money} />
      {view.error && (
        <p className="form-error" role="alert">
          {messageFor(t, view.error.msgCode, null)}{' '}
          <button type="button" className="link-button" onClick={() => void retryCheckoutPreview()}>
            {t('cart.retry')}
          </button>
        </p>
      )}
      {view.serviceRefused ? (
        <p className="form-error" role="alert">
          {t('checkout.serviceNotForDelivery')}
        </p>
      ) : (
        <FormError form={form} />
      )}
      <Button type="submit" className="button--block" disabled={!view.canPlace || form.disabled}>
        {form.busy ? t('checkout.placing') : t('checkout.placeOrder')}
      </Button>
    </aside>
  );
}

function CouponChoice({ view, t }: { view: Ready; t: Translate }) {
  const { coupons, summary } = view.preview;
  if (coupons.length === 0) return null;
  return (
    <div className="form-field">
      <label htmlFor="coupon">{t('checkout.coupon')}</label>
      {/* Not named: the coupon is the preview's, not a field the form sends as typed. */}
      <select id="coupon" value={summary.couponId ?? ''} onChange={(e) => void chooseCoupon(e.target.value || null)}>
        <option value="">{t('checkout.noCoupon')}</option>
        {coupons.map((c) => (
          <option key={c.couponId} value={c.couponId}>
            {c.title}
          </option>
        ))}
      </select>
    </div>
  );
}

function Totals({ view, t, money }: { view: Ready; t: Translate; money: (amount: number) => string }) {
  const { summary } = view.preview;
  return (
    <>
      <dl>
        <dt>{t('cart.subtotal', { count: summary.itemCount })}</dt>
        <dd>{money(summary.subtotal)}</dd>
        {summary.discount > 0 && (
          <>
            <dt>{t('cart.discount')}</dt>
            <dd>−{money(summary.discount)}</dd>
          </>
        )}
        <dt>{t('checkout.freight')}</dt>
        <dd data-freight>{summary.freight === 0 ? t('checkout.freeFreight') : money(summary.freight)}</dd>
        <dt className="cart-summary__total">{t('cart.total')}</dt>
        <dd className="cart-summary__total" data-total>
          {money(summary.total)}
        </dd>
      </dl>
      {view.freeFreightFrom !== null && (
        <p className="cart-summary__note">{t('checkout.freeFreightFrom', { amount: money(view.freeFreightFrom) })}</p>
      )}
    </>
  );
}
