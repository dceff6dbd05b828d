/** The newsletter popup, shown for the next 30 days. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { popupSchema } from '../../../src/lib/cms/schema.ts';
import { esc } from '../page-plans/page-kit.ts';
import { DAY } from '../sample-set.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writePopup({ ctx, sample }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  const { now } = sample;
  emit(cmsEndpoints.shared(lang.cmsCode, 'popup'), popupSchema, {
    pPopupType: 'custom',
    customStartTime: now - DAY,
    customEndTime: now + 30 * DAY,
    pCustomContent: `<div class="linea-popup"><h2>${esc(copy.popup.heading)}</h2><p>${esc(copy.popup.body)}</p><a class="linea-popup__button" href="/newsletter-subscription.html">${esc(copy.popup.button)}</a></div>`,
  });
}
