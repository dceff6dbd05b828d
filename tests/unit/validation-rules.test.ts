/**
 * The named format rules of src/lib/validation/rules.ts against hostile input: boundaries,
 * full-width and Arabic-Indic digits, look-alike letters, spaces and newlines around a value
 * (JavaScript's `$` without the m flag matches only at the very end, so "0912345678\n" fails),
 * very long strings (answered in well under 200 ms: no catastrophic backtracking), and repeated
 * calls (no global-regex lastIndex trap).
 */
import { isCnTaxNumber } from '../../src/lib/checkout/invoice-formats.ts';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../src/lib/i18n/regions.ts';
import {
  hasEmojiOrSymbols,
  isAlphanumeric,
  isEightDigits,
  isEmail,
  isHongKongMobile,
  isIdLike,
  isImageFileName,
  isLandline,
  isLogisticsCode,
  isMacaoMobile,
  isMainlandMobile,
  isMobileBarcode,
  isName,
  isPassword,
  isPhoneOfRegion,
  isTaiwanMobile,
  phonePatternOf,
  stripEmojiAndSymbols,
  stripLineBreaksAndTabs,
} from '../../src/lib/validation/rules.ts';
import { EMOJI_AND_SYMBOLS_PATTERN, LINE_BREAKS_AND_TABS_PATTERN } from '../../src/lib/validation/patterns.ts';

/**
 * A loose sanity bound for one call on a 100 000-character input: a backtracking pattern takes
 * seconds there, a linear one milliseconds; 200 ms failed once on a loaded 2-core machine.
 */
const FAST_MS = 1_000;
const LONG = 100_000;
const timed = <T>(run: () => T): { result: T; ms: number } => {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
};

const FULL_WIDTH = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
const ARABIC_INDIC = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** Wrappers of a valid value that every anchored rule must refuse. */
const HOSTILE_WRAPPERS: readonly [string, (value: string) => string][] = [
  ['a leading space', (v) => ` ${v}`],
  ['a trailing space', (v) => `${v} `],
  ['a trailing newline', (v) => `${v}\n`],
  ['a trailing CR LF', (v) => `${v}\r\n`],
  ['a leading newline', (v) => `\n${v}`],
  ['a trailing tab', (v) => `${v}\t`],
  ['a trailing zero-width space', (v) => `${v}\u200B`],
  ['a trailing NUL', (v) => `${v}\u0000`],
  ['a second line', (v) => `${v}\n${v}`],
];

/** Each rule that tests a string answers the same on a second call. */
function expectStable(rule: (value: string) => boolean, values: readonly string[]): void {
  for (const value of values) {
    const first = rule(value);
    expect(rule(value), `second call on ${JSON.stringify(value)}`).toBe(first);
    expect(rule(value), `third call on ${JSON.stringify(value)}`).toBe(first);
  }
}

