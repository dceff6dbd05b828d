/**
 * The coupon pages: /coupon-collect.html (coupons to collect, one by ?couponId= or
 * all that have not ended; collecting needs a member and works once), /voucherDescription.html
 * (one coupon's terms, by ?couponId=) and /membershipcoupon.html (the member's coupons).
 */
import { useCallback, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import dayjs from 'dayjs';
import { formatMoney } from '../../lib/format/currency.ts';
import { $collecting, $couponOffers, $memberCoupons, collectCoupon, loadCouponOffers, loadMemberCoupons } from '../../stores/coupons.ts';
import { messageFor } from '../messages.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export type CouponPageKind = 'collect' | 'description' | 'mine';

const DATE = 'YYYY-MM-DD';

export default function CouponPages({ languageCode, prefix, messages, kind }: IslandProps & { kind: CouponPageKind }) {
  const t = useTranslator(languageCode, messages);
  const offers = useStore($couponOffers);
  const mine = useStore($memberCoupons);
  const collecting = useStore($collecting);
  const state = kind === 'mine' ? mine : offers;
  const load = useCallback(
    () => (kind === 'mine' ? loadMemberCoupons() : loadCouponOffers(new URLSearchParams(location.search).get('couponId'))),
    [kind],
  );

  useEffect(() => {
    void load();
  }, [load]);

  /** What collecting a coupon says beside it: done, or the refusal. */
  function noteFor(collect: (typeof collecting)[string] | undefined): { ok: boolean; text: string } | null {
    if (!collect || collect.status === 'busy') return null;
    if (collect.status === 'collected') return { ok: true, text: t('coupons.collected') };
    return { ok: false, text: collect.msgCode ? messageFor(t, collect.msgCode, collect.msg) : t('errors.interfaceException') };
  }

  if (state.status === 'loading')
    return (
      <p className="checkout__status" role="status">
        {t('coupons.loading')}
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
  if (kind === 'mine') {
    if (mine.status !== 'ready') return null;
    if (mine.coupons.length === 0) return <p className="checkout__status">{t('coupons.noneMine')}</p>;
    return (
      <ul className="coupons">
        {mine.coupons.map((c) => {
          const status = c.status;
          return (
            <li key={c.couponId} className="coupon" data-status={status}>
              <strong className="coupon__amount">{formatMoney(c.discount, c.currency)}</strong>
              <div className="coupon__body">
                <p className="coupon__title">{c.title}</p>
                <p className="coupon__meta">
                  {c.threshold > 0 ? t('coupons.threshold', { amount: formatMoney(c.threshold, c.currency) }) : t('coupons.noThreshold')}
                </p>
                <p className="coupon__meta">
                  {t('coupons.valid', { from: dayjs(c.startDate).format(DATE), to: dayjs(c.endDate).format(DATE) })}
                </p>
              </div>
              <span className="coupon__status">{t(`coupons.status.${status}`)}</span>
            </li>
          );
        })}
      </ul>
    );
  }
  if (offers.status !== 'ready') return null;
  if (offers.coupons.length === 0) return <p className="checkout__status">{t('coupons.noneToCollect')}</p>;
  return (
    <ul className="coupons">
      {offers.coupons.map((c) => {
        const ended = c.endDate <= Date.now();
        const note = noteFor(collecting[c.couponId]);
        return (
          <li key={c.couponId} className="coupon" data-coupon={c.couponId}>
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
                disabled={ended || note?.ok || collecting[c.couponId]?.status === 'busy'}
                onClick={() => void collectCoupon(c.couponId)}
              >
                {ended ? t('coupons.status.expired') : note?.ok ? t('coupons.collected') : t('coupons.collect')}
              </button>
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
