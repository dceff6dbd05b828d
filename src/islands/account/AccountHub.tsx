/**
 * /account/info.html, the account hub: who the member is (name, masked mobile, email, member
 * since), what they hold (coupons, wishlist, unread messages, open tickets), their latest
 * order, and changing their name, birthday and gender.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_FORMAT, EARLIEST_BIRTHDAY, GENDERS } from '../../lib/constants.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import { formatMoney } from '../../lib/format/currency.ts';
import { displayMobile, type MaskSwitches } from '../../lib/format/mask.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { isName } from '../../lib/validation/rules.ts';
import {
  $accountSummary,
  $profile,
  loadAccountSummary,
  loadProfile,
  updateProfile,
  type AccountSummary,
  type MemberProfile,
} from '../../stores/member.ts';
import { getPlatform } from '../../stores/platform.ts';
import { signOut } from '../../stores/session.ts';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, Form, FormError, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { LoadState, MemberGate, Notice } from './parts.tsx';

export default function AccountHub({ languageCode, prefix, messages, switches }: IslandProps & { switches: MaskSwitches }) {
  const t = useTranslator(languageCode, messages);
  const profile = useStore($profile);
  const summary = useStore($accountSummary);
  const load = () => {
    void loadProfile();
    void loadAccountSummary();
  };
  return (
    <MemberGate t={t} onMember={load}>
      {() => (
        <div className="account-hub">
          <LoadState t={t} state={profile} retry={() => void loadProfile()}>
            {(data) => <ProfileCard t={t} profile={data} switches={switches} />}
          </LoadState>
          <LoadState t={t} state={summary} retry={() => void loadAccountSummary()}>
            {(data) => <Summary t={t} prefix={prefix} summary={data} />}
          </LoadState>
          <Button
            variant="ghost"
            className="account-hub__signout"
            onClick={() => void signOut().then(() => getPlatform().navigate(`${prefix}/`))}
          >
            {t('auth.signOut')}
          </Button>
        </div>
      )}
    </MemberGate>
  );
}

function ProfileCard({ t, profile, switches }: { t: Translate; profile: MemberProfile; switches: MaskSwitches }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="account-card" aria-labelledby="profile-heading">
      <header className="account-card__header">
        <h2 id="profile-heading">{t('account.hub.greeting', { name: profile.name })}</h2>
        <p className="account-card__meta">{t('account.hub.memberSince', { date: formatMoment(profile.memberSince, DATE_FORMAT) })}</p>
      </header>
      <Notice text={notice} />
      {editing ? (
        <ProfileForm
          t={t}
          profile={profile}
          onDone={(saved) => {
            setEditing(false);
            setNotice(saved ? t('account.saved') : null);
          }}
        />
      ) : (
        <>
          <dl className="account-facts" data-profile>
            <dt>{t('account.profile.name')}</dt>
            <dd>{profile.name}</dd>
            <dt>{t('account.profile.mobile')}</dt>
            <dd data-mobile>{displayMobile(profile.mobile, switches) || t('account.notSet')}</dd>
            <dt>{t('account.profile.email')}</dt>
            <dd>{profile.email}</dd>
            <dt>{t('account.profile.birthday')}</dt>
            <dd>{profile.birthday ?? t('account.notSet')}</dd>
            <dt>{t('account.profile.gender')}</dt>
            <dd>{profile.gender ? t(`account.genders.${profile.gender}`) : t('account.notSet')}</dd>
          </dl>
          <Button
            variant="ghost"
            onClick={() => {
              setNotice(null);
              setEditing(true);
            }}
          >
            {t('account.profile.edit')}
          </Button>
        </>
      )}
    </section>
  );
}

/** Today's date on the member's device, as a date input's max: a birthday is in the past. */
const todayIso = () => new Date().toISOString().slice(0, 10);

function ProfileForm({ t, profile, onDone }: { t: Translate; profile: MemberProfile; onDone: (saved: boolean) => void }) {
  const birthdayLocked = profile.birthday !== null;
  const fields: FieldSpec[] = [
    {
      name: 'name',
      required: 'UR_NAME_REQUIRED',
      maxLength: 40,
      counter: true,
      spaces: { allowSpaceLeadTrail: false },
      validate: (value) => isName(value) || 'UR_NAME_FORMAT',
    },
    {
      name: 'birthday',
      readOnly: birthdayLocked,
      validate: (value) => (value <= todayIso() && value >= EARLIEST_BIRTHDAY) || 'UR_BIRTHDAY_FORMAT',
    },
    { name: 'gender' },
  ];
  const form = useForm({
    t,
    fields,
    process: (values) => ({
      name: values.name ?? '',
      birthday: values.birthday || null,
      gender: (values.gender || null) as (typeof GENDERS)[number] | null,
    }),
    submit: updateProfile,
    onSuccess: () => onDone(true),
  });
  return (
    <Form form={form} className="account-form" label={t('account.profile.edit')}>
      <TextField form={form} spec={fields[0]!} label={t('account.profile.name')} defaultValue={profile.name} autoComplete="name" />
      <TextField
        form={form}
        spec={fields[1]!}
        type="date"
        label={t('account.profile.birthday')}
        defaultValue={profile.birthday ?? ''}
        min={EARLIEST_BIRTHDAY}
        max={todayIso()}
        hint={birthdayLocked ? t('account.profile.birthdayLocked') : t('account.profile.birthdayOnce')}
      />
      <ChoiceField
        form={form}
        spec={fields[2]!}
        label={t('account.profile.gender')}
        defaultValue={profile.gender ?? ''}
        options={[...GENDERS.map((g) => ({ value: g, label: t(`account.genders.${g}`) })), { value: '', label: t('account.genders.none') }]}
      />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.saving') : t('account.save')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)}>
          {t('account.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function Summary({ t, prefix, summary }: { t: Translate; prefix: string; summary: AccountSummary }) {
  const tiles = [
    { key: 'coupons', count: summary.usableCoupons, href: `${prefix}/account/coupon.html` },
    { key: 'wishlist', count: summary.wishCount, href: `${prefix}/account/favorites.html` },
    { key: 'messages', count: summary.unreadMessages, href: `${prefix}/inbox.html` },
    { key: 'tickets', count: summary.openTickets, href: `${prefix}/account/ticket-list.html` },
  ];
  const latest = summary.latestOrder;
  return (
    <>
      <ul className="account-tiles" aria-label={t('account.hub.atAGlance')}>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <a href={tile.href} className="account-tile" data-tile={tile.key}>
              <strong>{tile.count}</strong>
              <span>{t(`account.hub.tiles.${tile.key}`)}</span>
            </a>
          </li>
        ))}
      </ul>
      <section className="account-card" aria-labelledby="latest-order-heading">
        <h2 id="latest-order-heading">{t('account.hub.latestOrder')}</h2>
        {latest ? (
          <div className="account-order" data-order={latest.orderCode}>
            <p>
              <strong>{latest.orderCode}</strong> <span className="status-pill">{t(`orders.status.${latest.status}`)}</span>
            </p>
            <p className="account-card__meta">
              {formatMoment(latest.createdAt, DATE_FORMAT)} · {t('account.hub.items', { count: latest.itemCount })} ·{' '}
              {formatMoney(latest.total, latest.currency)}
            </p>
            <a className="text-link" href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(latest.orderCode)}`}>
              {t('account.hub.viewOrder')}
            </a>
          </div>
        ) : (
          <p>
            {t('account.hub.noOrders')} <a href={`${prefix}/`}>{t('account.hub.startShopping')}</a>
          </p>
        )}
      </section>
    </>
  );
}
