/**
 * The stored cards as a person uses them, against a fake SDK: the three modes, the element's value
 * and events, which view the dialog shows, the order of the cards, removing (with its confirmation
 * and the Associated Card stop) and making a card the default.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../ui/testing/domMatchers.js';
import { installFakeCardProvider } from '../ui/testing/fakeCardProvider.js';
import { createFakeSdk } from '../ui/testing/fakeSdk.js';
import { fakeCardServer } from '../ui/testing/fakeCardServer.js';
import { card } from '../ui/testing/cardFixtures.js';
import { focusedDialog, returnFocus } from '../ui/testing/dialogs.js';
import { renderStoredCards } from './testing/renderWidget.js';

const NO_CARDS_TEXT = "This patient doesn't currently have any stored cards. Please add a card below.";

const VISA = card({ id: 1, cardType: 'VISA' });
const MASTERCARD = card({ id: 2, cardType: 'MASTERCARD', isDefault: true });
const AMEX = card({ id: 3, cardType: 'AMERICAN_EXPRESS', expMonth: 3, expYear: 2029 });

function setUp(cards = [VISA, MASTERCARD, AMEX], options: Parameters<typeof fakeCardServer>[1] = {}) {
  const server = fakeCardServer(cards, options);
  const fake = createFakeSdk(server.handlers);
  return { server, fake };
}

/** The cards of the list, top to bottom: the brand's image, then the row's text. */
const listed = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Cards on file' }))
    .getAllByRole('listitem')
    .map(
      (item) =>
        `${within(item).getByRole('img').getAttribute('aria-label')} ${item.textContent?.replace(/^[A-Z]+/, '')}`,
    );

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

describe('mode 3: a Stored Cards button', () => {
  it('opens the dialog on the card list, the default card first', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog();
    await waitFor(() => expect(listed(dialog)).toHaveLength(3));
    expect(listed(dialog)).toEqual([
      'Mastercard •••• 4444Expires 12/30DefaultSelect',
      'Visa •••• 1111Expires 12/30Make DefaultSelect',
      'American Express •••• 0005Expires 03/29Make DefaultSelect',
    ]);
    // Every card has its actions; the default one needs no Make Default.
    const [first, second] = within(dialog).getAllByRole('listitem');
    expect(within(first!).getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Select' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Make Default' })).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Make Default' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add New Card' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send a notification' })).toBeInTheDocument();
  });

  it('orders the cards default first even when the server does not', async () => {
    const fake = createFakeSdk({
      '/api/customerSavedCard/customerSavedCards': () => ({
        isSuccess: true,
        value: [VISA, AMEX, MASTERCARD],
        errors: [],
        showMessage: false,
      }),
      '/api/customer/getCustomer': () => Promise.reject(new Error('not needed')),
    });
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog();
    await waitFor(() => expect(listed(dialog)).toHaveLength(3));
    expect(listed(dialog).map((text) => text?.match(/•••• \d+/)?.[0])).toEqual([
      '•••• 4444',
      '•••• 1111',
      '•••• 0005',
    ]);
  });

  it('reads the cards again when the dialog opens', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/customerSavedCards')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    await w.dialog();
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/customerSavedCards')).toHaveLength(2));
    expect(fake.callsTo('/api/customerSavedCard/customerSavedCards')[0]!.query).toEqual({ customerId: 11 });
  });
});

describe('mode 2: the selected card with Change Card', () => {
  it('shows the default card, read-only, and Change Card opens the dialog', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 2 });
    expect(await screen.findByText('•••• 4444')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Card' }));
    await w.dialog();
  });

  it('shows the card given as value, and then the one selected in the dialog', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 2, value: 3 });
    expect(await screen.findByText('•••• 0005')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Card' }));
    const dialog = await w.dialog();
    const visa = await within(dialog).findByRole('listitem', { name: /1111/ });
    await user.click(within(visa).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('•••• 1111')).toBeInTheDocument();
    expect(w.host.value).toBe('1');
  });

  it('shows a card the patient stored through a card request’s link at once (realtime, no reload)', async () => {
    const { server, fake } = setUp([MASTERCARD]);
    renderStoredCards(fake, { mode: 2 });
    expect(await screen.findByText('•••• 4444')).toBeInTheDocument();
    const lists = () => fake.callsTo('/api/customerSavedCard/customerSavedCards').length;
    const before = lists();

    // The patient stores a Visa through the link: it becomes their default card.
    server.handlers['/api/customerSavedCard/tokenize']!({
      path: '',
      body: { nonce: 'nonce-VISA', isDefault: true },
    });
    const completed = { cardRequestId: 7, savedCardId: 100, completed: '2026-11-21T09:15:00.000Z' };
    act(() => fake.sdk.events.emit('card-request-completed', { ...completed, customerId: 12 }));
    expect(lists()).toBe(before); // another patient's card: nothing to read
    act(() => fake.sdk.events.emit('card-request-completed', { ...completed, customerId: 11 }));
    expect(await screen.findByText('•••• 1111')).toBeInTheDocument();
    expect(lists()).toBe(before + 1);
  });
});

