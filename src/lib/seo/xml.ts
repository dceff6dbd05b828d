/**
 * The one way the SEO files (sitemaps, the Atom feeds) write XML: every text and attribute
 * value goes through `xmlText`, so a headline with `&` or `<` cannot break a document.
 */

/** Characters XML 1.0 forbids even escaped (controls but tab, newline, return; U+FFFE/U+FFFF; lone surrogates). */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching the control characters XML forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Safe as element text and as a quoted attribute value. Forbidden characters are dropped: an editor's stray control character must not make the whole file unreadable. */
export function xmlText(value: string): string {
  return value.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** `<name a="1">text</name>`: attributes and text escaped; `children` are already XML. */
export function element(
  name: string,
  attributes: Readonly<Record<string, string>>,
  content: { text: string } | { children: readonly string[] } | null = null,
): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join('');
  if (content === null) return `<${name}${attrs}/>`;
  const inner = 'text' in content ? xmlText(content.text) : `\n${content.children.join('\n')}\n`;
  return `<${name}${attrs}>${inner}</${name}>`;
}
