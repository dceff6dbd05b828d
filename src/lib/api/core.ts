/**
 * The one way the browser reaches the commerce API, its light part: fetch, the base URL, the
 * page's language as Accept-Language, the bearer token, and the envelope read into a typed
 * result. No zod and no token refresh, so a visitor's page can use it alone (the product
 * cards' live prices) without loading them; the member client (client.ts, loaded on demand)
 * sends every call through `send` below and adds answer validation and the refresh.
 */
import { CodedError } from '../errors.ts';
import { API_BASE_URL } from './base-url.ts';

export type ApiResult<T> =
  | { ok: true; data: T }
  /** The API answered success false: show msgCode (translated) or msg beside the field. */
  | {
      ok: false;
      kind: 'failure';
      msgCode: string;
      msg: string | null;
      field: string | null;
      /** TOO_MANY_ATTEMPTS: how long to wait before trying again. */
      retryAfterSeconds?: number;
    }
  /** Not signed in, even after a refresh: the login flow has started. */
  | { ok: false; kind: 'unauthorized' }
  /** The request never got an answer (or an unreadable one); the shared handler was told. */
  | { ok: false; kind: 'network'; error: Error }
  /** Aborted, typically because the shopper left the page. Not an error. */
  | { ok: false; kind: 'aborted' };

export type { Route } from './public-routes.ts';
import type { Route } from './public-routes.ts';

export interface CoreOptions {
  /** Default: API_BASE_URL (PUBLIC_API_BASE_URL, else same-origin `/api`). */
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** The page's language (BCP 47), sent as Accept-Language: names come back in it. */
  language?: string | undefined;
}

/** An answer that is not the envelope (an HTML error page, a proxy's text): nothing to show from it. */
export class ApiResponseError extends CodedError {
  constructor(message: string) {
    super('API_RESPONSE_INVALID', message);
  }
}

export interface Answer {
  status: number;
  /** The parsed JSON body; undefined when the body is not JSON. */
  body: unknown;
}

/** Sends one call. A network failure or an abort rejects; any HTTP status resolves. */
export async function send(
  route: Route,
  body: unknown,
  options: CoreOptions & { token?: string | null; signal?: AbortSignal | undefined },
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (options.language) headers['accept-language'] = options.language;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const post = route.method === 'POST';
  const res = await (options.fetch ?? fetch)(`${options.baseUrl ?? API_BASE_URL}${route.path}`, {
    method: route.method,
    headers,
    credentials: 'same-origin',
    signal: options.signal ?? null,
    body: post ? JSON.stringify(body ?? {}) : null,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, an empty body): no envelope to read.
  }
  return { status: res.status, body: json };
}

interface Envelope {
  success: boolean;
  msgCode: string | null;
  resp: unknown;
  msg: string | null;
}

/**
 * The envelope as a result, without a schema: a refusal with its msgCode and field, or the
 * resp as is. An answer that is no envelope throws ApiResponseError.
 */
export function readEnvelope<T>(route: Route, answer: Answer): ApiResult<T> {
  const envelope = answer.body as Envelope | undefined;
  if (typeof envelope?.success !== 'boolean') throw new ApiResponseError(`Unexpected answer from ${route.path} (HTTP ${answer.status})`);
  if (envelope.success) return { ok: true, data: envelope.resp as T };
  const resp = envelope.resp as { field?: string; retryAfterSeconds?: number } | null;
  return {
    ok: false,
    kind: 'failure',
    msgCode: envelope.msgCode ?? 'API_FAILURE',
    msg: envelope.msg ?? null,
    field: resp?.field ?? null,
    ...(typeof resp?.retryAfterSeconds === 'number' ? { retryAfterSeconds: resp.retryAfterSeconds } : {}),
  };
}

export const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || (error as { cause?: Error }).cause?.name === 'AbortError');

/**
 * A public call with the core alone, for a visitor's page: the answer is trusted as the
 * contract types it. Never throws: a failure of any kind is a result, and callers fall back.
 */
export async function callLight<T>(
  route: Route,
  body: unknown,
  options: CoreOptions & { signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  try {
    return readEnvelope<T>(route, await send(route, body, options));
  } catch (error) {
    if (isAbort(error)) return { ok: false, kind: 'aborted' };
    return { ok: false, kind: 'network', error: error instanceof Error ? error : new ApiResponseError(String(error)) };
  }
}
