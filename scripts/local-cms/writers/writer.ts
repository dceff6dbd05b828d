/**
 * What a document writer is: given one language's context and the sample, it emits the
 * documents of its one kind (an endpoint path, the data, and the schema the written file
 * must pass).
 */
import type { z } from 'zod';
import type { LangContext, PagePlan } from '../page-plans/page-kit.ts';
import type { SampleSet } from '../sample-set.ts';
import type { SharedImages } from '../shared-images.ts';

export interface OutDoc {
  endpoint: string;
  schema: z.ZodType;
  data: unknown;
}

export type Emit = (endpoint: string, schema: z.ZodType, data: unknown) => void;

export interface WriterInput {
  ctx: LangContext;
  sample: SampleSet;
  images: SharedImages;
  plans: readonly PagePlan[];
}

export type LanguageWriter = (input: WriterInput, emit: Emit) => void;
