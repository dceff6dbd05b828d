/** The shops of a language. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { shopsSchema } from '../../../src/lib/cms/schema.ts';
import { sampleShops } from '../press-and-shops.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeShops({ ctx, sample }: WriterInput, emit: Emit): void {
  const { lang } = ctx;
  const { pressPicture } = sample;
  emit(cmsEndpoints.shops(lang.cmsCode), shopsSchema, { shops: sampleShops(lang.sampleCopy, pressPicture) });
}
