/**
 * The newsletter's pages: /newsletter-subscription.html subscribes a visitor's address, or
 * edits a signed-in member's subscriptions (addresses, flags, the CMS's
 * categories, saved with the subscription save payload); and those reached from a mail:
 * /subscription-success.html?token= confirms a
 * subscription (a dead link goes on to the failure page); /subscription-failure.html says so and
 * offers to subscribe again; /unsubscribe.html?email=&signature= unsubscribes the address once
 * the reader confirms it. None needs an account.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { emailField } from '../../lib/forms/common-fields.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import { isEmail } from '../../lib/validation/rules.ts';
import {
  $memberSubscription,
  $newsletterLink,
  confirmNewsletter,
  loadMemberSubscription,
  saveMemberSubscription,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '../../stores/newsletter.ts';
import { getPlatform } from '../../stores/platform.ts';
import { restoreSession } from '../../stores/session.ts';
import { Button } from '../forms/Button.tsx';
import { CheckField, Form, FormError, TextField } from '../forms/fields.tsx';
import { codeText, useForm } from '../forms/use-form.ts';
import { useMember } from '../use-member.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

type Kind = 'subscribe' | 'confirm' | 'failure' | 'unsubscribe';

export interface SubscribeCategory {
  value: string;
  label: string;
}

export default function NewsletterPages({
  languageCode,
  prefix,
  messages,
  kind,
  categories = [],
}: IslandProps & { kind: Kind; categories?: SubscribeCategory[] }) {
  const t = useTranslator(languageCode, messages);
  const member = useMember();
  useEffect(() => {
    if (kind === 'subscribe') void restoreSession();
  }, [kind]);
  if (kind === 'confirm') return <Confirm t={t} prefix={prefix} />;
  if (kind === 'unsubscribe') return <Unsubscribe t={t} />;
  return (
    <div className="auth-card">
      <p>{t(kind === 'failure' ? 'newsletter.failureBody' : 'newsletter.popupBody')}</p>
      {kind === 'subscribe' && member ? <MemberSubscriptionForm t={t} categories={categories} /> : <SubscribeForm t={t} />}
    </div>
  );
}

function Confirm({ t, prefix }: { t: Translate; prefix: string }) {
  const query = useQuery();
  const link = useStore($newsletterLink);
  useEffect(() => {
    if (!query) return;
    const token = query.get('token');
    if (token) void confirmNewsletter(token);
    else getPlatform().redirect(`${prefix}/subscription-failure.html`);
  }, [query, prefix]);
  useEffect(() => {
    if (link.status === 'failed') getPlatform().redirect(`${prefix}/subscription-failure.html`);
  }, [link, prefix]);
  return (
    <div className="auth-card" data-newsletter={link.status}>
      {link.status === 'done' ? (
        <p className="form-success" role="status">
          {t('newsletter.confirmed', { email: link.email })}
        </p>
      ) : (
        <p role="status">{t('newsletter.working')}</p>
      )}
    </div>
  );
}

function Unsubscribe({ t }: { t: Translate }) {
  const query = useQuery();
  const link = useStore($newsletterLink);
  const [asked, setAsked] = useState(false);
  const email = query?.get('email') ?? '';
  const signature = query?.get('signature') ?? '';
  const complete = email !== '' && signature !== '';
  return (
    <div className="auth-card" data-newsletter={asked ? link.status : 'asking'}>
      {!query ? null : !complete ? (
        <p className="form-error" role="alert">
          {codeText(t, 'NEWSLETTER_LINK_INVALID')}
        </p>
      ) : !asked ? (
        <>
          <p>{t('newsletter.unsubscribeAsk', { email })}</p>
          <Button
            onClick={() => {
              setAsked(true);
              void unsubscribeNewsletter(email, signature);
            }}
          >
            {t('newsletter.unsubscribe')}
          </Button>
        </>
      ) : link.status === 'done' ? (
        <p className="form-success" role="status">
          {t('newsletter.unsubscribed', { email: link.email })}
        </p>
      ) : link.status === 'failed' ? (
        <p className="form-error" role="alert">
          {link.msgCode ? codeText(t, link.msgCode, link.msg) : t('errors.interfaceException')}
        </p>
      ) : (
        <p role="status">{t('newsletter.working')}</p>
      )}
    </div>
  );
}

const EMAIL = emailField();

/** An address for the double opt-in, checked as the pop-up checks it: a visitor's way, and a new link after a dead one. */
function SubscribeForm({ t }: { t: Translate }) {
  const [sent, setSent] = useState(false);
  const form = useForm({
    t,
    id: 'newsletter',
    fields: [EMAIL],
    process: (values) => values.email ?? '',
    submit: subscribeNewsletter,
    // The same answer for every address (an address already subscribed is told so by mail).
    onSuccess: () => setSent(true),
  });
  if (sent)
    return (
      <p className="form-success" role="status">
        {t('newsletter.checkInbox')}
      </p>
    );
  return (
    <Form form={form}>
      <FormError form={form} />
      <TextField form={form} spec={EMAIL} label={t('newsletter.email')} type="email" autoComplete="email" />
      <Button type="submit" className="button--block" disabled={form.disabled}>
        {t('newsletter.subscribe')}
      </Button>
    </Form>
  );
}

