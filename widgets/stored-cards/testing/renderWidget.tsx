/**
 * Renders the stored cards as an element would: a fresh SWR cache and Jotai store per test, the
 * fake SDK, and a host element whose `value` the widget keeps current (as r2wc's accessor does).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { SWRConfig } from 'swr';
import { expect, vi } from 'vitest';
import { SdkContext } from '../../runtime/SdkContext.js';
import { WidgetHostContext } from '../../runtime/WidgetHostContext.js';
import type { createFakeSdk } from '../../ui/testing/fakeSdk.js';
import { StoredCards, type StoredCardsProps } from '../StoredCards.js';

export type Fake = ReturnType<typeof createFakeSdk>;

export function renderStoredCards(fake: Fake, props: Partial<StoredCardsProps> = {}) {
  const host = document.createElement('chairside-stored-cards') as HTMLElement & { value?: string };
  const events = {
    onCardSelected: vi.fn(),
    onCardSaved: vi.fn(),
    onCardRemoved: vi.fn(),
    onCardRequestSent: vi.fn(),
  };
  const ui = (next: Partial<StoredCardsProps>) => (
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <WidgetHostContext.Provider value={{ element: host, instanceId: 'chairside-stored-cards-1' }}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <JotaiProvider store={store}>
              <StoredCards customerId={11} {...events} {...props} {...next} />
            </JotaiProvider>
          </SWRConfig>
        </WidgetHostContext.Provider>
      </SdkContext.Provider>
    </FluentProvider>
  );
  const store = createStore();
  const view = render(ui({}));
  return {
    ...view,
    ...events,
    host,
    rerenderWith: (next: Partial<StoredCardsProps>) => view.rerender(ui(next)),
    dialog: (name: RegExp | string = /^Stored Cards/) => focusedDialog(name),
  };
}

/**
 * Waits for a dialog (or alert dialog) and puts the focus on its first button, as a browser does
 * when it opens: jsdom lays nothing out, so Fluent's focus manager finds nothing focusable there,
 * its modal never becomes active, and a later dialog would come up hidden from screen readers.
 */
export async function focusedDialog(name: RegExp | string, role: 'dialog' | 'alertdialog' = 'dialog') {
  // Found even while the dialog under it still hides it: the focus moving in is what shows it.
  const dialog = await screen.findByRole(role, { name, hidden: true });
  act(() => within(dialog).getAllByRole('button', { hidden: true })[0]!.focus());
  await waitFor(() => expect(dialog.closest('[aria-hidden="true"]')).toBeNull());
  return dialog;
}

/**
 * After a dialog closed, puts the focus back on the first button of `container` (where a browser's
 * focus restorer would put it) and waits until Fluent's modal has made it accessible again.
 */
export async function returnFocus(container: HTMLElement) {
  const button = within(container).getAllByRole('button', { hidden: true })[0]!;
  act(() => button.focus());
  await waitFor(() => expect(button.closest('[aria-hidden="true"]')).toBeNull());
}
