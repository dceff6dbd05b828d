/**
 * The CMS's publish webhook: its payload and its signature.
 *
 * Signature (Stripe-like), in the header `x-linea-signature`:
 *
 *   x-linea-signature: t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
 *
 * - `t` is the signing moment in Unix seconds.
 * - `v1` is the lowercase hex HMAC-SHA256, keyed with the shared secret
 *   (PUBLISH_WEBHOOK_SECRET), of the UTF-8 bytes `"<t>.<raw body>"`: the body exactly as sent,
 *   never re-serialised JSON.
 * - Several `v1=` entries may be sent while a secret is rotated; one matching is enough.
 *   Unknown keys are ignored, so a later scheme can be added beside v1.
 *
 * A delivery is refused when the header is missing or malformed, when `t` is more than the
 * tolerance (5 minutes) away from now in either direction, when no v1 matches (compared in
 * constant time), when its delivery id was already accepted within the tolerance window
 * (a replay), or when the body is not a valid payload. The signature is checked before the
 * body is read, so nothing unauthenticated is parsed or remembered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CodedError } from '../../src/lib/errors.ts';

export const WEBHOOK_SIGNATURE_HEADER = 'x-linea-signature';
/** How far a signature's timestamp may be from now, either way. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** Larger bodies are refused unread: a real delivery lists document paths, not documents. */
export const MAX_WEBHOOK_BODY_BYTES = 1_000_000;
/** Most documents one delivery may name, over its three lists. */
export const MAX_WEBHOOK_DOCUMENTS = 20_000;

/**
 * A cache path: the CMS endpoint without "/cms/" ("zh_TW/pages/women.json",
 * "switch-config.json"), the form the pull writes and reports. Relative, ending in .json,
 * with no segment that could leave the cache folder.
 */
const cachePathSchema = z
  .string()
  .max(500)
  .refine((path) => path.endsWith('.json') && path.split('/').every((s) => s !== '' && !s.startsWith('.') && !/[\\\0]/.test(s)), {
    message: 'must be a cache path like "zh_TW/pages/women.json": relative, ending in .json, without empty or dot segments',
  })
  .describe('A document as its cache path: the CMS endpoint without /cms/, e.g. zh_TW/pages/c/W01.json');

const languageSchema = z
  .string()
  .regex(/^([a-z]{2,3}_[A-Z]{2}|all)$/, 'must be a CMS langCode like zh_TW, or "all" for global documents')
  .describe('The CMS langCode whose documents the delivery names (zh_TW), or "all" for the global ones (switch-config.json)');

export const webhookPayloadSchema = z
  .object({
    id: z.string().min(1).max(200).describe('Delivery id, unique per delivery; a second delivery with the same id is refused as a replay'),
    language: languageSchema,
    published: z.array(cachePathSchema).default([]).describe('Documents that are new'),
    changed: z.array(cachePathSchema).default([]).describe('Documents that changed'),
    deleted: z.array(cachePathSchema).default([]).describe('Documents that no longer exist'),
    products: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a product code'))
      .default([])
      .describe(
        'Product codes whose catalogue entry was added, changed or removed (sent by the commerce side, language "all"): their details are pulled again and only the pages showing them rebuilt',
      ),
  })
  .superRefine((payload, ctx) => {
    const lists = ['published', 'changed', 'deleted'] as const;
    const total = lists.reduce((sum, list) => sum + payload[list].length, 0) + payload.products.length;
    if (total > MAX_WEBHOOK_DOCUMENTS)
      ctx.addIssue({ code: 'custom', path: [], message: `names ${total} documents; at most ${MAX_WEBHOOK_DOCUMENTS}` });
    const listOf = new Map<string, string>();
    for (const list of lists) {
      payload[list].forEach((path, index) => {
        // A language's documents live under its folder; the global ones at the top.
        const belongs = payload.language === 'all' ? !path.includes('/') : path.startsWith(`${payload.language}/`);
        if (!belongs)
          ctx.addIssue({ code: 'custom', path: [list, index], message: `"${path}" is not a document of language ${payload.language}` });
        const other = listOf.get(path);
        if (other && other !== list)
          ctx.addIssue({ code: 'custom', path: [list, index], message: `"${path}" is listed as both ${other} and ${list}` });
        listOf.set(path, list);
      });
    }
  })
  .describe('The body of a publish webhook: which documents of one language were published, changed or deleted, or which products changed');
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export type WebhookRejection = 'missing-signature' | 'malformed-signature' | 'stale' | 'bad-signature' | 'replay' | 'bad-body';
export type WebhookVerification = { ok: true; payload: WebhookPayload } | { ok: false; reason: WebhookRejection; message: string };

/**
 * The answer the publish service should give a refused delivery: 401 for anything about the
 * signature (nothing happens), 400 for a signed but invalid body (the CMS sent something
 * wrong; retrying will not help), 409 for a replay (already accepted once; nothing is lost).
 */
export const REJECTION_STATUS: Record<WebhookRejection, number> = {
  'missing-signature': 401,
  'malformed-signature': 401,
  stale: 401,
  'bad-signature': 401,
  replay: 409,
  'bad-body': 400,
};

/**
 * Delivery ids accepted recently, each until its signature would be stale anyway. Bounded:
 * only deliveries with a valid signature are remembered, so the bound is far above what a
 * CMS sends in ten minutes; when it is reached the expired entries go first, then the oldest.
 */
