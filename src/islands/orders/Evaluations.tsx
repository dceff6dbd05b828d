/**
 * Evaluations. /account/order/evaluate.html?orderCode=: each line of a finished order not yet
 * evaluated gets a rating (1–5), a text (5–500 characters, no emoji or #, & and !) and up to 3
 * pictures; the store publishes them. The same page without an order (the account menu's
 * reviews entry) lists the lines waiting for a review, each linking to its order's form, and
 * the reviews the member wrote, published or waiting for the store. /evaluation.html?productCode=:
 * a product's published evaluations with the average rating, for everyone (the product page
 * links here).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { DATE_FORMAT, EVALUATION_TEXT_MAX_LENGTH, EVALUATION_TEXT_MIN_LENGTH } from '../../lib/constants.ts';
import { formatMoment } from '../../lib/format/dates.ts';
import type { FieldSpec } from '../../lib/forms/form.ts';
import { hasEmojiOrSymbols } from '../../lib/validation/rules.ts';
import {
  $evaluations,
  $myEvaluations,
  evaluate,
  EVALUATIONS_PAGE_SIZE,
  loadEvaluations,
  loadMyEvaluations,
  type Evaluation,
  type OwnEvaluation,
} from '../../stores/evaluations.ts';
import { type Order } from '../../stores/orders.ts';
import { AttachmentInput, useAttachments } from '../account/AttachmentInput.tsx';
import { LoadState, MemberGate, Pager } from '../account/parts.tsx';
import { Button } from '../forms/Button.tsx';
import { ChoiceField, Form, FormError, TextArea } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { MemberOrder } from './MemberOrder.tsx';
import { useTranslator, type IslandProps } from '../use-translator.ts';
import { useParam } from './parts.tsx';

const RATINGS = ['5', '4', '3', '2', '1'] as const;
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

export function EvaluateOrder({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  // No order named: the member's reviews page (the account menu links here without one).
  if (useParam('orderCode') === '') return <MyEvaluations t={t} prefix={prefix} />;
  return (
    <MemberOrder t={t}>
      {(order) => {
        const open = order.status === 'FINISHED' ? order.products.filter((p) => p.evaluated === 'N') : [];
        if (open.length === 0)
          return (
            <p className="account-empty">
              {t('evaluations.nothingToEvaluate')}{' '}
              <a href={`${prefix}/account/detail.html?orderCode=${encodeURIComponent(order.orderCode)}`}>{t('orders.backToOrder')}</a>
            </p>
          );
        return (
          <div className="evaluate">
            {open.map((line) => (
              <LineEvaluation key={line.productId} t={t} prefix={prefix} order={order} line={line} />
            ))}
          </div>
        );
      }}
    </MemberOrder>
  );
}

/** What waits for a review, each line linking to its order's form, then the reviews written. */
function MyEvaluations({ t, prefix }: { t: Translate; prefix: string }) {
  const state = useStore($myEvaluations);
  return (
    <MemberGate t={t} onMember={() => void loadMyEvaluations()}>
      {() => (
        <LoadState t={t} state={state} retry={() => void loadMyEvaluations(state.data?.page ?? 1)}>
          {(mine) => (
            <div className="my-evaluations">
              <section className="account-page-section" aria-labelledby="evaluations-waiting">
                <h2 id="evaluations-waiting">{t('evaluations.waiting')}</h2>
                {mine.waiting.length === 0 ? (
                  <p className="account-empty">{t('evaluations.noneWaiting')}</p>
                ) : (
                  <ul className="evaluations__list">
                    {mine.waiting.map((line) => (
                      <li key={`${line.orderCode}/${line.productId}`} className="account-card" data-waiting={line.productId}>
                        <div className="evaluate__line">
                          <img src={line.imageUrl} alt="" width={64} height={80} loading="lazy" />
                          <div>
                            <h3>{line.skuName}</h3>
                            <p className="account-card__meta">
                              {line.colorAlias} / {line.sizeAlias} ·{' '}
                              {t('evaluations.fromOrder', { orderCode: line.orderCode, date: formatMoment(line.orderedAt, DATE_FORMAT) })}
                            </p>
                          </div>
                        </div>
                        <a
                          className="button"
                          href={`${prefix}/account/order/evaluate.html?orderCode=${encodeURIComponent(line.orderCode)}`}
                          aria-label={t('evaluations.writeFor', { name: line.skuName })}
                        >
                          {t('evaluations.write')}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section className="account-page-section" aria-labelledby="evaluations-written">
                <h2 id="evaluations-written">{t('evaluations.written')}</h2>
                {mine.written.total === 0 ? (
                  <p className="account-empty">{t('evaluations.noneWritten')}</p>
                ) : (
                  <>
                    <ul className="evaluations__list">
                      {mine.written.list.map((e) => (
                        <WrittenEvaluation key={e.evaluationId} t={t} prefix={prefix} evaluation={e} />
                      ))}
                    </ul>
                    <Pager
                      t={t}
                      page={mine.page}
                      total={mine.written.total}
                      pageSize={EVALUATIONS_PAGE_SIZE}
                      onPage={(next) => void loadMyEvaluations(next)}
                    />
                  </>
                )}
              </section>
            </div>
          )}
        </LoadState>
      )}
    </MemberGate>
  );
}

function WrittenEvaluation({ t, prefix, evaluation: e }: { t: Translate; prefix: string; evaluation: OwnEvaluation }) {
  return (
    <li className="account-card evaluation" data-evaluation={e.evaluationId} data-published={e.published}>
      <div className="evaluate__line">
        {e.imageUrl && <img src={e.imageUrl} alt="" width={64} height={80} loading="lazy" />}
        <div>
          <h3>
            <a href={`${prefix}/product-detail.html?productCode=${encodeURIComponent(e.productCode)}`}>{e.skuName}</a>
          </h3>
          <p className="account-card__meta">
            {e.colorAlias} / {e.sizeAlias} · {formatMoment(e.createdAt, DATE_FORMAT)}{' '}
            <span className="status-pill">{t(e.published === 'Y' ? 'evaluations.published' : 'evaluations.pending')}</span>
          </p>
        </div>
      </div>
      <EvaluationBody t={t} evaluation={e} />
    </li>
  );
}

/** An evaluation's stars, text and pictures, as the product's list and the member's own show them. */
function EvaluationBody({ t, evaluation: e, meta }: { t: Translate; evaluation: Evaluation; meta?: string }) {
  return (
    <>
      <p>
        <span className="evaluation__stars" aria-label={t('evaluations.stars', { count: e.rating })}>
          {stars(e.rating)}
        </span>
        {meta && (
          <>
            {' '}
            <span className="account-card__meta">{meta}</span>
          </>
        )}
      </p>
      <p className="evaluation__text">{e.text}</p>
      {e.pictures.length > 0 && (
        <ul className="attachment-list">
          {e.pictures.map((p) => (
            <li key={p.attachmentId}>
              <img src={p.url} alt={p.name} width={96} height={96} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const RATING: FieldSpec = { name: 'rating', required: 'EV_RATING_REQUIRED' };
const TEXT: FieldSpec = {
  name: 'text',
  required: 'EV_TEXT_LENGTH',
  minLength: EVALUATION_TEXT_MIN_LENGTH,
  minLengthCode: 'EV_TEXT_LENGTH',
  maxLength: EVALUATION_TEXT_MAX_LENGTH,
  counter: true,
  validate: (value) => !hasEmojiOrSymbols(value) || 'EV_TEXT_EMOJI',
};

function LineEvaluation({ t, prefix, order, line }: { t: Translate; prefix: string; order: Order; line: Order['products'][number] }) {
  const attachments = useAttachments();
  const [done, setDone] = useState(false);
  const form = useForm({
    t,
    id: `evaluate-${line.productId}`,
    fields: [RATING, TEXT],
    process: (values) => ({
      orderCode: order.orderCode,
      productId: line.productId,
      rating: Number(values.rating),
      text: values.text ?? '',
      attachments: attachments.files,
    }),
    submit: evaluate,
    onSuccess: () => setDone(true),
  });
  const name = `${line.productDetailInfo.skuName} · ${line.productDetailInfo.colorAlias} / ${line.productDetailInfo.sizeAlias}`;
  if (done)
    return (
      <section className="account-card" data-evaluated={line.productId}>
        <h2>{name}</h2>
        <p className="form-success" role="status">
          {t('evaluations.thanks')}
        </p>
        <a className="text-link" href={`${prefix}/evaluation.html?productCode=${encodeURIComponent(line.productCode)}`}>
          {t('evaluations.seeAll')}
        </a>
      </section>
    );
  return (
    <Form form={form} className="account-form account-card" label={name}>
      <div className="evaluate__line">
        <img src={line.imageUrl} alt="" width={64} height={80} loading="lazy" />
        <h2>{name}</h2>
      </div>
      <ChoiceField
        form={form}
        spec={{ ...RATING, name: 'rating' }}
        label={t('evaluations.rating')}
        options={RATINGS.map((r) => ({
          value: r,
          label: <span aria-label={t('evaluations.stars', { count: Number(r) })}>{stars(Number(r))}</span>,
        }))}
      />
      <TextArea
        form={form}
        spec={TEXT}
        label={t('evaluations.text')}
        rows={4}
        hint={t('evaluations.textHint', { min: EVALUATION_TEXT_MIN_LENGTH })}
      />
      <AttachmentInput form={form} t={t} attachments={attachments} />
      <FormError form={form} />
      <div className="account-form__actions">
        <Button type="submit" disabled={form.disabled}>
          {form.busy ? t('account.sending') : t('evaluations.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** A product's published evaluations, for everyone. */
export function ProductEvaluations({ languageCode, prefix, messages }: IslandProps) {
  const t = useTranslator(languageCode, messages);
  const productCode = useParam('productCode');
  const state = useStore($evaluations);
  useEffect(() => {
    if (productCode) void loadEvaluations(productCode);
  }, [productCode]);
  if (productCode === null) return null;
  if (!productCode) return <p className="account-empty">{t('evaluations.noProduct')}</p>;
  return (
    <div className="evaluations">
      <LoadState t={t} state={state} retry={() => void loadEvaluations(productCode, state.data?.page ?? 1)}>
        {(page) => (
          <>
            <p className="evaluations__summary">
              {page.average === null
                ? t('evaluations.none')
                : t('evaluations.average', { average: page.average.toFixed(1), count: page.total })}{' '}
              <a href={`${prefix}/product-detail.html?productCode=${encodeURIComponent(productCode)}`}>{t('evaluations.toProduct')}</a>
            </p>
            <ul className="evaluations__list">
              {page.list.map((e) => (
                <li key={e.evaluationId} className="account-card evaluation" data-evaluation={e.evaluationId}>
                  <EvaluationBody
                    t={t}
                    evaluation={e}
                    meta={`${e.author} · ${e.colorAlias} / ${e.sizeAlias} · ${formatMoment(e.createdAt, DATE_FORMAT)}`}
                  />
                </li>
              ))}
            </ul>
            <Pager
              t={t}
              page={page.page}
              total={page.total}
              pageSize={EVALUATIONS_PAGE_SIZE}
              onPage={(next) => void loadEvaluations(productCode, next)}
            />
          </>
        )}
      </LoadState>
    </div>
  );
}
