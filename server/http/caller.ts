/**
 * Who is calling: the bearer token is verified against the identity provider's keys, then the
 * caller's current practice and their roles in it are settled. Every handler receives this.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ALL_ROLES, type Role } from '../../embed-sdk/contract/common.js';
import { FIRST_VIEW_PATH } from '../../embed-sdk/contract/widget.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { AccessClaims } from '../identity/claims.js';
import { UnauthorizedError } from './errors.js';

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
 * The current practice of each user, cached: it changes only through login-company and
 * loginFromCompany, which call `forget`.
 */
export class CurrentPracticeCache {
  private cache = new Map<number, number | null>();
  constructor(private db: Db) {}

  async get(userId: number): Promise<number | null> {
    if (this.cache.has(userId)) return this.cache.get(userId) ?? null;
    const [row] = await this.db
      .select({ currentCompanyId: users.currentCompanyId })
      .from(users)
      .where(eq(users.id, userId));
    const value = row?.currentCompanyId ?? null;
    this.cache.set(userId, value);
    return value;
  }

  forget(userId: number) {
    this.cache.delete(userId);
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
    };
  }
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId)) throw new UnauthorizedError('The access token does not name a user.');
  const stored = await practices.get(userId);
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
  };
}

/** The caller behind a bearer token; a missing, invalid or expired token is a 401. */
export async function callerFromToken(
  token: string | null,
  deps: { verifier: TokenVerifier; practices: CurrentPracticeCache },
): Promise<Caller> {
  if (!token) throw new UnauthorizedError();
  try {
    return await resolveCaller(await deps.verifier.verify(token), deps.practices);
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    throw new UnauthorizedError('The access token is invalid or has expired.');
  }
}
