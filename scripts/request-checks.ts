/**
 * Checks the local services (the sample CMS's edit API, the commerce API) make of a request
 * alike: whether it comes from this machine, and whether its body is declared JSON.
 */

/** A peer on this machine, IPv4, IPv6 or IPv4 mapped into IPv6. */
export const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `application/json`, parameters allowed. A cross-site form can send only form and text/plain
 * bodies (a text/plain one can parse as JSON): asking for this type keeps them out.
 */
export const isJsonContentType = (header: string | undefined) => /^application\/json\s*(;|$)/i.test(header ?? '');
