/**
 * Renders a tab of the payment plan modal as the modal does: inside Fluent, with the (fake) SDK, a
 * fresh SWR cache per test, and the signed-in person's roles in practice 1.
 */
import { render, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import type { Role } from '../../../../embed-sdk/contract/common.js';
import { SdkContext } from '../../../runtime/SdkContext.js';
import { createFakeSdk, FRAN_DESK, type FakeHandler } from '../../../ui/testing/fakeSdk.js';

export const FRONT_DESK: Role[] = ['VIEWPAYMENTPLANS', 'EDITPAYMENTPLANS', 'PROCESSREFUND'];
export const VIEWER: Role[] = ['VIEWPAYMENTPLANS'];

export function fakeSdkAs(
  handlers: Record<string, FakeHandler>,
  person: { roles?: Role[]; isAdmin?: boolean } = {},
) {
  return createFakeSdk(handlers, {
    profile: {
      ...FRAN_DESK,
      isAdmin: person.isAdmin ?? false,
      practices: [{ id: 1, roles: person.roles ?? FRONT_DESK }],
    },
  });
}

export function renderTab(fake: ReturnType<typeof createFakeSdk>, tab: ReactElement) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{tab}</SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
}

/**
 * A dialog by its title. In jsdom, tabster's modalizer sometimes leaves a dialog opened from a menu
 * marked aria-hidden (no layout, focus moves out of order), which hides its accessible name from
 * role queries; a person sees the title, so the title is what is matched.
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('[role="alertdialog"], [role="dialog"]')].find(
        (dialog) =>
          document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent === title,
      );
      if (!found) throw new Error(`No "${title}" dialog is open.`);
      return found;
    },
    { timeout: 5000 },
  );
}

/** A button of such a dialog, by its text. */
export function dialogButton(dialog: HTMLElement, label: string): HTMLElement {
  const button = within(dialog)
    .getAllByRole('button', { hidden: true })
    .find((b) => b.textContent === label);
  if (!button) throw new Error(`The dialog has no "${label}" button.`);
  return button;
}