describe('isPassword: 8–20 characters with a digit and a letter', () => {
  it('pins the length boundaries: 7 fails, 8 passes, 20 passes, 21 fails', () => {
    expect(isPassword('abc1234')).toBe(false);
    expect(isPassword('abc12345')).toBe(true);
    expect(isPassword(`a1${'b'.repeat(18)}`)).toBe(true);
    expect(isPassword(`a1${'b'.repeat(19)}`)).toBe(false);
    expect(isPassword('')).toBe(false);
  });
  it('fails without a digit, without a letter, or with neither', () => {
    expect(isPassword('abcdefgh')).toBe(false);
    expect(isPassword('12345678')).toBe(false);
    expect(isPassword('!@#$%^&*')).toBe(false);
  });
  it('takes the digit and letter anywhere, with other characters around them', () => {
    expect(isPassword('1abcdefg')).toBe(true);
    expect(isPassword('abcdefg1')).toBe(true);
    expect(isPassword('!!!!a!!1')).toBe(true);
    expect(isPassword('ABCDEFG9')).toBe(true);
  });
  it('counts a space as a character (a password is not trimmed)', () => {
    expect(isPassword('abc 1234')).toBe(true);
    expect(isPassword(' abc1234')).toBe(true);
    expect(isPassword('abc1234 ')).toBe(true);
  });
  it('does not count a full-width or Arabic-Indic digit as the digit', () => {
    expect(isPassword(`abcdefg${FULL_WIDTH('1')}`)).toBe(false);
    expect(isPassword(`${FULL_WIDTH('1234567')}a`)).toBe(false);
    expect(isPassword(`abcdefg${ARABIC_INDIC('3')}`)).toBe(false);
  });
  it('does not count a Cyrillic or full-width look-alike as the letter (the letter is A–Z or a–z)', () => {
    expect(isPassword('\u0430\u0431\u0432\u0433\u0434\u0435\u04371')).toBe(false);
    expect(isPassword('ＡＢＣＤＥＦＧ1')).toBe(false);
  });
  it('fails on a newline anywhere, a trailing one included (`$` and `.` do not let it through)', () => {
    expect(isPassword('abc12345\n')).toBe(false);
    expect(isPassword('abc\n12345')).toBe(false);
    expect(isPassword('abc\r12345')).toBe(false);
    expect(isPassword('abc\u202812345')).toBe(false);
    expect(isPassword('\nabc12345')).toBe(false);
  });
  it('answers a 100 000-character input quickly', () => {
    for (const long of ['a'.repeat(LONG), '1a'.repeat(LONG / 2), '1'.repeat(LONG) + 'a', '!'.repeat(LONG)]) {
      const { result, ms } = timed(() => isPassword(long));
      expect(result).toBe(false);
      expect(ms).toBeLessThan(FAST_MS);
    }
  });
  it('answers the same on repeated calls', () => expectStable(isPassword, ['abc12345', 'abc1234', 'abcdefgh']));
});

describe('isAlphanumeric: 6–16 letters and digits', () => {
  it('pins the length boundaries: 5 fails, 6 passes, 16 passes, 17 fails', () => {
    expect(isAlphanumeric('abc12')).toBe(false);
    expect(isAlphanumeric('abc123')).toBe(true);
    expect(isAlphanumeric('abcdefgh12345678')).toBe(true);
    expect(isAlphanumeric('abcdefgh123456789')).toBe(false);
    expect(isAlphanumeric('')).toBe(false);
  });
  it('passes letters only or digits only (no mix required)', () => {
    expect(isAlphanumeric('ABCDEF')).toBe(true);
    expect(isAlphanumeric('123456')).toBe(true);
  });
  it.each([
    ['a space', 'abc 123'],
    ['a hyphen', 'abc-123'],
    ['an underscore', 'abc_123'],
    ['full-width characters', 'ａｂｃ１２３'],
    ['Arabic-Indic digits', ARABIC_INDIC('123456')],
    ['a Cyrillic look-alike a', '\u0430bc123'],
    ['an accented letter', 'abcdé1'],
    ['ß', 'straße1'],
    ['an SQL quote', "abc'--1"],
  ])('fails with %s', (_, value) => expect(isAlphanumeric(value)).toBe(false));
  it.each(HOSTILE_WRAPPERS)('fails a valid code with %s', (_, wrap) => expect(isAlphanumeric(wrap('abc123'))).toBe(false));
  it('answers a 100 000-character input quickly', () => {
    const { result, ms } = timed(() => isAlphanumeric('a'.repeat(LONG)));
    expect(result).toBe(false);
    expect(ms).toBeLessThan(FAST_MS);
  });
  it('answers the same on repeated calls', () => expectStable(isAlphanumeric, ['abc123', 'abc12', 'abc 123']));
});

