/** The return notice shown at checkout. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { returnNoticeSchema } from '../../../src/lib/cms/schema.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeReturnNotice({ ctx }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  emit(cmsEndpoints.shared(lang.cmsCode, 'return-notice'), returnNoticeSchema, copy.returnNotice);
}
