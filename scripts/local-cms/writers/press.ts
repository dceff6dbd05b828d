/** The press releases of a language and their index. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { pressIndexSchema, pressReleaseSchema } from '../../../src/lib/cms/schema.ts';
import { pressIndexEntry, samplePressReleases } from '../press-and-shops.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writePress({ ctx, sample }: WriterInput, emit: Emit): void {
  const { lang } = ctx;
  const { seed, now, pressPicture } = sample;
  const releases = samplePressReleases({ seed, now, language: lang, picture: pressPicture });
  emit(cmsEndpoints.pressIndex(lang.cmsCode), pressIndexSchema, { releases: releases.map(pressIndexEntry) });
  for (const release of releases) emit(cmsEndpoints.pressRelease(lang.cmsCode, release.id), pressReleaseSchema, release);
}
