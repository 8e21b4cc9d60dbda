/**
 * The page a patient's link answers (/p/{token}, /card/{token}, /enroll/{token}): the patient's own
 * entry as built (dist/public/patient/index.html), with the page's first view rendered into it by the
 * front end's renderer (portal/patient/renderPage.tsx, through the server's own routes) and what only
 * the server knows added to its head: the card provider's origin, preconnected, and, when the link
 * takes a card, its script preloaded, so that the frame starts with the page (issue 39).
 *
 * Our own build output, so string insertions are enough: no HTML parser.
 */
import fs from 'node:fs';
import type { PatientPageView } from '../../embed-sdk/contract/patientPageView.js';
import { escapeHtml } from '../html.js';

/** The built page, read again when the file changes (a rebuild swaps it in under a running server). */
export function patientPageTemplate(file: string): () => string | null {
  let seen: { mtimeMs: number; html: string } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null; // not built
    }
    if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return seen.html;
  };
}

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page with its first view (`view`; null when the renderer is not built: the page then renders
 * in the browser) and the card provider's origin preconnected (credentials as its script and frame
 * use them). A final view (a link that could not be opened) loads no script at all.
 */
export function patientPageHtml(
  template: string,
  cardProviderScriptUrl: string,
  view: PatientPageView | null,
): string {
  const origin = new URL(cardProviderScriptUrl).origin;
  let hints = `<link rel="preconnect" href="${escapeHtml(origin)}" />`;
  if (!view) return template.replace(/<\/head>/i, `${hints}</head>`);
  if (view.cardScriptUrl)
    hints += `<link rel="preload" as="script" href="${escapeHtml(view.cardScriptUrl)}" />`;
  let html = template
    .replace(/<title>[^<]*<\/title>/i, `<title>${escapeHtml(view.title)}</title>`)
    .replace(/<\/head>/i, `${hints}${view.head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${view.body}</div>` +
        (view.next
          ? `<script type="application/json" id="chairside-page">${scriptJson(view.next)}</script>`
          : ''),
    );
  if (!view.next) {
    html = html
      .replace(/<script type="module"[^>]*><\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '');
  }
  return html;
}
