/**
 * The page a patient's link answers (/p/{token}, /card/{token}, /enroll/{token}): the patient's own
 * entry as built (dist/public/patient/index.html), with what only the server knows added to its head.
 * Today that is the card provider's origin (configuration), preconnected, so that the connection the
 * card-entry script and its frame need is open before the page's script asks for them (issue 39).
 * The page's first view (the practice, the greeting, the amount) is to be rendered here too.
 *
 * Our own build output, so a string insertion is enough: no HTML parser.
 */
import fs from 'node:fs';
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

/** The page with the card provider's origin preconnected (credentials as its script and frame use them). */
export function patientPageHtml(template: string, cardProviderScriptUrl: string): string {
  const origin = new URL(cardProviderScriptUrl).origin;
  const hints = `<link rel="preconnect" href="${escapeHtml(origin)}" />`;
  return template.replace(/<\/head>/i, `${hints}</head>`);
}
