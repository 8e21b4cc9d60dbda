/**
 * Serves the built front end from dist/public: the portal at /, the loader at /embed.js, widget
 * chunks under /widgets/, the example host pages under /examples/, and the patient's pages
 * (dist/public/patient/index.html, their own entry) at the paths of the links patients get:
 * /p/{token}, /card/{token}, /enroll/{token}. Hashed files are cached for
 * good; entry points are revalidated so a new build shows at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENROLLMENT_PAGE_ROUTE } from '../../embed-sdk/contract/membership.js';
import type { AppContext } from '../context.js';
import { escapeHtml } from '../html.js';
import { serveFavicon } from './favicon.js';
import type { PatientPageView } from '../../embed-sdk/contract/patientPageView.js';
import { injectFetch } from './firstViews.js';
import { patientPageHtml, patientPageTemplate } from './patientPage.js';

const HASHED = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)$/;

function publicDir(ctx: Pick<AppContext, 'config'>) {
  return path.join(ctx.config.distDir, 'public');
}

/** The portal's page, as built (its inline script's hash goes into its Content-Security-Policy). */
export function portalIndexFile(ctx: Pick<AppContext, 'config'>) {
  return path.join(publicDir(ctx), 'index.html');
}

/** The patient's pages' entry, as built (its inline script's hash goes into its Content-Security-Policy). */
export function patientIndexFile(ctx: Pick<AppContext, 'config'>) {
  return path.join(publicDir(ctx), 'patient', 'index.html');
}

/**
 * A page made for one request, compressed for a phone's slow network (a first view is mostly its
 * CSS, which shrinks to a fifth). One synchronous call of Node's zlib on a few tens of kB: the
 * static files have their .br and .gz made at build time instead.
 */
function compressed(req: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html);
  }
  return html;
}

/** The addresses of a patient's link pages (issue 39), as the router matches them. */
export const PATIENT_PAGE_PATHS = ['/p/:token', '/card/:token', `/${ENROLLMENT_PAGE_ROUTE}/:token`] as const;

export async function serveFrontEnd(app: FastifyInstance, ctx: AppContext) {
  const root = publicDir(ctx);
  serveFavicon(app);
  if (!fs.existsSync(portalIndexFile(ctx))) {
    app.get('/', (_req, reply) =>
      reply
        .type('text/html')
        .send(
          `<!doctype html><title>Chairside</title><p>The portal is not built yet in ${escapeHtml(root)}. Run <code>npm start</code> (it builds first) or <code>npm run build</code>.</p>`,
        ),
    );
  }
  if (!fs.existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    preCompressed: true,
    redirect: true,
    wildcard: true,
    setHeaders(res, filePath) {
      // With preCompressed, filePath is the .br or .gz beside the file: judge the file's own name.
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (HASHED.test(name) && !filePath.endsWith('index.html')) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
      if (name === 'embed.js' || filePath.includes(`${path.sep}widgets${path.sep}`)) {
        // Partners load these from their own origins, and may see how long they took.
        res.header('access-control-allow-origin', '*');
        res.header('timing-allow-origin', '*');
      }
    },
  });
  // Every link's page, with its first view rendered for the link and the server's hints
  // (patientPage.ts). The renderer's call goes through the API's own route, for the patient's
  // address: the guessed-link throttle counts it as it counts the browser's.
  const template = patientPageTemplate(patientIndexFile(ctx));
  for (const url of PATIENT_PAGE_PATHS) {
    app.get<{ Params: { token: string } }>(url, async (req, reply) => {
      const html = template();
      if (req.params.token === '' || html === null) return reply.callNotFound();
      let view: PatientPageView | null = null;
      const renderer = await ctx.patientPage();
      if (renderer) {
        try {
          view = await renderer.renderPatientPage({
            path: req.url.split('?')[0]!,
            apiBaseUrl: ctx.publicUrl,
            fetch: injectFetch(req.server, req.ip),
          });
        } catch (error) {
          // The page still works: it renders in the patient's browser.
          req.log.error({ err: error }, "The patient's page could not be rendered on the server.");
        }
      }
      if (view) reply.code(view.status).headers(view.headers);
      // With the patient's first view in it, the page is theirs alone: never stored by a cache.
      reply.header('cache-control', view ? 'private, no-store' : 'no-cache').type('text/html; charset=utf-8');
      return reply.send(compressed(req, reply, patientPageHtml(html, ctx.cardProviderScriptUrl, view)));
    });
  }
}
