/** The text for an API refusal: msgCode translated, else the API's msg, else the caller's fallback text. */
import type { Translate } from '../lib/i18n/translator.ts';

export function messageFor(t: Translate, msgCode: string | null, msg: string | null, fallbackKey = 'errors.interfaceException'): string {
  if (msgCode) {
    const translated = t(`errors.${msgCode}`, { defaultValue: '' });
    if (translated) return translated;
  }
  return msg || t(fallbackKey);
}
