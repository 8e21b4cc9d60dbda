/**
 * Asking the patient to store a card: the fields start from the patient, each switch on when its
 * field has a value; the spec's rules check what is on; Send Request waits for a channel; a request
 * that went out closes the dialog with the spec's success banner.
 */
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../ui/testing/domMatchers.js';
import { installFakeCardProvider } from '../ui/testing/fakeCardProvider.js';
import { createFakeSdk } from '../ui/testing/fakeSdk.js';
import { fakeCardServer } from '../ui/testing/fakeCardServer.js';
import { card, MARIA, SOFIA } from '../ui/testing/cardFixtures.js';
import { renderStoredCards } from './testing/renderWidget.js';

const EMAIL_MESSAGE =
  'The email is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.';
/** The spec's e-mail message has two spaces after its first sentence: keep them. */
const VERBATIM = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

async function openRequest(customerId = 11) {
  const server = fakeCardServer([card({ id: 1, cardType: 'VISA', isDefault: true })], {
    customers: [MARIA, SOFIA],
  });
  const fake = createFakeSdk(server.handlers);
  const user = userEvent.setup();
  const w = renderStoredCards(fake, { mode: 3, customerId });
  await user.click(screen.getByRole('button', { name: 'Stored Cards' }));
  await user.click(await within(await w.dialog()).findByRole('button', { name: 'Send a notification' }));
  const dialog = await w.dialog(/^Card Request/);
  await within(dialog).findByRole('switch', { name: 'Text Message' });
  const q = {
    text: () => within(dialog).getByRole('switch', { name: 'Text Message' }),
    mobile: () => within(dialog).getByRole('textbox', { name: /Mobile phone/ }),
    email: () => within(dialog).getByRole('switch', { name: 'Email' }),
    address: () => within(dialog).getByRole('textbox', { name: /Email address/ }),
    send: () => within(dialog).getByRole('button', { name: 'Send Request' }),
  };
  return { fake, user, w, dialog, ...q };
}

describe('the card request', () => {
  it('starts from the patient’s mobile and e-mail, both switches on', async () => {
    const r = await openRequest(11);
    expect(r.text()).toBeChecked();
    expect(r.mobile()).toHaveValue('(512) 555-0142');
    expect(r.email()).toBeChecked();
    expect(r.address()).toHaveValue('maria.garcia@example.com');
    expect(r.send()).not.toBeDisabled();
  });

  it('starts with both switches off for a patient with neither, and Send Request disabled', async () => {
    const r = await openRequest(12);
    expect(r.text()).not.toBeChecked();
    expect(r.email()).not.toBeChecked();
    expect(r.mobile()).toHaveValue('');
    expect(r.mobile()).toBeDisabled();
    expect(r.address()).toBeDisabled();
    expect(r.send()).toBeDisabled();
    // Turning one channel on is enough to send.
    await r.user.click(r.email());
    expect(r.send()).not.toBeDisabled();
    expect(r.address()).not.toBeDisabled();
  });

  it('is disabled again when both channels are turned off', async () => {
    const r = await openRequest(11);
    await r.user.click(r.text());
    expect(r.send()).not.toBeDisabled();
    await r.user.click(r.email());
    expect(r.send()).toBeDisabled();
  });

  it('requires the field of a channel that is on, with the spec’s messages', async () => {
    const r = await openRequest(12);
    await r.user.click(r.text());
    await r.user.click(r.email());
    await r.user.click(r.send());
    expect(await within(r.dialog).findByText('The mobile phone is required.')).toBeInTheDocument();
    expect(within(r.dialog).getByText('The email is required.')).toBeInTheDocument();
    expect(r.fake.callsTo('/api/customer/sendCardRequest')).toHaveLength(0);
  });

  it('checks that a mobile is a phone number and an e-mail an address list', async () => {
    const r = await openRequest(11);
    await r.user.clear(r.mobile());
    await r.user.type(r.mobile(), '555-01');
    await r.user.clear(r.address());
    await r.user.type(r.address(), 'maria@');
    await r.user.click(r.send());
    expect(
      await within(r.dialog).findByText('The mobile phone is not a valid phone number.'),
    ).toBeInTheDocument();
    expect(within(r.dialog).getByText(EMAIL_MESSAGE, VERBATIM)).toBeInTheDocument();
    // Turning a channel off drops its message: that field no longer counts.
    await r.user.click(r.email());
    await waitFor(() =>
      expect(within(r.dialog).queryByText(EMAIL_MESSAGE, VERBATIM)).not.toBeInTheDocument(),
    );
    // On again, the field counts again and is checked at once.
    await r.user.click(r.email());
    expect(await within(r.dialog).findByText(EMAIL_MESSAGE, VERBATIM)).toBeInTheDocument();
    expect(r.fake.callsTo('/api/customer/sendCardRequest')).toHaveLength(0);
  });

  it('sends it, says so, tells the host and closes the dialog', async () => {
    const r = await openRequest(11);
    await r.user.click(r.send());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(r.fake.callsTo('/api/customer/sendCardRequest')[0]!.body).toEqual({
      customerId: 11,
      notifyText: true,
      cell: '(512) 555-0142',
      notifyEmail: true,
      email: 'maria.garcia@example.com',
    });
    expect(r.fake.banners).toContainEqual(
      expect.objectContaining({
        intent: 'success',
        title: 'Card Request Sent',
        message: 'The patient has been sent a request to store their card.',
      }),
    );
    expect(r.w.onCardRequestSent).toHaveBeenCalledWith({
      customerId: 11,
      requestId: 7,
      sentBy: ['TEXT', 'EMAIL'],
    });
  });

  it('sends only the channel that is on', async () => {
    const r = await openRequest(11);
    await r.user.click(r.text());
    await r.user.click(r.send());
    await waitFor(() => expect(r.fake.callsTo('/api/customer/sendCardRequest')).toHaveLength(1));
    expect(r.fake.callsTo('/api/customer/sendCardRequest')[0]!.body).toMatchObject({
      notifyText: false,
      cell: '',
      notifyEmail: true,
    });
  });

  it('goes back to the card list', async () => {
    const r = await openRequest(11);
    await r.user.click(within(r.dialog).getByRole('button', { name: 'Back' }));
    expect(
      await within(await r.w.dialog()).findByRole('list', { name: 'Cards on file' }),
    ).toBeInTheDocument();
  });
});
