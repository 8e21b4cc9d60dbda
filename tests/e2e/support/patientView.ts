/**
 * How a patient sees the pages their links open (/p/{token}, /card/{token}, /enroll/{token}): on a
 * phone (390×844, touch, a mobile browser's viewport handling) or on a desktop, in the light or the
 * dark theme (kept on the device in localStorage, as the page's theme switch keeps it). The specs of
 * those pages open the patient's browser here, so that each flow runs at both sizes and in both
 * themes (issue 39) without running every flow four times: a full flow runs in FLOW_VIEWS (each size
 * and each theme once), patient-pages.spec.ts opens each page in all four PATIENT_VIEWS.
 */
import { devices, expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { watchConsoleErrors } from './consoleErrors.js';

export interface PatientView {
  size: 'phone' | 'desktop';
  theme: 'light' | 'dark';
}

const PHONE: BrowserContextOptions = {
  // A mid-size phone's CSS pixels (an iPhone 12 to 15), with Chromium on Android's user agent, touch
  // and the mobile viewport (the page's meta viewport applies), as Playwright's phone devices have.
  userAgent: devices['Pixel 7'].userAgent,
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/** Every size with every theme: for a spec that only opens the pages. */
export const PATIENT_VIEWS: readonly PatientView[] = [
  { size: 'phone', theme: 'light' },
  { size: 'phone', theme: 'dark' },
  { size: 'desktop', theme: 'light' },
  { size: 'desktop', theme: 'dark' },
];

/** Each size and each theme once: the two a full flow runs in. */
export const PHONE_DARK: PatientView = { size: 'phone', theme: 'dark' };
export const DESKTOP_LIGHT: PatientView = { size: 'desktop', theme: 'light' };
export const FLOW_VIEWS: readonly PatientView[] = [PHONE_DARK, DESKTOP_LIGHT];

export const viewName = (view: PatientView) => `${view.size}, ${view.theme}`;

/**
 * The patient's own browser (no session, no cookies of the practice's) at that size, with that theme
 * kept on the device before the page's first script runs; what the page logs as broken is collected.
 */
export async function patientBrowser(browser: Browser, view: PatientView) {
  const context = await browser.newContext({
    ...(view.size === 'phone' ? PHONE : DESKTOP),
    // The device's own preference too, as a phone in dark mode has it.
    colorScheme: view.theme,
  });
  await context.addInitScript((theme) => {
    try {
      localStorage.setItem('chairside.portal.theme', theme);
    } catch {
      // An opaque origin (about:blank) has no storage.
    }
  }, view.theme);
  const page = await context.newPage();
  const logged = watchConsoleErrors(page);
  return {
    page,
    /** What the page logged as broken, but for the status code a closed link's page is meant to have. */
    get errors() {
      return logged.filter((line) => !OWN_STATUS.test(line));
    },
    close: () => context.close(),
  };
}

/**
 * A used, expired or unknown link's page answers 410 or 404 (issue 39), and Chromium logs a page's
 * own status as a resource that failed to load: the page's intended status, not an error of ours.
 */
const OWN_STATUS =
  /^Failed to load resource: the server responded with a status of (404|410) \([^)]*\) \(https?:\/\/[^/]+\/(p|card|enroll)\/[^/?#)]+\)$/;

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * What a person sees of the size and the theme: the page is no wider than the screen (nothing to
 * scroll sideways), the theme is applied, the page's background is light or dark with it and its
 * heading reads against it.
 */
export async function expectFitsView(page: Page, view: PatientView) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', view.theme);
  const seen = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
    background: getComputedStyle(document.body).backgroundColor,
    heading: getComputedStyle(document.querySelector('h1') ?? document.body).color,
  }));
  expect(seen.scrollWidth, 'no horizontal overflow').toBeLessThanOrEqual(seen.innerWidth);
  if (view.size === 'phone') expect(seen.innerWidth).toBe(390);
  if (view.theme === 'dark') {
    expect(luminance(seen.background), `a dark background (${seen.background})`).toBeLessThan(0.2);
    expect(luminance(seen.heading), `a light heading (${seen.heading})`).toBeGreaterThan(0.7);
  } else {
    expect(luminance(seen.background), `a light background (${seen.background})`).toBeGreaterThan(0.9);
    expect(luminance(seen.heading), `a dark heading (${seen.heading})`).toBeLessThan(0.3);
  }
}
