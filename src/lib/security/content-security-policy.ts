/**
 * The store's Content-Security-Policy and the other security headers, one site-wide set that
 * every host sends the same way (the local server, `_headers`, the nginx include; see
 * docs/content-security-policy.md).
 *
 * Decisions:
 * - Scripts run only from our origin, from the configured third-party hosts, and inline when
 *   their hash is listed. There is no 'unsafe-inline' for scripts or style elements, no
 *   'unsafe-eval', and no inline event handler (script-src-attr 'none'). The hashes are of the
 *   inline scripts and style elements the build wrote (scripts/security/release-scan.ts).
 * - Pictures may be data: addresses: attachments the member picks are shown and stored so.
 * - Style attributes are allowed ('unsafe-inline' for style-src-attr only): islands render
 *   sizes and colours into them, and an attribute cannot select or load anything.
 * - Deployment extras (a captcha's frame, a tag manager's hosts, an image CDN) come from
 *   CSP_EXTRA_SOURCES, as host sources only: a setting can widen where from, never allow inline
 *   code.
 * - The store is framed by nobody (frame-ancestors 'none', and X-Frame-Options for old browsers).
 */

/** The directives a deployment may add hosts to. */
export const EXTENSIBLE_DIRECTIVES = [
  'script-src',
  'style-src',
  'img-src',
  'media-src',
  'font-src',
  'connect-src',
  'frame-src',
  'form-action',
] as const;
export type ExtensibleDirective = (typeof EXTENSIBLE_DIRECTIVES)[number];
export type ExtraSources = Partial<Record<ExtensibleDirective, readonly string[]>>;

/** Cloudflare Pages refuses a `_headers` value longer than this; the build fails rather than ship a policy a host drops. */
export const POLICY_MAX_LENGTH = 2000;

export interface PolicyInput {
  /** `sha256-…` of every inline script the pages carry. */
  scriptHashes: readonly string[];
  /** `sha256-…` of every inline style element. */
  styleHashes: readonly string[];
  /** The third-party scripts (`*_SCRIPT_URL`), each as its own address (scriptSourceOf). */
  scriptHosts: readonly string[];
  /** Origins the browser calls: the commerce API and the analytics collector when they are elsewhere. */
  connectHosts: readonly string[];
  /** Origins of the pictures and videos the pages show, when not our own. */
  imageHosts: readonly string[];
  extraSources: ExtraSources;
  /** On an https site: any http:// address left in content is fetched over https. */
  upgradeInsecureRequests: boolean;
  /** Where browsers report violations (CSP_REPORT_URI), or ''. */
  reportUri: string;
}

const uniqueSorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The policy, one line, directives in a fixed order (so two builds of the same site write the same text). */
export function contentSecurityPolicy(input: PolicyInput): string {
  const hashes = (list: readonly string[]) => uniqueSorted(list).map((hash) => `'${hash}'`);
  const extra = (directive: ExtensibleDirective) => input.extraSources[directive] ?? [];
  const sources = (directive: ExtensibleDirective, ...lists: Array<readonly string[]>) =>
    `${directive} ${["'self'", ...uniqueSorted([...lists.flat(), ...extra(directive)])].join(' ')}`;
  const directives = [
    "default-src 'self'",
    `${sources('script-src', input.scriptHosts)} ${["'report-sample'", ...hashes(input.scriptHashes)].join(' ')}`,
    "script-src-attr 'none'",
    `${sources('style-src')} ${["'report-sample'", ...hashes(input.styleHashes)].join(' ')}`,
    "style-src-attr 'unsafe-inline'",
    // Ticket and after-sales attachments are data: pictures (the API stores them so).
    sources('img-src', input.imageHosts).replace("'self'", "'self' data:"),
    sources('media-src', input.imageHosts),
    sources('font-src'),
    sources('connect-src', input.connectHosts),
    extra('frame-src').length ? `frame-src ${uniqueSorted(extra('frame-src')).join(' ')}` : "frame-src 'none'",
    sources('form-action'),
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    ...(input.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
    ...(input.reportUri ? [`report-uri ${input.reportUri}`] : []),
  ];
  return directives.join('; ');
}

/**
 * A host source: an https origin, optionally with a port, or a `*.` wildcard over a domain of at
 * least two labels (never `*.com`); no path, no keyword.
 */
const HOST_SOURCE = /^https:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\*\.[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d{1,5})?$/i;

/**
 * CSP_EXTRA_SOURCES, e.g. `frame-src https://challenges.example; img-src https://img.cdn.example`.
 * Throws with the offending part: an unknown directive, or anything but an https host source.
 */
export function parseExtraSources(text: string): ExtraSources {
  const result: Partial<Record<ExtensibleDirective, string[]>> = {};
  for (const part of text.split(';').map((p) => p.trim())) {
    if (!part) continue;
    const [directive, ...values] = part.split(/\s+/);
    if (!(EXTENSIBLE_DIRECTIVES as readonly string[]).includes(directive!))
      throw new Error(`"${directive}" is not a directive hosts can be added to (one of ${EXTENSIBLE_DIRECTIVES.join(', ')})`);
    if (values.length === 0) throw new Error(`"${directive}" names no host`);
    for (const value of values)
      if (!HOST_SOURCE.test(value)) throw new Error(`"${value}" in ${directive} is not an https host such as https://cdn.example.com`);
    (result[directive as ExtensibleDirective] ??= []).push(...values);
  }
  return result;
}

/** The origin of an absolute http(s) address, or null for a path on our own origin. */
export function originOf(address: string): string | null {
  if (!/^https?:\/\//i.test(address)) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * A configured script as a CSP source: its own address without the query (CSP matches paths),
 * so its host's other scripts are not allowed with it; null for a path of our own ('self').
 */
export function scriptSourceOf(address: string): string | null {
  if (!/^https:\/\//i.test(address)) return null;
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

export interface SecurityHeadersInput {
  policy: string;
  /** Report violations without blocking (CSP_REPORT_ONLY=Y), to roll a policy change out. */
  reportOnly: boolean;
  /** Strict-Transport-Security, for an https site. */
  https: boolean;
  /** HSTS for the hosts under the site's too (includeSubDomains). */
  hstsIncludeSubdomains: boolean;
}

export type SecurityHeader = [name: string, value: string];

/** Every security header, in the order the hosts write them. The same list for every host. */
export function securityHeaders(input: SecurityHeadersInput): SecurityHeader[] {
  return [
    [input.reportOnly ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy', input.policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // The shop pages ask for the location ("shops near me"); nothing asks for the rest.
    [
      'Permissions-Policy',
      'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    ],
    ...(input.https
      ? [
          [
            'Strict-Transport-Security',
            `max-age=31536000${input.hstsIncludeSubdomains ? '; includeSubDomains' : ''}`,
          ] satisfies SecurityHeader,
        ]
      : []),
  ];
}
