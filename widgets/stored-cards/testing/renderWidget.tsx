/**
 * Renders the stored cards as an element would: a fresh SWR cache and Jotai store per test, the
 * fake SDK, and a host element whose `value` the widget keeps current (as the element's accessor does).
 */
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { SdkContext } from '../../runtime/SdkContext.js';
import { WidgetHostContext } from '../../runtime/WidgetHostContext.js';
import { focusedDialog } from '../../ui/testing/dialogs.js';
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
