/**
 * What browsers load from the provider's origin: the collect script (any page may load it), the
 * frame page, and the frame's own modules and stylesheet (for the frame only).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import { monthOf } from './outcome.js';
import {
  FrameQuery,
  isAllowedParent,
  renderFrame,
  renderFrameError,
  type RenderedPage,
} from './frame-page.js';

const BROWSER_DIR = path.join(import.meta.dirname, 'browser');
const JS = 'text/javascript; charset=utf-8';

/** The frame's files, by the name it requests them under /assets/. Nothing else in the folder is served. */
const FRAME_ASSETS: Record<string, string> = {
  'frame.js': JS,
  'frame.css': 'text/css; charset=utf-8',
  'brand.js': JS,
  'card-fields.js': JS,
  'expiry.js': JS,
  'luhn.js': JS,
};

function read(name: string) {
  return fs.readFileSync(path.join(BROWSER_DIR, name), 'utf8');
}

export function browserRoutes(
  app: FastifyInstance,
  opts: {
    origin: () => string;
    clock: Pick<Clock, 'now'>;
    /** Read for each frame: the list may change while the provider runs. */
    allowedParentOrigins: () => Promise<readonly string[]>;
  },
) {
  const assets = new Map(
    Object.entries(FRAME_ASSETS).map(([name, type]) => [name, { body: read(name), type }]),
  );
  const scriptSource = read('tokenize.js');
  let script: string | null = null;

  app.get('/tokenize.js', async (_req, reply) => {
    // The origin is known only once the server listens (a free port may have been picked).
    script ??= scriptSource.replace("'__PROVIDER_ORIGIN__'", JSON.stringify(opts.origin()));
    return reply
      .type(JS)
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(script);
  });

  app.get<{ Params: { name: string } }>('/assets/:name', async (req, reply) => {
    const asset = assets.get(req.params.name);
    if (!asset) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .type(asset.type)
      .header('cache-control', 'no-cache')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(asset.body);
  });

  app.get('/frame', async (req, reply) => {
    const parsed = FrameQuery.safeParse(req.query);
    let page: RenderedPage;
    let status = 200;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      page = renderFrameError(
        `The card form was opened with an invalid ${issue?.path.join('.') || 'setting'}.`,
      );
      status = 400;
    } else if (!isAllowedParent(parsed.data.parent, await opts.allowedParentOrigins())) {
      page = renderFrameError('The card form cannot be shown on this site.');
      status = 403;
    } else {
      page = renderFrame(parsed.data, monthOf(opts.clock.now()));
    }
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', page.contentSecurityPolicy)
      .header('cache-control', 'no-store')
      .send(page.html);
  });
}
