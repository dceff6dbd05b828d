/** The text for an API refusal: msgCode translated, else the API's msg, else the caller's fallback text. */
import type { TFunction } from 'i18next';

export function messageFor(t: TFunction, msgCode: string | null, msg: string | null, fallbackKey = 'errors.interfaceException'): string {
  if (msgCode) {
    const translated = t(`errors.${msgCode}`, { defaultValue: '' });
    if (translated) return translated;
  }
  return msg || t(fallbackKey);
}
