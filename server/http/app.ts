/**
 * The Fastify application: the API under /api (contract-validated, enveloped, CORS on /api only),
 * the identity provider under /oidc, the realtime hub, the sandbox pages and the built front end.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import formBody from '@fastify/formbody';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ServerConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { registerApiCors } from './cors.js';
import { isDatabaseUnavailable, SERVICE_BRIEFLY_UNAVAILABLE } from '../db/unavailable.js';
import { ServiceUnavailableError, TermsNotAcceptedError } from '../errors.js';
import { JSON_BODY_LIMITS, limitJsonBodies, TOO_LARGE } from './jsonBody.js';
import { limitLinkGuessing } from './linkThrottle.js';
import { recordRoutes } from './routeList.js';
import { failure, registerRoutes, type RouteDef } from './route.js';
import { apiRoutes } from './routes/index.js';
import { securityHeaders } from './securityHeaders.js';
import { zodSchemaController } from './zodCompilers.js';

export interface BuildOptions {
  ctx: AppContext;
  /** Extra plugins mounted after the API (identity, hub, static files…), in order. */
  plugins?: ((app: FastifyInstance) => Promise<void> | void)[];
  routes?: RouteDef[];
  /** More contract routes beside the API's (the sandbox controls). */
  extraRoutes?: RouteDef[];
}

/** TRUST_PROXY as Fastify takes it: a number of proxies is the hops believed, counted from ours. */
function trustProxy(setting: ServerConfig['trustProxy']) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

export async function buildApp({ ctx, plugins = [], routes = apiRoutes, extraRoutes = [] }: BuildOptions) {
  const app = Fastify({
    loggerInstance: ctx.log,
    // Unique across instances (Fastify's own are `req-1`, `req-2`… in each process), so that one
    // request's lines are found in the shared log by the id its answer carries (`x-request-id`).
    genReqId: () => randomBytes(8).toString('hex'),
    // TRUST_PROXY: behind a load balancer, req.ip (what the throttles count) is the client's address
    // from X-Forwarded-For, believed only from the proxies named there.
    trustProxy: trustProxy(ctx.config.trustProxy),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: JSON_BODY_LIMITS.bytes,
    logController: new LogController({ disableRequestLogging: true }),
    schemaController: zodSchemaController,
  });
  recordRoutes(app);
  // Before any scope is registered: each copies the parsers the root has then.
  limitJsonBodies(app);
  // First, so that every answer has them, whoever gives it (routes, 404s, errors, static files, /oidc).
  securityHeaders(app, ctx);
  readSharedClock(app, ctx);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const context =
          error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
        const field = `${context}${v.instancePath.replace(/\//g, '.')}`.replace(/\.$/, '');
        return `${field}: ${v.message}`;
      });
      return reply.status(400).send(failure(errors));
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, url: req.url }, 'response broke the contract');
      return reply.status(500).send(failure(['The server answered outside its contract.'], false));
    }
    if (error instanceof TermsNotAcceptedError) {
      return reply.status(403).send({ ...failure([error.message], false), nextStep: error.nextStep });
    }
    if (error instanceof ServiceUnavailableError) {
      return reply.status(503).send(failure([error.message], false));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug of the request: the database is away. A warning, without the stack, once per request.
      req.log.warn({ url: req.url.split('?')[0], cause: error.message }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(failure([SERVICE_BRIEFLY_UNAVAILABLE]));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(failure([`body: ${TOO_LARGE}`]));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error, url: req.url }, 'request failed');
      return reply.status(500).send(failure(['There was an unexpected server error.'], false));
    }
    // Fastify's own 4xx (a malformed JSON body, a wrong content type) and ours keep their message;
    // a body Fastify could not read is named as such, as a field is.
    const unreadable = error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError;
    return reply.status(status).send(failure([unreadable ? `body: ${error.message}` : error.message]));
  });

  // Each top-level prefix of the contract (/api, /sandbox) is its own scope with its own 404 answer;
  // only /api speaks CORS, for widgets on the pages of partners each practice allows.
  const groups = new Map<string, RouteDef[]>();
  for (const route of [...routes, ...extraRoutes]) {
    const prefix = `/${route.endpoint.path.split('/')[1]}`;
    groups.set(prefix, [...(groups.get(prefix) ?? []), route]);
  }
  for (const [prefix, group] of groups) {
    await app.register(
      async (scope) => {
        if (prefix === '/api') {
          await registerApiCors(scope, ctx);
          // Form-encoded bodies carry an access token (RFC 6750 §2.2) where a preflight must be avoided.
          await scope.register(formBody);
          limitLinkGuessing(scope, ctx);
        }
        registerRoutes(scope, ctx, group, prefix);
        // An explicit catch-all: it outranks the front end's `/*` static route for this prefix.
        scope.route({
          method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          url: '/*',
          handler: (req, reply) =>
            reply.status(404).send(failure([`There is no API at ${req.method} ${req.url.split('?')[0]}.`])),
        });
      },
      { prefix },
    );
  }

  for (const plugin of plugins) await plugin(app);
  return app;
}

/** What reads the sandbox clock: the API, the sandbox controls, sign-in (its throttle) and the account pages. */
const CLOCKED = /^\/(api|sandbox|oidc|account)(\/|\?|$)/i;

/**
 * Before such a request, the sandbox clock is read again (server/clock.ts), since another instance
 * may have moved it. A database that does not answer leaves the last offset read: the request then
 * meets the database's failure where it has its own answer, and the probes and static files never
 * wait on it.
 */
function readSharedClock(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (req) => {
    if (!CLOCKED.test(req.url)) return;
    try {
      await ctx.clock.refresh();
    } catch (error) {
      req.log.warn({ err: error }, 'the sandbox clock could not be read again; the last offset read is used');
    }
  });
}
