/** The rules every string sent to the API follows (docs/commerce-api.md, Guards): a length cap and no control or bidi-override characters. */
import { describe, expect, it } from 'vitest';
import { findStringProblem, STRING_MAX_LENGTH, stringProblem } from '../../src/lib/api/string-rules.ts';

describe('a string sent to the API', () => {
  it('may hold text in any script, tabs and line breaks', () => {
    for (const text of ['王小明', 'Line one\r\nline two\tend', 'שלום עולם', 'مرحبا', '😀 emoji', 'a\u200Db'])
      expect(stringProblem(text), JSON.stringify(text)).toBeNull();
  });

  it('may not hold C0 or C1 controls, DEL, or the embedding, override and isolate controls', () => {
    for (const code of [
      0x00, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x85, 0x9f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
    ])
      expect(stringProblem(`ab${String.fromCharCode(code)}c`), code.toString(16)).toBe('VALUE_INVALID_CHARACTERS');
  });

  it('is at most 2,000 characters, but for a picture sent as a data: URL', () => {
    expect(STRING_MAX_LENGTH).toBe(2000);
    expect(stringProblem('x'.repeat(2000))).toBeNull();
    expect(stringProblem('x'.repeat(2001))).toBe('VALUE_TOO_LONG');
    expect(stringProblem(`data:image/png;base64,${'A'.repeat(50_000)}`, 'dataUrl')).toBeNull();
  });

  it('is found wherever it is in a body, key or value, with its path', () => {
    expect(findStringProblem({ lines: [{ remark: 'ok' }, { remark: 'bad\u202E' }] })).toEqual({
      field: 'lines.1.remark',
      problem: 'VALUE_INVALID_CHARACTERS',
    });
    expect(findStringProblem({ ['k\u0000']: 1 })).toEqual({ field: 'k\u0000', problem: 'VALUE_INVALID_CHARACTERS' });
    expect(findStringProblem({ attachments: [{ name: 'a.png', dataUrl: 'x'.repeat(5000) }] })).toBeNull();
    expect(findStringProblem({ n: 1, yes: true, none: null })).toBeNull();
  });
});
