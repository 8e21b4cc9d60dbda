/**
 * The one place that decides the security headers of every response of the main origin: the portal,
 * the identity provider's pages, the embed files partners load, the example host pages, the sandbox
 * and everything else (the API, the hub, the sandbox's JSON and the outbox's redirect, errors and 404s).
 *
 * The headers are set when the request arrives, on the raw response, so that they are there whoever
 * answers: a Fastify route, a 404 or error handler, @fastify/static, or oidc-provider (a Koa app
 * mounted through middie, which writes the response itself). oidc-provider adds the hash of its own
 * inline script (the form_post answer) to the script-src it finds on the response.
 *
 * The card-entry frame is not here: it is the card provider's page, on the provider's own origin and
 * server, and its policy names the parent it was opened for (server/card-provider/frame-page.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { IDENTITY_PAGE_STYLES, LOGOUT_PAGE_SCRIPT } from '../identity/pages.js';
import { signInAuthority } from './routes/config.js';
import { patientIndexFile, portalIndexFile } from './static.js';

/** What a response is, as far as its headers go. */
export type ResponseKind = 'portal' | 'patient' | 'identity' | 'embed' | 'example' | 'other';

export interface HeaderInputs {
  /** The origin people use (PUBLIC_URL): HSTS when it is https, the hub's WebSocket origin. */
  publicUrl: string;
  /** The OpenID provider the portal signs in with (the sandbox's own /oidc, or OIDC_AUTHORITY). */
  authority: string;
  /** Where the card-entry script comes from; its frame is on the same origin. */
  cardProviderScriptUrl: string;
  /** More origins that sign-in may send the browser back to (OIDC_REDIRECT_ORIGINS). */
  redirectOrigins: readonly string[];
  /**
   * The text of each inline script of the built page answered (the portal's index.html, or the
   * patient's pages' patient/index.html), for their hashes.
   */
  portalInlineScripts: readonly string[];
}

export type Headers = Record<string, string>;

/**
 * Which responses are which, by path. The path is decoded and lower-cased first, because the router
 * matches case-insensitively and ignores a trailing slash: `/Index.html/` is the portal too.
 * Whatever is not listed gets the strictest headers.
 */
export function responseKind(url: string): ResponseKind {
  const path = normalisedPath(url);
  if (path === '/' || path === '/index.html') return 'portal';
  if (/^\/(p|card|enroll)\/[^/]+$/.test(path)) return 'patient';
  if (['/oidc', '/interaction', '/account'].some((prefix) => startsWithSegment(path, prefix)))
    return 'identity';
  if (path === '/embed.js' || startsWithSegment(path, '/widgets')) return 'embed';
  if (startsWithSegment(path, '/examples')) return 'example';
  return 'other';
}

function normalisedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '/';
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is answered 400 by the router; the strict headers suit that answer.
    return '/?';
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function startsWithSegment(path: string, prefix: string) {
  return path === prefix || path.startsWith(`${prefix}/`);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function originOf(url: string) {
  return new URL(url).origin;
}

/** The WebSocket origin of an http(s) origin (the realtime hub lives on the public origin). */
function webSocketOrigin(url: string) {
  const { protocol, host } = new URL(url);
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

/** A directive whose list came out empty allows nothing ('none'), rather than being left malformed. */
const policy = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...(sources.length ? new Set(sources) : ["'none'"])].join(' '))
    .join('; ');

/** Origins beside the public one; the public origin is 'self' already. */
function others(inputs: HeaderInputs, origins: readonly string[]) {
  const self = originOf(inputs.publicUrl);
  return origins.filter((origin) => origin !== self);
}

/**
 * The portal (dist/public/index.html and the app it starts). What it needs, found by walking it in
 * Chromium with this policy (tests/e2e/security-headers.spec.ts fails on any violation):
 * - scripts: its own files, the inline theme script by its hash (read from the built file), and the
 *   card provider's script;
 * - styles: 'unsafe-inline', for styles only. Griffel (Fluent UI) writes <style> elements at run
 *   time and the widgets' custom elements put a <style> in their shadow roots. Griffel could take a
 *   nonce, but the page would then be rendered per request and every writer of a <style> handed
 *   the nonce. What it leaves open is CSS, not script: markup is never built from data (React
 *   escapes it), and script stays limited to the files and hashes above;
 * - connections: the API and the hub's WebSocket on this origin, and the identity provider;
 * - frames: the card provider's card-entry frame;
 * - images: its own, the inline icon (data:) and patients' avatars (blob: URLs);
 * - forms: this origin and the identity provider.
 */
