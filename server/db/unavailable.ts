/**
 * Whether an error means the database is away (stopped, restarting, unreachable, too slow to
 * answer) rather than that a statement is wrong. Such a request answers 503 with the envelope, so
 * that a load balancer and a client retry later, instead of a 500 that reads like a bug.
 *
 * Hand-written: node-postgres reports a lost server in several shapes (a socket's errno, a
 * PostgreSQL SQLSTATE, or a plain Error whose message is its only mark), and drizzle wraps each of
 * them in a DrizzleQueryError that keeps the driver's error as `cause`.
 */

/** Staff see it in the envelope: the words of the product's other "try again" messages. */
export const SERVICE_BRIEFLY_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.';

/** SQLSTATEs of a server going down or refusing connections for now. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (pg_ctl stop -m fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: our statement_timeout, when the server is too slow to answer
  '53300', // too_many_connections
]);

/** A socket that could not reach the server, or lost it. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own errors, which carry no code (pg 8, pg-pool 3). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // …unexpectedly, …due to connection timeout
  'timeout exceeded when trying to connect', // the pool's connectionTimeoutMillis
  'Query read timeout', // the client's query_timeout
  'is not queryable', // a client whose connection already failed
  'Connection refused',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      // Class 08: connection exception (08000, 08003, 08006, 08001…).
      if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // A pool that could not connect reports every address it tried (Node's AggregateError).
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = cause;
  }
  return false;
}
