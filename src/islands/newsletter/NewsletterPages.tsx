/**
 * The newsletter's pages: /newsletter-subscription.html subscribes an address (the
 * member's own categories and flags are not here yet), and those reached from a mail:
 * /subscription-success.html?token= confirms a
 * subscription (a dead link goes on to the failure page); /subscription-failure.html says so and
 * offers to subscribe again; /unsubscribe.html?email=&signature= unsubscribes the address once
 * the reader confirms it. None needs an account.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { emailField } from '../../lib/forms/common-fields.ts';
import { checkField } from '../../lib/forms/form.ts';
import { $newsletterLink, confirmNewsletter, subscribeNewsletter, unsubscribeNewsletter } from '../../stores/newsletter.ts';
import { Button } from '../forms/Button.tsx';
import { codeText } from '../forms/use-form.ts';
import { useQuery } from '../use-query.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

type Kind = 'subscribe' | 'confirm' | 'failure' | 'unsubscribe';

export default function NewsletterPages({ languageCode, prefix, messages, kind }: IslandProps & { kind: Kind }) {
  const t = useTranslator(languageCode, messages);
  if (kind === 'confirm') return <Confirm t={t} prefix={prefix} />;
  if (kind === 'unsubscribe') return <Unsubscribe t={t} />;
  return (
    <div className="auth-card">
      <p>{t(kind === 'failure' ? 'newsletter.failureBody' : 'newsletter.popupBody')}</p>
      <SubscribeForm t={t} />
    </div>
  );
}

type T = ReturnType<typeof useTranslator>;

function Confirm({ t, prefix }: { t: T; prefix: string }) {
  const query = useQuery();
  const link = useStore($newsletterLink);
  useEffect(() => {
    if (!query) return;
    const token = query.get('token');
    if (token) void confirmNewsletter(token);
    else location.replace(`${prefix}/subscription-failure.html`);
  }, [query, prefix]);
  useEffect(() => {
    if (link.status === 'failed') location.replace(`${prefix}/subscription-failure.html`);
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

function Unsubscribe({ t }: { t: T }) {
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

/** Subscribing again after a dead link: the address, checked as the pop-up checks it. */
function SubscribeForm({ t }: { t: T }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<'pending' | 'confirmed' | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = await checkField(emailField(), { email });
    if (code) return setError(codeText(t, code));
    setError(null);
    const result = await subscribeNewsletter(email);
    if (result.ok) setSent(result.data.status);
    else if (result.kind === 'failure') setError(codeText(t, result.msgCode, result.msg));
    else if (result.kind === 'network') setError(t('errors.interfaceException'));
  }
  if (sent)
    return (
      <p className="form-success" role="status">
        {t(sent === 'pending' ? 'newsletter.checkInbox' : 'newsletter.alreadySubscribed')}
      </p>
    );
  return (
    <form className="newsletter-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-field">
        <label htmlFor="newsletter-email">{t('newsletter.email')}</label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && (
          <p className="form-field__error" id="newsletter-email-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button type="submit">{t('newsletter.subscribe')}</Button>
    </form>
  );
}