describe('isEmail: something, an @, and a domain with a dot inside it', () => {
  it.each(['mei@example.com', 'a@b.c', 'mei.lin+news@mail.example.com.tw', 'MEI@EXAMPLE.COM', 'josé@例子.台灣'])('passes %s', (value) =>
    expect(isEmail(value)).toBe(true),
  );
  it.each([
    ['no @', 'mei.example.com'],
    ['no dot in the domain', 'mei@example'],
    ['a dot that starts the domain', 'mei@.com'],
    ['a dot that ends the domain', 'mei@example.'],
    ['nothing before the @', '@example.com'],
    ['two @', 'mei@@example.com'],
    ['an @ in the domain', 'mei@exa@mple.com'],
    ['a space inside', 'mei lin@example.com'],
    ['a full-width @', 'mei＠example.com'],
    ['empty', ''],
  ])('fails with %s', (_, value) => expect(isEmail(value)).toBe(false));
  // A zero-width space or a NUL is not \s, so the permissive format takes one as part of the domain.
  it.each(HOSTILE_WRAPPERS.filter(([name]) => !/zero-width|NUL/.test(name)))('fails a valid address with %s', (_, wrap) =>
    expect(isEmail(wrap('mei@example.com'))).toBe(false),
  );
  it('answers quickly on long inputs, the dotted domain that once backtracked quadratically included', () => {
    const inputs = [
      `a@${'a.'.repeat(LONG / 2)} `,
      `a@${'a.'.repeat(LONG / 2)}@`,
      `a@${'.'.repeat(LONG)}\n`,
      `${'a'.repeat(LONG)} @b.c`,
      'a'.repeat(LONG),
      '@'.repeat(LONG),
    ];
    for (const input of inputs) {
      const { result, ms } = timed(() => isEmail(input));
      expect(result).toBe(false);
      expect(ms).toBeLessThan(FAST_MS);
    }
    const { result, ms } = timed(() => isEmail(`a@${'a.'.repeat(LONG / 2)}a`));
    expect(result).toBe(true);
    expect(ms).toBeLessThan(FAST_MS);
  });
  it('answers the same on repeated calls', () => expectStable(isEmail, ['mei@example.com', 'mei@example']));
});

describe('the mobile-number rules', () => {
  const digitHostility = (valid: string): [string, string][] => [
    ['in full-width digits', FULL_WIDTH(valid)],
    ['in Arabic-Indic digits', ARABIC_INDIC(valid)],
    ['with an inner space', `${valid.slice(0, 4)} ${valid.slice(4)}`],
    ['with an inner hyphen', `${valid.slice(0, 4)}-${valid.slice(4)}`],
    ['one digit short', valid.slice(0, -1)],
    ['one digit long', `${valid}0`],
    ['with a letter O for the first digit', `O${valid.slice(1)}`],
  ];

  describe('isTaiwanMobile: 09 and 8 digits', () => {
    it.each(['0912345678', '0900000000', '0999999999'])('passes %s', (value) => expect(isTaiwanMobile(value)).toBe(true));
    it.each([
      ['starting 08', '0812345678'],
      ['starting 9 (no leading 0)', '912345678'],
      ['with the +886 code', '+886912345678'],
      ['empty', ''],
      ...digitHostility('0912345678'),
    ])('fails %s', (_, value) => expect(isTaiwanMobile(value)).toBe(false));
    it('fails ０９１２３４５６７８ (full-width) and "0912345678\\n" (the `$` does not skip a trailing newline)', () => {
      expect(isTaiwanMobile('０９１２３４５６７８')).toBe(false);
      expect(isTaiwanMobile('0912345678\n')).toBe(false);
    });
    it.each(HOSTILE_WRAPPERS)('fails a valid number with %s', (_, wrap) => expect(isTaiwanMobile(wrap('0912345678'))).toBe(false));
  });

  describe('isMainlandMobile: 1, then 3–9, then 9 digits', () => {
    it.each(['13812345678', '13000000000', '19999999999', '15012345678'])('passes %s', (value) =>
      expect(isMainlandMobile(value)).toBe(true),
    );
    it.each([
      ['starting 10', '10812345678'],
      ['starting 11', '11812345678'],
      ['starting 12', '12812345678'],
      ['starting 2', '23812345678'],
      ['with the +86 code', '+8613812345678'],
      ['empty', ''],
      ...digitHostility('13812345678'),
    ])('fails %s', (_, value) => expect(isMainlandMobile(value)).toBe(false));
    it.each(HOSTILE_WRAPPERS)('fails a valid number with %s', (_, wrap) => expect(isMainlandMobile(wrap('13812345678'))).toBe(false));
  });

  describe('isHongKongMobile: 8 digits starting 4–9', () => {
    it.each(['41234567', '51234567', '61234567', '71234567', '81234567', '91234567'])('passes %s', (value) =>
      expect(isHongKongMobile(value)).toBe(true),
    );
    it.each([
      ['a landline starting 2', '21234567'],
      ['a landline starting 3', '31234567'],
      ['starting 0', '01234567'],
      ['starting 1', '11234567'],
      ['with the +852 code', '+85291234567'],
      ['empty', ''],
      ...digitHostility('91234567'),
    ])('fails %s', (_, value) => expect(isHongKongMobile(value)).toBe(false));
    it.each(HOSTILE_WRAPPERS)('fails a valid number with %s', (_, wrap) => expect(isHongKongMobile(wrap('91234567'))).toBe(false));
  });

  describe('isMacaoMobile: 8 digits starting 6', () => {
    it.each(['61234567', '66123456', '60000000'])('passes %s', (value) => expect(isMacaoMobile(value)).toBe(true));
    it.each([
      ['a landline starting 28', '28123456'],
      ['starting 5', '51234567'],
      ['starting 9', '91234567'],
      ['with the +853 code', '+85361234567'],
      ['empty', ''],
      ...digitHostility('61234567'),
    ])('fails %s', (_, value) => expect(isMacaoMobile(value)).toBe(false));
    it.each(HOSTILE_WRAPPERS)('fails a valid number with %s', (_, wrap) => expect(isMacaoMobile(wrap('61234567'))).toBe(false));
  });

  it('answer a 100 000-digit input quickly', () => {
    for (const rule of [isTaiwanMobile, isMainlandMobile, isHongKongMobile, isMacaoMobile]) {
      const { result, ms } = timed(() => rule(`09${'1'.repeat(LONG)}`));
      expect(result).toBe(false);
      expect(ms).toBeLessThan(FAST_MS);
    }
  });
  it('answer the same on repeated calls', () => {
    expectStable(isTaiwanMobile, ['0912345678', '0912345678\n']);
    expectStable(isMainlandMobile, ['13812345678', '12812345678']);
    expectStable(isHongKongMobile, ['91234567', '21234567']);
    expectStable(isMacaoMobile, ['61234567', '28123456']);
  });
});

