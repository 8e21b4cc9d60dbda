/**
 * Who is calling: the bearer token is verified against the identity provider's keys, then the
 * caller's current practice and their roles in it are settled. Every handler receives this.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ALL_ROLES, type Role } from '../../embed-sdk/contract/common.js';
import { FIRST_VIEW_PATH } from '../../embed-sdk/contract/widget.js';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Bus } from '../db/notify.js';
import { termsVersions, userCompanies, users } from '../db/schema/index.js';
import { TERMS_VERSION } from '../admin/platform/builtInTerms.js';
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

/**
 * The bus channel on which a change to a person's account reaches every server instance: their
 * practice switched, their roles or admin flag changed, they were disabled (the hub closes their
 * sockets, for good when `disabled`), or, with no `userId`, new terms were published for everyone.
 */
export const ACCOUNT_CHANGED = 'account-changed';
export const AccountChanged = z.object({
  userId: z.number().int().optional(),
  disabled: z.boolean().optional(),
});
export type AccountChanged = z.infer<typeof AccountChanged>;

/** What the database says of a signed-in person, read on each call: the token only says who they are. */
export interface AccountState {
  /** The account exists and is not disabled. */
  active: boolean;
  companyId: number | null;
  isAdmin: boolean;
  practices: { id: number; roles: Role[] }[];
  /** They accepted the terms of service in force. */
  termsAccepted: boolean;
}

/**
 * Each person's account as the API acts on it: their current practice, their roles in each practice,
 * whether they are an administrator, whether they accepted the terms in force, and whether the
 * account is disabled. It is read from the database, not from the access token, so that an
 * administrator's change (a role given, an account disabled, new terms) holds from the next call,
 * not from the token's expiry. One statement reads it all (an indexed read by key).
 *
 * It is cached only where the cache is exact: in the one process on PGlite, where `forget` clears it
 * before it returns (a read there took 1.4 ms). With several instances on PostgreSQL, the bus would
 * clear the others' copies only when the notification arrives, measured at up to 40 ms after the
 * change's answer on this machine under load, while another instance acted on the old state; so
 * there every call reads the row (0.6 ms measured).
 */
export class AccountStates {
  private states = new Map<number, AccountState>();
  constructor(
    private db: Db,
    private bus: Bus,
    /** False when other server instances share the database. */
    private readonly cached: boolean,
  ) {
    bus.subscribe(ACCOUNT_CHANGED, (message) => {
      const { userId } = AccountChanged.parse(message);
      if (userId === undefined) this.states.clear();
      else this.states.delete(userId);
    });
  }

  async get(userId: number): Promise<AccountState> {
    const known = this.states.get(userId);
    if (known) return known;
    const [row] = await this.db
      .select({
        currentCompanyId: users.currentCompanyId,
        isAdmin: users.isAdmin,
        disabledAt: users.disabledAt,
        acceptedVersion: users.termsAcceptedVersion,
        termsVersion: sql<string>`coalesce((select ${termsVersions.version} from ${termsVersions} order by ${termsVersions.id} desc limit 1), ${TERMS_VERSION})`,
        // The person's own memberships, every practice's: qualified, as tests/api/practice-scoping
        // recognises a person's read of their own.
        practices: sql<
          { id: number; roles: Role[] }[]
        >`coalesce((select json_agg(json_build_object('id', ${userCompanies.companyId}, 'roles', ${userCompanies.roles}) order by ${userCompanies.companyId}) from ${userCompanies} where "user_companies"."user_id" = "users"."id"), '[]'::json)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    const state: AccountState = row
      ? {
          active: row.disabledAt === null,
          companyId: row.currentCompanyId,
          isAdmin: row.isAdmin,
          practices: row.practices,
          termsAccepted: row.acceptedVersion === row.termsVersion,
        }
      : { active: false, companyId: null, isAdmin: false, practices: [], termsAccepted: false };
    if (this.cached) this.states.set(userId, state);
    return state;
  }

  /** Called once a change to the person's account is written; `disabled` closes their sockets for good. */
  forget(userId: number, change: { disabled?: boolean } = {}) {
    void this.bus.publish(ACCOUNT_CHANGED, { userId, ...change } satisfies AccountChanged);
  }

  /** Called once new terms are published: everyone is read again. */
  forgetEveryone() {
    void this.bus.publish(ACCOUNT_CHANGED, {} satisfies AccountChanged);
  }
}

export async function resolveCaller(claims: AccessClaims, accounts: AccountStates): Promise<Caller> {
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
  const account = await accounts.get(userId);
  if (!account.active) throw new UnauthorizedError('This account is disabled. Ask your administrator.');
  const { companyId: stored, isAdmin, practices, termsAccepted } = account;
  const member = practices.find((p) => p.id === stored);
  let companyId: number | null;
  let roles: Role[];
  if (member) {
    companyId = member.id;
    roles = member.roles;
  } else if (stored !== null && isAdmin) {
    // An administrator who entered a practice from the admin area acts with every role there.
    companyId = stored;
    roles = [...ALL_ROLES];
  } else {
    companyId = practices[0]?.id ?? null;
    roles = practices[0]?.roles ?? [];
  }
  return {
    kind: 'user',
    userId,
    subject: claims.sub,
    email: claims.email ?? '',
    isAdmin,
    companyId,
    roles: new Set(isAdmin ? ALL_ROLES : roles),
    practices,
    termsAccepted,
  };
}

/** The caller behind a bearer token; a missing, invalid or expired token is a 401. */
export async function callerFromToken(
  token: string | null,
  deps: { verifier: TokenVerifier; accounts: AccountStates },
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
  return resolveCaller(claims, deps.accounts);
}
