/** Currency display: configured unit, decimals and optional thousands separator. */
import { currencyFormatOf, type CurrencyCode, type CurrencyFormat } from '../i18n/regions.ts';

export function formatPrice(amount: number, currency: CurrencyFormat): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Price must be a finite number, got ${amount}`);
  const fixed = Math.abs(amount).toFixed(currency.decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = currency.thousandsSeparator ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, currency.thousandsSeparator) : whole;
  return `${amount < 0 ? '-' : ''}${currency.unit}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A range shows as "min - max"; equal bounds show one price. */
export function formatPriceRange(min: number, max: number, currency: CurrencyFormat): string {
  if (min === max) return formatPrice(min, currency);
  const [low, high] = min < max ? [min, max] : [max, min];
  return `${formatPrice(low, currency)} - ${formatPrice(high, currency)}`;
}

/** An amount in the currency it carries (a cart's, an order's, a coupon's), shown by that currency's rule. */
export const formatMoney = (amount: number, currencyCode: CurrencyCode): string => formatPrice(amount, currencyFormatOf(currencyCode));
