/**
 * Limits on guessing links (domain/attemptLimits.ts): every route under /api/public/ is opened by a
 * link's token (the payment page, the card page), so an address that sends too many unknown or
 * malformed tokens (answered 404 or 400) is refused for a while with a 429. Only the address that
 * guessed is refused: a patient elsewhere opening their own link is never slowed.
 *
 * Each request is counted before it runs (one atomic upsert, see limits/store.ts) and given back
 * once its answer shows it was no guess, so requests sent all at once cannot pass the limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ATTEMPT_RULES, tooManyAttemptsMessage } from '../domain/attemptLimits.js';
import { countAttempt, forgive } from '../limits/store.js';
import { failure } from './route.js';

const PUBLIC_PREFIX = '/api/public/';
/** Answers that mean the token was unknown (404) or malformed (400). */
const GUESS_STATUSES = new Set([400, 404]);
const rule = ATTEMPT_RULES.publicLinkAddress;

export const linkAddressKey = (address: string) => `link:address:${address}`;

const isLinkRoute = (req: FastifyRequest) =>
  req.routeOptions.url?.toLowerCase().startsWith(PUBLIC_PREFIX) === true;

/** Registers the limit on the /api scope. */
export function limitLinkGuessing(scope: FastifyInstance, ctx: AppContext) {
  const counted = new WeakSet<FastifyRequest>();

  scope.addHook('onRequest', async (req, reply) => {
    if (!isLinkRoute(req)) return;
    const now = ctx.clock.now();
    const attempt = await countAttempt(ctx.db, linkAddressKey(req.ip), rule, now);
    if (attempt.refused) {
      const until = attempt.blockedUntil ?? now;
      return reply
        .status(429)
        .header('retry-after', String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))))
        .header('cache-control', 'no-store')
        .send(failure([tooManyAttemptsMessage(until, now)]));
    }
    counted.add(req);
  });

  scope.addHook('onResponse', async (req, reply) => {
    if (!counted.has(req) || GUESS_STATUSES.has(reply.statusCode)) return;
    await forgive(ctx.db, linkAddressKey(req.ip), rule).catch((err: unknown) =>
      req.log.warn({ err }, 'could not give back a link attempt'),
    );
  });
}
