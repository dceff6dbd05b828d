/** The ticker above the header: three messages. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { tickerSchema } from '../../../src/lib/cms/schema.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeTicker({ ctx }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  emit(cmsEndpoints.shared(lang.cmsCode, 'ticker'), tickerSchema, {
    web: {
      A: { type: 'text', closeButton: 'Y', pcText: copy.tickers.A, linkFlag: 'Y', pcLink: '/feature/new-arrivals.html', displayFlag: 'Y' },
      B: { type: 'text', closeButton: 'N', pcText: copy.tickers.B, linkFlag: 'Y', pcLink: '/register.html', displayFlag: 'Y' },
      C: { type: 'text', closeButton: 'Y', pcText: copy.tickers.C, linkFlag: 'N', pcLink: '', displayFlag: 'Y' },
    },
  });
}