describe('isLandline: 3–4 digits, a dash, 7–8 digits', () => {
  it.each(['021-1234567', '021-12345678', '0755-1234567', '0755-12345678', '037-1234567'])('passes %s', (value) =>
    expect(isLandline(value)).toBe(true),
  );
  it.each([
    ['a 2-digit area code (below the spec’s 3)', '02-23456789'],
    ['a 5-digit area code', '07555-1234567'],
    ['a 6-digit number', '021-123456'],
    ['a 9-digit number', '021-123456789'],
    ['no dash', '02112345678'],
    ['a second dash', '02-2345-6789'],
    ['an en dash', '021–12345678'],
    ['a full-width dash', '021－12345678'],
    ['a space for the dash', '021 12345678'],
    ['brackets', '(021)12345678'],
    ['full-width digits', FULL_WIDTH('021-12345678')],
    ['Arabic-Indic digits', ARABIC_INDIC('021-12345678')],
    ['an extension', '021-12345678#123'],
    ['empty', ''],
  ])('fails %s', (_, value) => expect(isLandline(value)).toBe(false));
  it.each(HOSTILE_WRAPPERS)('fails a valid landline with %s', (_, wrap) => expect(isLandline(wrap('021-12345678'))).toBe(false));
  it('answers a long input quickly and the same twice', () => {
    const { result, ms } = timed(() => isLandline(`021-${'1'.repeat(LONG)}`));
    expect(result).toBe(false);
    expect(ms).toBeLessThan(FAST_MS);
    expectStable(isLandline, ['021-12345678', '02-23456789']);
  });
});

describe("isCnTaxNumber: a mainland company's unified social credit code", () => {
  it.each(['91310115MA1K4B2C3D', '12100000400000398M', '911100007109290000'])('passes %s', (value) =>
    expect(isCnTaxNumber(value)).toBe(true),
  );
  it.each([
    ['17 characters', '91310115MA1K4B2C3'],
    ['19 characters', '91310115MA1K4B2C3DE'],
    ['lower case', '91310115ma1k4b2c3d'],
    ['an I (never used)', '91310115MA1K4B2C3I'],
    ['an O (never used)', '91310115MA1K4B2O3D'],
    ['a letter in the area code', '9131011AMA1K4B2C3D'],
    ['an inner space', '91310115 MA1K4B2C3'],
    ['the 8-digit Taiwan tax id', '12345678'],
  ])('fails %s', (_, value) => expect(isCnTaxNumber(value)).toBe(false));
});