function portalPolicy(inputs: HeaderInputs) {
  const cardProvider = originOf(inputs.cardProviderScriptUrl);
  const authority = originOf(inputs.authority);
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inputs.portalInlineScripts.map(sha256), ...others(inputs, [cardProvider])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", webSocketOrigin(inputs.publicUrl), ...others(inputs, [authority])],
    'frame-src': others(inputs, [cardProvider]),
    'form-action': ["'self'", ...others(inputs, [authority])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The identity provider's pages (sign-in, sign-out, the account screens, errors:
 * server/identity/pages.ts) and every other answer under /oidc. Their one stylesheet and the sign-out
 * page's one script are allowed by hash; their one image is the logo as a data: icon.
 * A form there may end, through redirects, at any origin sign-in returns to, and Chromium checks
 * form-action along the redirects.
 */
function identityPolicy(inputs: HeaderInputs) {
  return policy({
    'default-src': ["'none'"],
    'script-src': [sha256(LOGOUT_PAGE_SCRIPT)],
    'style-src': [sha256(IDENTITY_PAGE_STYLES)],
    'img-src': ['data:'],
    'form-action': ["'self'", ...others(inputs, inputs.redirectOrigins.map(originOf))],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/** Anything that is not a page: nothing may run, load or frame it even if it is opened as one. */
const STRICT_POLICY = policy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * Pages send only their origin to other sites. The patients' secret links keep the token in the
 * address's hash (`/#/p/{token}`), which no browser ever puts in a Referer. Answers that are not pages
 * (the API, the outbox) send none at all.
 */
const PAGE_REFERRER = 'strict-origin-when-cross-origin';
const NO_REFERRER = 'no-referrer';

/** Frames: the portal and the sign-in pages must never be framed (old browsers read X-Frame-Options). */
const NOT_FRAMED = { 'x-frame-options': 'DENY' };

/**
 * Which responses get which headers, besides nosniff on all. Embed files and example pages stay
 * loadable and frameable from partners' pages: no CSP, no frame restriction, no
 * Cross-Origin-Resource-Policy (static.ts gives them `access-control-allow-origin: *`).
 */
const TABLE: Record<ResponseKind, (inputs: HeaderInputs) => Headers> = {
  portal: (inputs) => ({
    'content-security-policy': portalPolicy(inputs),
    'referrer-policy': PAGE_REFERRER,
    ...NOT_FRAMED,
  }),
  // The patient's pages' own entry (issue 39): the portal's headers, with its own page's inline script.
  patient: (inputs) => TABLE.portal(inputs),
  identity: (inputs) => ({
    'content-security-policy': identityPolicy(inputs),
    'referrer-policy': PAGE_REFERRER,
    ...NOT_FRAMED,
  }),
  embed: () => ({ 'referrer-policy': PAGE_REFERRER }),
  // Partners' pages, with inline scripts on purpose: not the portal's policy.
  example: () => ({ 'referrer-policy': PAGE_REFERRER }),
  other: () => ({ 'content-security-policy': STRICT_POLICY, 'referrer-policy': NO_REFERRER, ...NOT_FRAMED }),
};

/** One year; browsers then refuse plain http for this host. */
const HSTS = 'max-age=31536000';

/** The headers of a response to `url`. */
export function securityHeadersFor(url: string, inputs: HeaderInputs): Headers {
  return {
    'x-content-type-options': 'nosniff',
    ...(new URL(inputs.publicUrl).protocol === 'https:' ? { 'strict-transport-security': HSTS } : {}),
    ...TABLE[responseKind(url)](inputs),
  };
}

/**
 * The inline scripts of the built portal page, read again when the file changes (a rebuild swaps it
 * in under a running server). Vite copies index.html's inline script as it is; the hash must be of
 * the exact text between the tags. Our own build output, so a pattern is enough: no HTML parser.
 */
function portalInlineScripts(file: string): () => string[] {
  let seen: { mtimeMs: number; scripts: string[] } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return []; // not built yet: the placeholder page has no script
    }
    if (seen?.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
        .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
        .map(([, , text]) => text!);
      seen = { mtimeMs, scripts };
    }
    return seen.scripts;
  };
}

/** Registers the hook that gives every response of `app` its headers. */
export function securityHeaders(app: FastifyInstance, ctx: AppContext) {
  const inlineScripts = portalInlineScripts(portalIndexFile(ctx));
  const patientInlineScripts = portalInlineScripts(patientIndexFile(ctx));
  const fixed = {
    publicUrl: ctx.publicUrl,
    authority: signInAuthority(ctx),
    cardProviderScriptUrl: ctx.cardProviderScriptUrl,
    redirectOrigins: ctx.config.redirectOrigins,
  };
  app.addHook('onRequest', async (req, reply) => {
    const kind = responseKind(req.url);
    const page = { portal: inlineScripts, patient: patientInlineScripts }[kind as string];
    const inputs = { ...fixed, portalInlineScripts: page ? page() : [] };
    for (const [name, value] of Object.entries(securityHeadersFor(req.url, inputs))) {
      reply.raw.setHeader(name, value);
    }
  });
}
