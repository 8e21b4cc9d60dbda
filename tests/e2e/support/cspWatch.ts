/**
 * Collects every Content-Security-Policy violation in a browser context: the
 * `securitypolicyviolation` events of every page and frame (a violation inside a shadow root is
 * dispatched at its element, and the event bubbles out of the shadow root to the document, where
 * this listens), and the console messages Chromium writes about the policy.
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface CspViolation {
  /** Where it was seen: the frame's address. */
  frame: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

export async function watchCsp(context: BrowserContext) {
  const violations: CspViolation[] = [];
  const consoleMessages: string[] = [];
  await context.exposeBinding('__chairsideCspViolation', ({ frame }, v: Omit<CspViolation, 'frame'>) => {
    violations.push({ frame: frame.url(), ...v });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __chairsideCspViolation: (v: object) => void })
          .__chairsideCspViolation;
        report({
          directive: e.effectiveDirective,
          blocked: e.blockedURI,
          source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
          sample: e.sample,
        });
      },
      true,
    );
  });
  const listen = (page: Page) =>
    page.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy/i.test(message.text())) {
        consoleMessages.push(`${page.url()}: ${message.text()}`);
      }
    });
  context.pages().forEach(listen);
  context.on('page', listen);
  return {
    violations,
    consoleMessages,
    /** Everything seen so far, one line each (empty when the policy held). */
    report: () => [
      ...violations.map((v) => `${v.frame}: ${v.directive} blocked ${v.blocked || v.sample} (${v.source})`),
      ...consoleMessages,
    ],
  };
}
