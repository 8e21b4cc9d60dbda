/**
 * Binds a contract endpoint to its handler. The contract's schemas validate the request and the
 * answer; the access rule is checked before the handler runs; money-moving endpoints are made
 * idempotent here, once, rather than in each handler.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import type { Role } from '../../embed-sdk/contract/common.js';
import {
  envelopeOf,
  type BodyOut,
  type Endpoint,
  type Envelope,
  type QueryOut,
  type ValueOf,
} from '../../embed-sdk/contract/endpoint.js';
import type { AppContext } from '../context.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { asPracticeId, type PracticeId } from '../db/scope.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { bearerToken, callerFromToken, type Caller } from './caller.js';
import {
  BadRequestError,
  BusinessError,
  ConflictError,
  ForbiddenError,
  TermsNotAcceptedError,
} from '../errors.js';
import { fieldWithNul } from './textInput.js';

/**
 * - `public`: no token (the public payment page).
 * - `signedIn`: a valid token; the caller may belong to no practice.
 * - `member`: a valid token and a current practice.
 * - `{ anyRole }`: a member with at least one of these roles in the current practice.
 * - `admin`: a platform administrator.
 */
export type Access = 'public' | 'signedIn' | 'member' | 'admin' | { anyRole: Role[] };

export interface HandlerInput<E extends Endpoint, A extends Access> {
  query: QueryOut<E>;
  body: BodyOut<E>;
  caller: A extends 'public' ? Caller | null : Caller;
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The request's Idempotency-Key on the contract's idempotent endpoints (required there). */
  idempotencyKey: E extends { idempotent: true } ? string : null;
}

/** A caller that is a member of a practice: `companyId` is set. */
export type MemberCaller = Caller & { companyId: number };

export interface RouteOptions<A extends Access, E extends Endpoint = Endpoint> {
  access: A;
  /**
   * Served before the person accepted the terms of service: only the calls that start a session
   * and show and accept the terms. Every other call is refused until then.
   */
  beforeTerms?: boolean;
  /**
   * On an idempotent endpoint: whether the handler runs again for a request whose key was left in
   * flight by a server that stopped (runIdempotent). Only where everything the handler does is keyed
   * by the Idempotency-Key (the provider's key, the payment's reference), so that a second run finds
   * what the first one did and answers it, and does once what it had not done. A function decides
   * per request.
   */
  resumable?: boolean | ((body: BodyOut<E>) => boolean);
}

export interface RouteDef<E extends Endpoint = Endpoint, A extends Access = Access> extends RouteOptions<
  A,
  E
> {
  endpoint: E;
  handler: (input: HandlerInput<E, A>) => Promise<ValueOf<E> | Buffer | RawReply>;
}

/**
 * A handler that answers with bytes instead of an envelope: an image, or a file streamed as it is
 * produced (a CSV export), with the headers it needs (content-disposition).
 */
export interface RawReply {
  raw: Buffer | Readable;
  contentType: string;
  headers?: Record<string, string>;
}

export function defineRoute<E extends Endpoint, A extends Access>(
  endpoint: E,
  options: RouteOptions<A, E>,
  handler: RouteDef<E, A>['handler'],
): RouteDef<E, A> {
  return { endpoint, ...options, handler };
}

export function ok<T>(value: T): Envelope<T> {
  return { isSuccess: true, value, errors: [], showMessage: false };
}

export function failure(errors: string[], showMessage = true): Envelope<null> {
  return { isSuccess: false, value: null, errors, showMessage };
}

/**
 * The caller's current practice, as the stores take it (the `member` and role rules guarantee there
 * is one).
 */
export function practiceOf(caller: Caller): PracticeId {
  if (caller.companyId === null) throw new ForbiddenError('You do not belong to any practice.');
  return asPracticeId(caller.companyId);
}

/** Who is calling, and may they: 401 without a valid token, then 403 (terms, practice, role). */
async function authorize(
  req: FastifyRequest,
  ctx: AppContext,
  route: RouteOptions<Access>,
): Promise<Caller | null> {
  const { access } = route;
  const token = bearerToken(req);
  const deps = { verifier: ctx.tokens, accounts: ctx.accounts };
  if (access === 'public') return token ? callerFromToken(token, deps).catch(() => null) : null;
  const caller = await callerFromToken(token, deps);
  if (!caller.termsAccepted && !route.beforeTerms) throw new TermsNotAcceptedError();
  if (access === 'signedIn') return caller;
  if (access === 'admin') {
    if (!caller.isAdmin) throw new ForbiddenError('This is for administrators only.');
    return caller;
  }
  if (caller.companyId === null) throw new ForbiddenError('You do not belong to any practice.');
  if (access === 'member') return caller;
  if (!access.anyRole.some((r) => caller.roles.has(r))) {
    throw new ForbiddenError(`This needs the ${access.anyRole.join(' or ')} role.`);
  }
  return caller;
}

