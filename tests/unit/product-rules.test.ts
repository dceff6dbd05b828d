/** The product rules: price colour by price group, hem and gift-wrapping eligibility. */
import { describe, expect, it } from 'vitest';
import {
  caseServiceApplies,
  caseServiceOffered,
  distributionType,
  hemServiceApplies,
  hemServiceOffered,
  inseamError,
  isRedPrice,
} from '../../src/lib/product/rules.ts';

const groups = { RestrictPriceGroup: ['LIMITED_OFFER'], VaryPriceGroup: ['PRICE_DOWN'], ManualPriceGroup: ['MANUAL'] };

describe('price colour', () => {
  it('is red for a restricted or a varying price group, whatever the prices', () => {
    expect(isRedPrice('LIMITED_OFFER', 990, 990, groups)).toBe(true);
    expect(isRedPrice('PRICE_DOWN', 790, 990, groups)).toBe(true);
  });
  it('is red for a manual price group only when the two prices differ', () => {
    expect(isRedPrice('MANUAL', 790, 990, groups)).toBe(true);
    expect(isRedPrice('MANUAL', 990, 990, groups)).toBe(false);
  });
  it('is not red for other groups, or without one', () => {
    expect(isRedPrice('REGULAR', 790, 990, groups)).toBe(false);
    expect(isRedPrice(null, 790, 990, groups)).toBe(false);
    expect(isRedPrice('MANUAL', 790, 990, { ...groups, ManualPriceGroup: [] })).toBe(false);
  });
});

describe('distribution type', () => {
  it('is the pickup type for a pickup, else the shipping type', () => {
    expect(distributionType({ shippingType: 'PICKUP' })).toBe('PICKUP');
    expect(distributionType({ shippingType: 'PICKUP', pickupType: 'STORE' })).toBe('STORE');
    expect(distributionType({ shippingType: 'EXPRESS', pickupType: 'STORE' })).toBe('EXPRESS');
  });
});

describe('hem (pants-length) service', () => {
  const on = { tailorServiceSwitch: 'Y' as const, hemDeliveryType: ['EXPRESS_HEM', 'PICKUP_HEM'] };
  it('applies when the product allows it, the switch is on and the combination is listed', () => {
    expect(hemServiceApplies('Y', on, 'EXPRESS')).toBe(true);
    expect(hemServiceApplies('Y', on, 'PICKUP')).toBe(true);
  });
  it('does not apply for an unlisted combination, a product without it, or the switch off', () => {
    expect(hemServiceApplies('Y', on, 'DIRECT')).toBe(false);
    expect(hemServiceApplies('Y', on, 'EXPRESS', 'CUFF')).toBe(false);
    expect(hemServiceApplies('N', on, 'EXPRESS')).toBe(false);
    expect(hemServiceApplies('Y', { ...on, tailorServiceSwitch: 'N' }, 'EXPRESS')).toBe(false);
  });
  it('is offered on the product page when some distribution allows it', () => {
    expect(hemServiceOffered('Y', on)).toBe(true);
    expect(hemServiceOffered('Y', { ...on, hemDeliveryType: ['EXPRESS_CUFF'] })).toBe(false);
    expect(hemServiceOffered('N', on)).toBe(false);
  });
});

describe('gift-wrapping (case) service', () => {
  const on = { caseServiceSwitch: 'Y' as const, caseDeliveryType: ['EXPRESS'] };
  it('works like the hem rule, on distribution types', () => {
    expect(caseServiceApplies('Y', on, 'EXPRESS')).toBe(true);
    expect(caseServiceApplies('Y', on, 'PICKUP')).toBe(false);
    expect(caseServiceApplies('N', on, 'EXPRESS')).toBe(false);
    expect(caseServiceApplies('Y', { ...on, caseServiceSwitch: 'N' }, 'EXPRESS')).toBe(false);
    expect(caseServiceOffered('Y', on)).toBe(true);
    expect(caseServiceOffered('Y', { ...on, caseDeliveryType: [] })).toBe(false);
  });
});

describe('inseam', () => {
  it('takes whole or half centimetres within the range', () => {
    expect(inseamError('76')).toBeNull();
    expect(inseamError('76.5')).toBeNull();
    expect(inseamError('')).toBe('required');
    expect(inseamError('76.3')).toBe('range');
    expect(inseamError('39.5')).toBe('range');
    expect(inseamError('120.5')).toBe('range');
    expect(inseamError('40')).toBeNull();
    expect(inseamError('abc')).toBe('range');
  });
});

describe('wishlist validity', () => {
  it('is enabledFlag Y with a listed approval', async () => {
    const { isValidProduct } = await import('../../src/lib/product/wishlist.ts');
    const { WISH_VALID_APPROVALS } = await import('../../src/lib/api/contract-values.ts');
    expect([...WISH_VALID_APPROVALS]).toEqual(['LIST', 'AUTOLIST', 'BE_GOING_TO_LIST']);
    for (const approval of WISH_VALID_APPROVALS) expect(isValidProduct({ enabledFlag: 'Y', approval })).toBe(true);
    expect(isValidProduct({ enabledFlag: 'N', approval: 'LIST' })).toBe(false);
    expect(isValidProduct({ enabledFlag: 'Y', approval: 'UNLIST' })).toBe(false);
  });
});