describe('mode 1: a form field that requires a card', () => {
  it('selects the default card and exposes its id as the element’s value', async () => {
    const { fake } = setUp();
    const w = renderStoredCards(fake, { mode: 1 });
    const field = await screen.findByRole('button', { name: /Card on file.*4444/ });
    expect(field).toHaveAttribute('aria-haspopup', 'dialog');
    await waitFor(() => expect(w.host.value).toBe('2'));
    // The card selected on load is the starting value, not a change.
    expect(w.onCardSelected).not.toHaveBeenCalled();
    expect(screen.queryByText('Add a Card')).not.toBeInTheDocument();
  });

  it('says the patient has no card, and its Add a Card button opens the dialog on collect', async () => {
    const { fake } = setUp([]);
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 1 });
    const add = await screen.findByRole('button', { name: 'Add a Card' });
    // The page behind is hidden from assistive technology until the dialog has finished closing.
    const field = await screen.findByRole('button', { name: /Card on file/ });
    expect(field).toHaveTextContent('No card on file');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)).toHaveTextContent(
      'The patient has no card on file yet. Add one to continue.',
    );
    expect(w.host.value).toBe('');
    await user.click(add);
    const dialog = await w.dialog(/^Add New Card/);
    expect(dialog).toHaveTextContent(NO_CARDS_TEXT);
  });

  it('sends card-selected and updates value when a card is selected, and closes the dialog', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 1 });
    await user.click(await screen.findByRole('button', { name: /Card on file.*4444/ }));
    const dialog = await w.dialog();
    // The selected card is marked, in place of its Select.
    const selected = await within(dialog).findByRole('listitem', { name: /4444/ });
    expect(selected).toHaveTextContent('Selected');
    expect(within(selected).queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();
    await user.click(
      within(within(dialog).getByRole('listitem', { name: /0005/ })).getByRole('button', { name: 'Select' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await returnFocus(w.container);
    expect(w.onCardSelected).toHaveBeenCalledWith({
      customerId: 11,
      card: {
        id: 3,
        cardType: 'AMERICAN_EXPRESS',
        description: '•••• 0005',
        expMonth: 3,
        expYear: 2029,
        isDefault: false,
      },
    });
    expect(w.host.value).toBe('3');
    expect(screen.getByRole('button', { name: /Card on file.*0005/ })).toBeInTheDocument();
  });

  it('chooses the card just added and closes; the list then marks it Selected, with Select on every other card only', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 1 });
    await user.click(await screen.findByRole('button', { name: /Card on file.*4444/ }));
    await user.click(await within(await w.dialog()).findByRole('button', { name: 'Add New Card' }));
    const collect = await w.dialog(/^Add New Card/);
    const add = within(collect).getByRole('button', { name: 'Add Card' });
    await waitFor(() => expect(add).not.toBeDisabled());
    await user.click(add);
    // The field was opened to choose a card: the one just stored is chosen, and the dialog closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(w.host.value).toBe('100'));
    // The page behind is hidden from assistive technology until the dialog has finished closing.
    const field = await screen.findByRole('button', { name: /Card on file/ });
    expect(field).not.toHaveTextContent('4444');

    await user.click(field);
    const list = await within(await w.dialog()).findByRole('list', { name: 'Cards on file' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    // The new card (a Visa, the default now) is the one selected: "Selected", and no Select of its own.
    const added = within(list).getByRole('listitem', { name: /Expires 04\/31/ });
    expect(added).toHaveTextContent('Selected');
    expect(within(added).queryByRole('button', { name: 'Select' })).not.toBeInTheDocument();
    const others = within(list)
      .getAllByRole('listitem')
      .filter((item) => item !== added);
    for (const other of others) {
      expect(other).not.toHaveTextContent('Selected');
      expect(within(other).getByRole('button', { name: 'Select' })).toBeInTheDocument();
    }
  });

  it('follows a value set from outside', async () => {
    const { fake } = setUp();
    const w = renderStoredCards(fake, { mode: 1 });
    await screen.findByRole('button', { name: /Card on file.*4444/ });
    w.rerenderWith({ value: 1 });
    expect(await screen.findByRole('button', { name: /Card on file.*1111/ })).toBeInTheDocument();
  });
});

