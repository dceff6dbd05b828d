import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, DEV_WEBHOOK_SECRET, publishWebhookSecret, publishWebhookUrl, siteUrl } from '../../src/node/env.ts';
import { documentKindOf, schemaOfKind } from '../../src/lib/cms/document-kind.ts';
import {
  DeliveryLog,
  REJECTION_STATUS,
  WEBHOOK_TOLERANCE_MS,
  parseSignatureHeader,
  signWebhook,
  verifyWebhook,
  type WebhookPayload,
} from '../../scripts/publish/webhook.ts';

const SECRET = 'test-secret-0123456789abcdef';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

const payload = (over: Partial<WebhookPayload> = {}) => ({
  id: 'delivery-1',
  language: 'zh_TW',
  published: [],
  changed: ['zh_TW/pages/women.json'],
  deleted: [],
  ...over,
});

function deliver(
  body: string,
  options: { header?: string | string[] | null; now?: number; signedAt?: number; secret?: string | string[]; seen?: DeliveryLog } = {},
) {
  const header = options.header === undefined ? signWebhook(body, SECRET, options.signedAt ?? NOW) : options.header;
  return verifyWebhook({
    rawBody: body,
    header,
    secret: options.secret ?? SECRET,
    now: options.now ?? NOW,
    seen: options.seen ?? new DeliveryLog(),
  });
}

