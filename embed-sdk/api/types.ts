/** The shapes of a call: what goes in (from the contract's schemas) and what comes back. */
import type { BodyIn, Endpoint, Envelope, QueryIn } from '../contract/endpoint.js';

export interface RequestOptions {
  /** Cancels the request (and its retry); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Leaves the page's loading indicator alone (the spec's no-progress flag, e.g. surcharge lookups). */
  noProgress?: boolean;
  /**
   * For endpoints that move money (`idempotent` in the contract): repeat a request with the same key
   * and the server answers the first result again. A fresh key is made when none is given.
   */
  idempotencyKey?: string;
  /** Shows no banner for this call: the caller reports failures itself (e.g. an optional avatar). */
  noBanner?: boolean;
  /** Who made the call (a widget instance): its banners carry it, so that widget shows them. */
  origin?: string;
}

// An empty object fits exactly when no field is required (this also holds for a strict empty object,
// whose input type is Record<string, never>).
type AllOptional<T> = Record<never, never> extends T ? true : false;

type QueryPart<E extends Endpoint> =
  AllOptional<QueryIn<E>> extends true ? { query?: QueryIn<E> } : { query: QueryIn<E> };
type BodyPart<E extends Endpoint> =
  AllOptional<BodyIn<E>> extends true ? { body?: BodyIn<E> } : { body: BodyIn<E> };

export type CallOptions<E extends Endpoint> = RequestOptions & QueryPart<E> & BodyPart<E>;

/** The options argument, required exactly when the endpoint has a required query or body field. */
export type CallArgs<E extends Endpoint> =
  AllOptional<QueryIn<E>> extends true
    ? AllOptional<BodyIn<E>> extends true
      ? [options?: CallOptions<E>]
      : [options: CallOptions<E>]
    : [options: CallOptions<E>];

/** The envelope of a successful answer: `value` is there. */
export interface ApiSuccess<T> extends Envelope<T> {
  isSuccess: true;
  value: T;
}

/** A business rule said no (200, isSuccess false): `errors` says why. */
export interface ApiFailure extends Envelope<never> {
  isSuccess: false;
  value: null;
}

/** What `call` resolves with: narrow it with `if (result.isSuccess)`. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;
