/** The language config: the live station link, its icon and copy, and the balloon tips. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { languageConfigSchema } from '../../../src/lib/cms/schema.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writeLanguageConfig({ ctx, images }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  const { liveIcon } = images;
  emit(cmsEndpoints.shared(lang.cmsCode, 'language-config'), languageConfigSchema, {
    liveLink: '/feature/lookbook.html',
    liveStationIcon: liveIcon,
    liveCopywriting: copy.live.copywriting,
    liveProgress: copy.live.progress,
    balloonTips: copy.balloonTip,
  });
}