describe('webhook signature', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256, t in Unix seconds (the documented format, recomputed independently)', () => {
    const body = JSON.stringify(payload());
    const header = signWebhook(body, SECRET, NOW + 999);
    const t = Math.floor(NOW / 1000);
    const hex = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hex}`);
  });

  it('accepts a valid delivery and gives the parsed payload', () => {
    const result = deliver(JSON.stringify(payload()));
    expect(result).toEqual({ ok: true, payload: { ...payload(), products: [] } });
  });

  it('takes the product codes a catalogue change names, and refuses what is not a product code', () => {
    const catalogue = { id: 'c1', language: 'all', products: ['L450011', 'L450024'] };
    expect(deliver(JSON.stringify(catalogue))).toMatchObject({ ok: true, payload: { products: ['L450011', 'L450024'], changed: [] } });
    expect(deliver(JSON.stringify({ ...catalogue, id: 'c2', products: ['../etc'] }))).toMatchObject({ ok: false, reason: 'bad-body' });
  });

  it('accepts a Buffer body, and a signature within the tolerance either way', () => {
    const body = JSON.stringify(payload());
    expect(
      verifyWebhook({
        rawBody: Buffer.from(body),
        header: signWebhook(body, SECRET, NOW),
        secret: SECRET,
        now: NOW,
        seen: new DeliveryLog(),
      }).ok,
    ).toBe(true);
    expect(deliver(body, { signedAt: NOW - WEBHOOK_TOLERANCE_MS + 1000 }).ok).toBe(true);
    expect(deliver(body, { signedAt: NOW + WEBHOOK_TOLERANCE_MS - 1000 }).ok).toBe(true);
  });

  it('refuses a missing header', () => {
    const body = JSON.stringify(payload());
    for (const header of [null, '', []]) expect(deliver(body, { header })).toMatchObject({ ok: false, reason: 'missing-signature' });
  });

  it('refuses malformed headers', () => {
    const body = JSON.stringify(payload());
    const good = signWebhook(body, SECRET, NOW);
    const v1 = good.split('v1=')[1]!;
    for (const header of [
      'garbage',
      `v1=${v1}`, // no timestamp
      `t=${Math.floor(NOW / 1000)}`, // no signature
      `t=abc,v1=${v1}`,
      `t=${Math.floor(NOW / 1000)},v1=${v1.slice(2)}`, // short
      `t=${Math.floor(NOW / 1000)},v1=${v1}zz`,
      `t=1,t=2,v1=${v1}`,
      [good, good],
    ]) {
      expect(deliver(body, { header }), String(header)).toMatchObject({ ok: false, reason: 'malformed-signature' });
    }
  });

  it('refuses a bad signature: another secret, a changed body, a changed timestamp', () => {
    const body = JSON.stringify(payload());
    expect(deliver(body, { header: signWebhook(body, 'another-secret-0123456789', NOW) })).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
    const tampered = JSON.stringify(payload({ changed: ['zh_TW/pages/men.json'] }));
    expect(deliver(tampered, { header: signWebhook(body, SECRET, NOW) })).toMatchObject({ ok: false, reason: 'bad-signature' });
    const header = signWebhook(body, SECRET, NOW).replace(/^t=(\d+)/, (_, t: string) => `t=${Number(t) - 1}`);
    expect(deliver(body, { header })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a stale timestamp, past or future, even when the signature is right', () => {
    const body = JSON.stringify(payload());
    expect(deliver(body, { signedAt: NOW - WEBHOOK_TOLERANCE_MS - 1000 })).toMatchObject({ ok: false, reason: 'stale' });
    expect(deliver(body, { signedAt: NOW + WEBHOOK_TOLERANCE_MS + 1000 })).toMatchObject({ ok: false, reason: 'stale' });
  });

  it('refuses a replay: the same delivery again, or the same id re-signed, within the window', () => {
    const seen = new DeliveryLog();
    const body = JSON.stringify(payload());
    const header = signWebhook(body, SECRET, NOW);
    expect(deliver(body, { header, seen }).ok).toBe(true);
    expect(deliver(body, { header, seen, now: NOW + 60_000 })).toMatchObject({ ok: false, reason: 'replay' });
    expect(deliver(body, { seen, signedAt: NOW + 30_000, now: NOW + 30_000 })).toMatchObject({ ok: false, reason: 'replay' });
    // Another delivery id is a new delivery.
    expect(deliver(JSON.stringify(payload({ id: 'delivery-2' })), { seen }).ok).toBe(true);
    // Once the first signature is stale, the exact replay is refused as stale.
    expect(deliver(body, { header, seen, now: NOW + WEBHOOK_TOLERANCE_MS + 1000 })).toMatchObject({ ok: false, reason: 'stale' });
  });

  it('does not remember refused deliveries: a bad signature cannot block the real one', () => {
    const seen = new DeliveryLog();
    const body = JSON.stringify(payload());
    expect(deliver(body, { seen, header: signWebhook(body, 'wrong-secret-0123456789', NOW) }).ok).toBe(false);
    expect(seen.size).toBe(0);
    expect(deliver(body, { seen }).ok).toBe(true);
  });

  it('refuses a bad body (signed correctly): not JSON, wrong shape, paths of another language, unsafe paths', () => {
    const bad = [
      '{not json',
      JSON.stringify({ language: 'zh_TW', changed: [] }), // no id
      JSON.stringify(payload({ language: 'zh-TW' })),
      JSON.stringify(payload({ changed: ['en_GB/pages/women.json'] })),
      JSON.stringify(payload({ changed: ['zh_TW/../secrets.json'] })),
      JSON.stringify(payload({ changed: ['/cms/zh_TW/pages/women.json'] })),
      JSON.stringify(payload({ changed: ['zh_TW/pages/women.html'] })),
      JSON.stringify(payload({ changed: ['zh_TW/pages/women.json'], deleted: ['zh_TW/pages/women.json'] })),
      JSON.stringify(payload({ language: 'all', changed: ['zh_TW/config.json'] })),
    ];
    for (const body of bad) {
      const result = deliver(body);
      expect(result, body).toMatchObject({ ok: false, reason: 'bad-body' });
    }
    const result = deliver(JSON.stringify(payload({ changed: ['en_GB/pages/women.json'] })));
    expect(!result.ok && result.message).toContain('field changed.0');
    expect(deliver(JSON.stringify(payload({ language: 'all', changed: ['switch-config.json'] }))).ok).toBe(true);
  });

  it('accepts any of several secrets while one is rotated', () => {
    const body = JSON.stringify(payload());
    expect(deliver(body, { secret: ['new-secret-0123456789abc', SECRET] }).ok).toBe(true);
    expect(deliver(body, { secret: ['new-secret-0123456789abc'] })).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('maps signature failures to 401 and a bad body to 400', () => {
    expect(REJECTION_STATUS['bad-signature']).toBe(401);
    expect(REJECTION_STATUS.stale).toBe(401);
    expect(REJECTION_STATUS['bad-body']).toBe(400);
  });

  it('parses several v1 entries and ignores unknown schemes', () => {
    const parsed = parseSignatureHeader(`t=5,v0=zz,v1=${'a'.repeat(64)},v1=${'b'.repeat(64)}`);
    expect(parsed?.timestamp).toBe('5');
    expect(parsed?.signatures).toHaveLength(2);
  });
});

describe('DeliveryLog', () => {
  it('forgets an entry when it expires', () => {
    const log = new DeliveryLog();
    expect(log.claim('a', 100, 0)).toBe(true);
    expect(log.claim('a', 200, 50)).toBe(false);
    expect(log.has('a', 100)).toBe(false);
    expect(log.claim('a', 300, 100)).toBe(true);
  });

  it('stays within its bound: expired entries go first, then the oldest', () => {
    const log = new DeliveryLog({ maxEntries: 3 });
    log.claim('old', 10, 0);
    log.claim('b', 1000, 0);
    log.claim('c', 1000, 0);
    log.claim('d', 1000, 20); // 'old' has expired: it goes
    expect(log.size).toBe(3);
    expect([log.has('b', 20), log.has('c', 20), log.has('d', 20)]).toEqual([true, true, true]);
    log.claim('e', 1000, 20); // full of live entries: the oldest ('b') goes
    expect(log.size).toBe(3);
    expect(log.has('b', 20)).toBe(false);
    expect(log.has('e', 20)).toBe(true);
  });
});

describe('PUBLISH_WEBHOOK_SECRET', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the named dev secret locally when unset', () => {
    vi.stubEnv('PUBLISH_WEBHOOK_SECRET', '');
    vi.stubEnv('CMS_BASE_URL', '');
    vi.stubEnv('NODE_ENV', 'development');
    expect(publishWebhookSecret()).toBe(DEV_WEBHOOK_SECRET);
  });

  it('must be set in production or with an outside CMS', () => {
    vi.stubEnv('PUBLISH_WEBHOOK_SECRET', '');
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => publishWebhookSecret()).toThrow(ConfigError);
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('CMS_BASE_URL', 'https://cms.example');
    expect(() => publishWebhookSecret()).toThrow(/CMS_BASE_URL/);
  });

  it('is taken when set, refused when short, and the dev secret is refused in production', () => {
    vi.stubEnv('PUBLISH_WEBHOOK_SECRET', 'a-real-secret-of-enough-length');
    expect(publishWebhookSecret()).toBe('a-real-secret-of-enough-length');
    vi.stubEnv('PUBLISH_WEBHOOK_SECRET', 'short');
    expect(() => publishWebhookSecret()).toThrow(/at least 16/);
    vi.stubEnv('PUBLISH_WEBHOOK_SECRET', DEV_WEBHOOK_SECRET);
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => publishWebhookSecret()).toThrow(/dev secret/);
  });

  it('the dev secret, set by hand, is refused with an outside CMS too: anyone who read the repository could start builds', () => {
    vi.stubEnv('PUBLISH_WEBHOOK_SECRET', DEV_WEBHOOK_SECRET);
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('CMS_BASE_URL', '');
    expect(publishWebhookSecret()).toBe(DEV_WEBHOOK_SECRET);
    vi.stubEnv('CMS_BASE_URL', 'https://cms.example');
    expect(() => publishWebhookSecret()).toThrow(
      new ConfigError('PUBLISH_WEBHOOK_SECRET is the public local dev secret; set a real one with an outside CMS (CMS_BASE_URL)'),
    );
  });

  it('PUBLISH_WEBHOOK_URL is optional and must be a URL', () => {
    vi.stubEnv('PUBLISH_WEBHOOK_URL', '');
    expect(publishWebhookUrl()).toBeUndefined();
    vi.stubEnv('PUBLISH_WEBHOOK_URL', 'http://127.0.0.1:4420/webhook');
    expect(publishWebhookUrl()).toBe('http://127.0.0.1:4420/webhook');
    vi.stubEnv('PUBLISH_WEBHOOK_URL', 'not a url');
    expect(() => publishWebhookUrl()).toThrow(ConfigError);
  });
});

describe('document kinds from cache paths', () => {
  it('knows every document of the contract, and nothing else', () => {
    expect(documentKindOf('switch-config.json')).toEqual({ kind: 'switch-config' });
    expect(documentKindOf('zh_TW/config.json')).toEqual({ kind: 'shared', language: 'zh_TW', name: 'config' });
    expect(documentKindOf('en_GB/language-config.json')).toEqual({ kind: 'shared', language: 'en_GB', name: 'language-config' });
    expect(documentKindOf('zh_TW/pages/c/W01.json')).toEqual({ kind: 'page', language: 'zh_TW', stem: 'c/W01' });
    expect(documentKindOf('zh_TW/archive/W01/v3.json')).toEqual({ kind: 'archived-page', language: 'zh_TW', code: 'W01', version: 'v3' });
    expect(documentKindOf('zh_TW/product-pages/PP1.json')).toEqual({ kind: 'product-page', language: 'zh_TW', code: 'PP1' });
    expect(documentKindOf('zh_TW/press/index.json')).toEqual({ kind: 'press-index', language: 'zh_TW' });
    expect(documentKindOf('zh_TW/press/1001.json')).toEqual({ kind: 'press-release', language: 'zh_TW', id: '1001' });
    expect(documentKindOf('zh_TW/shops.json')).toEqual({ kind: 'shops', language: 'zh_TW' });
    for (const path of [
      'catalogue.json',
      'zh_TW/unknown.json',
      'zh_TW/press/abc.json',
      'zh_TW/pages/../config.json',
      'zh-TW/config.json',
      'zh_TW/config.txt',
      'zh_TW//config.json',
    ]) {
      expect(documentKindOf(path), path).toBeNull();
    }
    expect(schemaOfKind({ kind: 'shops', language: 'zh_TW' }).safeParse({ shops: [] }).success).toBe(true);
  });
});

describe('SITE_URL', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('SITE_URL is an http(s) origin: no other scheme, no bare host, no path, query or fragment', () => {
    vi.stubEnv('SITE_URL', 'https://www.linea.example/');
    expect(siteUrl()).toBe('https://www.linea.example');
    vi.stubEnv('SITE_URL', 'http://127.0.0.1:4321');
    expect(siteUrl()).toBe('http://127.0.0.1:4321');
    for (const [value, message] of [
      ['shop.linea.example:443', /must start with https:\/\/ or http:\/\//],
      ['ftp://shop.linea.example', /must start with https:\/\/ or http:\/\//],
      ['https://shop.linea.example/?a=1', /no query, fragment or credentials/],
      ['https://shop.linea.example/#top', /no query, fragment or credentials/],
      ['https://user:pw@shop.linea.example', /no query, fragment or credentials/],
      ['https://shop.linea.example/store', /must be an origin/],
      ['not a url', /must be an absolute URL/],
    ] as const) {
      vi.stubEnv('SITE_URL', value);
      expect(() => siteUrl(), value).toThrow(message);
    }
  });
});
