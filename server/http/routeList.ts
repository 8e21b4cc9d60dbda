/**
 * Every route the application registers, as Fastify reports them (onRoute), for the tests that
 * must cover all of them: a route added later is in the list without anyone writing it down.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const lists = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Starts recording; call it before any route or plugin is registered. */
export function recordRoutes(app: FastifyInstance) {
  const list: RegisteredRoute[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push({ method, url: route.url });
  });
}

export function routesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return lists.get(app) ?? [];
}
