/**
 * /account/recycle.html: the old-clothes recycling programme (its terms from the CMS), booking
 * a drop-off at a shop or a pick-up at home, the member's bookings and records, and the
 * coupons their recycling earned.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_FORMAT, RECYCLE_BAGS_MAX, RECYCLE_BOOK_DAYS_AHEAD, RECYCLE_TIME_SLOTS } from '../../lib/constants.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { brandDate, formatMoment } from '../../lib/format/dates.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { $addresses, loadAddresses } from '../../stores/addresses.ts';
import { $recycle, bookRecycle, cancelRecycle, loadRecycle, type RecycleBooking, type RecycleState } from '../../stores/recycle.ts';
import { Button } from '../forms/Button.tsx';
import { Modal } from '../forms/Modal.tsx';
import { ChoiceField, Form, FormError, SelectField, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { ActionNote, LoadState, MemberGate, useAction } from './parts.tsx';

export interface RecycleShop {
  code: string;
  name: string;
  region: string;
}

export default function RecyclePage({
  languageCode,
  prefix,
  messages,
  shops,
  programme,
}: IslandProps & { shops: RecycleShop[]; programme: { title: string; paragraphs: string[] } }) {
  const t = useTranslator(languageCode, messages);
  const recycle = useStore($recycle);
  const action = useAction(t);
  const [cancelling, setCancelling] = useState<RecycleBooking | null>(null);
  // One notice at a time, of the last thing done: a booking's success gives way to a
  // cancellation's answer and the other way round (tests/e2e/account-records.spec.ts).
  const [booked, setBooked] = useState(false);
  const shopName = (code: string | null) => shops.find((s) => s.code === code)?.name ?? code ?? '';
  return (
    <MemberGate
      t={t}
      onMember={() => {
        void loadRecycle();
        void loadAddresses();
      }}
    >
      {() => (
        <div className="recycle">
          <section className="account-card recycle__programme" aria-labelledby="programme-heading">
            <h2 id="programme-heading">{programme.title}</h2>
            {programme.paragraphs.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </section>
          <BookingForm t={t} prefix={prefix} shops={shops} booked={booked} onBooked={() => setBooked(true)} />
          {!booked && <ActionNote action={action} />}
          <LoadState t={t} state={recycle} retry={() => void loadRecycle()}>
            {(state) => <Records t={t} state={state} shopName={shopName} onCancel={setCancelling} />}
          </LoadState>
          <Modal
            open={cancelling !== null}
            title={t('account.recycle.cancelTitle')}
            closeLabel={t('common.close')}
            onClose={() => setCancelling(null)}
            buttons={[
              {
                label: t('account.recycle.cancel'),
                variant: 'danger',
                onClick: async () => {
                  setBooked(false);
                  await action.run(() => cancelRecycle(cancelling!.bookingId), t('account.recycle.cancelled'));
                },
              },
              { label: t('account.recycle.keep'), variant: 'ghost' },
            ]}
          >
            {cancelling && <p>{t('account.recycle.cancelConfirm', { date: cancelling.date })}</p>}
          </Modal>
        </div>
      )}
    </MemberGate>
  );
}

function BookingForm({
  t,
  prefix,
  shops,
  booked,
  onBooked,
}: {
  t: Translate;
  prefix: string;
  shops: RecycleShop[];
  /** The last thing done was this form's booking: its notice shows. */
  booked: boolean;
  onBooked: () => void;
}) {
  const addresses = useStore($addresses);
  const [method, setMethod] = useState<'SHOP' | 'PICKUP'>('SHOP');
  const [round, setRound] = useState(0);
  const now = Date.now();
  const first = brandDate(now, 1);
  const last = brandDate(now, RECYCLE_BOOK_DAYS_AHEAD);
  const specs: Record<string, FieldSpec> = {
    method: { name: 'method', required: 'RC_METHOD_REQUIRED' },
    storeCode: { name: 'storeCode', required: 'RC_STORE_REQUIRED' },
    addressId: { name: 'addressId', required: 'RC_ADDRESS_REQUIRED' },
    timeSlot: { name: 'timeSlot', required: 'RC_TIME_SLOT_REQUIRED' },
    date: { name: 'date', required: 'RC_DATE_REQUIRED', validate: (value) => (value >= first && value <= last) || 'RC_DATE_RANGE' },
    bags: { name: 'bags', required: 'RC_BAGS_RANGE' },
  };
  const form = useForm({
    t,
    fields: (values) =>
      values.method === 'PICKUP'
        ? [specs.method!, specs.addressId!, specs.timeSlot!, specs.date!, specs.bags!]
        : [specs.method!, specs.storeCode!, specs.date!, specs.bags!],
    process: (values) => ({
      method: values.method as 'SHOP' | 'PICKUP',
      storeCode: values.method === 'SHOP' ? values.storeCode || null : null,
      addressId: values.method === 'PICKUP' ? values.addressId || null : null,
      timeSlot: values.method === 'PICKUP' ? ((values.timeSlot || null) as 'AM' | 'PM' | null) : null,
      date: values.date ?? '',
      bags: Number(values.bags),
    }),
    submit: bookRecycle,
    onSuccess: () => {
      onBooked();
      setRound((r) => r + 1);
    },
  });
  const list = addresses.data ?? [];
  return (
    <Form key={round} form={form} className="account-form account-card" label={t('account.recycle.book')}>
      <h2>{t('account.recycle.book')}</h2>
      {booked && (
        <p className="form-success" role="status">
          {t('account.recycle.booked')}
        </p>
      )}
      <ChoiceField
        form={form}
        spec={specs.method!}
        label={t('account.recycle.how')}
        defaultValue={method}
        onChange={(value) => setMethod(value as 'SHOP' | 'PICKUP')}
        options={[
          { value: 'SHOP', label: t('account.recycle.methods.SHOP') },
          { value: 'PICKUP', label: t('account.recycle.methods.PICKUP') },
        ]}
      />
      {method === 'SHOP' ? (
        <SelectField
          form={form}
          spec={specs.storeCode!}
          label={t('account.recycle.shop')}
          defaultValue=""
          options={[
            { value: '', label: t('account.recycle.chooseShop') },
            ...shops.map((s) => ({ value: s.code, label: `${s.name} (${s.region})` })),
          ]}
        />
      ) : (
        <>
          {list.length === 0 && addresses.status === 'ready' ? (
            <p className="account-card__meta" data-group="addressId">
              {t('account.recycle.noAddress')} <a href={`${prefix}/account/address.html`}>{t('account.recycle.addAddress')}</a>
            </p>
          ) : (
            <SelectField
              form={form}
              spec={specs.addressId!}
              label={t('account.recycle.address')}
              defaultValue={list.find((a) => a.isDefault === 'Y')?.addressId ?? ''}
              options={[
                { value: '', label: t('account.recycle.chooseAddress') },
                ...list.map((a) => ({ value: a.addressId, label: `${a.receiver} · ${a.city}${a.detail}` })),
              ]}
            />
          )}
          <ChoiceField
            form={form}
            spec={specs.timeSlot!}
            label={t('account.recycle.timeSlot')}
            options={RECYCLE_TIME_SLOTS.map((slot) => ({ value: slot, label: t(`account.recycle.slots.${slot}`) }))}
          />
        </>
      )}
      <div className="account-form__pair">
        <TextField
          form={form}
          spec={specs.date!}
          type="date"
          label={t('account.recycle.date')}
          min={first}
          max={last}
          hint={t('account.recycle.dateHint', { days: RECYCLE_BOOK_DAYS_AHEAD })}
        />
        <SelectField
          form={form}
          spec={specs.bags!}
          label={t('account.recycle.bags')}
          defaultValue="1"
          options={Array.from({ length: RECYCLE_BAGS_MAX }, (_, i) => ({
            value: String(i + 1),
            label: t('account.recycle.bagCount', { count: i + 1 }),
          }))}
        />
      </div>
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('account.recycle.confirm')}
        </Button>
      </div>
    </Form>
  );
}

