/** The couriers a member can name when sending goods back. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { expressCompaniesSchema } from '../../../src/lib/cms/schema.ts';
import { expressCompanies } from '../member-texts.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeExpressCompanies({ ctx }: WriterInput, emit: Emit): void {
  emit(cmsEndpoints.shared(ctx.lang.cmsCode, 'express-companies'), expressCompaniesSchema, {
    companies: expressCompanies(ctx.lang),
  });
}
