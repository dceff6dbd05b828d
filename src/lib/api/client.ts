/**
 * The browser client of the commerce API: one wretch instance, calls named by the contract's
 * endpoint table, the envelope turned into a typed result.
 *
 * - Member calls carry the access token. On a 401 the client runs one refresh, shared by
 *   every call that hit the 401 at the same time, then retries once; if the refresh fails,
 *   `onSignInRequired` starts the login flow.
 * - A network failure goes to the one shared `onHttpError` handler.
 * - Every call can be aborted (abortAll on page leave); an abort is not an error.
 *
 * Platform parts (fetch, the token, what a refresh or a login means) are injected, so the
 * client is tested against a real server without a browser.
 */
import wretch, { type Wretch, type WretchError } from 'wretch';
import { API_BASE_URL } from './base-url.ts';
import { ENDPOINTS, envelopeSchema, failureEnvelopeSchema, sessionSchema, type EndpointName, type RequestOf, type ResponseOf, type Session } from './contract.ts';

export type ApiResult<T> =
  | { ok: true; data: T }
  /** The API answered success false: show msgCode (translated) or msg beside the field. */
  | { ok: false; kind: 'failure'; msgCode: string; msg: string | null; field: string | null }
  /** Not signed in, even after a refresh: the login flow has started. */
  | { ok: false; kind: 'unauthorized' }
  /** The request never got an answer (or an unreadable one); onHttpError was told. */
  | { ok: false; kind: 'network'; error: Error }
  /** Aborted, typically because the shopper left the page. Not an error. */
  | { ok: false; kind: 'aborted' };

export interface ApiClientOptions {
  /** Default: API_BASE_URL (PUBLIC_API_BASE_URL, else same-origin `/api`). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The page's language (BCP 47), sent as Accept-Language: names come back in it. */
  language?: string;
  getAccessToken: () => string | null;
  /** A refresh succeeded: keep the new session. */
  onSession: (session: Session) => void;
  /** No valid session could be had: start the login flow. */
  onSignInRequired: () => void;
  /** The shared HTTP error handler (network failures, unreadable answers). */
  onHttpError: (error: Error) => void;
}

export class ApiResponseError extends Error {
  readonly code = 'API_RESPONSE_INVALID';
}

const isAbort = (error: unknown) => error instanceof Error && (error.name === 'AbortError' || (error as { cause?: Error }).cause?.name === 'AbortError');

export function createApiClient(options: ApiClientOptions) {
  const base: Wretch = wretch(options.baseUrl ?? API_BASE_URL)
    .options({ credentials: 'same-origin' })
    .headers({ accept: 'application/json', ...(options.language ? { 'accept-language': options.language } : {}) })
    .polyfills(options.fetch ? { fetch: options.fetch } : {});
  const inFlight = new Set<AbortController>();
  let refreshing: Promise<Session | null> | null = null;

  /** One refresh for everyone who needs it now. */
  function refreshSession(): Promise<Session | null> {
    refreshing ??= base
      .url(ENDPOINTS.refresh.path)
      .json({})
      .post()
      .json((body: unknown) => {
        const parsed = envelopeSchema(sessionSchema).safeParse(body);
        return parsed.success && parsed.data.success && parsed.data.resp ? parsed.data.resp : null;
      })
      .catch(() => null)
      .then((session) => {
        if (session) options.onSession(session);
        return session;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send(name: EndpointName, body: unknown, signal: AbortSignal): Promise<{ status: number; json: unknown; token: string | null }> {
    const definition = ENDPOINTS[name];
    let request = base.url(definition.path).options({ signal });
    const token = definition.auth ? options.getAccessToken() : null;
    if (token) request = request.auth(`Bearer ${token}`);
    const chain = definition.method === 'GET' ? request.get() : request.json((body ?? {}) as object).post();
    try {
      const res = await chain.res();
      return { status: res.status, json: await res.json(), token };
    } catch (error) {
      const failure = error as WretchError;
      // wretch rejects non-2xx answers; the envelope is still in the body.
      if (typeof failure.status === 'number') return { status: failure.status, json: failure.json ?? safeJson(failure.text), token };
      throw error;
    }
  }

  async function call<N extends EndpointName>(name: N, body?: RequestOf<N>, callOptions: { signal?: AbortSignal } = {}): Promise<ApiResult<ResponseOf<N>>> {
    const controller = new AbortController();
    const forward = () => controller.abort();
    callOptions.signal?.addEventListener('abort', forward);
    inFlight.add(controller);
    try {
      let answer = await send(name, body, controller.signal);
      if (answer.status === 401 && ENDPOINTS[name].auth) {
        // Another call may have refreshed while this one was out: then just retry with its token.
        const current = options.getAccessToken();
        const session = current && current !== answer.token ? true : await refreshSession();
        if (!session) {
          options.onSignInRequired();
          return { ok: false, kind: 'unauthorized' };
        }
        answer = await send(name, body, controller.signal);
        if (answer.status === 401) {
          options.onSignInRequired();
          return { ok: false, kind: 'unauthorized' };
        }
      }
      const failure = failureEnvelopeSchema.safeParse(answer.json);
      if (failure.success) {
        const { msgCode, msg, resp } = failure.data;
        return { ok: false, kind: 'failure', msgCode, msg, field: resp?.field ?? null };
      }
      const success = envelopeSchema(ENDPOINTS[name].resp).safeParse(answer.json);
      if (!success.success || !success.data.success) throw new ApiResponseError(`Unexpected answer from ${ENDPOINTS[name].path} (HTTP ${answer.status})`);
      return { ok: true, data: success.data.resp as ResponseOf<N> };
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return { ok: false, kind: 'aborted' };
      const failure = error instanceof Error ? error : new Error(String(error));
      options.onHttpError(failure);
      return { ok: false, kind: 'network', error: failure };
    } finally {
      inFlight.delete(controller);
      callOptions.signal?.removeEventListener('abort', forward);
    }
  }

  return {
    call,
    refreshSession,
    /** Abort every call in flight: the page is being left. */
    abortAll(): void {
      for (const controller of inFlight) controller.abort();
      inFlight.clear();
    },
  };
}

function safeJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;
