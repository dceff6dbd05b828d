/**
 * What a region offers at checkout (src/lib/checkout/offers.ts), as the local API holds orders
 * to it: placing an order in the request's region, paying one later in the order's.
 */
import { offerProblem } from '../../src/lib/checkout/offers.ts';
import type { Region } from '../../src/lib/i18n/regions.ts';
import { fieldFailure } from './kit.ts';

/** Throws the field failure of the first thing asked for that `region` does not offer. */
export function refuseUnoffered(region: Region, order: Parameters<typeof offerProblem>[1]): void {
  const problem = offerProblem(region, order);
  if (problem) throw fieldFailure(problem.code, problem.message, problem.field);
}
