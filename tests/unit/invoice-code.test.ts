/** What an invoice code field keeps of what is typed or pasted (lib/checkout/invoice-formats.ts). */
import { describe, expect, it } from 'vitest';
import { CN_TAX_NUMBER_LENGTH, keepCode, TAX_ID_LENGTH } from '../../src/lib/checkout/invoice-formats.ts';

describe('keepCode', () => {
  it('takes the spaces out before cutting to length, so a pasted "1234 5678" keeps its 8 digits', () => {
    expect(keepCode('1234 5678', TAX_ID_LENGTH)).toBe('12345678');
    expect(keepCode(' 12 34\t56 78 ', TAX_ID_LENGTH)).toBe('12345678');
    expect(keepCode('123456789', TAX_ID_LENGTH)).toBe('12345678');
    expect(keepCode('91310115 MA1K4B2C3D', CN_TAX_NUMBER_LENGTH)).toBe('91310115MA1K4B2C3D');
  });
});
