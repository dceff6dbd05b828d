/**
 * The product rules: the price colour under the price-group lists, and when the
 * hem-length (pants-length) and gift-wrapping (case) services apply. Pure; the product page,
 * the cart and checkout share them.
 */
import type { z } from 'zod';
import type { switchConfigSchema } from '../cms/schema.ts';

type SwitchConfig = z.infer<typeof switchConfigSchema>;
export type PriceGroups = Pick<SwitchConfig, 'RestrictPriceGroup' | 'VaryPriceGroup' | 'ManualPriceGroup'>;
export type HemSwitches = Pick<SwitchConfig, 'tailorServiceSwitch' | 'hemDeliveryType'>;
export type CaseSwitches = Pick<SwitchConfig, 'caseServiceSwitch' | 'caseDeliveryType'>;

/** Only the price groups of the switch config: what a page hands the browser for the red-price rule. */
export const priceGroupsOf = ({ RestrictPriceGroup, VaryPriceGroup, ManualPriceGroup }: PriceGroups): PriceGroups => ({
  RestrictPriceGroup,
  VaryPriceGroup,
  ManualPriceGroup,
});

/** Red for a restricted or varying price group, or for a manual one when the two prices differ. */
export function isRedPrice(priceGroup: string | null | undefined, sale: number, origin: number, groups: PriceGroups): boolean {
  if (!priceGroup) return false;
  if (groups.RestrictPriceGroup.includes(priceGroup) || groups.VaryPriceGroup.includes(priceGroup)) return true;
  return groups.ManualPriceGroup.includes(priceGroup) && sale !== origin;
}

/** The distribution type of a delivery: the pickup type when it is a pickup, otherwise the shipping type. */
export function distributionType(delivery: { shippingType: string; pickupType?: string | null }): string {
  return delivery.shippingType === 'PICKUP' ? delivery.pickupType || 'PICKUP' : delivery.shippingType;
}

/** The hem type the store offers: hemming to a finished inseam. */
export const HEM_TYPE = 'HEM';

/** Hemming applies when the product allows it, the service is on, and `{distribution}_{hemType}` is listed. */
export function hemServiceApplies(
  makePantsLengthFlag: 'Y' | 'N',
  switches: HemSwitches,
  distribution: string,
  hemType: string = HEM_TYPE,
): boolean {
  return (
    makePantsLengthFlag === 'Y' && switches.tailorServiceSwitch === 'Y' && switches.hemDeliveryType.includes(`${distribution}_${hemType}`)
  );
}

/** Gift wrapping: the same rule with caseFlag, caseServiceSwitch and caseDeliveryType (distribution types). */
export function caseServiceApplies(caseFlag: 'Y' | 'N', switches: CaseSwitches, distribution: string): boolean {
  return caseFlag === 'Y' && switches.caseServiceSwitch === 'Y' && switches.caseDeliveryType.includes(distribution);
}

/**
 * On the product page the delivery is not chosen yet: a service is offered when at least
 * one distribution type allows it (checkout then keeps it only where it applies).
 */
export function hemServiceOffered(makePantsLengthFlag: 'Y' | 'N', switches: HemSwitches, hemType: string = HEM_TYPE): boolean {
  return switches.hemDeliveryType.some(
    (entry) =>
      entry.endsWith(`_${hemType}`) && hemServiceApplies(makePantsLengthFlag, switches, entry.slice(0, -hemType.length - 1), hemType),
  );
}

export function caseServiceOffered(caseFlag: 'Y' | 'N', switches: CaseSwitches): boolean {
  return switches.caseDeliveryType.some((distribution) => caseServiceApplies(caseFlag, switches, distribution));
}

/** Finished inseam a shopper may ask for, in centimetres. */
export const INSEAM_RANGE_CM = { min: 40, max: 120 } as const;

export function inseamError(value: string): 'required' | 'range' | null {
  if (!value.trim()) return 'required';
  const n = Number(value);
  if (!Number.isFinite(n) || n < INSEAM_RANGE_CM.min || n > INSEAM_RANGE_CM.max || Math.round(n * 2) !== n * 2) return 'range';
  return null;
}