describe('isEightDigits: exactly 8 digits', () => {
  it.each(['12345678', '00000000', '04595257'])('passes %s', (value) => expect(isEightDigits(value)).toBe(true));
  it.each([
    ['7 digits', '1234567'],
    ['9 digits', '123456789'],
    ['a sign', '-1234567'],
    ['a decimal point', '1234.567'],
    ['an inner space', '1234 5678'],
    ['full-width digits', FULL_WIDTH('12345678')],
    ['Arabic-Indic digits', ARABIC_INDIC('12345678')],
    ['a letter', '1234567A'],
    ['empty', ''],
  ])('fails %s', (_, value) => expect(isEightDigits(value)).toBe(false));
  it.each(HOSTILE_WRAPPERS)('fails a valid number with %s', (_, wrap) => expect(isEightDigits(wrap('12345678'))).toBe(false));
  it('answers the same on repeated calls', () => expectStable(isEightDigits, ['12345678', '1234567']));
});

describe('isName: Chinese, letters, spaces and name punctuation, starting with a letter', () => {
  it.each([
    '林小美',
    'Chan Tai Man',
    "O'Brien",
    'D’Angelo',
    'Jean-Luc',
    '阿沛·阿旺',
    '阿沛‧阿旺',
    '約翰・史密斯',
    'José',
    'Zoë',
    'Søren',
    'Łukasz',
    'Mary-Jane O’Neil',
    'St. John',
    '王',
    'A',
    '陳 Tai Man',
  ])('passes %s', (value) => expect(isName(value)).toBe(true));
  it.each([
    ['empty', ''],
    ['a leading space', ' 林小美'],
    ['spaces only', '   '],
    ['a middle dot only', '·'],
    ['an apostrophe only', "'"],
    ['punctuation only', ".-'’·"],
    ['a leading hyphen', '-Luc'],
    ['a leading apostrophe', "'Brien"],
    ['an emoji', '林小美😀'],
    ['an emoji only', '😀'],
    ['a thumbs-up after a name', 'Mei👍'],
    ['a ZWJ sequence', '👩🏽‍💻'],
    ['a zero-width joiner', 'Mei\u200DLin'],
    ['a script tag', '<script>alert(1)</script>'],
    ['an angle bracket', 'Mei<b>'],
    ['an SQL injection (brackets, semicolon, hyphens after)', "Robert'); DROP TABLE students;--"],
    ['a semicolon', 'Robert; DROP TABLE'],
    ['brackets', 'Mei (Amy)'],
    ['a digit', 'Mei2'],
    ['a full-width digit', `Mei${FULL_WIDTH('2')}`],
    ['a double quote', 'Mei "Amy" Lin'],
    ['an ampersand', 'Tom & Jerry'],
    ['an at sign', 'mei@lin'],
    ['a slash', 'Mei/Lin'],
    ['a multiplication sign', 'A×B'],
    ['a division sign', 'A÷B'],
    ['a multiplication sign only', '×'],
    ['a Cyrillic look-alike M', '\u041Cary'],
    ['a full-width Latin letter', 'Ｍary'],
    ['a tab', 'Mei\tLin'],
    ['a trailing newline', '林小美\n'],
    ['an inner newline', 'Mei\nLin'],
    ['an ideographic (full-width) space', 'Chan\u3000Tai'],
    ['a Chinese full stop', '林小美。'],
  ])('fails %s', (_, value) => expect(isName(value)).toBe(false));
  it('answers 100 000-character names quickly, passing or failing', () => {
    for (const [input, expected] of [
      ['A'.repeat(LONG), true],
      [`${'A'.repeat(LONG)};`, false],
      [`${'林 '.repeat(LONG / 2)}<`, false],
      [' '.repeat(LONG), false],
    ] as const) {
      const { result, ms } = timed(() => isName(input));
      expect(result).toBe(expected);
      expect(ms).toBeLessThan(FAST_MS);
    }
  });
  it('answers the same on repeated calls', () => expectStable(isName, ['林小美', "O'Brien", '林小美😀', ' 林小美']));
});

