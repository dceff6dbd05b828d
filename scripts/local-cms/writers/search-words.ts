/** The search words that lead straight to a page. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { searchWordsSchema } from '../../../src/lib/cms/schema.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeSearchWords({ ctx }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  emit(
    cmsEndpoints.shared(lang.cmsCode, 'search-words'),
    searchWordsSchema,
    Object.fromEntries(copy.searchWords.map(([word, link]) => [word, { pcLink: link }])),
  );
}