const IDEMPOTENCY_WAIT_MS = 15_000;
/** How often a request waiting for its key asks whether the key's owner is still alive. */
const OWNER_CHECK_MS = 1_000;
const IDEMPOTENCY_KEY_FIELD = 'headers.idempotency-key';
const STILL_PROCESSING = 'The same request is still being processed.';
/** Staff see it where the request's answer would show: in their words, not the API's. */
export const INTERRUPTED =
  'This request was interrupted when the server stopped, and whether it was saved is not known. Check before trying again.';

/**
 * Runs a money-moving request once per key. The key's row is claimed (with this process's boot id
 * as its owner) before the handler runs, and the answer written to it after. A repeat with the key
 * waits for the first answer (up to IDEMPOTENCY_WAIT_MS while its owner lives), then replays it.
 *
 * A key whose owner died with the request under way (kill -9, a crash) would wait forever: it is
 * taken over at once. A resumable request runs its handler again, which finds what the first run
 * did by the same key and answers it; any other answers INTERRUPTED rather than risk doing it twice.
 */
async function runIdempotent(
  ctx: AppContext,
  route: string,
  companyId: number,
  key: string,
  request: unknown,
  resumable: boolean,
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown }> {
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const owner = ctx.instance.bootId;
  const where = and(
    eq(idempotencyKeys.companyId, companyId),
    eq(idempotencyKeys.route, route),
    eq(idempotencyKeys.key, key),
  );
  const runOwned = async () => {
    let result: { status: number; body: unknown };
    try {
      result = await run();
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // The database went away under the request: whether its writes committed is not known here.
        // The key is left as a stopped server leaves it (no owner), so its retry is decided as after
        // a restart: a resumable route runs again and finds what was done, any other answers
        // INTERRUPTED rather than risk doing it twice.
        await settleKey(ctx, key, () => ctx.db.update(idempotencyKeys).set({ owner: null }).where(where));
      } else {
        await settleKey(ctx, key, () => ctx.db.delete(idempotencyKeys).where(where));
      }
      throw error;
    }
    // The request did its work: its answer goes to the caller even if the database went away just
    // now, and is written to the key as soon as the database is back.
    await settleKey(ctx, key, () =>
      ctx.db
        .update(idempotencyKeys)
        .set({ status: result.status, response: result.body as never, owner: null })
        .where(where),
    );
    return result;
  };
  const claimed = await ctx.db
    .insert(idempotencyKeys)
    .values({ companyId, route, key, requestHash, owner })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return runOwned();

  const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
  let ownerCheckedAt = 0;
  for (;;) {
    const [row] = await ctx.db.select().from(idempotencyKeys).where(where);
    if (!row) break; // the first request failed unexpectedly and released the key: run again
    if (row.requestHash !== requestHash) {
      throw new BadRequestError(
        IDEMPOTENCY_KEY_FIELD,
        'This Idempotency-Key was already used for a different request.',
      );
    }
    if (row.status !== null) return { status: row.status, body: row.response };
    if (Date.now() - ownerCheckedAt >= OWNER_CHECK_MS) {
      ownerCheckedAt = Date.now();
      if (!(await ctx.instance.isAlive(row.owner))) {
        if (!resumable) throw new ConflictError(INTERRUPTED);
        // Compare-and-set on the dead owner: of several requests finding it dead, one takes it over.
        const taken = await ctx.db
          .update(idempotencyKeys)
          .set({ owner })
          .where(
            and(
              where,
              isNull(idempotencyKeys.status),
              row.owner === null ? isNull(idempotencyKeys.owner) : eq(idempotencyKeys.owner, row.owner),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (taken.length > 0) {
          ctx.log.warn(
            { route, key, companyId, deadOwner: row.owner },
            'took over a request whose server stopped while running it',
          );
          return runOwned();
        }
        continue;
      }
    }
    if (Date.now() > deadline) throw new ConflictError(STILL_PROCESSING);
    await new Promise((r) => setTimeout(r, 50));
  }
  return runIdempotent(ctx, route, companyId, key, request, resumable, run);
}

const SETTLE_RETRY_MS = [250, 500, 1_000, 2_000];

/**
 * Writes a key's outcome (its answer, its release). When the database is away, the write is tried
 * again in the background until it answers; otherwise the key would stay in flight under this live
 * instance, and every retry of it would wait 15 s and answer 409 for as long as the instance runs.
 * If the instance stops first, the key's owner is dead and the takeover above resolves it.
 */
async function settleKey(ctx: AppContext, key: string, write: () => Promise<unknown>): Promise<void> {
  const retry = (attempt: number) => {
    const delay = SETTLE_RETRY_MS[Math.min(attempt, SETTLE_RETRY_MS.length - 1)]!;
    setTimeout(() => {
      write().then(
        () => ctx.log.info({ key }, 'an idempotency key was settled once the database was back'),
        (error: unknown) => {
          if (isDatabaseUnavailable(error)) retry(attempt + 1);
          else ctx.log.error({ err: error, key }, 'an idempotency key could not be settled');
        },
      );
    }, delay).unref();
  };
  try {
    await write();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    ctx.log.warn({ key }, 'the database is unavailable: the idempotency key is settled when it is back');
    retry(0);
  }
}

/** The caller each request's access check settled, for its handler. */
const callers = new WeakMap<FastifyRequest, Caller | null>();

export function registerRoutes(app: FastifyInstance, ctx: AppContext, routes: RouteDef[], prefix = '') {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const route of routes) {
    const { endpoint } = route;
    const schema: Record<string, unknown> = { querystring: endpoint.query };
    if (endpoint.method === 'POST') schema.body = endpoint.body;
    if (!endpoint.binary) {
      schema.response = {
        200: envelopeOf(endpoint.value),
        // Business failures are 200 too, with a null value.
      };
    }
    typed.route({
      method: endpoint.method,
      url: endpoint.path.slice(prefix.length) || '/',
      schema: schema as never,
      // Who is calling is settled before the request is validated, so that a caller without a
      // token or the right learns nothing about the request's shape: 401, then 403, then 400.
      preValidation: async (req) => {
        const caller = await authorize(req, ctx, route);
        callers.set(req, caller);
        // What this request logs names its practice, for the admin area's Log Files.
        if (caller?.companyId) req.log = req.log.child({ companyId: caller.companyId });
        const nul = fieldWithNul({ query: req.query, body: req.body });
        if (nul) throw new BadRequestError(nul, 'must not contain a NUL character.');
      },
      handler: async (req, reply) => {
        const caller = callers.get(req) ?? null;
        const execute = async (): Promise<{ status: number; body: unknown }> => {
          try {
            const value = await route.handler({
              query: req.query as never,
              body: (req.body ?? {}) as never,
              caller: caller as never,
              ctx,
              req,
              reply,
              // Required on the idempotent endpoints just below, and absent on the others.
              idempotencyKey: idempotencyKey as never,
            });
            if (isRaw(value)) return { status: 200, body: value };
            return { status: 200, body: ok(value) };
          } catch (error) {
            if (error instanceof BusinessError) {
              return { status: 200, body: failure([error.message], error.showMessage) };
            }
            throw error;
          }
        };
        const header = req.headers['idempotency-key'];
        const idempotencyKey = typeof header === 'string' && header.trim() ? header.trim() : null;
        let result: { status: number; body: unknown };
        // The contract marks money-moving endpoints; the key makes a repeat return the first answer.
        if (endpoint.idempotent) {
          if (!idempotencyKey)
            throw new BadRequestError(IDEMPOTENCY_KEY_FIELD, 'The Idempotency-Key header is required.');
          if (idempotencyKey.length > 200)
            throw new BadRequestError(IDEMPOTENCY_KEY_FIELD, 'The Idempotency-Key header is too long.');
          result = await runIdempotent(
            ctx,
            `${endpoint.method} ${endpoint.path.toLowerCase()}`,
            caller?.companyId ?? 0,
            idempotencyKey,
            { query: req.query, body: req.body },
            typeof route.resumable === 'function'
              ? route.resumable((req.body ?? {}) as never)
              : (route.resumable ?? false),
            execute,
          );
        } else {
          result = await execute();
        }
        if (isRaw(result.body)) {
          reply.headers(result.body.headers ?? {});
          return reply.header('content-type', result.body.contentType).send(result.body.raw);
        }
        return reply.status(result.status).send(result.body as never);
      },
    });
  }
}

function isRaw(value: unknown): value is RawReply {
  return (
    typeof value === 'object' &&
    value !== null &&
    'raw' in value &&
    (Buffer.isBuffer((value as RawReply).raw) || (value as RawReply).raw instanceof Readable)
  );
}

/** The envelope schema of an endpoint, for tests that check answers against the contract. */
export function responseSchema(endpoint: Endpoint) {
  return envelopeOf(endpoint.value as z.ZodType);
}