describe('isMobileBarcode: a slash and 7 characters of 0–9, A–Z, ., + and -', () => {
  it.each(['/ABC1234', '/1234567', '/AB.+-12', '/.......', '/+-+-+-+'])('passes %s', (value) => expect(isMobileBarcode(value)).toBe(true));
  it.each([
    ['lower case', '/abc1234'],
    ['6 characters', '/ABC123'],
    ['8 characters', '/ABC12345'],
    ['no slash', 'ABC12345'],
    ['a backslash', '\\ABC1234'],
    ['a full-width slash', '／ABC1234'],
    ['a space', '/ABC 123'],
    ['an underscore', '/ABC_123'],
    ['a full-width capital', '/ＡBC1234'],
    ['two slashes', '//ABC123'],
    ['empty', ''],
  ])('fails %s', (_, value) => expect(isMobileBarcode(value)).toBe(false));
  it.each(HOSTILE_WRAPPERS)('fails a valid barcode with %s', (_, wrap) => expect(isMobileBarcode(wrap('/ABC1234'))).toBe(false));
  it('answers the same on repeated calls', () => expectStable(isMobileBarcode, ['/ABC1234', '/abc1234']));
});

describe('isLogisticsCode: two capitals and 14 digits', () => {
  it.each(['AB12345678901234', 'ZZ00000000000000'])('passes %s', (value) => expect(isLogisticsCode(value)).toBe(true));
  it.each([
    ['lower case', 'ab12345678901234'],
    ['one capital', 'A112345678901234'],
    ['three capitals', 'ABC2345678901234'],
    ['13 digits', 'AB1234567890123'],
    ['15 digits', 'AB123456789012345'],
    ['full-width digits', `AB${FULL_WIDTH('12345678901234')}`],
    ['a Cyrillic look-alike A', '\u0410B12345678901234'],
    ['a space', 'AB 12345678901234'],
    ['empty', ''],
  ])('fails %s', (_, value) => expect(isLogisticsCode(value)).toBe(false));
  it.each(HOSTILE_WRAPPERS)('fails a valid code with %s', (_, wrap) => expect(isLogisticsCode(wrap('AB12345678901234'))).toBe(false));
  it('answers the same on repeated calls', () => expectStable(isLogisticsCode, ['AB12345678901234', 'ab12345678901234']));
});

describe('isIdLike: a capital, a capital or digit, then 8 digits', () => {
  it.each(['A123456789', 'AB12345678', 'Z800000000'])('passes %s', (value) => expect(isIdLike(value)).toBe(true));
  it.each([
    ['a lower-case first letter', 'a123456789'],
    ['a lower-case second letter', 'Ab12345678'],
    ['a digit first', '1A12345678'],
    ['9 characters', 'A12345678'],
    ['11 characters', 'A1234567890'],
    ['a letter among the last 8', 'A12345678X'],
    ['a full-width first letter', 'Ａ123456789'],
    ['a Cyrillic look-alike A', '\u0410123456789'],
    ['full-width digits', `A${FULL_WIDTH('123456789')}`],
    ['empty', ''],
  ])('fails %s', (_, value) => expect(isIdLike(value)).toBe(false));
  it.each(HOSTILE_WRAPPERS)('fails a valid id with %s', (_, wrap) => expect(isIdLike(wrap('A123456789'))).toBe(false));
  it('answers the same on repeated calls', () => expectStable(isIdLike, ['A123456789', 'a123456789']));
});

describe('isImageFileName: gif, png, jpg, jpeg, bmp, any case', () => {
  it.each(['a.JPG', 'a.jpeg', 'a.jpg', 'photo.gif', 'x.PNG', 'y.bmp', 'z.Jpg', 'scan.JPEG', '我的照片.png', 'a.b.c.gif', 'evil.exe.png'])(
    'passes %s (only the last extension counts)',
    (value) => expect(isImageFileName(value)).toBe(true),
  );
  it.each([
    ['a.jpg.exe', 'a.jpg.exe'],
    ['an SVG (scripts inside)', 'a.svg'],
    ['the extension without a dot', 'jpg'],
    ['the extension joined to the name', 'ajpg'],
    ['an underscore for the dot', 'a_jpg'],
    ['a longer extension', 'a.jpgx'],
    ['jpe', 'a.jpe'],
    ['webp', 'a.webp'],
    ['tiff', 'a.tiff'],
    ['a trailing space', 'a.jpg '],
    ['a trailing newline', 'a.jpg\n'],
    ['a space inside the extension', 'a.jp g'],
    ['a full-width extension', 'a.ｊｐｇ'],
    ['a full-width dot', 'a．jpg'],
    ['a trailing dot', 'a.jpg.'],
    ['a NUL and another extension', 'a.jpg\u0000.exe'],
    ['empty', ''],
  ])('fails %s', (_, value) => expect(isImageFileName(value)).toBe(false));
  it('answers a long input quickly and the same twice', () => {
    for (const input of ['.'.repeat(LONG), '.jp'.repeat(LONG / 3), `${'a'.repeat(LONG)}.exe`]) {
      const { result, ms } = timed(() => isImageFileName(input));
      expect(result).toBe(false);
      expect(ms).toBeLessThan(FAST_MS);
    }
    expectStable(isImageFileName, ['a.JPG', 'a.svg']);
  });
});

