/** The recommended products of each gender. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { genderRecommendationSchema } from '../../../src/lib/cms/schema.ts';
import { TAXONOMY } from '../taxonomy.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeGenderRecommendation({ ctx, sample }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  const { byGender, pick } = sample;
  emit(cmsEndpoints.shared(lang.cmsCode, 'gender-recommendation'), genderRecommendationSchema, {
    genders: TAXONOMY.map((g) => ({
      gender: g.gender,
      title: copy.recommendationTitles[g.gender],
      productCodes: pick(`RECOMMEND-${g.gender}`, byGender(g.gender), 8).map((p) => p.productCode),
    })),
  });
}
