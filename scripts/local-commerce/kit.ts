/**
 * What every route module of the local commerce API shares: registering an endpoint from the
 * contract's table (`handle`), so a request is validated by the same schema the browser client
 * types against; the `{ success, msgCode, resp, msg }` envelope every answer has; business
 * failures; and the lookups most domains need (the signed-in member, a product, its stock).
 */
import { bodyLimit } from 'hono/body-limit';
import { API_BODY_MAX_BYTES } from '../../src/lib/api/contract-kit.ts';
import { findStringProblem, STRING_MAX_LENGTH } from '../../src/lib/api/string-rules.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { ENDPOINTS, type EndpointName, type Member, type ResponseOf } from '../../src/lib/api/contract.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { isJsonContentType } from '../request-checks.ts';
import type { AttemptLimits } from './attempt-limits.ts';
import type { SessionCookies } from './session-cookies.ts';
import type { Outbox } from './mail.ts';
import { withRequestLanguage } from './request-language.ts';
import { storageFailureOf } from './storage.ts';
import { ApiFailure, type FailureStatus } from './api-failure.ts';

// Route modules take the failure from the kit with the rest of what they share.
export { ApiFailure };

/** Refuses a body over `maxBytes` with 413 before it is read whole. */
export const limitBody = (maxBytes: number) =>
  bodyLimit({ maxSize: maxBytes, onError: (c) => failureAnswer(c, 'BODY_TOO_LARGE', `The request body is over ${maxBytes} bytes`, 413) });

/** A failure of one form field: HTTP 200, and `resp.field` names the field for the form. */
export const fieldFailure = (msgCode: string, message: string, field: string) => new ApiFailure(msgCode, message, 200, { field });

/** The failure envelope; the success one is written by `handle` alone. */
export const failureAnswer = (c: Context, msgCode: string, msg: string, status: FailureStatus, resp: unknown = null) =>
  c.json({ success: false, msgCode, resp, msg }, status);

/**
 * The answer to what a route threw, in the contract's routes and the others alike: a business
 * failure as its envelope (with Retry-After when it says how long to wait); a write the storage
 * could not take as STORAGE_FULL or STORAGE_UNAVAILABLE (storage.ts); anything else is logged and
 * answered as a 500 envelope, never a bare text a page cannot read.
 */
export function errorAnswer(c: Context, thrown: unknown) {
  const storage = storageFailureOf(thrown);
  if (storage) console.error(`[commerce] ${c.req.method} ${c.req.path}: ${storage.code}:`, thrown);
  const error = storage ?? thrown;
  if (error instanceof ApiFailure) {
    const wait = (error.resp as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
    if (error.status === 429 && wait !== undefined) c.header('Retry-After', String(wait));
    return failureAnswer(c, error.code, error.message, error.status, error.resp);
  }
  console.error(`[commerce] ${c.req.method} ${c.req.path}:`, error);
  return failureAnswer(c, 'SERVER_ERROR', 'Something went wrong', 500);
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  prefer_lang: string | null;
  agreement_version: string | null;
  privacy_version: string | null;
  password_hash: string | null;
  birthday: string | null;
  gender: Member['gender'];
  created_at: number;
  /** Set when the member closed the account: the data stays, signing in does not. */
  closed_at: number | null;
}

export const toMember = (row: MemberRow): Member => ({
  userId: row.id,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  birthday: row.birthday,
  gender: row.gender,
  memberSince: row.created_at,
  preferLang: row.prefer_lang,
  membershipAgreementVersion: row.agreement_version,
  privacyPolicyVersion: row.privacy_version,
});

export const memberById = (db: DatabaseSync, id: string) =>
  db.prepare('SELECT * FROM members WHERE id = ?').get(id) as MemberRow | undefined;

/** The access token of an `Authorization: Bearer …` header, if the request has one. */
export const bearerToken = (c: Context) => /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];

export type Handler<N extends EndpointName> = (input: {
  body: z.infer<(typeof ENDPOINTS)[N]['body']>;
  member: MemberRow;
  c: Context;
}) => ResponseOf<N> | Promise<ResponseOf<N>>;

