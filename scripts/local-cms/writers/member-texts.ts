/** The account pages' texts: the closure clause and the recycling programme. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { memberTextsSchema } from '../../../src/lib/cms/schema.ts';
import { memberTexts } from '../member-texts.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeMemberTexts({ ctx }: WriterInput, emit: Emit): void {
  emit(cmsEndpoints.shared(ctx.lang.cmsCode, 'member-texts'), memberTextsSchema, memberTexts(ctx.lang));
}
