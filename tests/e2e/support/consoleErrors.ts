import type { Page } from '@playwright/test';

/**
 * What the page reports as broken while a test runs: console errors and uncaught exceptions. A host
 * page must see none from us.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
