/**
 * The card-entry frame's page: a small form whose fields never leave the provider's origin. The
 * page is rendered with everything it needs (labels, messages, the sandbox's current month) and
 * a Content-Security-Policy that lets only the parent origin it was opened for embed it.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { escapeHtml } from '../html.js';
import { ProviderId } from './api-schema.js';
import type { CardField } from './browser/card-fields.js';
import { FRAME_TEXT, frameLocale } from './frame-text.js';
import { frameStyleDeclarations, parseStyleParam } from './frame-style.js';

export const FrameQuery = z.object({
  businessId: ProviderId,
  applicationId: ProviderId,
  /** The origin of the page that mounts the frame: the only one the frame talks to. */
  parent: z.string().max(200),
  zip: z.enum(['0', '1']).default('0'),
  zipMode: z.enum(['required', 'optional']).default('required'),
  locale: z.string().max(20).optional(),
  style: z.string().max(2000).optional(),
});
export type FrameQuery = z.infer<typeof FrameQuery>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A parent must be exactly an origin (no path) and either configured or on this machine: the
 * sandbox's own example pages and a developer's host app on another local port.
 */
export function isAllowedParent(parent: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(parent);
  } catch {
    return false;
  }
  if (url.origin !== parent) return false;
  if (allowedOrigins.includes(parent)) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}

export interface RenderedPage {
  html: string;
  contentSecurityPolicy: string;
}

/** The frame for a checked query; `today` is the sandbox clock's month, for the expiry check. */
export function renderFrame(query: FrameQuery, today: { year: number; month: number }): RenderedPage {
  const locale = frameLocale(query.locale);
  const text = FRAME_TEXT[locale];
  const zip = query.zip === '1' ? query.zipMode : 'hidden';
  const styleNonce = randomBytes(16).toString('base64');
  const overrides = frameStyleDeclarations(parseStyleParam(query.style));
  const config = {
    parentOrigin: query.parent,
    businessId: query.businessId,
    applicationId: query.applicationId,
    zip,
    today,
    messages: text.messages,
    unavailable: text.unavailable,
  };
  const field = (name: CardField, id: string, attrs: string, extra = '') =>
    `<div class="field field-${name}">
    <label for="${id}">${escapeHtml(text.labels[name])}</label>
    <div class="control"><input id="${id}" ${attrs} placeholder="${escapeHtml(text.placeholders[name])}" aria-describedby="${id}-error" spellcheck="false" autocorrect="off">${extra}</div>
    <span class="visually-hidden" id="${id}-error"></span>
  </div>`;
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(text.title)}</title>
<link rel="stylesheet" href="/assets/frame.css">
${overrides.length ? `<style nonce="${styleNonce}">:root{${overrides.join(';')}}</style>` : ''}
<script type="application/json" id="frame-config">${safeJson(config)}</script>
<script type="module" src="/assets/frame.js"></script>
</head>
<body>
<form id="card-form" class="${zip === 'hidden' ? 'without-zip' : 'with-zip'}" novalidate aria-label="${escapeHtml(text.title)}">
  ${field('cardNumber', 'card-number', 'name="cardnumber" inputmode="numeric" autocomplete="cc-number" required', '<span class="brand" id="card-brand"></span>')}
  ${field('expiry', 'card-expiry', 'name="exp-date" inputmode="numeric" autocomplete="cc-exp" maxlength="5" required')}
  ${field('cvc', 'card-cvc', 'name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
  ${zip === 'hidden' ? '' : field('zip', 'card-zip', `name="postal" inputmode="numeric" autocomplete="postal-code" maxlength="5"${zip === 'required' ? ' required' : ''}`)}
  <p class="error" id="card-error" aria-live="polite"></p>
</form>
</body>
</html>`;
  return { html, contentSecurityPolicy: framePolicy(query.parent, styleNonce) };
}

export function framePolicy(parent: string, styleNonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${styleNonce}'`,
    // The frame's only request: its own origin's nonce endpoint.
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${parent}`,
  ].join('; ');
}

/** A page shown in place of the frame when it was opened with bad settings. */
export function renderFrameError(message: string): RenderedPage {
  return {
    html: `<!doctype html><html lang="en"><meta charset="utf-8"><title>Card entry unavailable</title><p style="font:13px system-ui,sans-serif;color:#b10e1c">${escapeHtml(message)}</p></html>`,
    contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
  };
}

/** JSON inside a <script> block: "<" is escaped so no value can end the block. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
