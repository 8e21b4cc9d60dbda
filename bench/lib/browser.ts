/**
 * Headless Chromium for the browser figures, found and launched the way the browser tests do
 * (scripts/ensure.mjs `findChromium`, the same flags as playwright.config.ts).
 */
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error: a plain ESM script without types
import { findChromium } from '../../scripts/ensure.mjs';

export async function launchChromium(): Promise<Browser> {
  const executablePath = (findChromium as () => string | null)();
  if (!executablePath) {
    throw new Error('No Chromium found: run `npm run bench` (it installs one) or set CHROMIUM_PATH.');
  }
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}
