/**
 * Who may use the hub: the access token is checked at negotiate and again at the upgrade, since a
 * client may skip negotiate, and a connection token alone must not open a socket.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  bearerToken,
  callerFromToken,
  type Caller,
  type AccountStates,
  type TokenVerifier,
} from '../http/caller.js';
import { NotFoundError, TermsNotAcceptedError } from '../errors.js';
import type { Negotiations } from './negotiations.js';

export interface Admission {
  connectionId: string;
  /** The caller's current practice when the socket opened: the group its events come from. */
  companyId: number | null;
  /** The person (null for a practice system's integration), whose practice switch regroups it. */
  userId: number | null;
}

export interface AdmissionDeps {
  verifier: TokenVerifier;
  accounts: AccountStates;
  negotiations: Negotiations;
}

/** The hub's events are the practice's data: like the API, it serves nobody before the terms. */
export async function callerOf(token: string | null, deps: AdmissionDeps): Promise<Caller> {
  const caller = await callerFromToken(token, { verifier: deps.verifier, accounts: deps.accounts });
  if (!caller.termsAccepted) throw new TermsNotAcceptedError();
  return caller;
}

/**
 * Browsers cannot set headers on a WebSocket, so the official client sends the token as
 * `access_token` in the query there; in Node it sends the Authorization header.
 */
export async function admitUpgrade(req: FastifyRequest, deps: AdmissionDeps): Promise<Admission> {
  const caller = await callerOf(queryParam(req, 'access_token') ?? bearerToken(req), deps);
  const connectionToken = queryParam(req, 'id');
  // Without an id the client skipped negotiate, which the WebSocket transport allows.
  const { companyId, userId } = caller;
  if (connectionToken === null) return { connectionId: randomUUID(), companyId, userId };
  const connectionId = await deps.negotiations.redeem(connectionToken, caller.subject);
  if (connectionId === null) throw new NotFoundError('The negotiated connection');
  return { connectionId, companyId, userId };
}

function queryParam(req: FastifyRequest, name: string): string | null {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
}
