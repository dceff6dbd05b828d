/**
 * The address form's fields (src/lib/forms/address-fields.ts): every text field an address
 * keeps strips emoji, #, & and ! as the member leaves it, before its own check, so nothing a
 * courier's label cannot print is saved; the receiver's name rule then judges what is left.
 */
import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS, addressFields, addressFieldSpec } from '../../src/lib/forms/address-fields.ts';
import { checkField, cleanValue, firstFailure } from '../../src/lib/forms/form.ts';

const TEXT_FIELDS = ['receiver', 'mobile', 'city', 'detail', 'zipCode'];

describe('address fields: the strip rule', () => {
  it('is on every text field of an address (the region and the default flag are choices)', () => {
    const stripping = ADDRESS_FIELDS.filter((f) => f.strip).map((f) => f.name);
    expect(stripping).toEqual(TEXT_FIELDS);
  });

  it.each([
    ['detail', '忠孝東路😀一段1號🏠', '忠孝東路一段1號'],
    ['detail', ' 皇后大道中 1 號 #5！ ', '皇后大道中 1 號 5'],
    ['city', '大安區🇹🇼', '大安區'],
    ['receiver', '林小明👍🏽', '林小明'],
    ['receiver', '陳&大文', '陳大文'],
    ['mobile', '0912 345 678📱', '0912345678'],
    ['zipCode', '106#', '106'],
  ])('%s: %s is kept as %s', (name, typed, kept) => {
    expect(cleanValue(addressFieldSpec(name), typed)).toBe(kept);
  });

  it('a field of emoji alone is empty once stripped: its required code', async () => {
    const detail = addressFieldSpec('detail');
    expect(await checkField(detail, { detail: cleanValue(detail, '🏠🏠') })).toBe('AD_DETAIL_REQUIRED');
  });

  it('a whole address typed with emoji passes once cleaned', async () => {
    const typed = {
      receiver: '林小明😀',
      region: 'TW',
      mobile: '0912345678',
      city: '大安區🏙️',
      detail: '忠孝東路😀一段1號🏠',
      zipCode: '106',
    };
    const fields = addressFields(typed);
    const kept = Object.fromEntries(
      Object.entries(typed).map(([k, v]) => [
        k,
        cleanValue(
          fields.find((f) => f.name === k)!,
          v,
        ),
      ]),
    );
    expect(kept).toEqual({ ...typed, receiver: '林小明', city: '大安區', detail: '忠孝東路一段1號' });
    expect(await firstFailure(fields, kept)).toBeNull();
  });
});
