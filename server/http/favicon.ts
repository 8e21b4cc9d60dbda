/**
 * The Chairside mark at /favicon.ico, so that every page this server sends (the portal, the identity
 * pages, the example host pages) has an icon, and a browser's automatic request for one is never a
 * 404 in the console. Browsers take an SVG there when it says it is one.
 */
import type { FastifyInstance } from 'fastify';

const MARK =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 28 28'><rect width='28' height='28' rx='7' fill='#0b6a74'/></svg>";

export function serveFavicon(app: FastifyInstance) {
  app.get('/favicon.ico', (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(MARK),
  );
}
