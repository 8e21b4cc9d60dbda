/**
 * The API client: every request of every widget goes through `call` (or `callBinary` for images).
 *
 * The spec's rules (part 1, sections 7 and 8):
 * - a bearer token from the session, with credentials included;
 * - a loading indicator for each request unless `noProgress` (the `progress` event);
 * - 200 with isSuccess false and showMessage true: the first error as a danger banner;
 * - any status other than 200 or 401: 'There was an unexpected server error.';
 * - 401: the token is renewed and the request retried once.
 * - 403 whose envelope's `nextStep` is ACCEPT_TERMS: the person has not accepted the terms of
 *   service; the `terms-required` event tells the page, instead of the banner.
 *
 * How a call settles:
 * - 200 envelope → resolves with it, success or business failure (`ApiResult`: check `isSuccess`).
 *   A business "no" is an answer, not an exception: the banner has already told the user.
 * - any other status, an unreadable answer, or no answer at all → rejects with an `ApiError`
 *   (status, envelope when there was one), so SWR and callers see an error. 401 (after the retry)
 *   rejects too, without a banner: the `auth` event tells the page that sign-in is needed.
 * - aborted → rejects with the signal's reason (an AbortError), without a banner.
 */
import { UNEXPECTED_SERVER_ERROR } from '../banner.js';
import type { Endpoint, Envelope, ValueOf } from '../contract/endpoint.js';
import type { Auth } from '../auth/types.js';
import type { ChairsideEventMap, EventBus } from '../events.js';
import { ApiError } from './errors.js';
import { createProgressCounter } from './progress.js';
import type { ApiResult, CallArgs, CallOptions } from './types.js';
import { buildUrl } from './url.js';

export interface ApiClientOptions {
  baseUrl: string;
  auth: Pick<Auth, 'getToken' | 'refresh'>;
  events: Pick<EventBus<ChairsideEventMap>, 'emit'>;
  /** For tests; the page's fetch by default. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** Calls an endpoint that answers with the envelope. */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ApiResult<ValueOf<E>>>;
  /** Calls an endpoint that answers with bytes (an image); its type is the Blob's. */
  callBinary<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Blob>;
}

type AnyOptions = CallOptions<Endpoint> & { query?: unknown; body?: unknown };

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope<unknown>).isSuccess === 'boolean' &&
    Array.isArray((value as Envelope<unknown>).errors)
  );
}

/** The body as JSON, or null when it is not JSON; an abort while reading still rejects. */
function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  return response.json().catch(() => {
    signal?.throwIfAborted();
    return null;
  });
}

export function createApiClient({ baseUrl, auth, events, fetch: fetchImpl }: ApiClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  const progress = createProgressCounter(events);
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const banner = (options: AnyOptions, message: string) => {
    if (options.noBanner) return;
    events.emit('banner', {
      intent: 'danger',
      message,
      ...(options.origin ? { origin: options.origin } : {}),
    });
  };

  function send(endpoint: Endpoint, options: AnyOptions, token: string | null, idempotencyKey?: string) {
    const headers: Record<string, string> = { accept: endpoint.binary ? '*/*' : 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const init: RequestInit = { method: endpoint.method, headers, credentials: 'include' };
    if (options.signal) init.signal = options.signal;
    if (endpoint.method === 'POST') {
      headers['content-type'] = 'application/json';
      // Always a JSON body: the server refuses an empty body with a JSON content type.
      init.body = JSON.stringify(options.body ?? {});
    }
    return doFetch(buildUrl(base, endpoint.path, options.query), init);
  }

  /** Sends with the session's token; on a 401, renews the token and sends once more. */
  async function authorizedFetch(endpoint: Endpoint, options: AnyOptions): Promise<Response> {
    // One key for the request and its retry: they are the same payment, not two.
    const idempotencyKey = endpoint.idempotent ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
    options.signal?.throwIfAborted();
    const token = await auth.getToken();
    options.signal?.throwIfAborted();
    const response = await send(endpoint, options, token, idempotencyKey);
    if (response.status !== 401) return response;
    const renewed = await auth.refresh();
    options.signal?.throwIfAborted();
    if (!renewed) return response;
    await response.body?.cancel().catch(() => undefined);
    return send(endpoint, options, renewed, idempotencyKey);
  }

  async function failure(endpoint: Endpoint, options: AnyOptions, response: Response): Promise<ApiError> {
    const body = await readJson(response, options.signal);
    const envelope = isEnvelope(body) ? body : null;
    if (envelope?.nextStep === 'ACCEPT_TERMS') {
      events.emit('terms-required', {
        message: envelope.errors[0] ?? 'Accept the terms of service to continue.',
      });
    } else if (response.status !== 401) {
      banner(options, UNEXPECTED_SERVER_ERROR);
    }
    return ApiError.from(endpoint, response.status, envelope);
  }

  async function perform<T>(
    endpoint: Endpoint,
    options: AnyOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const showsProgress = !options.noProgress;
    if (showsProgress) progress.start();
    try {
      const response = await authorizedFetch(endpoint, options);
      return await read(response);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (error instanceof ApiError) throw error;
      // No answer (offline, DNS, CORS) or one we could not read: the person still needs to know.
      banner(options, UNEXPECTED_SERVER_ERROR);
      throw new ApiError(UNEXPECTED_SERVER_ERROR, 0, null, `${endpoint.method} ${endpoint.path}`, {
        cause: error,
      });
    } finally {
      if (showsProgress) progress.end();
    }
  }

  return {
    baseUrl: base,
    call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) {
      const options: AnyOptions = args[0] ?? {};
      return perform(endpoint, options, async (response) => {
        if (response.status !== 200) throw await failure(endpoint, options, response);
        const body = await readJson(response, options.signal);
        if (!isEnvelope(body)) {
          banner(options, UNEXPECTED_SERVER_ERROR);
          throw ApiError.from(endpoint, response.status, null);
        }
        if (!body.isSuccess && body.showMessage && body.errors[0]) banner(options, body.errors[0]);
        return body as ApiResult<ValueOf<E>>;
      });
    },
    callBinary<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) {
      const options: AnyOptions = args[0] ?? {};
      return perform(endpoint, options, async (response) => {
        if (response.status !== 200) throw await failure(endpoint, options, response);
        return response.blob();
      });
    },
  };
}
