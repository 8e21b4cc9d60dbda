/**
 * The main server's client for the card provider: the CardGateway the routes and jobs use. It talks
 * HTTP to the provider's origin as it would to an outside service, with the shared secret, and
 * checks every answer against the provider's schemas.
 *
 * Callers: do not hold a database transaction open while awaiting these calls. The test provider
 * shares the sandbox's database, and PGlite is one connection, so the provider would wait for the
 * caller's transaction while the caller waits for the provider.
 */
import type { z } from 'zod';
import type { CardGateway } from '../context.js';
import {
  AccountCheckResponse,
  ChargeStatusResponse,
  ErrorResponse,
  OperationResponse,
  TokenizeResponse,
} from './api-schema.js';

/** A refusal or failure from the provider: its HTTP status, its code and its message. */
export class CardProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CardProviderError';
  }
}

export interface GatewayOptions {
  origin: string;
  secret: string;
  /** Per request; a provider that does not answer must not hold a staff member's request forever. */
  timeoutMs?: number;
}

export function createCardGateway({ origin, secret, timeoutMs = 15_000 }: GatewayOptions): CardGateway {
  async function call<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<z.infer<S>> {
    let response: Response;
    try {
      response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CardProviderError(503, 'UNREACHABLE', `The card provider did not answer: ${String(error)}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const problem = ErrorResponse.safeParse(json);
      throw problem.success
        ? new CardProviderError(response.status, problem.data.code, problem.data.message)
        : new CardProviderError(
            response.status,
            'HTTP_ERROR',
            `The card provider answered ${response.status}.`,
          );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new CardProviderError(
        502,
        'BAD_ANSWER',
        `The card provider's answer to ${method} ${path} was not understood.`,
      );
    }
    return parsed.data;
  }

  return {
    tokenize: (input) => call(TokenizeResponse, 'POST', '/v1/tokenize', input),
    charge: (input) => call(OperationResponse, 'POST', '/v1/charges', input),
    refund: (input) => call(OperationResponse, 'POST', '/v1/refunds', input),
    void: (input) => call(OperationResponse, 'POST', '/v1/voids', input),
    checkAccount: (input) => call(AccountCheckResponse, 'POST', '/v1/accounts/check', input),
    async isSettled({ businessId, referenceId }) {
      const query = new URLSearchParams({ businessId });
      const status = await call(
        ChargeStatusResponse,
        'GET',
        `/v1/charges/${encodeURIComponent(referenceId)}?${query}`,
      );
      return status.settled;
    },
  };
}
