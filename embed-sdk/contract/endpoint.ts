/**
 * The API contract's building blocks. An endpoint is data: its method, path and zod schemas. The
 * server registers routes from it and validates with the same schemas; the SDK's client calls it
 * and takes its types from it. Nothing else describes the wire.
 */
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  V extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** One line on what it does, for readers and the route list. */
  summary: string;
  query: Q;
  body: B;
  /** The envelope's `value` on success. */
  value: V;
  /** The answer is raw bytes (an image), not an envelope. */
  binary?: boolean;
  /**
   * It moves money: the caller sends an Idempotency-Key header and a repeated key gets the first
   * answer back instead of a second charge or refund.
   */
  idempotent?: boolean;
  /**
   * What a call changes: `records` (the practice's data: the default of a POST), `caller` (only the
   * caller's own session or settings: which practice is current, the terms, a notice dismissed),
   * `messages` (no record of the practice: it sends a patient a message, with the link it carries;
   * roles that only view may, where the spec says so: Send Reminder, part 2 section 6) or `nothing`
   * (every GET, and a POST that only reads, such as a search with a body). Roles guard `records`;
   * the security tests hold every `records` endpoint to that.
   */
  writes: Writes;
}

export type Writes = 'records' | 'caller' | 'messages' | 'nothing';

/**
 * What a refused call asks the client to do before it calls again: `ACCEPT_TERMS` (403) when the
 * person has not accepted the terms of service, which the client shows them.
 */
export const NEXT_STEPS = ['ACCEPT_TERMS'] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

/** The spec's response envelope. */
export interface Envelope<T> {
  isSuccess: boolean;
  value: T | null;
  errors: string[];
  showMessage: boolean;
  /** Only on a refusal that the client can resolve (see `NextStep`). */
  nextStep?: NextStep;
}

export function envelopeOf<V extends z.ZodType>(value: V) {
  return z.object({
    isSuccess: z.boolean(),
    value: value.nullable(),
    errors: z.array(z.string()),
    showMessage: z.boolean(),
  });
}

const none = z.object({}).strict();
const nothing = z.null();

export function get<
  Q extends z.ZodType = typeof none,
  V extends z.ZodType = typeof nothing,
  Bin extends boolean = false,
>(
  path: string,
  def: { summary: string; query?: Q; value?: V; binary?: Bin },
): Endpoint<Q, typeof none, V> & { binary: Bin } {
  return {
    method: 'GET',
    writes: 'nothing',
    path,
    summary: def.summary,
    query: (def.query ?? none) as Q,
    body: none,
    value: (def.value ?? nothing) as V,
    binary: (def.binary ?? false) as Bin,
  };
}

export function post<
  B extends z.ZodType = typeof none,
  V extends z.ZodType = typeof nothing,
  Q extends z.ZodType = typeof none,
  Idem extends boolean = false,
>(
  path: string,
  def: {
    summary: string;
    body?: B;
    value?: V;
    query?: Q;
    idempotent?: Idem;
    binary?: boolean;
    writes?: Writes;
  },
): Endpoint<Q, B, V> & { idempotent: Idem } {
  return {
    method: 'POST',
    writes: def.writes ?? 'records',
    path,
    summary: def.summary,
    query: (def.query ?? none) as Q,
    body: (def.body ?? none) as B,
    value: (def.value ?? nothing) as V,
    idempotent: (def.idempotent ?? false) as Idem,
    ...(def.binary ? { binary: true } : {}),
  };
}

/** What a caller sends (before coercion and defaults). */
export type QueryIn<E extends Endpoint> = z.input<E['query']>;
export type BodyIn<E extends Endpoint> = z.input<E['body']>;
/** What a handler receives (after parsing). */
export type QueryOut<E extends Endpoint> = z.output<E['query']>;
export type BodyOut<E extends Endpoint> = z.output<E['body']>;
/** The success value. */
export type ValueOf<E extends Endpoint> = z.output<E['value']>;