export class DeliveryLog {
  readonly #expiresAt = new Map<string, number>();
  readonly #maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
  }

  /** The entries not expired at `now`, as [key, expiresAt], oldest first: what a restart needs back. */
  entries(now: number): Array<[string, number]> {
    return [...this.#expiresAt].filter(([, at]) => at > now);
  }

  get size(): number {
    return this.#expiresAt.size;
  }

  /** Whether `key` was remembered and has not expired at `now`. */
  has(key: string, now: number): boolean {
    const expiresAt = this.#expiresAt.get(key);
    if (expiresAt === undefined) return false;
    if (expiresAt > now) return true;
    this.#expiresAt.delete(key);
    return false;
  }

  /** Remembers `key` until `expiresAt`; false (and nothing changes) when it is already there. */
  claim(key: string, expiresAt: number, now: number): boolean {
    if (this.has(key, now)) return false;
    if (this.#expiresAt.size >= this.#maxEntries) {
      for (const [k, at] of this.#expiresAt) if (at <= now) this.#expiresAt.delete(k);
      // Map order is insertion order: the first keys are the oldest.
      for (const k of this.#expiresAt.keys()) {
        if (this.#expiresAt.size < this.#maxEntries) break;
        this.#expiresAt.delete(k);
      }
    }
    this.#expiresAt.set(key, expiresAt);
    return true;
  }
}

const toBytes = (body: string | Uint8Array) =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);

function signature(timestamp: string, body: Buffer, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/** The x-linea-signature header value for `body`, signed at `now` (ms). */
export function signWebhook(body: string | Uint8Array, secret: string, now: number): string {
  const t = String(Math.floor(now / 1000));
  return `t=${t},v1=${signature(t, toBytes(body), secret).toString('hex')}`;
}

interface ParsedSignature {
  timestamp: string;
  signatures: Buffer[];
}

/** "t=…,v1=…[,v1=…]" or null. */
export function parseSignatureHeader(header: string): ParsedSignature | null {
  let timestamp: string | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^[0-9]{1,12}$/.test(value)) return null;
      timestamp = value;
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return null;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  return timestamp !== null && signatures.length > 0 ? { timestamp, signatures } : null;
}

export interface VerifyWebhookOptions {
  /** The request body exactly as received. */
  rawBody: string | Uint8Array;
  /** The x-linea-signature header (Node gives an array when it was sent twice: refused). */
  header: string | readonly string[] | null | undefined;
  /** The shared secret; several while one is rotated (any may match). */
  secret: string | readonly string[];
  /** Now, in ms. */
  now: number;
  toleranceMs?: number;
  /** Accepted delivery ids, shared by every request the service takes. */
  seen: DeliveryLog;
}

const refuse = (reason: WebhookRejection, message: string): WebhookVerification => ({ ok: false, reason, message });

export function verifyWebhook(options: VerifyWebhookOptions): WebhookVerification {
  const { rawBody, header, now, seen, toleranceMs = WEBHOOK_TOLERANCE_MS } = options;
  const secrets = (typeof options.secret === 'string' ? [options.secret] : [...options.secret]).filter((s) => s.length > 0);
  if (secrets.length === 0) throw new CodedError('WEBHOOK_SECRET_MISSING', 'verifyWebhook needs a non-empty secret');

  if (header === undefined || header === null || header === '' || (Array.isArray(header) && header.length === 0)) {
    return refuse('missing-signature', `no ${WEBHOOK_SIGNATURE_HEADER} header`);
  }
  if (typeof header !== 'string') return refuse('malformed-signature', `${WEBHOOK_SIGNATURE_HEADER} sent more than once`);
  const parsed = parseSignatureHeader(header);
  if (!parsed) return refuse('malformed-signature', `${WEBHOOK_SIGNATURE_HEADER} must be "t=<unix seconds>,v1=<64 hex digits>"`);

  const signedAt = Number(parsed.timestamp) * 1000;
  if (Math.abs(now - signedAt) > toleranceMs) {
    return refuse(
      'stale',
      `signed at ${new Date(signedAt).toISOString()}, more than ${toleranceMs / 1000} s from now (${new Date(now).toISOString()})`,
    );
  }

  const body = toBytes(rawBody);
  if (body.byteLength > MAX_WEBHOOK_BODY_BYTES)
    return refuse('bad-body', `body of ${body.byteLength} bytes; at most ${MAX_WEBHOOK_BODY_BYTES}`);
  const matches = secrets.some((secret) => {
    const expected = signature(parsed.timestamp, body, secret);
    // Every candidate is compared in full, in constant time; lengths are checked first
    // because timingSafeEqual throws on a mismatch (they are equal once parsed as 64 hex).
    return parsed.signatures.some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  });
  if (!matches) return refuse('bad-signature', 'no v1 signature matches the body and timestamp');

  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (error) {
    return refuse('bad-body', `not valid JSON (${(error as Error).message})`);
  }
  const payload = webhookPayloadSchema.safeParse(json);
  if (!payload.success) {
    const issue = payload.error.issues[0]!;
    const field = issue.path.map(String).join('.') || '(root)';
    return refuse('bad-body', `field ${field}: ${issue.message}`);
  }

  // Remembered until the signature goes stale: after that a replay is refused as stale.
  if (!seen.claim(`id:${payload.data.id}`, signedAt + toleranceMs, now)) {
    return refuse('replay', `delivery ${payload.data.id} was already accepted`);
  }
  return { ok: true, payload: payload.data };
}
