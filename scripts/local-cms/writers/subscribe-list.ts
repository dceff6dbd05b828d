/** The newsletter's subscription categories a member chooses from. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { subscribeListSchema } from '../../../src/lib/cms/schema.ts';
import { SUBSCRIBE_CATEGORIES } from '../member-texts.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeSubscribeList({ ctx }: WriterInput, emit: Emit): void {
  emit(cmsEndpoints.shared(ctx.lang.cmsCode, 'subscribe-list'), subscribeListSchema, {
    categories: SUBSCRIBE_CATEGORIES[ctx.lang.sampleCopy],
  });
}