function Records({
  t,
  state,
  shopName,
  onCancel,
}: {
  t: Translate;
  state: RecycleState;
  shopName: (code: string | null) => string;
  onCancel: (booking: RecycleBooking) => void;
}) {
  return (
    <>
      <section aria-labelledby="records-heading">
        <h2 id="records-heading">{t('account.recycle.records')}</h2>
        {state.bookings.length === 0 ? (
          <p className="account-empty">{t('account.recycle.none')}</p>
        ) : (
          <ul className="recycle__bookings">
            {state.bookings.map((b) => (
              <li key={b.bookingId} className="account-card recycle__booking" data-booking={b.bookingId} data-status={b.status}>
                <p>
                  <strong>{t(`account.recycle.methods.${b.method}`)}</strong>{' '}
                  <span className="status-pill">{t(`account.recycle.status.${b.status}`)}</span>
                </p>
                <p className="account-card__meta">
                  {b.method === 'SHOP' ? shopName(b.storeCode) : b.address} · {b.date}
                  {b.timeSlot && ` ${t(`account.recycle.slots.${b.timeSlot}`)}`} · {t('account.recycle.bagCount', { count: b.bags })}
                </p>
                {b.items !== null && <p className="account-card__meta">{t('account.recycle.items', { count: b.items })}</p>}
                {b.status === 'BOOKED' && (
                  <button type="button" className="link-button" onClick={() => onCancel(b)}>
                    {t('account.recycle.cancel')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="earned-heading">
        <h2 id="earned-heading">{t('account.recycle.earned')}</h2>
        {state.coupons.length === 0 ? (
          <p className="account-empty">{t('account.recycle.noCoupons')}</p>
        ) : (
          <ul className="coupons">
            {state.coupons.map((c) => (
              <li key={c.couponId} className="coupon" data-coupon={c.couponId}>
                <strong className="coupon__amount">{formatMoney(c.discount, c.currency)}</strong>
                <div className="coupon__body">
                  <p className="coupon__title">{c.title}</p>
                  <p className="coupon__meta">
                    {t('coupons.valid', { from: formatMoment(c.startDate, DATE_FORMAT), to: formatMoment(c.endDate, DATE_FORMAT) })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
