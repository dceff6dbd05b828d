/**
 * Checks the local services (the sample CMS's edit API, the commerce API) make of a request
 * alike: whether it comes from this machine, and whether its body is declared JSON.
 */

/** A peer on this machine, IPv4, IPv6 or IPv4 mapped into IPv6. */
export const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a Host header names this machine. A peer on this machine is not enough: a page of
 * another site whose name an attacker pointed at 127.0.0.1 (DNS rebinding), or a tunnel to a
 * local port, also arrives from here, but under a name of its own.
 */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const name = hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : (hostHeader.split(':')[0] ?? '');
  return LOOPBACK_HOSTS.has(name.toLowerCase());
}

/**
 * `application/json`, parameters allowed. A cross-site form can send only form and text/plain
 * bodies (a text/plain one can parse as JSON): asking for this type keeps them out.
 */
export const isJsonContentType = (header: string | undefined) => /^application\/json\s*(;|$)/i.test(header ?? '');
