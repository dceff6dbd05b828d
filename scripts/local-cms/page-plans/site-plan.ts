/** Every page of the sample site, in the order of the CMS config's page list. */
import type { CatalogueProduct } from '../../sample-data/catalogue-schema.ts';
import { CodedError } from '../../../src/lib/errors.ts';
import { categoryPlans } from './categories.ts';
import { featurePlans } from './features.ts';
import { homePlan } from './home.ts';
import { landingPlans } from './landing.ts';
import { legalPlans } from './legal.ts';
import type { PagePlan, PlanInput } from './page-kit.ts';
import { productPagePlans } from './product-pages.ts';
import { scalePlans } from './scale.ts';
import { sizeChartPlan } from './size-chart.ts';

/** `scale`: pages per language in total; benchmark pages fill up to it (default: none). */
export function planSite(input: PlanInput, scale?: number): PagePlan[] {
  // Plans draw their pictures as they are made, so this order is also the pictures' order.
  const plans = [
    homePlan(input),
    ...landingPlans(input),
    ...categoryPlans(input),
    sizeChartPlan(),
    ...legalPlans(),
    ...featurePlans(input),
    ...productPagePlans(input),
  ];
  const basePageCount = plans.length;
  const pageCount = scale ?? basePageCount;
  if (!Number.isInteger(pageCount) || pageCount < 1) throw new RangeError(`scale must be a positive integer, got ${pageCount}`);
  return [...plans, ...scalePlans(input, basePageCount, pageCount)];
}

/** Internal consistency the schemas cannot see: parents exist, listed products exist. */
export function checkReferences(plans: readonly PagePlan[], products: readonly CatalogueProduct[]): void {
  const codes = new Set(plans.map((p) => p.code));
  for (const plan of plans) {
    if (plan.superCode && !codes.has(plan.superCode))
      throw new CodedError('SAMPLE_PAGE_PARENT_MISSING', `page ${plan.code}: superCode ${plan.superCode} is not a page`);
  }
  if (products.length < 100) throw new CodedError('SAMPLE_CATALOGUE_TOO_SMALL', `only ${products.length} products`);
}
