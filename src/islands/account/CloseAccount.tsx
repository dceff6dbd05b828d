/**
 * /account/cancellation-clause.html: closing the account. The clause comes from the CMS; the
 * member ticks "I agree" and confirms with their password. The store refuses while orders or
 * after-sales cases are open, and says so; afterwards the account cannot sign in, and its
 * data stays with the store, marked closed.
 */
import { useState } from 'react';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { closeAccount } from '../../stores/member.ts';
import { Button } from '../forms/Button.tsx';
import { CheckField, Form, FormError, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { MemberGate } from './parts.tsx';

const AGREE: FieldSpec = { name: 'agree', required: 'ACCOUNT_CLOSE_AGREE_REQUIRED' };
const PASSWORD: FieldSpec = { name: 'password', required: 'UR_PASSWORD_REQUIRED' };
/** Refusals that an open order or case explains: the member is shown where to look. */
const OPEN_CASES = new Set(['ACCOUNT_HAS_OPEN_ORDERS', 'ACCOUNT_HAS_OPEN_AFTERSALES']);

export default function CloseAccount({
  languageCode,
  prefix,
  messages,
  clause,
}: IslandProps & { clause: { title: string; paragraphs: string[] } }) {
  const t = useTranslator(languageCode, messages);
  const [closed, setClosed] = useState(false);
  const [openCases, setOpenCases] = useState(false);
  const form = useForm({
    t,
    fields: [AGREE, PASSWORD],
    process: (values) => ({ agree: true as const, password: values.password ?? '' }),
    submit: (body: { agree: true; password: string }) => {
      setOpenCases(false);
      return closeAccount(body);
    },
    onSuccess: () => setClosed(true),
    onError: (info) => setOpenCases(OPEN_CASES.has(info.msgCode)),
  });
  if (closed)
    return (
      <section className="account-card" data-account-closed>
        <p className="form-success" role="status">
          {t('account.close.done')}
        </p>
        <a className="button" href={`${prefix}/`}>
          {t('account.close.home')}
        </a>
      </section>
    );
  return (
    <MemberGate t={t}>
      {() => (
        <div className="close-account">
          <section className="account-card clause" aria-labelledby="clause-heading">
            <h2 id="clause-heading">{clause.title}</h2>
            {clause.paragraphs.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </section>
          <Form form={form} className="account-form account-card" label={t('account.close.confirm')}>
            <CheckField form={form} spec={AGREE} label={t('account.close.agree')} />
            <TextField form={form} spec={PASSWORD} type="password" label={t('auth.password')} autoComplete="current-password" />
            <FormError form={form} />
            {openCases && (
              <p className="account-card__meta">
                <a href={`${prefix}/account/order/order-list.html`}>{t('account.close.seeOrders')}</a> ·{' '}
                <a href={`${prefix}/account/refund.html`}>{t('account.close.seeAfterSales')}</a>
              </p>
            )}
            <div className="account-form__actions">
              <Button type="submit" variant="danger" disabled={form.disabled}>
                {form.busy ? t('account.sending') : t('account.close.confirm')}
              </Button>
            </div>
          </Form>
        </div>
      )}
    </MemberGate>
  );
}
