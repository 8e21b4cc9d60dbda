/**
 * Headless Chromium for the browser figures, launched with the same flags as playwright.config.ts:
 * the tests' browser (scripts/ensure.mjs `findTestBrowser`: Chromium's headless shell, which `npm run
 * bench` installs, else the full Chromium). CHROMIUM_PATH names one explicitly, to compare the two.
 */
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
// @ts-expect-error: a plain ESM script without types
import { findTestBrowser } from '../../scripts/ensure.mjs';

/** Found once: each lookup runs a shell (and may run a Node process). */
let found: string | undefined;

export function benchBrowserPath(): string {
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

/**
 * A browser context signed in to the portal as the administrator (the sign-in page, then the terms
 * if asked), in `theme`; its pages open signed in. For the screen tours (part2Shots, adminShots).
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number },
  theme: 'light' | 'dark',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, colorScheme: theme });
  // Not on about:blank (the fresh load between screens), where localStorage is refused.
  await context.addInitScript(
    `if (location.protocol.startsWith('http')) localStorage.setItem('chairside.portal.theme', '${theme}')`,
  );
  const page = await context.newPage();
  await page.goto(`${base}/#/dashboard`);
  await page.getByLabel('Email').fill('admin@chairside.test');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('code'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (page.url().includes('#/terms-of-service')) await page.getByRole('button', { name: 'Accept' }).click();
  await page.close();
  return context;
}
