/**
 * <chairside-stored-cards> as a test reaches it (Playwright's locators pierce its shadow root), and
 * the card provider's frame, which lives on the provider's origin (a cross-origin iframe).
 */
import { expect, type FrameLocator, type Page } from '@playwright/test';

export function storedCards(page: Page) {
  const dialog = page.getByRole('dialog');
  return {
    /** Mode 3 on the intranet page. */
    button: page.locator('#cards-button').getByRole('button', { name: 'Stored Cards' }),
    /** Mode 2. */
    display: page.locator('#cards-display'),
    /** Mode 1, in the page's own form. */
    field: page.locator('#cards-field'),
    dialog,
    list: dialog.getByRole('list', { name: 'Cards on file' }),
    card: (digits: string) => dialog.getByRole('listitem').filter({ hasText: `•••• ${digits}` }),
    frame: (): FrameLocator => page.frameLocator('iframe[title="Card details"]'),
  };
}

/** Types a test card into the provider's frame: any future expiry, a security code, a ZIP code. */
export async function typeCard(frame: FrameLocator, number: string, { cvc = '123', zip = '90210' } = {}) {
  const field = frame.getByLabel('Card number');
  await expect(field).toBeEditable();
  await field.pressSequentially(number.replace(/\s/g, ''));
  await frame.getByLabel('Expiration').pressSequentially('1230');
  await frame.getByLabel('Security code').pressSequentially(cvc);
  await frame.getByLabel('ZIP code').pressSequentially(zip);
}

export interface RecordedRequest {
  url: string;
  method: string;
  body: string | null;
}

/** Every request the page (and its frames) makes, from now on. */
export function recordRequests(page: Page): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  page.on('request', (request) =>
    requests.push({ url: request.url(), method: request.method(), body: request.postData() }),
  );
  return requests;
}

/** The ways a card number can be written: grouped by fours, plain, dashed. */
export function spellings(number: string): string[] {
  const digits = number.replace(/\D/g, '');
  const grouped = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  return [digits, grouped, grouped.replace(/ /g, '-'), encodeURIComponent(grouped)];
}
