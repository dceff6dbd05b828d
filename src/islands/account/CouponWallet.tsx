/**
 * The member's coupons (/account/coupon.html, and /membershipcoupon.html): tabs by where each
 * stands on this region's pages (usable now, not started yet, used, expired; and, when the
 * member holds any, another region's) with their terms and validity, and collecting one by its
 * code. "Usable" is the hub's count and checkout's choice (src/lib/coupons/standing.ts).
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_FORMAT } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { isAlphanumeric } from '../../lib/validation/rules.ts';
import type { CouponStanding } from '../../lib/coupons/standing.ts';
import { $memberCoupons, loadMemberCoupons, redeemCoupon, type MemberCoupon } from '../../stores/coupons.ts';
import { Button } from '../forms/Button.tsx';
import { Form, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { MemberGate, Notice } from './parts.tsx';

type Tab = CouponStanding;
/** Always shown, even empty; another region's coupons get a tab only when there are some. */
const TABS: readonly Tab[] = ['usable', 'notStarted', 'used', 'expired'];

export default function CouponWallet({ languageCode, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const state = useStore($memberCoupons);
  const [tab, setTab] = useState<Tab>('usable');
  return (
    <MemberGate t={t} onMember={() => void loadMemberCoupons()}>
      {() => (
        <div className="coupon-wallet">
          <RedeemForm
            t={t}
            // The tab where the new coupon is (one not started yet is not usable yet).
            onRedeemed={(couponId) => {
              const now = $memberCoupons.get();
              setTab((now.status === 'ready' && now.coupons.find((c) => c.couponId === couponId)?.status) || 'usable');
            }}
          />
          {state.status === 'loading' && (
            <p className="account-status" role="status">
              {t('coupons.loading')}
            </p>
          )}
          {state.status === 'error' && (
            <p className="form-error" role="alert">
              {t('coupons.loadFailed')}{' '}
              <button type="button" className="link-button" onClick={() => void loadMemberCoupons()}>
                {t('account.retry')}
              </button>
            </p>
          )}
          {state.status === 'ready' && <CouponTabs t={t} coupons={state.coupons} tab={tab} onTab={setTab} />}
        </div>
      )}
    </MemberGate>
  );
}

function CouponTabs({ t, coupons, tab, onTab }: { t: Translate; coupons: MemberCoupon[]; tab: Tab; onTab: (tab: Tab) => void }) {
  const shown = coupons.filter((c) => c.status === tab);
  const tabs: readonly Tab[] = coupons.some((c) => c.status === 'otherRegion') ? [...TABS, 'otherRegion'] : TABS;
  return (
    <>
      <div className="account-tabs" role="tablist" aria-label={t('appPages.account/coupon')}>
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`coupon-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="coupon-panel"
            tabIndex={tab === key ? 0 : -1}
            onClick={() => onTab(key)}
            onKeyDown={(event) => {
              // Arrow keys move between tabs, as in every tab list.
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = tabs[(tabs.indexOf(key) + step + tabs.length) % tabs.length]!;
              onTab(next);
              document.getElementById(`coupon-tab-${next}`)?.focus();
            }}
          >
            {t(`coupons.status.${key}`)} <span className="account-tabs__count">{coupons.filter((c) => c.status === key).length}</span>
          </button>
        ))}
      </div>
      <div id="coupon-panel" role="tabpanel" aria-labelledby={`coupon-tab-${tab}`}>
        {shown.length === 0 ? (
          <p className="account-empty">{t(`coupons.empty.${tab}`)}</p>
        ) : (
          <ul className="coupons">
            {shown.map((c) => (
              <li key={c.couponId} className="coupon" data-status={c.status} data-coupon={c.couponId}>
                <strong className="coupon__amount">{formatMoney(c.discount, c.currency)}</strong>
                <div className="coupon__body">
                  <p className="coupon__title">{c.title}</p>
                  {c.description && <p className="coupon__description">{c.description}</p>}
                  <p className="coupon__meta">
                    {c.threshold > 0 ? t('coupons.threshold', { amount: formatMoney(c.threshold, c.currency) }) : t('coupons.noThreshold')}
                  </p>
                  <p className="coupon__meta">
                    {t('coupons.valid', { from: formatMoment(c.startDate, DATE_FORMAT), to: formatMoment(c.endDate, DATE_FORMAT) })}
                  </p>
                </div>
                <span className="coupon__status">{t(`coupons.status.${c.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

const CODE_FIELD: FieldSpec = {
  name: 'code',
  required: 'COUPON_CODE_REQUIRED',
  spaces: { allowSpace: false },
  maxLength: 16,
  validate: (value) => isAlphanumeric(value) || 'COUPON_CODE_FORMAT',
};

function RedeemForm({ t, onRedeemed }: { t: Translate; onRedeemed: (couponId: string) => void }) {
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    t,
    fields: [CODE_FIELD],
    process: (values) => values.code ?? '',
    submit: (code: string) => {
      setDone(null);
      return redeemCoupon(code);
    },
    onSuccess: (coupon) => {
      form.formRef.current?.reset();
      setDone(t('coupons.redeemed', { title: coupon.title }));
      onRedeemed(coupon.couponId);
    },
  });
  return (
    <Form form={form} className="account-form coupon-redeem" label={t('coupons.redeemTitle')}>
      <div className="account-form__inline">
        <TextField form={form} spec={CODE_FIELD} label={t('coupons.redeemLabel')} autoComplete="off" />
        <Button type="submit" height={44} disabled={form.disabled}>
          {t('coupons.redeem')}
        </Button>
      </div>
      <Notice text={done} />
    </Form>
  );
}
