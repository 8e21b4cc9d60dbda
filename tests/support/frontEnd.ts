/**
 * A built front end, small, for API tests that need the server to serve one (`CHAIRSIDE_DIST_DIR`):
 * `npm test` runs them before the build. It is laid out as the build lays it out: the portal page
 * with an inline script, a hashed asset, the loader, a widget chunk and an example host page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const THEME_SCRIPT = "\n      document.documentElement.dataset.theme = 'light';\n    ";
const EXAMPLE_SCRIPT = "document.title = 'A partner page';";

/** Writes the front end into a new temporary folder and returns it (the value for CHAIRSIDE_DIST_DIR). */
export function writeFrontEnd(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-front-end-'));
  const file = (name: string, text: string) => {
    const full = path.join(dist, 'public', name);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  };
  file(
    'index.html',
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" crossorigin src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>`,
  );
  file('assets/index-AbCd1234.js', 'export {};');
  file('embed.js', 'void 0;');
  file('widgets/chunks/Ab12Cd34Ef.js', 'export const a = 1;');
  file(
    'examples/intranet/index.html',
    `<!doctype html><title>Intranet</title><script>${EXAMPLE_SCRIPT}</script>`,
  );
  return dist;
}