describe('isPhoneOfRegion and phonePatternOf: CN, HK, MO and TW are checked, other regions pass', () => {
  it('lists the four regions with a check', () => expect([...REGIONS].sort()).toEqual(['CN', 'HK', 'MO', 'TW']));
  it.each([
    ['TW', '0912345678', true],
    ['TW', '91234567', false],
    ['TW', '0912345678\n', false],
    ['TW', '０９１２３４５６７８', false],
    ['HK', '91234567', true],
    ['HK', '21234567', false],
    ['HK', '0912345678', false],
    ['MO', '61234567', true],
    ['MO', '91234567', false],
    ['MO', '28123456', false],
    ['CN', '13812345678', true],
    ['CN', '12812345678', false],
    ['CN', '+8613812345678', false],
  ])('%s %s → %s', (region, value, expected) => expect(isPhoneOfRegion(value, region)).toBe(expected));
  it('gives each region the same answer as its own rule', () => {
    const samples = ['0912345678', '13812345678', '91234567', '61234567', '21234567', '', 'abc'];
    for (const value of samples) {
      expect(isPhoneOfRegion(value, 'TW')).toBe(isTaiwanMobile(value));
      expect(isPhoneOfRegion(value, 'CN')).toBe(isMainlandMobile(value));
      expect(isPhoneOfRegion(value, 'HK')).toBe(isHongKongMobile(value));
      expect(isPhoneOfRegion(value, 'MO')).toBe(isMacaoMobile(value));
    }
  });
  it.each(['JP', 'US', '', 'SG'])('passes anything for region %j', (region) => {
    for (const value of ['0912345678', 'not a number', '', '<script>']) expect(isPhoneOfRegion(value, region)).toBe(true);
    expect(phonePatternOf(region)).toBeNull();
  });
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'treats %s (an Object.prototype name) as a region without a check, without throwing',
    (region) => {
      expect(phonePatternOf(region)).toBeNull();
      expect(() => isPhoneOfRegion('x', region)).not.toThrow();
      expect(isPhoneOfRegion('x', region)).toBe(true);
    },
  );
  it('answers the same on repeated calls', () => {
    for (const region of ['TW', 'HK', 'MO', 'CN', 'JP']) {
      for (const value of ['0912345678', '91234567']) expect(isPhoneOfRegion(value, region)).toBe(isPhoneOfRegion(value, region));
    }
  });
});