describe('the dialog’s views', () => {
  it('goes straight to collect when the patient has no cards', async () => {
    const { fake } = setUp([]);
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog(/^Add New Card/);
    expect(dialog).toHaveTextContent(NO_CARDS_TEXT);
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    // With no list to go back to there is no Back, but a request can still be sent.
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send a notification' })).toBeInTheDocument();
  });

  it('goes to collect with Add New Card, and back to the list', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Add New Card' }));
    const collect = await w.dialog(/^Add New Card/);
    expect(collect).not.toHaveTextContent(NO_CARDS_TEXT);
    await user.click(within(collect).getByRole('button', { name: 'Back' }));
    expect(await within(await w.dialog()).findByRole('list', { name: 'Cards on file' })).toBeInTheDocument();
  });

  it('goes to the card request with Send a notification', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    await user.click(await within(await w.dialog()).findByRole('button', { name: 'Send a notification' }));
    const request = await w.dialog(/Card Request/);
    expect(within(request).getByRole('button', { name: 'Send Request' })).toBeInTheDocument();
  });

  it('goes to collect when the last card is removed', async () => {
    const { fake } = setUp([VISA]);
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog();
    await user.click(
      within(await within(dialog).findByRole('listitem')).getByRole('button', { name: 'Remove' }),
    );
    const removal = await focusedDialog('Remove Card', 'alertdialog');
    expect(within(removal).getByRole('button', { name: 'Remove' })).toHaveAttribute('data-intent', 'danger');
    await user.click(within(removal).getByRole('button', { name: 'Remove' }));
    const collect = await w.dialog(/^Add New Card/);
    expect(collect).toHaveTextContent(NO_CARDS_TEXT);
    // The banner stays with the dialog when its view changes.
    expect(within(collect).getByRole('status')).toHaveTextContent('The selected card has been deleted.');
  });

  it.each([
    [
      'its close button',
      () => userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
    ],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('closes with %s', async (_how, close) => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    await w.dialog();
    await close();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await returnFocus(w.container);
    expect(screen.getByRole('button', { name: 'Stored Cards' })).toBeInTheDocument();
  });
});

describe('removing a card', () => {
  it('asks first, and Cancel keeps the card', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog();
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: /1111/ })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const confirm = await focusedDialog('Remove Card', 'alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to remove this card?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await returnFocus(dialog);
    expect(fake.callsTo('/api/customerSavedCard/InActivate')).toHaveLength(0);
    expect(listed(dialog)).toHaveLength(3);
  });

  it('removes it once confirmed: Deleted, card-removed, and the list without it', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog();
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: /1111/ })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await user.click(
      within(await focusedDialog('Remove Card', 'alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await returnFocus(dialog);
    await waitFor(() => expect(listed(dialog)).toHaveLength(2));
    expect(fake.callsTo('/api/customerSavedCard/InActivate')[0]!.body).toEqual({ Id: 1, customerId: 11 });
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        intent: 'success',
        title: 'Deleted',
        message: 'The selected card has been deleted.',
      }),
    );
    // The widget's banners show inside its dialog, where the person is looking.
    expect(within(dialog).getByRole('status')).toHaveTextContent('The selected card has been deleted.');
    expect(w.onCardRemoved).toHaveBeenCalledWith({
      customerId: 11,
      card: expect.objectContaining({ id: 1 }),
    });
  });

  it('stops at Associated Card when a plan or membership uses the card', async () => {
    const { fake } = setUp(undefined, { associated: [2] });
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 1 });
    await user.click(await screen.findByRole('button', { name: /Card on file.*4444/ }));
    const dialog = await w.dialog();
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: /4444/ })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await user.click(
      within(await focusedDialog('Remove Card', 'alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await returnFocus(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Associated Card');
    expect(alert).toHaveTextContent('This card is associated with an active payment plan or membership.');
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        intent: 'danger',
        title: 'Associated Card',
        message: 'This card is associated with an active payment plan or membership.',
      }),
    );
    expect(fake.banners.map((b) => b.title)).not.toContain('Deleted');
    expect(listed(dialog)).toHaveLength(3);
    expect(w.onCardRemoved).not.toHaveBeenCalled();
    expect(w.onCardSelected).not.toHaveBeenCalled();
    expect(w.host.value).toBe('2');
  });

  it('moves the selection to the default card when the selected card goes', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 1, value: 3 });
    await user.click(await screen.findByRole('button', { name: /Card on file.*0005/ }));
    const dialog = await w.dialog();
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: /0005/ })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await user.click(
      within(await focusedDialog('Remove Card', 'alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(w.onCardSelected).toHaveBeenCalledTimes(1));
    expect(w.onCardSelected).toHaveBeenCalledWith({
      customerId: 11,
      card: expect.objectContaining({ id: 2 }),
    });
    expect(w.host.value).toBe('2');
  });
});

describe('making a card the default', () => {
  it('calls makeDefault and shows the new default first', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    const dialog = await w.dialog();
    await user.click(
      within(await within(dialog).findByRole('listitem', { name: /0005/ })).getByRole('button', {
        name: 'Make Default',
      }),
    );
    await waitFor(() => expect(listed(dialog)[0]).toMatch(/0005.*Default/));
    expect(fake.callsTo('/api/customerSavedCard/makeDefault')[0]!.body).toEqual({ customerId: 11, Id: 3 });
  });
});
