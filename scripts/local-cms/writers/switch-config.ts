/** The switch config (one for every language): which services are on, the live window, price groups. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { switchConfigSchema } from '../../../src/lib/cms/schema.ts';
import { DAY, type SampleSet } from '../sample-set.ts';
import type { Emit } from './writer.ts';

export function writeSwitchConfig({ now }: SampleSet, emit: Emit): void {
  emit(cmsEndpoints.switchConfig(), switchConfigSchema, {
    collectionSwitch: 'Y',
    tailorServiceSwitch: 'Y',
    hemDeliveryType: ['EXPRESS_HEM', 'PICKUP_HEM'],
    caseServiceSwitch: 'Y',
    caseDeliveryType: ['EXPRESS', 'PICKUP'],
    liveStartTime: now - DAY,
    liveEndTime: now + DAY,
    liveDisplayClient: 'PC',
    recopfSwitch: 'Y',
    certonaSwitch: 'N',
    pPopupType: 'custom',
    memberPrivacySwitch: 'Y',
    isPeakPromotion: 'N',
    associativeSearchSwitch: 'Y',
    customerServiceSwitch: 'Y',
    desensitizeSwitch: 'Y',
    mobileMaskLeadingDigits: 3,
    RestrictPriceGroup: ['LIMITED_OFFER'],
    VaryPriceGroup: ['PRICE_DOWN'],
    ManualPriceGroup: ['MANUAL'],
  });
}
