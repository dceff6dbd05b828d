/**
 * The Content-Security-Policy: what it allows, the settings that widen it, the release scan it
 * is made from, and the security headers every host sends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, cspExtraSources, cspReportOnly, cspReportUri, hstsIncludeSubdomains } from '../../src/node/env.ts';
import {
  contentSecurityPolicy,
  parseExtraSources,
  POLICY_MAX_LENGTH,
  securityHeaders,
  type PolicyInput,
} from '../../src/lib/security/content-security-policy.ts';
import {
  cspHash,
  mergeScans,
  parseScan,
  scanPage,
  scanTotals,
  serializeScan,
  type ReleaseScan,
} from '../../scripts/security/release-scan.ts';
import { fileOfRoute } from '../../src/node/routing/route-table.ts';
import { securityHeadersFor } from '../../scripts/host-rules.ts';

const NONE: PolicyInput = {
  scriptHashes: [],
  styleHashes: [],
  scriptHosts: [],
  connectHosts: [],
  imageHosts: [],
  extraSources: {},
  upgradeInsecureRequests: false,
  reportUri: '',
};
const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('the policy', () => {
  it('allows scripts and styles from our origin and by hash only, and no handler, plugin, base or framing', () => {
    expect(contentSecurityPolicy(NONE)).toBe(
      [
        "default-src 'self'",
        "script-src 'self' 'report-sample'",
        "script-src-attr 'none'",
        "style-src 'self' 'report-sample'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "media-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('adds the hashes, the configured hosts and the extras where each belongs, once each and in a fixed order', () => {
    const policy = directives(
      contentSecurityPolicy({
        scriptHashes: ['sha256-B', 'sha256-A', 'sha256-B'],
        styleHashes: ['sha256-S'],
        scriptHosts: ['https://tags.example', 'https://risk.example'],
        connectHosts: ['https://api.example', 'https://datarcvr.example'],
        imageHosts: ['https://img.example'],
        extraSources: {
          'script-src': ['https://tags.example'],
          'frame-src': ['https://captcha.example'],
          'img-src': ['https://*.maps.example'],
        },
        upgradeInsecureRequests: true,
        reportUri: 'https://report.example/csp',
      }),
    );
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://risk.example',
      'https://tags.example',
      "'report-sample'",
      "'sha256-A'",
      "'sha256-B'",
    ]);
    expect(policy['style-src']).toEqual(["'self'", "'report-sample'", "'sha256-S'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example', 'https://datarcvr.example']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://*.maps.example', 'https://img.example']);
    expect(policy['media-src']).toEqual(["'self'", 'https://img.example']);
    expect(policy['frame-src']).toEqual(['https://captcha.example']);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(policy['report-uri']).toEqual(['https://report.example/csp']);
    // Never a way to run code that is not ours by address or by hash.
    expect(JSON.stringify(policy['script-src'])).not.toMatch(/unsafe|\*|data:|blob:/);
  });
});

describe('CSP_EXTRA_SOURCES', () => {
  afterEach(() => {
    for (const name of ['CSP_EXTRA_SOURCES', 'CSP_REPORT_ONLY', 'CSP_REPORT_URI', 'HSTS_INCLUDE_SUBDOMAINS']) delete process.env[name];
  });

  it('reads hosts per directive', () => {
    expect(parseExtraSources(' frame-src https://captcha.example ;img-src https://img.example https://*.cdn.example:8443; ')).toEqual({
      'frame-src': ['https://captcha.example'],
      'img-src': ['https://img.example', 'https://*.cdn.example:8443'],
    });
    expect(parseExtraSources('')).toEqual({});
  });

  it('refuses a keyword, a scheme, a path, plain http or an unknown directive, naming the part and the variable', () => {
    for (const [text, message] of [
      ["script-src 'unsafe-inline'", /"'unsafe-inline'" in script-src is not an https host/],
      ['script-src https:', /"https:" in script-src/],
      ['script-src *', /"\*" in script-src/],
      ['img-src data:', /"data:" in img-src/],
      ['connect-src http://api.example', /"http:\/\/api.example"/],
      ['script-src https://cdn.example/js/', /"https:\/\/cdn.example\/js\/"/],
      ['default-src https://cdn.example', /"default-src" is not a directive hosts can be added to/],
      ['frame-ancestors https://evil.example', /"frame-ancestors"/],
      ['frame-src', /"frame-src" names no host/],
      ['img-src https://*.com', /"https:\/\/\*\.com" in img-src/],
    ] as const) {
      expect(() => parseExtraSources(text), text).toThrow(message);
      process.env.CSP_EXTRA_SOURCES = text;
      expect(() => cspExtraSources(), text).toThrow(ConfigError);
      expect(() => cspExtraSources(), text).toThrow(/^CSP_EXTRA_SOURCES: /);
    }
  });

  it('CSP_REPORT_ONLY is Y or N, and CSP_REPORT_URI an https address or a path of ours', () => {
    expect(cspReportOnly()).toBe(false);
    process.env.CSP_REPORT_ONLY = 'Y';
    expect(cspReportOnly()).toBe(true);
    process.env.CSP_REPORT_ONLY = 'yes';
    expect(() => cspReportOnly()).toThrow(/CSP_REPORT_ONLY must be Y or N/);
    expect(cspReportUri()).toBe('');
    process.env.CSP_REPORT_URI = '/csp-report';
    expect(cspReportUri()).toBe('/csp-report');
    for (const value of [
      'http://report.example',
      '//report.example',
      'javascript:alert(1)',
      'report; script-src *',
      '/a,default-src',
      "/a'b",
      '/räport',
      'https://',
    ]) {
      process.env.CSP_REPORT_URI = value;
      expect(() => cspReportUri(), value).toThrow(/CSP_REPORT_URI must be/);
    }
  });
});

describe('the security headers', () => {
  it('are the policy, nosniff, no framing, a strict referrer, a permissions policy, and HSTS on an https site', () => {
    expect(securityHeaders({ policy: 'P', reportOnly: false, https: true, hstsIncludeSubdomains: true })).toEqual([
      ['Content-Security-Policy', 'P'],
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      [
        'Permissions-Policy',
        'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
      ],
      ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ]);
    const local = securityHeaders({ policy: 'P', reportOnly: true, https: false, hstsIncludeSubdomains: true });
    expect(local[0]).toEqual(['Content-Security-Policy-Report-Only', 'P']);
    expect(local.map(([name]) => name)).not.toContain('Strict-Transport-Security');
  });

  it('leave the hosts under the site out of HSTS when HSTS_INCLUDE_SUBDOMAINS is N (a domain with subdomains not yet on https)', () => {
    const hsts = (hstsIncludeSubdomains: boolean) =>
      Object.fromEntries(securityHeaders({ policy: 'P', reportOnly: false, https: true, hstsIncludeSubdomains }))[
        'Strict-Transport-Security'
      ];
    expect(hsts(false)).toBe('max-age=31536000');
    expect(hsts(true)).toBe('max-age=31536000; includeSubDomains');
  });

  it('HSTS_INCLUDE_SUBDOMAINS is Y unless set to N, and nothing else', () => {
    try {
      expect(hstsIncludeSubdomains()).toBe(true);
      process.env.HSTS_INCLUDE_SUBDOMAINS = 'N';
      expect(hstsIncludeSubdomains()).toBe(false);
      process.env.HSTS_INCLUDE_SUBDOMAINS = ' ';
      expect(hstsIncludeSubdomains()).toBe(true);
      process.env.HSTS_INCLUDE_SUBDOMAINS = 'no';
      expect(() => hstsIncludeSubdomains()).toThrow(new ConfigError('HSTS_INCLUDE_SUBDOMAINS must be Y or N, got "no"'));
    } finally {
      delete process.env.HSTS_INCLUDE_SUBDOMAINS;
    }
  });
});

describe('the release scan', () => {
  const page = `<!doctype html><html><head>
<script type="application/json" id="shop-titles">{"A":"onclick=1"}</script>
<script type="application/ld+json">{"@type":"Product"}</script>
<script>one()</script>
<script type="module" src="/_astro/a.js"></script>
<script type="module">two()</script>
<script data-type="x" data-src="y">three()</script>
<style>astro-island{display:contents}</style>
</head><body>
<img src="https://img.example/a.jpg" srcset="https://img.example/a_r-375-0.jpg 375w, /media/b.jpg 750w, https://cdn2.example/c.jpg 1080w" alt="">
<video poster="https://video.example/p.jpg" src="/media/v.mp4"></video>
<script src="https://tags.example/t.js"></script><iframe src="https://frame.example/"></iframe>
<section style="background-image: url(&quot;https://bg.example/x.jpg&quot;)"></section>
<p>Turn it on=off in text</p>
</body></html>`;
  const pages = (entries: Record<string, string>): ReleaseScan => ({
    pages: Object.fromEntries(Object.entries(entries).map(([name, html]) => [name, scanPage(html)])),
  });

  it('hashes the inline scripts a browser runs and the style elements, never data blocks or external scripts', () => {
    const found = scanPage(page);
    // data-type and data-src are not type and src: that script runs, so it is hashed.
    expect(found.scripts).toEqual([cspHash('one()'), cspHash('three()'), cspHash('two()')].sort());
    expect(found.styles).toEqual([cspHash('astro-island{display:contents}')]);
    // The hash is the one a browser computes: sha256 of the exact text, base64.
    expect(cspHash('astro-island,astro-slot,astro-static-slot{display:contents}')).toBe(
      'sha256-vv9IoKo7BSLbWcUHr3tNmfNVmm5L/9Cfn2H6LMk7/ow=',
    );
  });

  it("hashes an editor's script as the browser reads it: CRLF and CR line breaks as LF", () => {
    expect(cspHash('a();\r\nb();\rc();')).toBe(cspHash('a();\nb();\nc();'));
    expect(scanPage('<script>a();\r\nb();</script>').scripts).toEqual([cspHash('a();\nb();')]);
  });

  it("allows what a sandboxed frame's written document runs: it inherits the page's policy", () => {
    const frame = scanPage(
      `<p>page</p><iframe class="cms-custom__frame" sandbox="allow-scripts" srcdoc="&lt;style&gt;p{}&lt;/style&gt;&lt;img src=&quot;https://img.example/a.jpg&quot;&gt;&lt;script&gt;go(&quot;a&amp;b&quot;, &#39;c&#39;)&lt;/script&gt;"></iframe><script>page()</script>`,
    );
    expect(frame.scripts).toEqual([cspHash('go("a&b", \'c\')'), cspHash('page()')].sort());
    expect(frame.styles).toEqual([cspHash('p{}')]);
    expect(frame.imageHosts).toEqual(['https://img.example']);
    expect(
      scanPage('<iframe class="cms-custom__frame" sandbox="" srcdoc="&lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt;"></iframe>').handler,
    ).toBe(true);
  });

  it("allows nothing in a frame document that is not one of our sandboxed frames': an editor's own srcdoc would have our origin", () => {
    const own = scanPage('<iframe srcdoc="&lt;script&gt;steal()&lt;/script&gt;"></iframe>');
    expect(own.scripts).toEqual([]);
    // Nested in ours: read only as far as our frame's own document.
    const nested = scanPage(
      '<iframe class="cms-custom__frame" sandbox="allow-scripts" srcdoc="&lt;iframe srcdoc=&quot;&amp;lt;script&amp;gt;steal()&amp;lt;/script&amp;gt;&quot;&gt;&lt;/iframe&gt;&lt;script&gt;ours()&lt;/script&gt;"></iframe>',
    );
    expect(nested.scripts).toEqual([cspHash('ours()')]);
  });

  it("collects the origins of pictures and videos on other hosts, not a script's or a frame's", () => {
    expect(scanPage(page).imageHosts).toEqual([
      'https://bg.example',
      'https://cdn2.example',
      'https://img.example',
      'https://video.example',
    ]);
    expect(scanPage(page).handler).toBe(false);
  });

  it('names the pages with an inline event handler, which the policy does not run', () => {
    const scan = pages({
      'feature/lookbook.html': '<p>ok</p><button type="button" onclick="go()">Go</button>',
      'index.html': '<script>var s="<b onclick=x>"</script>',
    });
    expect(scanTotals(scan).handlers).toEqual(['feature/lookbook.html']);
    // Inside a tag only: text that reads like one is not.
    expect(scanPage('<p>Bring it onboard= or not</p>').handler).toBe(false);
    expect(scanPage('<p>a < b onclick=go()</p>').handler).toBe(false);
    expect(scanPage('<a title="x" href="/"\n  onmouseover = "go()">a</a>').handler).toBe(true);
    expect(scanPage('<svg><circle r="1" onload="go()"/></svg>').handler).toBe(true);
    expect(scanPage('<img alt="<3" src="/a.jpg" onerror="go()">').handler).toBe(true);
    expect(scanPage('<a title="a < b" href="/" onclick="go()">a</a>').handler).toBe(true);
  });

  it("lays a partial build's pages over its base release's: kept pages keep their hashes, a page built again carries only its new ones", () => {
    const base = pages({
      'kept.html': '<script>kept()</script><img src="https://old.example/a.jpg">',
      'edited.html': '<script>before()</script>',
    });
    const fresh = pages({ 'edited.html': '<script>after()</script>' });
    const totals = scanTotals(mergeScans(base, fresh));
    expect(Object.keys(totals.scripts).sort()).toEqual([cspHash('kept()'), cspHash('after()')].sort());
    expect(totals.scripts[cspHash('kept()')]).toBe('kept.html');
    expect(totals.imageHosts).toEqual(['https://old.example']);
  });

  it('drops the pages a partial build removes, with their hashes and hosts', () => {
    const base = pages({
      'kept.html': '<script>kept()</script>',
      'feature/gone.html': '<script>gone()</script><img src="https://gone.example/a.jpg">',
    });
    const totals = scanTotals(mergeScans(base, pages({}), ['feature/gone.html']));
    expect(Object.keys(totals.scripts)).toEqual([cspHash('kept()')]);
    expect(totals.imageHosts).toEqual([]);
  });

  it('is kept with each distinct page scan once, and read back as it was, in either stored shape', () => {
    const scan = pages({
      'index.html': '<script>shared()</script>',
      'women.html': '<script>shared()</script>',
      'en-gb/index.html': '<script>shared()</script>',
      'feature/custom.html': '<script>shared()</script><script>own()</script>',
    });
    const text = serializeScan(scan);
    // Three pages carry one scan: its hash is written once for them, once more for the fourth's.
    expect(text.split(cspHash('shared()')).length - 1).toBe(2);
    expect(parseScan(text)).toEqual(scan);
    // A release written before: each page's scan in place.
    expect(parseScan(JSON.stringify(scan))).toEqual(scan);
    // Anything else is no scan: the caller reads the release's pages instead.
    for (const other of ['', 'not json', '{}', '{"pages":[]}', '{"pages":{"a.html":1}}', '{"scans":[],"pages":{"a.html":0}}'])
      expect(parseScan(other), other).toBeNull();
  });

  it('names the first page of a script in code-unit order of the paths', () => {
    const totals = scanTotals(
      pages({ 'women.html': '<script>x()</script>', 'Zebra.html': '<script>x()</script>', 'en-gb/a.html': '<script>x()</script>' }),
    );
    expect(totals.scripts[cspHash('x()')]).toBe('Zebra.html');
  });

  it("names a route's file as the scan and the release do: folders end in index.html", () => {
    expect(fileOfRoute('/feature/gone.html')).toBe('feature/gone.html');
    expect(fileOfRoute('/en-gb/')).toBe('en-gb/index.html');
    expect(fileOfRoute('/')).toBe('index.html');
  });
});

describe('the policy of a build', () => {
  const VARIABLES = [
    'SITE_URL',
    'PUBLIC_API_BASE_URL',
    'ANALYTICS_SERVER_TYPE',
    'ANALYTICS_HOST_HK',
    'RISK_SCRIPT_URL',
    'CAPTCHA_SCRIPT_URL',
    'HSTS_INCLUDE_SUBDOMAINS',
  ];
  afterEach(() => {
    for (const name of VARIABLES) delete process.env[name];
  });

  it('allows the configured script hosts, the API and the collector when elsewhere, and the scanned picture hosts; HSTS as configured', () => {
    process.env.SITE_URL = 'https://www.linea.example';
    process.env.PUBLIC_API_BASE_URL = 'https://api.linea.example/api';
    process.env.ANALYTICS_SERVER_TYPE = 'hk';
    process.env.ANALYTICS_HOST_HK = 'https://datarcvr-hk.example';
    process.env.RISK_SCRIPT_URL = 'https://risk.example/fp.js?v=2';
    process.env.CAPTCHA_SCRIPT_URL = '/api/_standin/captcha.js';
    const scan = {
      pages: {
        'index.html': scanPage(
          '<script>one()</script><img src="https://www.linea.example/media/a.jpg"><img src="https://img.example/b.jpg">',
        ),
      },
    };
    const headers = Object.fromEntries(securityHeadersFor(scan));
    const policy = directives(headers['Content-Security-Policy']!);
    // A script's own address, not its whole host; a path of ours is 'self'.
    expect(policy['script-src']).toEqual(["'self'", 'https://risk.example/fp.js', "'report-sample'", `'${cspHash('one()')}'`]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.linea.example', 'https://datarcvr-hk.example']);
    // Our own origin is 'self' already.
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://img.example']);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    process.env.HSTS_INCLUDE_SUBDOMAINS = 'N';
    expect(Object.fromEntries(securityHeadersFor(scan))['Strict-Transport-Security']).toBe('max-age=31536000');
  });

  it('fails, naming the inline scripts, when the policy would be longer than a host accepts', () => {
    const scan = {
      pages: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}.html`, scanPage(`<script>page(${i})</script>`)])),
    };
    expect(() => securityHeadersFor(scan)).toThrow(
      new RegExp(`over the ${POLICY_MAX_LENGTH} a host accepts[\\s\\S]*\\(first in p39\\.html\\)`),
    );
    expect(POLICY_MAX_LENGTH).toBe(2000);
  });
});
