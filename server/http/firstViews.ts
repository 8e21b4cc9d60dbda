/**
 * The front end's first-view renderer (widgets/firstViews.ts, built into dist/ssr), as the server
 * uses it: loaded from the build like the static files, not imported (the server knows only the
 * contract), and given a fetch that the server answers itself.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PatientPageRenderer } from '../../embed-sdk/contract/patientPageView.js';
import type { FirstViewRenderer } from '../../embed-sdk/contract/widget.js';

/**
 * Loads a renderer of the build once, on first use: a module that exports the function `name`; null
 * (and a log line saying what then happens) when it is missing or broken.
 */
function rendererLoader<T>(
  modulePath: string,
  name: keyof T & string,
  whenMissing: string,
  log: FastifyBaseLogger,
): () => Promise<T | null> {
  let loading: Promise<T | null> | null = null;
  return () =>
    (loading ??= (async () => {
      if (!fs.existsSync(modulePath)) {
        log.warn(`No renderer at ${modulePath}: ${whenMissing}`);
        return null;
      }
      try {
        const module = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
        if (typeof module[name] !== 'function') throw new Error(`it exports no ${name}`);
        return module as T;
      } catch (error) {
        log.error({ err: error }, `The renderer at ${modulePath} could not load.`);
        return null;
      }
    })());
}

/** The widgets' first views (widgets/firstViews.ts). */
export const firstViewLoader = (modulePath: string, log: FastifyBaseLogger) =>
  rendererLoader<FirstViewRenderer>(modulePath, 'renderFirstView', 'widgets show their own first view.', log);

/** The patient's pages (portal/patient/renderPage.tsx), built beside the first views. */
export const patientPageLoader = (modulePath: string, log: FastifyBaseLogger) =>
  rendererLoader<PatientPageRenderer>(
    modulePath,
    'renderPatientPage',
    "patients' pages render in their browser.",
    log,
  );

/**
 * A fetch answered by the app itself (Fastify's inject): the renderer's API calls run through the
 * same routes, checks and serialisation as a browser's, without a network hop.
 */
export function injectFetch(app: FastifyInstance, remoteAddress?: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      // The caller's address, so that limits keyed on it (a guessed link's) count the caller.
      ...(remoteAddress ? { remoteAddress } : {}),
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
