/** Reading one cookie out of a `document.cookie` string: the one way every browser module does it. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(/;\s*/)) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at) === name) return decodeURIComponent(part.slice(at + 1));
  }
  return null;
}
