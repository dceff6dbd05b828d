/**
 * The coupon pages: /coupon-collect.html (this region's coupons to collect, one by ?couponId=
 * or all that have not ended; collecting needs a member and works once, and a coupon the member
 * holds is shown as collected) and /voucherDescription.html (one coupon's terms, by ?couponId=).
 * A coupon the API says is not there, or not offered in this region, gets the message for its
 * code and no retry; only a failure to reach the API offers one.
 */
import { useCallback, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import dayjs from 'dayjs';
import { formatMoney } from '../../lib/format/currency.ts';
import { $collecting, $couponOffers, collectCoupon, loadCouponOffers, type CouponOffer } from '../../stores/coupons.ts';
import { currentQuery } from '../../stores/platform.ts';
import { messageFor } from '../messages.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export type CouponPageKind = 'collect' | 'description';

const DATE = 'YYYY-MM-DD';

export default function CouponPages({ languageCode, prefix, messages, kind }: IslandProps & { kind: CouponPageKind }) {
  const t = useTranslator(languageCode, messages);
  const state = useStore($couponOffers);
  const collecting = useStore($collecting);
  const load = useCallback(() => loadCouponOffers(currentQuery().get('couponId')), []);

  useEffect(() => {
    void load();
  }, [load]);

  /** What collecting a coupon says beside it: done, or the refusal. */
  function noteFor(collect: (typeof collecting)[string] | undefined): { ok: boolean; text: string } | null {
    if (!collect || collect.status === 'busy') return null;
    if (collect.status === 'collected') return { ok: true, text: t('coupons.collected') };
    return { ok: false, text: collect.msgCode ? messageFor(t, collect.msgCode, collect.msg) : t('errors.interfaceException') };
  }

  /** The collect button's words: ended, held, or collect. */
  function collectLabel(c: CouponOffer, ended: boolean): string {
    if (ended) return t('coupons.status.expired');
    return c.collected ? t('coupons.held') : t('coupons.collect');
  }

  if (state.status === 'loading')
    return (
      <p className="checkout__status" role="status">
        {t('coupons.loading')}
      </p>
    );
  if (state.status === 'refused')
    return (
      <p className="account-empty" role="alert" data-msg-code={state.msgCode}>
        {messageFor(t, state.msgCode, state.msg)}
      </p>
    );
  if (state.status === 'error') {
    return (
      <p className="form-error" role="alert">
        {t('coupons.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void load()}>
          {t('cart.retry')}
        </button>
      </p>
    );
  }
  if (state.coupons.length === 0) return <p className="checkout__status">{t('coupons.noneToCollect')}</p>;
  return (
    <ul className="coupons">
      {state.coupons.map((c) => {
        const ended = c.endDate < Date.now();
        const collect = collecting[c.couponId];
        // A coupon already held says so on its button; a refusal for that is no news then.
        const note = c.collected && collect?.status === 'refused' ? null : noteFor(collect);
        return (
          <li key={c.couponId} className="coupon" data-coupon={c.couponId} data-collected={c.collected ? 'true' : undefined}>
            <strong className="coupon__amount">{formatMoney(c.discount, c.currency)}</strong>
            <div className="coupon__body">
              <p className="coupon__title">{c.title}</p>
              {kind === 'description' && <p className="coupon__description">{c.description}</p>}
              <p className="coupon__meta">
                {c.threshold > 0 ? t('coupons.threshold', { amount: formatMoney(c.threshold, c.currency) }) : t('coupons.noThreshold')}
              </p>
              <p className="coupon__meta">
                {t('coupons.valid', { from: dayjs(c.startDate).format(DATE), to: dayjs(c.endDate).format(DATE) })}
              </p>
              {note && (
                <p className={note.ok ? 'form-success' : 'form-error'} role={note.ok ? 'status' : 'alert'}>
                  {note.text}
                </p>
              )}
            </div>
            {kind === 'collect' ? (
              <button
                type="button"
                className="button"
                disabled={ended || c.collected || collect?.status === 'busy'}
                onClick={() => void collectCoupon(c.couponId)}
              >
                {collectLabel(c, ended)}
              </button>
            ) : c.collected ? (
              <span className="coupon__status">{t('coupons.held')}</span>
            ) : (
              <a className="text-link" href={`${prefix}/coupon-collect.html?couponId=${encodeURIComponent(c.couponId)}`}>
                {t('coupons.collect')}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
