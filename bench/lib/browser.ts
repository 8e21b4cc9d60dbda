/**
 * Headless Chromium for the browser figures, launched with the same flags as playwright.config.ts:
 * the tests' browser (scripts/ensure.mjs `findTestBrowser`: Chromium's headless shell, which `npm run
 * bench` installs, else the full Chromium). CHROMIUM_PATH names one explicitly, to compare the two.
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error: a plain ESM script without types
import { findTestBrowser } from '../../scripts/ensure.mjs';

/** Found once: each lookup runs a shell (and may run a Node process). */
let found: string | undefined;

function benchBrowserPath(): string {
  found ??= (findTestBrowser as () => string | null)() ?? undefined;
  if (!found) {
    throw new Error('No Chromium found: run `npm run bench` (it installs one) or set CHROMIUM_PATH.');
  }
  return found;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: benchBrowserPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** The browser a figure came from, as a line of the report. */
export function browserLine(browser: Browser): string {
  return `Browser: ${path.basename(benchBrowserPath())} ${browser.version()}`;
}
