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

/**
 * What the page reports as broken or suspect: console errors and warnings (a library's warning about
 * how we use it, e.g. Fluent's "You are using both MenuList and Menu props…") and uncaught exceptions.
 */
export function watchConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warning')
      problems.push(`${type}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}