/** What each route module gets from the app. */
export interface RouteKit {
  /** For routes outside the contract (the fake providers, the analytics collector, the admin page); what they throw is answered by errorAnswer. */
  app: Hono;
  db: DatabaseSync;
  now: () => number;
  handle: <N extends EndpointName>(name: N, handler: Handler<N>) => void;
  /** How often what can be guessed or abused may be tried (attempt-limits.ts). */
  limits: AttemptLimits;
  /** The session's cookies (session-cookies.ts). */
  cookies: SessionCookies;
  /** Where mail goes (mail.ts). */
  outbox: Outbox;
  productOf: (productCode: string) => CatalogueProduct | null;
  stockOf: (skuCode: string) => number | undefined;
}

export function createRouteKit(
  app: Hono,
  db: DatabaseSync,
  now: () => number,
  services: { limits: AttemptLimits; cookies: SessionCookies; outbox: Outbox },
): RouteKit {
  function authenticatedMember(c: Context): MemberRow | null {
    const token = bearerToken(c);
    if (!token) return null;
    const row = db.prepare('SELECT member_id FROM access_tokens WHERE token = ? AND expires_at > ?').get(token, now()) as
      { member_id: string } | undefined;
    const member = row ? memberById(db, row.member_id) : undefined;
    // Closing an account deletes its access tokens; a closed member is refused all the same.
    return member && member.closed_at === null ? member : null;
  }

  function handle<N extends EndpointName>(name: N, handler: Handler<N>): void {
    const definition = ENDPOINTS[name];
    app.on(definition.method, `/api${definition.path}`, limitBody(definition.maxBodyBytes ?? API_BODY_MAX_BYTES), async (c) => {
      try {
        // Only JSON: a cross-site form can send text/plain that parses as JSON.
        if (definition.method === 'POST' && !isJsonContentType(c.req.header('content-type')))
          throw new ApiFailure('UNSUPPORTED_MEDIA_TYPE', 'Send the body as Content-Type: application/json', 415);
        const member = definition.auth ? authenticatedMember(c) : null;
        if (definition.auth && !member) throw new ApiFailure('UNAUTHORIZED', 'Sign in again', 401);
        let raw: unknown = {};
        if (definition.method === 'POST') {
          const text = await c.req.text();
          try {
            raw = text ? JSON.parse(text) : {};
          } catch {
            throw new ApiFailure('BAD_JSON', 'The request body is not JSON', 400);
          }
        }
        const bad = findStringProblem(raw);
        if (bad) {
          const why =
            bad.problem === 'VALUE_TOO_LONG' ? `is over ${STRING_MAX_LENGTH} characters` : 'holds a control or bidi-override character';
          throw fieldFailure(bad.problem, `${bad.field || 'body'} ${why}`, bad.field);
        }
        const parsed = definition.body.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path.map(String).join('.');
          // Schema messages that look like codes (UR_EMAIL_06) are the form's msgCode.
          const msgCode = /^[A-Z][A-Z0-9_]+$/.test(issue.message) ? issue.message : 'INVALID_FIELD';
          throw fieldFailure(msgCode, `${field || 'body'}: ${issue.message}`, field);
        }
        const resp = await withRequestLanguage(c.req.header('accept-language'), () =>
          handler({ body: parsed.data as never, member: member as MemberRow, c }),
        );
        return c.json({ success: true, msgCode: null, resp, msg: null });
      } catch (error) {
        return errorAnswer(c, error);
      }
    });
  }

  const productOf = (code: string) => {
    const row = db.prepare('SELECT json FROM products WHERE product_code = ?').get(code) as { json: string } | undefined;
    return row ? (JSON.parse(row.json) as CatalogueProduct) : null;
  };
  const stockOf = (skuCode: string) =>
    (db.prepare('SELECT stock FROM skus WHERE sku_code = ?').get(skuCode) as { stock: number } | undefined)?.stock;

  return { app, db, now, handle, ...services, productOf, stockOf };
}
