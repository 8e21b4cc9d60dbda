/**
 * Who is calling: the bearer token is verified against the identity provider's keys, then the
 * caller's current practice and their roles in it are settled. Every handler receives this.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ALL_ROLES, type Role } from '../../embed-sdk/contract/common.js';
import { FIRST_VIEW_PATH } from '../../embed-sdk/contract/widget.js';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Bus } from '../db/notify.js';
import { users } from '../db/schema/index.js';
import type { AccessClaims } from '../identity/claims.js';
import { UnauthorizedError } from '../errors.js';

export interface Caller {
  /** A person signed in, or a practice system's integration (client credentials). */
  kind: 'user' | 'service';
  userId: number | null;
  subject: string;
  email: string;
  isAdmin: boolean;
  /** The current practice, or null when the caller belongs to none. */
  companyId: number | null;
  roles: ReadonlySet<Role>;
  practices: AccessClaims['practices'];
  /**
   * The person accepted the terms of service. The API serves nothing else until they have (a
   * practice system's integration is not a person and has no terms to accept).
   */
  termsAccepted: boolean;
}

export interface TokenVerifier {
  verify(token: string): Promise<AccessClaims>;
}

const FORM_TOKEN_ROUTE = FIRST_VIEW_PATH.toLowerCase();

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  // RFC 6750 §2.2, the form-encoded body parameter, only where it is needed: a widget's first view
  // is asked for this way, as a cross-origin request that needs no CORS preflight.
  const body = req.body as { access_token?: unknown } | null | undefined;
  const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
  const route = req.routeOptions.url?.toLowerCase();
  if (req.method === 'POST' && form && route === FORM_TOKEN_ROUTE && typeof body?.access_token === 'string') {
    return body.access_token.trim() || null;
  }
  return null;
}

/** The bus channel on which a practice switch reaches every server instance. */
export const PRACTICE_CHANGED = 'practice-changed';
export const PracticeChanged = z.object({ userId: z.number().int() });
export type PracticeChanged = z.infer<typeof PracticeChanged>;

/**
 * The current practice of each user. It changes only through login-company and loginFromCompany,
 * which call `forget`; `forget` tells every server instance through the bus (the hub regroups the
 * person's sockets).
 *
 * It is cached only where the cache is exact: in the one process on PGlite, where `forget` clears it
 * before it returns (a read there took 1.4 ms). With several instances on PostgreSQL, the bus would
 * clear the others' copies only when the notification arrives, measured at up to 40 ms after the
 * switch's answer on this machine under load, while another instance acted in the old practice; so
 * there every call reads the row (an indexed read by key: 0.6 ms measured). Whether they accepted
 * the terms is cached only once they have: an acceptance is never taken back, so the cache can never
 * wrongly let someone in, and a person who has not accepted yet is read again on each call.
 */
export class CurrentPracticeCache {
  private companies = new Map<number, number | null>();
  private accepted = new Set<number>();
  constructor(
    private db: Db,
    private bus: Bus,
    /** False when other server instances share the database. */
    private readonly cached: boolean,
  ) {
    bus.subscribe(PRACTICE_CHANGED, (message) => {
      this.companies.delete(PracticeChanged.parse(message).userId);
    });
  }

  async get(userId: number): Promise<{ companyId: number | null; termsAccepted: boolean }> {
    if (this.companies.has(userId) && this.accepted.has(userId)) {
      return { companyId: this.companies.get(userId) ?? null, termsAccepted: true };
    }
    const [row] = await this.db
      .select({ currentCompanyId: users.currentCompanyId, termsAcceptedAt: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.id, userId));
    const companyId = row?.currentCompanyId ?? null;
    const termsAccepted = row?.termsAcceptedAt != null;
    if (this.cached) {
      this.companies.set(userId, companyId);
      if (termsAccepted) this.accepted.add(userId);
    }
    return { companyId, termsAccepted };
  }

  /** Called once the switch is written. */
  forget(userId: number) {
    void this.bus.publish(PRACTICE_CHANGED, { userId } satisfies PracticeChanged);
  }
}

export async function resolveCaller(claims: AccessClaims, practices: CurrentPracticeCache): Promise<Caller> {
  if (claims.kind === 'service') {
    const practice = claims.practices[0];
    return {
      kind: 'service',
      userId: null,
      subject: claims.sub,
      email: '',
      isAdmin: false,
      companyId: practice?.id ?? null,
      roles: new Set(practice?.roles ?? []),
      practices: claims.practices,
      termsAccepted: true,
    };
  }
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId)) throw new UnauthorizedError('The access token does not name a user.');
  const { companyId: stored, termsAccepted } = await practices.get(userId);
  const member = claims.practices.find((p) => p.id === stored);
  let companyId: number | null;
  let roles: Role[];
  if (member) {
    companyId = member.id;
    roles = member.roles;
  } else if (stored !== null && claims.isAdmin) {
    // An administrator who entered a practice from the admin area acts with every role there.
    companyId = stored;
    roles = [...ALL_ROLES];
  } else {
    companyId = claims.practices[0]?.id ?? null;
    roles = claims.practices[0]?.roles ?? [];
  }
  return {
    kind: 'user',
    userId,
    subject: claims.sub,
    email: claims.email ?? '',
    isAdmin: claims.isAdmin,
    companyId,
    roles: new Set(claims.isAdmin ? ALL_ROLES : roles),
    practices: claims.practices,
    termsAccepted,
  };
}

/** The caller behind a bearer token; a missing, invalid or expired token is a 401. */
export async function callerFromToken(
  token: string | null,
  deps: { verifier: TokenVerifier; practices: CurrentPracticeCache },
): Promise<Caller> {
  if (!token) throw new UnauthorizedError();
  let claims: AccessClaims;
  try {
    claims = await deps.verifier.verify(token);
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    throw new UnauthorizedError('The access token is invalid or has expired.');
  }
  // Outside the catch: a database that is away while the person's practice is read is a 503, not a
  // token to throw away (a client would sign the person out).
  return resolveCaller(claims, deps.practices);
}
