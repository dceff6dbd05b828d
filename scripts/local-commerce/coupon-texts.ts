/**
 * A coupon's title and terms by language: a region's coupon is written in each language its
 * store is read in (Hong Kong's in Chinese and English). Kept as they are stored, in
 * `coupon_offers` (title, description) and in the member's coupon records: either one text for
 * every language, as every coupon was before, or a JSON object of texts by language code. The
 * API answers them in the request's language (request-language.ts falls back as the CMS does).
 */
import { localText } from './request-language.ts';

export type CouponTexts = string | Readonly<Record<string, string>>;

/** A column's value: a JSON object of texts by language, or one plain text. */
export function textsOfColumn(value: string): CouponTexts {
  if (!value.startsWith('{')) return value;
  try {
    return JSON.parse(value) as Record<string, string>;
  } catch {
    return value; // a plain text that happens to start with a brace
  }
}

/** What a column stores: one text as it is, texts by language as their JSON. */
export const columnOfTexts = (texts: CouponTexts): string => (typeof texts === 'string' ? texts : JSON.stringify(texts));

/** The text for the request's language. */
export const textOf = (texts: CouponTexts): string => (typeof texts === 'string' ? texts : localText(texts));
