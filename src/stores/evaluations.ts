/**
 * Evaluations: a member evaluates the lines of a finished order (once each; the store
 * publishes them), and anyone reads a product's published evaluations on /evaluation.html.
 */
import { atom } from 'nanostores';
import type { Evaluation, RequestOf } from '../lib/api/contract.ts';
import { loadInto, loading, type Loadable } from './loadable.ts';
import { callApi, type ApiResult } from './session.ts';

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

export function evaluate(body: RequestOf<'evaluationCreate'>): Promise<ApiResult<Evaluation>> {
  return callApi('evaluationCreate', body);
}
