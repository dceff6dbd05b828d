/**
 * The coupon pages (spec §2): /coupon-collect.html (coupons to collect, one by ?couponId= or
 * all that have not ended; collecting needs a member and works once), /voucherDescription.html
 * (one coupon's terms, by ?couponId=) and /membershipcoupon.html (the member's coupons).
 */
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { formatPrice } from '../../lib/format/currency.ts';
import { CHECKOUT_CURRENCY } from '../../lib/constants.ts';
import { currencyFormatOf } from '../../lib/i18n/languages.ts';
import type { ResponseOf } from '../../lib/api/contract.ts';
import { apiClient, requireMember } from '../../stores/lazy-auth.ts';
import { messageFor } from '../messages.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export type CouponPageKind = 'collect' | 'description' | 'mine';
type Offer = ResponseOf<'couponCollectable'>[number];
type Mine = ResponseOf<'couponList'>['list'][number];
type State = { status: 'loading' } | { status: 'ready'; offers: Offer[]; mine: Mine[] } | { status: 'error' };

/** Coupons are in the checkout's currency. */
const money = (amount: number) => formatPrice(amount, currencyFormatOf(CHECKOUT_CURRENCY));
const DATE = 'YYYY-MM-DD';

export default function CouponPages({ languageCode, prefix, messages, kind }: IslandProps & { kind: CouponPageKind }) {
  const t = useTranslator(languageCode, messages);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [notes, setNotes] = useState<Record<string, { ok: boolean; text: string }>>({});

  useEffect(() => {
    void (async () => {
      const couponId = new URLSearchParams(location.search).get('couponId') ?? undefined;
      if (kind === 'mine') {
        if (!(await requireMember())) return;
        const result = await (await apiClient()).call('couponList', { page: 1, pageSize: 100 });
        return setState(result.ok ? { status: 'ready', offers: [], mine: result.data.list } : { status: 'error' });
      }
      const result = await (await apiClient()).call('couponCollectable', couponId ? { couponId } : {});
      setState(result.ok ? { status: 'ready', offers: result.data, mine: [] } : { status: 'error' });
    })();
  }, [kind]);

  async function collect(couponId: string) {
    if (!(await requireMember())) return;
    const result = await (await apiClient()).call('couponCollect', { couponId });
    if (result.ok) setNotes((n) => ({ ...n, [couponId]: { ok: true, text: t('coupons.collected') } }));
    else if (result.kind !== 'aborted') setNotes((n) => ({ ...n, [couponId]: { ok: false, text: result.kind === 'failure' ? messageFor(t, result.msgCode, result.msg) : t('errors.interfaceException') } }));
  }

  if (state.status === 'loading') return <p className="checkout__status" role="status">{t('coupons.loading')}</p>;
  if (state.status === 'error') return <p className="form-error" role="alert">{t('coupons.loadFailed')}</p>;
  if (kind === 'mine') {
    if (state.mine.length === 0) return <p className="checkout__status">{t('coupons.noneMine')}</p>;
    const now = Date.now();
    return (
      <ul className="coupons">
        {state.mine.map((c) => {
          const status = c.used === 'Y' ? 'used' : c.endDate <= now ? 'expired' : 'usable';
          return (
            <li key={c.couponId} className="coupon" data-status={status}>
              <strong className="coupon__amount">{money(c.discount)}</strong>
              <div className="coupon__body">
                <p className="coupon__title">{c.title}</p>
                <p className="coupon__meta">{c.threshold > 0 ? t('coupons.threshold', { amount: money(c.threshold) }) : t('coupons.noThreshold')}</p>
                <p className="coupon__meta">{t('coupons.valid', { from: dayjs(c.startDate).format(DATE), to: dayjs(c.endDate).format(DATE) })}</p>
              </div>
              <span className="coupon__status">{t(`coupons.status.${status}`)}</span>
            </li>
          );
        })}
      </ul>
    );
  }
  if (state.offers.length === 0) return <p className="checkout__status">{t('coupons.noneToCollect')}</p>;
  return (
    <ul className="coupons">
      {state.offers.map((c) => {
        const ended = c.endDate <= Date.now();
        const note = notes[c.couponId];
        return (
          <li key={c.couponId} className="coupon" data-coupon={c.couponId}>
            <strong className="coupon__amount">{money(c.discount)}</strong>
            <div className="coupon__body">
              <p className="coupon__title">{c.title}</p>
              {kind === 'description' && <p className="coupon__description">{c.description}</p>}
              <p className="coupon__meta">{c.threshold > 0 ? t('coupons.threshold', { amount: money(c.threshold) }) : t('coupons.noThreshold')}</p>
              <p className="coupon__meta">{t('coupons.valid', { from: dayjs(c.startDate).format(DATE), to: dayjs(c.endDate).format(DATE) })}</p>
              {note && <p className={note.ok ? 'form-success' : 'form-error'} role={note.ok ? 'status' : 'alert'}>{note.text}</p>}
            </div>
            {kind === 'collect' ? (
              <button type="button" className="button" disabled={ended || note?.ok} onClick={() => void collect(c.couponId)}>{ended ? t('coupons.status.expired') : note?.ok ? t('coupons.collected') : t('coupons.collect')}</button>
            ) : (
              <a className="text-link" href={`${prefix}/coupon-collect.html?couponId=${encodeURIComponent(c.couponId)}`}>{t('coupons.collect')}</a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
