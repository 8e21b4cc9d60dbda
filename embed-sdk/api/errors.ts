/** How a call fails when the server did not answer with a 200 envelope. */
import type { Endpoint, Envelope } from '../contract/endpoint.js';

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer arrived (offline, DNS, CORS). */
    readonly status: number,
    /** The server's envelope when it sent one (400, 401, 403, 404, 409 and 500 do). */
    readonly envelope: Envelope<unknown> | null,
    /** "METHOD /path", for logs. */
    readonly endpoint: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }

  static from(endpoint: Endpoint, status: number, envelope: Envelope<unknown> | null): ApiError {
    const where = `${endpoint.method} ${endpoint.path}`;
    const message = envelope?.errors[0] ?? `${where} answered ${status}.`;
    return new ApiError(message, status, envelope, where);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
