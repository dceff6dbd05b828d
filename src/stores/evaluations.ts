/**
 * Evaluations: a member evaluates the lines of a finished order (once each; the store
 * publishes them) and finds on their reviews page what waits for a review and what they wrote;
 * anyone reads a product's published evaluations on /evaluation.html.
 */
import { atom } from 'nanostores';
import type { Evaluation, RequestOf, ResponseOf } from '../lib/api/contract.ts';
import { loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, onMemberLogout, type ApiResult } from './session.ts';

export type { Evaluation };
export const EVALUATIONS_PAGE_SIZE = 10;

export interface EvaluationPage {
  list: Evaluation[];
  total: number;
  average: number | null;
  page: number;
}

export const $evaluations = atom<Loadable<EvaluationPage>>(loading());

export function loadEvaluations(productCode: string, page = 1): Promise<ApiResult<unknown>> {
  return loadInto(
    $evaluations,
    () => callApi('evaluationList', { productCode, page, pageSize: EVALUATIONS_PAGE_SIZE }),
    ({ list, total, average }) => ({ list, total, average, page }),
  );
}

/** The member's reviews page: the lines waiting for a review, and a page of the reviews written. */
export type MyEvaluations = ResponseOf<'evaluationMine'> & { page: number };
export type WaitingLine = MyEvaluations['waiting'][number];
export type OwnEvaluation = MyEvaluations['written']['list'][number];

export const $myEvaluations = atom<Loadable<MyEvaluations>>(loading());

export function loadMyEvaluations(page = 1): Promise<ApiResult<unknown>> {
  return loadInto(
    $myEvaluations,
    () => callApi('evaluationMine', { page, pageSize: EVALUATIONS_PAGE_SIZE }),
    (mine) => ({ ...mine, page }),
  );
}

export function evaluate(body: RequestOf<'evaluationCreate'>): Promise<ApiResult<Evaluation>> {
  return callApi('evaluationCreate', body);
}

onMemberLogout(() => $myEvaluations.set(loading()));
