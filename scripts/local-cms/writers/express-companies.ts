/** The couriers a member can name when sending goods back. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { expressCompaniesSchema } from '../../../src/lib/cms/schema.ts';
import { EXPRESS_COMPANIES } from '../member-texts.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeExpressCompanies({ ctx }: WriterInput, emit: Emit): void {
  emit(cmsEndpoints.shared(ctx.lang.cmsCode, 'express-companies'), expressCompaniesSchema, {
    companies: EXPRESS_COMPANIES[ctx.lang.sampleCopy],
  });
}
