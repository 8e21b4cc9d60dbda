/**
 * CORS on /api: the portal's own origin, and the partners' pages each practice lists in its settings
 * (its embed origins, settings/embedOrigins.ts). Every other origin gets no CORS headers, and `null`
 * (sandboxed frames, files, some redirects) is never allowed.
 *
 * A preflight carries no token, so it cannot tell whose page it is: it is answered for an origin that
 * some practice lists. The request itself then carries a token, and its `Origin` must be one the
 * caller's current practice lists; otherwise it is refused with a 403 that says so. A widget's first
 * view is a form post without a preflight, and obeys the same rule (its token is in the body).
 * Same-origin requests, and requests without `Origin` (servers, tests), are not affected.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { bearerToken, callerFromToken } from './caller.js';
import { ForbiddenError } from '../errors.js';

/** The request's `Origin` when the request comes from another origin's page; null otherwise. */
export function crossOrigin(req: FastifyRequest, portalOrigin: string): string | null {
  const origin = req.headers.origin;
  if (!origin || origin === portalOrigin) return null;
  try {
    // The server reached under another name than PUBLIC_URL's (127.0.0.1 for localhost): same page.
    if (new URL(origin).host === req.headers.host) return null;
  } catch {
    // `null` and other opaque origins: cross-origin, and never listed.
  }
  return origin;
}

export function originRefusal(origin: string): string {
  return `The origin ${origin} may not call the API for this practice: the practice's settings must allow it (Settings, Embed origins).`;
}

export async function registerApiCors(scope: FastifyInstance, ctx: AppContext) {
  const portalOrigin = new URL(ctx.publicUrl).origin;
  await scope.register(cors, {
    async origin(origin: string | undefined) {
      if (!origin || origin === 'null') return false;
      if (origin === portalOrigin) return true;
      await ctx.embedOrigins.fresh();
      return ctx.embedOrigins.isListed(origin);
    },
    credentials: true,
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
  });

  // Before the body is validated, so a refused page learns nothing from the API's answers.
  scope.addHook('preValidation', async (req) => {
    const origin = crossOrigin(req, portalOrigin);
    if (!origin) return;
    const token = bearerToken(req);
    if (!token) return; // a public route, or the access check's 401
    const caller = await callerFromToken(token, { verifier: ctx.tokens, accounts: ctx.accounts }).catch(
      () => null,
    );
    if (!caller) return; // the access check answers 401
    await ctx.embedOrigins.fresh();
    if (caller.companyId !== null && ctx.embedOrigins.isListedBy(caller.companyId, origin)) return;
    throw new ForbiddenError(originRefusal(origin));
  });
}
