/**
 * The member client of the commerce API: every call named by the contract, sent through the
 * light core (core.ts) with the member's token. It reads routes, not schemas (routes.ts): the
 * browser trusts the API's answers as the contract types them, as the public reads do (the
 * API's own tests hold it to the contract's schemas), and checks by hand only the answer that
 * could hurt, the session a refresh hands back. So no page loads zod. Loaded on demand
 * (stores/session.ts), once a session may exist or an action needs the API.
 *
 * - Member calls carry the access token. On a 401 the client runs one refresh, shared by
 *   every call that hit the 401 at the same time, then retries once; if the API refuses the
 *   refresh, `onSignInRequired` starts the login flow. A refresh that gets no answer (the API
 *   down, a gateway's 5xx) proves nothing about the session: the member stays where they are.
 * - A network failure or an answer that is not the API's envelope goes to the one shared
 *   `onHttpError` handler.
 * - Every call can be aborted (abortAll on page leave); an abort is not an error.
 *
 * Platform parts (fetch, the token, what a refresh or a login means) are injected, so the
 * client is tested against a real server without a browser.
 */
import type { EndpointName, RequestOf, ResponseOf, Session } from './contract.ts';
import { ApiResponseError, isAbort, readEnvelope, send, type Answer, type ApiResult, type CoreOptions } from './core.ts';
import { ROUTES } from './routes.ts';

export { ApiResponseError, type ApiResult } from './core.ts';

export interface ApiClientOptions extends CoreOptions {
  getAccessToken: () => string | null;
  /** A refresh succeeded: keep the new session. */
  onSession: (session: Session) => void;
  /** The API refused the session: start the login flow. */
  onSignInRequired: () => void;
  /** The shared HTTP error handler (network failures, unreadable answers). */
  onHttpError: (error: Error) => void;
}

export function createApiClient(options: ApiClientOptions) {
  const core: CoreOptions = { baseUrl: options.baseUrl, fetch: options.fetch, language: options.language };
  const inFlight = new Set<AbortController>();
  let refreshing: Promise<RefreshOutcome> | null = null;

  /** One refresh for everyone who needs it now. */
  function refreshSession(): Promise<RefreshOutcome> {
    refreshing ??= send(ROUTES.refresh, {}, core)
      .then((answer): RefreshOutcome => {
        // A gateway's error (5xx) or no envelope at all: the API did not judge the session.
        if (answer.status >= 500 || typeof (answer.body as { success?: unknown } | undefined)?.success !== 'boolean')
          return { kind: 'unavailable', error: new ApiResponseError(`No answer from ${ROUTES.refresh.path} (HTTP ${answer.status})`) };
        const result = readEnvelope<Session>(ROUTES.refresh, answer);
        return result.ok && isSession(result.data) ? { kind: 'session', session: result.data } : { kind: 'refused' };
      })
      .catch((error: unknown): RefreshOutcome => ({
        kind: 'unavailable',
        error: error instanceof Error ? error : new ApiResponseError(String(error)),
      }))
      .then((outcome) => {
        if (outcome.kind === 'session') options.onSession(outcome.session);
        return outcome;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function sendAs(name: EndpointName, body: unknown, signal: AbortSignal): Promise<Answer & { token: string | null }> {
    const token = ROUTES[name].auth ? options.getAccessToken() : null;
    return { ...(await send(ROUTES[name], body, { ...core, token, signal })), token };
  }

  async function call<N extends EndpointName>(
    name: N,
    body?: RequestOf<N>,
    callOptions: { signal?: AbortSignal } = {},
  ): Promise<ApiResult<ResponseOf<N>>> {
    const controller = new AbortController();
    const forward = () => controller.abort();
    callOptions.signal?.addEventListener('abort', forward);
    inFlight.add(controller);
    try {
      let answer = await sendAs(name, body, controller.signal);
      if (answer.status === 401 && ROUTES[name].auth) {
        // Another call may have refreshed while this one was out: then just retry with its token.
        const current = options.getAccessToken();
        const outcome = current && current !== answer.token ? null : await refreshSession();
        if (outcome?.kind === 'unavailable') throw outcome.error;
        if (outcome?.kind === 'refused') {
          options.onSignInRequired();
          return { ok: false, kind: 'unauthorized' };
        }
        answer = await sendAs(name, body, controller.signal);
        if (answer.status === 401) {
          options.onSignInRequired();
          return { ok: false, kind: 'unauthorized' };
        }
      }
      // Anything but the envelope throws, and goes to the shared handler below.
      return readEnvelope<ResponseOf<N>>(ROUTES[name], answer);
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return { ok: false, kind: 'aborted' };
      const failure = error instanceof Error ? error : new ApiResponseError(String(error));
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

export type ApiClient = ReturnType<typeof createApiClient>;

/** What a refresh came to: a session, a refusal (sign in again), or no answer to judge by. */
export type RefreshOutcome = { kind: 'session'; session: Session } | { kind: 'refused' } | { kind: 'unavailable'; error: Error };

/** A refresh's answer becomes the page's credentials: it must be one. */
function isSession(value: unknown): value is Session {
  const session = value as Partial<Session> | null;
  return (
    typeof session?.accessToken === 'string' &&
    session.accessToken.length > 0 &&
    typeof session.member?.userId === 'string' &&
    typeof session.member.name === 'string'
  );
}
