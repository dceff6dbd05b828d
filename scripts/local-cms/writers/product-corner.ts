/** The product-corner marks: sold out, and the NEW and LIMITED corner codes. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { productCornerSchema } from '../../../src/lib/cms/schema.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeProductCorner({ ctx, images }: WriterInput, emit: Emit): void {
  const { lang } = ctx;
  const { marks } = images;
  emit(cmsEndpoints.shared(lang.cmsCode, 'product-corner'), productCornerSchema, {
    soldOut: { imageUrl: marks.soldOut, position: 'top-right' },
    marks: { NEW: { imageUrl: marks.NEW, position: 'top-left' }, LIMITED: { imageUrl: marks.LIMITED, position: 'top-left' } },
  });
}
