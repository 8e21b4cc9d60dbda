/**
 * The card-entry test provider: a stand-in for the card payment provider, on its own port so that
 * its frame is another origin than the portal's and no page script can read a card number. It serves
 * the collect script and frame to browsers, and a small tokenize/charge/refund/void API that the
 * main server reaches over HTTP through `gateway`, as it would reach the real provider.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Clock } from '../clock.js';
import type { CardGateway } from '../context.js';
import type { Db } from '../db/client.js';
import { apiRoutes } from './api-routes.js';
import { browserRoutes } from './browser-routes.js';
import { limitJsonBodies } from '../http/jsonBody.js';
import { zodSchemaController } from '../http/zodCompilers.js';
import { ProviderError } from './errors.js';
import { createCardGateway } from './gateway.js';
import { NonceStore } from './nonces.js';

export interface CardProvider {
  /** The provider's origin for browsers (http://localhost:<port>, or the public one it was given). */
  origin: string;
  scriptUrl: string;
  gateway: CardGateway;
  close(): Promise<void>;
}

export async function startCardProvider(opts: {
  db: Db;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /**
   * The origin browsers reach it at, when a load balancer fronts the providers of several servers
   * (they share the nonces and the vault in the database); its own port's by default.
   */
  publicOrigin?: string;
  clock: Clock;
  /**
   * Origins allowed to mount the frame besides this machine's own (localhost) origins, read for each
   * frame (the practices' embed origins change while the provider runs).
   */
  allowedParentOrigins: () => Promise<readonly string[]>;
  log: FastifyBaseLogger;
  /** The secret for server-to-server calls, when other servers share this provider (a cluster). */
  secret?: string;
}): Promise<CardProvider> {
  // The sandbox's own secret for server-to-server calls, new at every start unless given: only
  // this process's gateway (or its cluster's) knows it.
  const secret = opts.secret ?? randomBytes(32).toString('base64url');
  let origin = '';

  const app = Fastify({
    loggerInstance: opts.log.child({ component: 'card-provider' }),
    // Card requests are tiny; nothing bigger has a reason to arrive.
    bodyLimit: 16 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Request logs would carry URLs only, but a provider never logs requests by default.
    logController: new LogController({ disableRequestLogging: true }),
    schemaController: zodSchemaController,
  });

  limitJsonBodies(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map(
          (v) => `${error.validationContext ?? 'request'}${v.instancePath.replace(/\//g, '.')}: ${v.message}`,
        )
        .join('; ');
      return reply.status(400).send({ code: 'INVALID_REQUEST', message });
    }
    if (error instanceof ProviderError) {
      return reply.status(error.status).send({ code: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error, url: req.url.split('?')[0] }, 'card provider request failed');
      return reply.status(500).send({ code: 'INTERNAL', message: 'The card provider failed.' });
    }
    return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
  });
  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `There is nothing at ${req.method} ${req.url.split('?')[0]}.` });
  });

  browserRoutes(app, {
    origin: () => origin,
    clock: opts.clock,
    allowedParentOrigins: opts.allowedParentOrigins,
  });
  await app.register(apiRoutes, {
    db: opts.db,
    clock: opts.clock,
    nonces: new NonceStore(opts.db, opts.clock),
    secret,
    origin: () => origin,
  });

  try {
    await app.listen({ port: opts.port, host: opts.host === 'localhost' ? '127.0.0.1' : opts.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  // This server's gateway calls its own provider directly; browsers use the public origin.
  const own = `http://${originHost(opts.host)}:${port}`;
  origin = opts.publicOrigin ?? own;
  opts.log.info({ origin, port }, 'card-entry test provider listening');

  return {
    origin,
    scriptUrl: `${origin}/tokenize.js`,
    gateway: createCardGateway({ origin: own, secret }),
    close: () => app.close(),
  };
}

/** The host name browsers use: one name everywhere (localhost), and brackets for IPv6. */
function originHost(host: string): string {
  if (host === 'localhost' || host === '0.0.0.0' || host === '::' || host === '127.0.0.1') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
