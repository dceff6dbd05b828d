/** The newsletter popup, shown for the next 30 days. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { localizedPath } from '../../../src/lib/cms/pages.ts';
import { popupSchema } from '../../../src/lib/cms/schema.ts';
import { esc } from '../page-plans/page-kit.ts';
import { DAY } from '../sample-set.ts';
import type { Emit, WriterInput } from './writer.ts';

const NEWSLETTER_PATH = '/newsletter-subscription.html';

export function writePopup({ ctx, sample }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  const { now } = sample;
  emit(cmsEndpoints.shared(lang.cmsCode, 'popup'), popupSchema, {
    pPopupType: 'custom',
    customStartTime: now - DAY,
    customEndTime: now + 30 * DAY,
    pCustomContent: `<div class="linea-popup"><h2>${esc(copy.popup.heading)}</h2><p>${esc(copy.popup.body)}</p><a class="linea-popup__button" href="${localizedPath(lang, NEWSLETTER_PATH)}">${esc(copy.popup.button)}</a></div>`,
  });
}