describe('stripEmojiAndSymbols: removes emoji, #, & and !', () => {
  it.each([
    ['a skin-toned ZWJ sequence', 'a👩🏽‍💻b', 'ab'],
    ['a family ZWJ sequence', '👨‍👩‍👧‍👦家', '家'],
    ['a hair component sequence', '👨‍🦰x', 'x'],
    ['a skin tone modifier alone', 'x\u{1F3FD}y', 'xy'],
    ['a country flag', '台灣🇹🇼', '台灣'],
    ['a lone regional indicator', 'a\u{1F1F9}b', 'ab'],
    ['a subdivision flag with its tag characters', 'a🏴󠁧󠁢󠁥󠁮󠁧󠁿b', 'ab'],
    ['a digit keycap, keeping the digit', '1️⃣', '1'],
    ['a hash keycap, hash and all', '#️⃣', ''],
    ['a heart with its variation selector', '❤️ok', 'ok'],
    ['a text-style variation selector', '☺︎', ''],
    ['a plain pictograph', 'sun☀rain', 'sunrain'],
    ['a recent emoji', 'melt🫠', 'melt'],
    ['#, & and !', 'Tom & Jerry! #1', 'Tom  Jerry 1'],
    ['repeated symbols', '!!!###&&&', ''],
  ])('removes %s', (_, input, expected) => expect(stripEmojiAndSymbols(input)).toBe(expected));
  it('keeps text: Chinese, accents, digits, spaces, newlines and other punctuation', () => {
    const text = '你好，世界。José 123 ? @ $ % * ( ) \' " - _ + = / \\ < > \n\t';
    expect(stripEmojiAndSymbols(text)).toBe(text);
  });
  it('removes the full-width ！ ＃ ＆ of Chinese text too', () => {
    expect(stripEmojiAndSymbols('好！＃＆')).toBe('好');
    expect(hasEmojiOrSymbols('好！')).toBe(true);
  });
  it('removes ©, ® and ™ (they are Extended_Pictographic)', () => expect(stripEmojiAndSymbols('A©B®C™')).toBe('ABC'));
  it('is idempotent and answers the same on repeated calls (the global pattern keeps no lastIndex)', () => {
    const input = 'a👩🏽‍💻b#c&d!e🇹🇼f1️⃣';
    const once = stripEmojiAndSymbols(input);
    expect(once).toBe('abcdef1');
    expect(stripEmojiAndSymbols(input)).toBe(once);
    expect(stripEmojiAndSymbols(once)).toBe(once);
    expect(EMOJI_AND_SYMBOLS_PATTERN.lastIndex).toBe(0);
  });
  it('strips 100 000 characters quickly', () => {
    const { result, ms } = timed(() => stripEmojiAndSymbols('😀a!'.repeat(LONG / 4)));
    expect(result).toBe('a'.repeat(LONG / 4));
    expect(ms).toBeLessThan(FAST_MS);
  });
});

describe('hasEmojiOrSymbols: whether the strip would remove anything', () => {
  it.each([
    ['😀', true],
    ['a#b', true],
    ['a&b', true],
    ['wow!', true],
    ['1️⃣', true],
    ['🇹🇼', true],
    ['林小美', false],
    ['', false],
    ['a\nb', false],
  ])('%j → %s', (input, expected) => expect(hasEmojiOrSymbols(input)).toBe(expected));
  it('answers true on every repeated call, not alternately', () => {
    for (let i = 0; i < 5; i++) expect(hasEmojiOrSymbols('x!')).toBe(true);
    for (let i = 0; i < 5; i++) expect(hasEmojiOrSymbols('x😀')).toBe(true);
  });
});

describe('stripLineBreaksAndTabs: removes CR, LF and tab, keeps other spaces', () => {
  it.each([
    ['CR LF', 'a\r\nb', 'ab'],
    ['LF', 'a\nb', 'ab'],
    ['CR', 'a\rb', 'ab'],
    ['tab', 'a\tb', 'ab'],
    ['a mix at both ends', '\r\n\ta b\t\r\n', 'a b'],
    ['only breaks', '\n\n\r\t', ''],
  ])('removes %s', (_, input, expected) => expect(stripLineBreaksAndTabs(input)).toBe(expected));
  it('keeps spaces, no-break spaces and ideographic spaces', () => {
    expect(stripLineBreaksAndTabs('a b\u00A0c\u3000d  e')).toBe('a b\u00A0c\u3000d  e');
  });
  it('keeps emoji and symbols (another rule strips those)', () => expect(stripLineBreaksAndTabs('a!\n😀')).toBe('a!😀'));
  it('is idempotent and answers the same on repeated calls (the global pattern keeps no lastIndex)', () => {
    const input = 'line 1\r\nline 2\tend';
    expect(stripLineBreaksAndTabs(input)).toBe('line 1line 2end');
    expect(stripLineBreaksAndTabs(input)).toBe('line 1line 2end');
    expect(stripLineBreaksAndTabs(stripLineBreaksAndTabs(input))).toBe('line 1line 2end');
    expect(LINE_BREAKS_AND_TABS_PATTERN.lastIndex).toBe(0);
  });
  it('strips 100 000 characters quickly', () => {
    const { result, ms } = timed(() => stripLineBreaksAndTabs('a\r\n\t'.repeat(LONG / 4)));
    expect(result).toBe('a'.repeat(LONG / 4));
    expect(ms).toBeLessThan(FAST_MS);
  });
});
