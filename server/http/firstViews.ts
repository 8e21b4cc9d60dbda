/**
 * The front end's first-view renderer (widgets/firstViews.ts, built into dist/ssr), as the server
 * uses it: loaded from the build like the static files, not imported (the server knows only the
 * contract), and given a fetch that the server answers itself.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FirstViewRenderer } from '../../embed-sdk/contract/widget.js';

/** Loads the renderer once, on first use; null (and a log line) when it is missing or broken. */
export function firstViewLoader(
  modulePath: string,
  log: FastifyBaseLogger,
): () => Promise<FirstViewRenderer | null> {
  let loading: Promise<FirstViewRenderer | null> | null = null;
  return () =>
    (loading ??= (async () => {
      if (!fs.existsSync(modulePath)) {
        log.warn(`No first-view renderer at ${modulePath}: widgets show their own first view.`);
        return null;
      }
      try {
        const module = (await import(pathToFileURL(modulePath).href)) as Partial<FirstViewRenderer>;
        if (typeof module.renderFirstView !== 'function') throw new Error('it exports no renderFirstView');
        return module as FirstViewRenderer;
      } catch (error) {
        log.error({ err: error }, `The first-view renderer at ${modulePath} could not load.`);
        return null;
      }
    })());
}

/**
 * A fetch answered by the app itself (Fastify's inject): the renderer's API calls run through the
 * same routes, checks and serialisation as a browser's, without a network hop.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const outHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) outHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: outHeaders,
    });
  };
}
