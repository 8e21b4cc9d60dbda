/**
 * Collecting a card: the provider's frame (faked: the real one is on another origin and is tested
 * in the browser), the nonce that is all Chairside gets, a new card being the default, and the
 * spec's sentence when the frame refuses what was typed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../ui/testing/domMatchers.js';
import { installFakeCardProvider } from '../ui/testing/fakeCardProvider.js';
import { createFakeSdk, refused } from '../ui/testing/fakeSdk.js';
import { fakeCardServer } from '../ui/testing/fakeCardServer.js';
import { card } from '../ui/testing/cardFixtures.js';
import { renderStoredCards } from './testing/renderWidget.js';

const FRAME_ERROR = 'Please make sure all fields are entered correctly';
const VISA = card({ id: 1, cardType: 'VISA', isDefault: true });

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

async function openCollect(cards = [VISA], options: { scriptUrl?: string | null } = {}) {
  const server = fakeCardServer(cards);
  const fake = createFakeSdk(server.handlers, { cardProviderScriptUrl: options.scriptUrl });
  const user = userEvent.setup();
  const w = renderStoredCards(fake, { mode: 3 });
  await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
  if (cards.length > 0) {
    await user.click(await within(await w.dialog()).findByRole('button', { name: 'Add New Card' }));
  }
  const dialog = await w.dialog(/^Add New Card/);
  return { server, fake, user, w, dialog };
}

describe('the card-entry frame', () => {
  it('mounts in the dialog for the practice’s business and app ids, 155 px high, with its ZIP code field', async () => {
    const { dialog } = await openCollect();
    await waitFor(() => expect(provider.frames[0]?.mounted).not.toBeNull());
    const [frame] = provider.frames;
    expect(frame).toMatchObject({ businessId: 'biz_brightsmiles', applicationId: 'app_brightsmiles' });
    expect(frame!.mounted!.options).toMatchObject({
      iFrame: { width: '100%', height: 155, border: '0' },
      displayZip: true,
    });
    expect(within(dialog).getByTitle('Card details').tagName).toBe('IFRAME');
    // The frame goes into an element of the dialog (inside the widget), found by its id.
    expect(dialog).toContainElement(document.getElementById(frame!.mounted!.elementId));
  });

  it('keeps Add Card off until the frame is ready', async () => {
    provider = installFakeCardProvider({ autoReady: false });
    const { dialog } = await openCollect();
    await waitFor(() => expect(provider.frames[0]?.mounted).not.toBeNull());
    const add = within(dialog).getByRole('button', { name: 'Add Card' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByText('Loading the card form…')).toBeInTheDocument();
    provider.frames[0]!.emit('ready', {});
    await waitFor(() => expect(add).not.toBeDisabled());
  });

  it('says so when the frame cannot start', async () => {
    provider = installFakeCardProvider({ autoReady: false });
    const { dialog } = await openCollect();
    await waitFor(() => expect(provider.frames[0]?.mounted).not.toBeNull());
    provider.frames[0]!.emit('error', { error: 'The card form did not start.' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The card form could not load. The card form did not start.',
    );
    expect(within(dialog).getByRole('button', { name: 'Add Card' })).toBeDisabled();
  });

  it('says so when no card provider is configured', async () => {
    const { dialog } = await openCollect([VISA], { scriptUrl: null });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The card form could not load.');
  });
});

describe('Add Card', () => {
  it('stores the card from the frame’s nonce as the default card and goes back to the list', async () => {
    const { fake, user, w, dialog } = await openCollect();
    const makeDefault = within(dialog).getByRole('switch', { name: 'Make this the default card' });
    expect(makeDefault).toBeChecked();
    await user.click(await waitForEnabled(within(dialog).getByRole('button', { name: 'Add Card' })));
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/tokenize')).toHaveLength(1));
    expect(fake.callsTo('/api/customerSavedCard/tokenize')[0]!.body).toEqual({
      nonce: 'nonce-1',
      customerId: 11,
      isDefault: true,
    });
    const list = await within(await w.dialog()).findByRole('list', { name: 'Cards on file' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('•••• 1111Expires 04/31Default');
    expect(w.onCardSaved).toHaveBeenCalledWith({
      customerId: 11,
      card: {
        id: 100,
        cardType: 'VISA',
        description: '•••• 1111',
        expMonth: 4,
        expYear: 2031,
        isDefault: true,
      },
    });
    // The card just stored is the one selected now.
    await waitFor(() =>
      expect(w.onCardSelected).toHaveBeenCalledWith({
        customerId: 11,
        card: expect.objectContaining({ id: 100 }),
      }),
    );
    expect(w.host.value).toBe('100');
  });

  it('stores it as another card when Make this the default card is turned off', async () => {
    const { fake, user, dialog } = await openCollect();
    await user.click(within(dialog).getByRole('switch', { name: 'Make this the default card' }));
    await user.click(await waitForEnabled(within(dialog).getByRole('button', { name: 'Add Card' })));
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/tokenize')).toHaveLength(1));
    expect(fake.callsTo('/api/customerSavedCard/tokenize')[0]!.body).toMatchObject({ isDefault: false });
  });

  it('makes a patient’s first card the default, without asking', async () => {
    const { fake, user, dialog } = await openCollect([]);
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('A patient’s first card is always their default card.');
    await user.click(await waitForEnabled(within(dialog).getByRole('button', { name: 'Add Card' })));
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/tokenize')).toHaveLength(1));
    expect(fake.callsTo('/api/customerSavedCard/tokenize')[0]!.body).toMatchObject({ isDefault: true });
  });

  it('shows the spec’s sentence when the frame refuses what was typed, and sends nothing', async () => {
    provider.answerWith({
      error: 'Enter a valid card number.',
      fields: [{ field: 'cardNumber', problem: 'invalid', message: 'Enter a valid card number.' }],
    });
    const { fake, user, dialog } = await openCollect();
    await user.click(await waitForEnabled(within(dialog).getByRole('button', { name: 'Add Card' })));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FRAME_ERROR);
    expect(fake.callsTo('/api/customerSavedCard/tokenize')).toHaveLength(0);
    // A second try that works clears it.
    provider.answerWith({ nonce: 'nonce-2' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Card' }));
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/tokenize')).toHaveLength(1));
    expect(screen.queryByText(FRAME_ERROR)).not.toBeInTheDocument();
  });

  it('stays on the form when the server refuses the card', async () => {
    const server = fakeCardServer([VISA]);
    const fake = createFakeSdk({
      ...server.handlers,
      '/api/customerSavedCard/tokenize': () => refused('Card declined'),
    });
    const user = userEvent.setup();
    const w = renderStoredCards(fake, { mode: 3 });
    await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
    await user.click(await within(await w.dialog()).findByRole('button', { name: 'Add New Card' }));
    const dialog = await w.dialog(/^Add New Card/);
    await user.click(await waitForEnabled(within(dialog).getByRole('button', { name: 'Add Card' })));
    await waitFor(() => expect(fake.callsTo('/api/customerSavedCard/tokenize')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add Card' })).not.toBeDisabled());
    expect(w.onCardSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: /^Add New Card/ })).toBeInTheDocument();
  });
});

async function waitForEnabled(button: HTMLElement) {
  await waitFor(() => expect(button).not.toBeDisabled());
  return button;
}
