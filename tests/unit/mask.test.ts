/** Mobile-number masking (desensitize switch Y): the rules are in src/lib/format/mask.ts's comment. */
import { describe, expect, it } from 'vitest';
import { displayMobile, maskMobile } from '../../src/lib/format/mask.ts';

describe('maskMobile: +86 numbers keep the leading digits of the national number and the last 4', () => {
  it.each([
    ['13812345678', 3, '138****5678'],
    ['13812345678', 0, '****5678'],
    ['13812345678', 4, '1381****5678'],
    ['19912345678', 3, '199****5678'],
    ['+86 13812345678', 3, '+86 138****5678'],
    ['+86 13812345678', 0, '+86 ****5678'],
    ['+86 13812345678', 4, '+86 1381****5678'],
    ['+8613812345678', 3, '+86138****5678'],
    ['+86 138 1234 5678', 3, '+86 138****5678'],
    ['+86 1012345678', 3, '+86 101****5678'],
  ])('%s with %i leading kept → %s', (mobile, keep, masked) => expect(maskMobile(mobile, keep)).toBe(masked));

  it('does not take 86 without a + for the country code: 8613812345678 follows the last-2 rule', () => {
    expect(maskMobile('8613812345678', 3)).toBe('861****78');
  });
  it('does not take a 12-digit number starting 1 for a bare mainland mobile (last 2, not 4)', () => {
    expect(maskMobile('138123456789', 3)).toBe('138****89');
  });
});

describe('maskMobile: every other number keeps the leading characters of the national number and the last 2', () => {
  it.each([
    ['0912345678', 3, '091****78'],
    ['0912345678', 0, '****78'],
    ['0912345678', 4, '0912****78'],
    ['91234567', 3, '912****67'],
    ['61234567', 3, '612****67'],
    ['+85291234567', 3, '+852912****67'],
    ['+85291234567', 0, '+852****67'],
    ['+85291234567', 4, '+8529123****67'],
    ['+852 9123 4567', 3, '+852 912****67'],
    ['+85361234567', 3, '+853612****67'],
    ['+886912345678', 3, '+886912****78'],
    ['+886 912 345 678', 4, '+886 9123****78'],
    ['0912 345 678', 3, '091****78'],
  ])('%s with %i leading kept → %s', (mobile, keep, masked) => expect(maskMobile(mobile, keep)).toBe(masked));

  it('splits off another country code only when a space follows it; otherwise counts from the +', () => {
    expect(maskMobile('+1 4155550123', 3)).toBe('+1 415****23');
    expect(maskMobile('+14155550123', 3)).toBe('+14****23');
  });
  it('reads +886 as Taiwan, not as +88 and a number, nor as +86', () => {
    expect(maskMobile('+886912345678', 0)).toBe('+886****78');
  });
});

describe('maskMobile: a number with a hyphen has its last 4 characters masked', () => {
  it.each([
    ['02-2345-6789', '02-2345-****'],
    ['+886-912-345678', '+886-912-34****'],
    ['+86-138-1234-5678', '+86-138-1234-****'],
    ['0912-345-678', '0912-345****'],
    ['-12', '****'],
    ['1-34', '****'],
  ])('%s → %s', (mobile, masked) => expect(maskMobile(mobile, 3)).toBe(masked));

  it('ignores keepLeading for a hyphenated number', () => {
    for (const keep of [0, 3, 4, 20]) expect(maskMobile('02-2345-6789', keep)).toBe('02-2345-****');
  });
});

describe('maskMobile: too short, odd input, never the whole number', () => {
  it.each([
    ['0912345678', 7, '0912345****78'],
    ['0912345678', 8, '****78'],
    ['13812345678', 6, '138123****5678'],
    ['13812345678', 7, '****5678'],
    ['12345', 3, '****45'],
    ['123', 3, '****23'],
    ['12', 3, '****'],
    ['1', 0, '****'],
    ['+86 12345', 3, '+86 ****2345'],
    ['+86 1234', 3, '+86 ****'],
    ['+86', 3, '+86****'],
  ])('%s with %i leading kept → %s', (mobile, keep, masked) => expect(maskMobile(mobile, keep)).toBe(masked));

  it('keeps the empty string (and blanks) empty', () => {
    expect(maskMobile('', 3)).toBe('');
    expect(maskMobile('   ', 3)).toBe('');
  });
  it('trims the number before masking', () => expect(maskMobile(' 0912345678 \n', 3)).toBe('091****78'));
  it.each([
    [-1, '****78'],
    [-3.5, '****78'],
    [Number.NaN, '****78'],
    [2.9, '09****78'],
    [0.5, '****78'],
    [Number.POSITIVE_INFINITY, '****78'],
  ])('treats keepLeading %s as floor, at least 0 → %s', (keep, masked) => expect(maskMobile('0912345678', keep)).toBe(masked));

  it('never shows every character of the input and always shows the four asterisks', () => {
    const numbers = ['0912345678', '13812345678', '+86 13812345678', '+85291234567', '02-2345-6789', '12', '1', 'abcdefgh'];
    for (const mobile of numbers) {
      for (const keep of [0, 1, 3, 4, 8, 11, 50]) {
        const masked = maskMobile(mobile, keep);
        expect(masked).toContain('****');
        expect(masked.replace('****', '')).not.toBe(mobile);
      }
    }
  });
  it('does not throw on non-digit input and answers the same twice', () => {
    for (const odd of ['abc', '😀😀😀😀😀😀', '+', '++86', '\t', '０９１２３４５６７８']) {
      expect(() => maskMobile(odd, 3)).not.toThrow();
      expect(maskMobile(odd, 3)).toBe(maskMobile(odd, 3));
    }
    expect(maskMobile('😀😀😀😀😀😀', 1)).toBe('😀****😀😀');
  });
});

describe('displayMobile', () => {
  const on = { desensitizeSwitch: 'Y', mobileMaskLeadingDigits: 3 } as const;
  const off = { desensitizeSwitch: 'N', mobileMaskLeadingDigits: 3 } as const;
  it("answers '' for no number, with either switch", () => {
    expect(displayMobile(null, on)).toBe('');
    expect(displayMobile(null, off)).toBe('');
  });
  it('masks with the configured leading digits when the switch is Y', () => {
    expect(displayMobile('0912345678', on)).toBe('091****78');
    expect(displayMobile('+86 13812345678', { desensitizeSwitch: 'Y', mobileMaskLeadingDigits: 4 })).toBe('+86 1381****5678');
    expect(displayMobile('02-2345-6789', on)).toBe('02-2345-****');
  });
  it('shows the number as is when the switch is N', () => {
    expect(displayMobile('0912345678', off)).toBe('0912345678');
    expect(displayMobile(' +86 138 1234 5678', off)).toBe(' +86 138 1234 5678');
  });
  it('masks when the switch holds anything but N (a bad config fails safe)', () => {
    const bad = { desensitizeSwitch: 'y', mobileMaskLeadingDigits: 3 } as unknown as typeof on;
    expect(displayMobile('0912345678', bad)).toBe('091****78');
  });
});
