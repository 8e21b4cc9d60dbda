/**
 * The payment plan's Payment History with the transactions' Refund / Void form handed in, as the
 * portal and <chairside-payment-plan>'s chunk (paymentPlanElement.ts) put them together, against a
 * fake SDK: the form's words for a plan payment (whole amount only, surcharge and total, what is owed
 * again, reactivation of a canceled plan), the bodies it sends, the answers it shows, a refusal. It
 * sits above both capabilities, since neither may import the other. These were the plan ledger's
 * own form's tests (payment-plan/ledger/LedgerTab.test.tsx) before the two forms became one.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import './ui/testing/domMatchers.js';
import type { PaymentLedgerRow, PaymentPlan } from '../embed-sdk/contract/paymentPlan.js';
import { focusedDialog } from './ui/testing/dialogs.js';
import { cardPayment, deskPayment } from './payment-plan/ledger/testing/fixtures.js';
import { renderLedger } from './payment-plan/ledger/testing/renderLedger.js';
import { NOW } from './payment-plan/schedule/testing/fixtures.js';
import { dialogButton, type fakeSdkAs } from './payment-plan/schedule/testing/renderTab.js';
import { LazyTransactionRefundVoid, refundVoidPart } from './transactions/LazyTransactionDialogs.js';

// The form's code loads on demand; here it is loaded once, ahead, as the other lazy parts' tests do.
beforeAll(() => refundVoidPart.load());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const setUp = (
  ledger: PaymentLedgerRow[],
  person: Parameters<typeof fakeSdkAs>[1] = {},
  over: Partial<PaymentPlan> = {},
) => renderLedger(ledger, person, over, LazyTransactionRefundVoid);

/** Opens the first row's menu, waits for its settlement check, and chooses `item`. */
async function choose(user: ReturnType<typeof userEvent.setup>, item: 'Refund' | 'Void') {
  const table = screen.getByRole('table', { name: 'Payment history' });
  const row = within(table).getAllByRole('row')[1]!;
  // The first test in the file waits for the menu's code and the person's roles.
  const actions = await within(row).findByRole('button', { name: /^Actions for / }, { timeout: 5000 });
  await user.click(actions);
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu).not.toHaveTextContent('Checking whether the payment has settled'));
  const items = await within(menu).findAllByRole('menuitem', undefined, { timeout: 5000 });
  const menuItem = items.find((i) => i.textContent === item);
  await user.click(menuItem!);
}

/** The form once it has read its transaction (its amount box shows). */
async function findForm(title: string) {
  // Its first opening in a file mounts Fluent's dialog for the first time: slow on a busy machine.
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull(), { timeout: 10_000 });
  const form = await focusedDialog(title);
  await within(form).findByLabelText(/Amount/);
  return form;
}

/** The form's answer, in its place: its title and what it says. */
async function answered(form: HTMLElement, title: string, message: string) {
  await waitFor(() => expect(form).toHaveTextContent(title));
  expect(form).toHaveTextContent(message);
}

describe('refunds and voids of plan payments', () => {
  it('refunds a cash payment in full with refundVoid, and shows the answer', async () => {
    const { user, fake, onChanged } = setUp([deskPayment({ id: 2 })]);
    await choose(user, 'Refund');
    const form = await findForm('Refund Transaction');
    const amount = within(form).getByLabelText(/Refund Amount/);
    expect(amount).toHaveValue('150.00');
    expect(amount).toHaveAttribute('readonly');
    expect(form).toHaveTextContent(
      'Partial refunds are unavailable for payment plan and membership payments.',
    );
    expect(form).toHaveTextContent(
      'What this payment paid is owed again: cycles whose billing date has passed become a past-due balance.',
    );
    await user.click(dialogButton(form, 'Process Refund'));
    await answered(form, 'Transaction Refunded', '$150.00 has been refunded to the payment.');
    expect(fake.callsTo('/api/transaction/refundVoid').map((c) => c.body)).toEqual([
      { id: 'res-2', refundAmount: 15_000, action: 'REFUND', setActive: false },
    ]);
    expect(fake.callsTo('/api/paymentplan/refund-cash-check')).toHaveLength(0);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await user.click(dialogButton(form, 'Close'));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });

  it('refunds a settled card payment with refundVoid, surcharge included, and shows the answer', async () => {
    const { user, fake, server, onChanged } = setUp([cardPayment({ id: 1 })]);
    server.state.settled['ref-1'] = true;
    await choose(user, 'Refund');
    const form = await findForm('Refund Transaction');
    expect(within(form).getByLabelText(/Refund Amount/)).toHaveValue('225.00');
    expect(within(form).getByLabelText('Total')).toHaveTextContent('Surcharge$6.75Total$231.75');
    await user.click(dialogButton(form, 'Process Refund'));
    await answered(form, 'Transaction Refunded', '$231.75 has been refunded to Visa •••• 1111.');
    expect(fake.callsTo('/api/transaction/refundVoid').map((c) => c.body)).toEqual([
      { id: 'res-1', refundAmount: 23_175, action: 'REFUND', setActive: false },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('voids an unsettled card payment, offering to re-activate a canceled plan', async () => {
    const { user, fake, server } = setUp(
      [cardPayment({ id: 1 })],
      { roles: [], isAdmin: true },
      { status: 'INACTIVE' },
    );
    server.state.refundVoid = { isApproved: true, statusMessage: 'Transaction Voided' };
    await choose(user, 'Void');
    const form = await findForm('Void Transaction');
    expect(within(form).getByLabelText(/Void Amount/)).toHaveValue('225.00');
    expect(within(form).getByLabelText('Total')).toHaveTextContent('Surcharge$6.75Total$231.75');
    expect(within(form).getByLabelText('Reactivate this payment plan')).toBeChecked();
    await user.click(dialogButton(form, 'Process Void'));
    await answered(form, 'Transaction Voided', 'The payment of $231.75 on Visa •••• 1111 has been voided.');
    expect(fake.callsTo('/api/transaction/refundVoid')[0]!.body).toEqual({
      id: 'res-1',
      refundAmount: 23_175,
      action: 'VOID',
      setActive: true,
    });
  });

  it("says 'This transaction could not be refunded' when the provider does not approve", async () => {
    const { user, server, onChanged } = setUp([cardPayment({ id: 1 })], { isAdmin: true, roles: [] });
    server.state.refundVoid = { isApproved: false, statusMessage: 'Declined' };
    await choose(user, 'Void');
    const form = await findForm('Void Transaction');
    await user.click(dialogButton(form, 'Process Void'));
    await waitFor(() => expect(form).toHaveTextContent('This transaction could not be refunded'));
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('leaves the form open when the server refuses (its message is the banner)', async () => {
    const { user, server, onChanged } = setUp([deskPayment({ id: 2 })]);
    server.state.refuse = 'This payment has already been refunded.';
    await choose(user, 'Refund');
    const form = await findForm('Refund Transaction');
    await user.click(dialogButton(form, 'Process Refund'));
    await waitFor(() => expect(dialogButton(form, 'Process Refund')).not.toBeDisabled());
    expect(onChanged).not.toHaveBeenCalled();
    expect(form).toBeInTheDocument();
  });
});