const SUBSCRIBE_EMAIL = emailField('subscribeEmail');
const EXTENSION_EMAIL = { name: 'extensionEmail', validate: (value: string) => value.trim() === '' || isEmail(value) || 'UR_EMAIL_06' };
const FLAGS = ['emailFlag', 'smsFlag', 'phoneFlag', 'popupNoticeFlag'] as const;
const checkbox = (name: string) => ({ name });

/** A signed-in member's own subscriptions: the addresses, how we may reach them, and the categories of the CMS's subscribe list. */
function MemberSubscriptionForm({ t, categories }: { t: Translate; categories: SubscribeCategory[] }) {
  const saved = useStore($memberSubscription);
  const [done, setDone] = useState(false);
  useEffect(() => {
    void loadMemberSubscription();
  }, []);
  const form = useForm({
    t,
    id: 'member-newsletter',
    fields: [SUBSCRIBE_EMAIL, EXTENSION_EMAIL, ...FLAGS.map(checkbox), ...categories.map((c) => checkbox(`category.${c.value}`))],
    process: (values) => ({
      subscribeEmail: values.subscribeEmail ?? '',
      extensionEmail: values.extensionEmail ?? '',
      ...(Object.fromEntries(FLAGS.map((flag) => [flag, values[flag] === 'Y' ? 'Y' : 'N'])) as Record<(typeof FLAGS)[number], 'Y' | 'N'>),
      subscribeMap: Object.fromEntries(
        categories.map((c) => [c.value, values[`category.${c.value}`] === 'Y' ? ('Y' as const) : ('N' as const)]),
      ),
    }),
    submit: saveMemberSubscription,
    onSuccess: () => setDone(true),
  });
  if (!saved.data) {
    return saved.status === 'error' ? (
      <p className="form-error" role="alert">
        {t('errors.interfaceException')}
      </p>
    ) : (
      <p role="status">{t('newsletter.working')}</p>
    );
  }
  const data = saved.data;
  return (
    <Form form={form}>
      <FormError form={form} />
      <TextField
        form={form}
        spec={SUBSCRIBE_EMAIL}
        label={t('newsletter.email')}
        type="email"
        autoComplete="email"
        defaultValue={data.subscribeEmail}
      />
      <TextField
        form={form}
        spec={EXTENSION_EMAIL}
        label={t('newsletter.extensionEmail')}
        type="email"
        defaultValue={data.extensionEmail}
      />
      <fieldset className="form-field form-field--set">
        <legend>{t('newsletter.channels')}</legend>
        {FLAGS.map((flag) => (
          <CheckField key={flag} form={form} spec={checkbox(flag)} label={t(`newsletter.${flag}`)} defaultChecked={data[flag] === 'Y'} />
        ))}
      </fieldset>
      <fieldset className="form-field form-field--set">
        <legend>{t('newsletter.categories')}</legend>
        {categories.map((c) => (
          <CheckField
            key={c.value}
            form={form}
            spec={checkbox(`category.${c.value}`)}
            label={c.label}
            defaultChecked={data.subscribeMap[c.value] === 'Y'}
          />
        ))}
      </fieldset>
      {done && (
        <p className="form-success" role="status">
          {t('newsletter.saved')}
        </p>
      )}
      <Button type="submit" className="button--block" disabled={form.disabled}>
        {t('newsletter.save')}
      </Button>
    </Form>
  );
}
