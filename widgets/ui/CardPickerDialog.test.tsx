/**
 * The card picker's Add New Card is the product's one Add New Card, the stored cards' own
 * (AddNewCard.tsx): the same title naming the patient, the same frame, default switch and sentence,
 * Back to the cards or Cancel, and Add Card storing the card for the patient. After adding, the card
 * just stored is the one chosen.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SdkContext } from '../runtime/SdkContext.js';
import { CardPickerDialog, type CardPickerDialogProps } from './CardPickerDialog.js';
import { card } from './testing/cardFixtures.js';
import { focusedDialog } from './testing/dialogs.js';
import './testing/domMatchers.js';
import { installFakeCardProvider } from './testing/fakeCardProvider.js';
import { fakeCardServer } from './testing/fakeCardServer.js';
import { createFakeSdk } from './testing/fakeSdk.js';

const MASTERCARD = card({ id: 2, cardType: 'MASTERCARD', isDefault: true });

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

function renderPicker(cards: ReturnType<typeof card>[], props: Partial<CardPickerDialogProps> = {}) {
  const server = fakeCardServer(cards);
  const fake = createFakeSdk(server.handlers);
  const onClose = vi.fn();
  const onChosen = vi.fn(() => true);
  render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <CardPickerDialog
            open
            purpose="change"
            customerId={11}
            currentCardId={null}
            onClose={onClose}
            onChosen={onChosen}
            {...props}
          />
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
  return { fake, onClose, onChosen };
}

async function enabled(button: HTMLElement) {
  await waitFor(() => expect(button).not.toBeDisabled());
  return button;
}

describe('the card picker’s Add New Card', () => {
  it('is the stored cards’ Add New Card: the patient named, the frame, the switch, Back and Add Card', async () => {
    const { fake } = renderPicker([MASTERCARD]);
    const user = userEvent.setup();
    const picker = await focusedDialog('Change Card');
    await user.click(within(picker).getByRole('button', { name: 'Add New Card' }));
    const adding = await focusedDialog(/^Add New Card/);
    // The title names the patient, as the stored cards' dialog does.
    expect(
      await within(adding).findByRole('heading', { name: 'Add New CardMaria Garcia' }),
    ).toBeInTheDocument();
    expect(within(adding).getByTitle('Card details').tagName).toBe('IFRAME');
    expect(within(adding).getByRole('switch', { name: 'Make this the default card' })).toBeChecked();
    expect(within(adding).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(adding).getByRole('button', { name: 'Back' })).toBeInTheDocument();

    await user.click(await enabled(within(adding).getByRole('button', { name: 'Add Card' })));
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/tokenize')).toHaveLength(1));
    expect(fake.callsTo('/api/customerSavedCard/tokenize')[0]!.body).toEqual({
      nonce: 'nonce-1',
      customerId: 11,
      isDefault: true,
    });
    // Back to the list with the card just stored chosen.
    const back = await focusedDialog('Change Card');
    expect(await within(back).findByRole('radio', { name: /1111/ })).toBeChecked();
  });

  it('with no card on file says so, says a first card is the default, and offers Cancel', async () => {
    const { onClose } = renderPicker([], { purpose: 'automate' });
    const user = userEvent.setup();
    const adding = await focusedDialog(/^Add New Card/);
    expect(adding).toHaveTextContent(
      "This patient doesn't currently have any stored cards. Please add a card below.",
    );
    expect(adding).toHaveTextContent('A patient’s first card is always their default card.');
    expect(within(adding).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(adding).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(within(adding).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('for Make a Payment adds a card and hands it back', async () => {
    const { onChosen } = renderPicker([MASTERCARD], { purpose: 'add' });
    const user = userEvent.setup();
    const adding = await focusedDialog(/^Add New Card/);
    expect(within(adding).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(await enabled(within(adding).getByRole('button', { name: 'Add Card' })));
    await waitFor(() => expect(onChosen).toHaveBeenCalledWith(expect.objectContaining({ id: 100 })));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
