/**
 * New Payment (the virtual terminal) as a person uses it: an optional patient, the amount and note,
 * a new card from the provider's frame (faked) or a card on file, the surcharge shown before
 * anything is charged (the quote), the charge of the quoted total with its idempotency key, and a
 * declined card.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import { card } from '../../ui/testing/cardFixtures.js';
import { installFakeCardProvider } from '../../ui/testing/fakeCardProvider.js';
import { ok, type FakeCall } from '../../ui/testing/fakeSdk.js';
import { FRONT_DESK, tx } from '../testing/fixtures.js';
import { renderPart, renderTransactions, setUp } from '../testing/renderWidget.js';
import { NewPaymentDialog } from './NewPaymentDialog.js';

let provider: ReturnType<typeof installFakeCardProvider>;
beforeEach(() => {
  provider = installFakeCardProvider();
});
afterEach(() => provider.uninstall());

const quoteOf = ({ body }: FakeCall) => {
  const amount = (body as { amount: number }).amount;
  const surchargeAmount = Math.round(amount * 0.03);
  return ok({
    orderAmount: amount,
    surchargeAmount,
    total: amount + surchargeAmount,
    cardType: 'VISA',
    cardDescription: '•••• 1111',
    funding: 'CREDIT',
  });
};

function charged(approved: boolean) {
  return ({ body }: FakeCall) => {
    const b = body as { amount: number; total: number };
    return ok({
      isApproved: approved,
      reason: approved ? null : 'Card declined',
      referenceId: 'VT9XYZ-0001',
      transactionId: 'VT9XYZ',
      orderAmount: b.amount,
      surchargeAmount: b.total - b.amount,
      total: b.total,
      transaction: tx({ id: 99, source: 'VIRTUALTERMINAL', customerId: null }),
    });
  };
}

function open(approved = true) {
  const { fake } = setUp([], {
    profile: FRONT_DESK,
    extra: {
      '/api/transaction/virtualTerminal/quote': quoteOf,
      '/api/transaction/virtualTerminal': charged(approved),
      '/api/customer/searchCustomer': () =>
        ok([{ id: 11, firstName: 'Maria', lastName: 'Garcia', email: 'maria.garcia@example.com' }]),
      '/api/customerSavedCard/customerSavedCards': () =>
        ok([card({ id: 5, cardType: 'MASTERCARD', isDefault: true })]),
    },
  });
  const onClose = vi.fn();
  renderPart(fake, <NewPaymentDialog onClose={onClose} />);
  return { fake, onClose };
}

describe('New Payment', () => {
  it('takes a new card without a patient: the surcharge is shown before the quoted total is charged', async () => {
    const { fake, onClose } = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New Payment' });
    expect(
      within(dialog).getByText(
        'Without a patient the payment is unassociated: associate it later from this list.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(provider.frames[0]?.mounted).not.toBeNull());
    const review = within(dialog).getByRole('button', { name: 'Review Payment' });
    await user.click(review);
    expect(within(dialog).getByText('The amount is not a currency value.')).toBeInTheDocument();
    expect(fake.callsTo('/api/transaction/virtualTerminal/quote')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Whitening kit');
    await user.click(review);
    const summary = await within(dialog).findByLabelText('Payment summary');
    expect(summary).toHaveTextContent('Credit card surcharge$1.50');
    expect(summary).toHaveTextContent('Total$51.50');
    expect(fake.callsTo('/api/transaction/virtualTerminal/quote')[0]?.body).toEqual({
      amount: 5_000,
      nonce: 'nonce-1',
    });
    expect(fake.callsTo('/api/transaction/virtualTerminal')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Charge $51.50' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fake.callsTo('/api/transaction/virtualTerminal')[0] as FakeCall & {
      idempotencyKey?: string;
    };
    expect(call.body).toEqual({ amount: 5_000, total: 5_150, nonce: 'nonce-1', note: 'Whitening kit' });
    expect(call.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.banners.at(-1)).toMatchObject({
      intent: 'success',
      title: 'Transaction Approved',
      message: 'The payment has been processed. Transaction ID: VT9XYZ',
    });
  });

  it('charges a patient’s card on file', async () => {
    const { fake } = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New Payment' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Patient (optional)' }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Garcia/ }));
    const cardOnFile = await within(dialog).findByRole('radio', {
      name: 'Card on file: Mastercard •••• 4444',
    });
    expect(cardOnFile).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Review Payment' }));
    await within(dialog).findByLabelText('Payment summary');
    expect(fake.callsTo('/api/transaction/virtualTerminal/quote')[0]?.body).toEqual({
      customerId: 11,
      amount: 2_000,
      customerSavedCardId: 5,
    });
  });

  it('says a declined card was not charged, and offers another', async () => {
    open(false);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New Payment' });
    await waitFor(() => expect(provider.frames[0]?.mounted).not.toBeNull());
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Review Payment' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Charge $51.50' }));
    expect(await within(dialog).findByText('Transaction Declined')).toBeInTheDocument();
    expect(within(dialog).getByText('Card declined')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change card' }));
    expect(await within(dialog).findByRole('button', { name: 'Review Payment' })).toBeInTheDocument();
  });

  it('keeps a Cancel on the review step, which charges nothing', async () => {
    const { fake, onClose } = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New Payment' });
    await waitFor(() => expect(provider.frames[0]?.mounted).not.toBeNull());
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Review Payment' }));
    await within(dialog).findByLabelText('Payment summary');
    // The review shows the summary alone: the entry fields are out of sight.
    expect(within(dialog).queryByRole('textbox', { name: /Amount/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(fake.callsTo('/api/transaction/virtualTerminal')).toHaveLength(0);
  });

  it('is offered on the full list, and on a patient’s page with the patient filled in', async () => {
    const { fake } = setUp([tx({ id: 1 })], { profile: FRONT_DESK });
    const { unmount } = renderTransactions(fake);
    expect(await screen.findByRole('button', { name: 'New Payment' })).toBeInTheDocument();
    unmount();
    // A list narrowed to a patient without saying who (an embedded list by patient number): none.
    const narrowed = setUp([tx({ id: 1 })], { profile: FRONT_DESK });
    const second = renderTransactions(narrowed.fake, { customerKey: 1001 });
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.queryByRole('button', { name: 'New Payment' })).toBeNull();
    second.unmount();
    const patientPage = setUp([tx({ id: 1 })], {
      profile: FRONT_DESK,
      extra: {
        '/api/transaction/virtualTerminal/quote': quoteOf,
        '/api/customerSavedCard/customerSavedCards': () =>
          ok([card({ id: 5, cardType: 'MASTERCARD', isDefault: true })]),
      },
    });
    const user = userEvent.setup();
    renderTransactions(patientPage.fake, {
      customerKey: 1001,
      payer: { id: 11, firstName: 'Maria', lastName: 'Garcia' },
    });
    await user.click(await screen.findByRole('button', { name: 'New Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Payment' });
    expect(within(dialog).getByRole('combobox', { name: 'Patient (optional)' })).toHaveValue('Maria Garcia');
    // Her cards on file are offered at once, and the quote is for her.
    await user.click(
      await within(dialog).findByRole('radio', { name: 'Card on file: Mastercard •••• 4444' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Review Payment' }));
    await within(dialog).findByLabelText('Payment summary');
    expect(patientPage.fake.callsTo('/api/transaction/virtualTerminal/quote')[0]?.body).toMatchObject({
      customerId: 11,
      customerSavedCardId: 5,
    });
  });
});
