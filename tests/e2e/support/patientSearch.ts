/** The patient search widget, as a test reaches it (Playwright's locators pierce its shadow root). */
import { expect, type Locator, type Page } from '@playwright/test';

export function patientSearch(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search patients' });
  const popup = page.getByTestId('patient-search-popup');
  const list = page.locator('chairside-patient-search [role="listbox"]');
  return {
    box,
    popup,
    list,
    root: page.locator('chairside-patient-search .chairside-root'),
    option: (name: string | RegExp) => list.getByRole('option', { name }),
    group: (name: string) => list.getByRole('group', { name }),
    /** Types a term and waits for its results (the spec's results.complete state). */
    async search(term: string) {
      await box.fill(term);
      await expect(popup).toHaveAttribute('data-state', 'results.complete');
    },
    dialog: (name: string) => page.getByRole('dialog', { name }),
  };
}

/** The last `patient-selected` detail the host page showed. */
export async function lastSelected(page: Page): Promise<Record<string, unknown>> {
  const text = page.locator('#last-selected');
  await expect(text).toContainText('"key"');
  return JSON.parse((await text.textContent()) ?? '{}') as Record<string, unknown>;
}

/** The element that has the focus, looking through shadow roots. */
export function focusedElement(page: Page) {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? null,
      role: active?.getAttribute('role') ?? null,
      label: active?.getAttribute('aria-label') ?? active?.textContent?.trim().slice(0, 60) ?? null,
      inDialog: !!active?.closest('[role="dialog"]'),
    };
  });
}

export async function isFocused(locator: Locator) {
  return locator.evaluate((el) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === el;
  });
}
