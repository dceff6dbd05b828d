/**
 * The one way JSON goes inside a <script> element (JSON-LD, or data an inline script reads).
 * The HTML parser ends a script at the first `</script`, whatever JSON thinks, so `<` (and
 * `>` and `&`, for older parsers) are written as JSON escapes: text such as "</script>" or
 * "<!--" in CMS data stays text. U+2028/U+2029 are escaped too: legal in JSON, but line
 * breaks to older JavaScript. JSON.parse and JavaScript read the very same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
