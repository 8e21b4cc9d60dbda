/**
 * The Refund / Void form as a person uses it: the amount's validation, blur reset and messages, the
 * surcharge and total it sends (in cents, surcharge included) with an idempotency key, the answers
 * ('Transaction Refunded' with the server's status message, 'This transaction could not be
 * refunded'), the fixed amount and reactivation of plan payments, Open Dental's pay splits with the
 * surcharge split hidden, and 'Refund Unavailable' from the list past 180 days.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { refused } from '../../ui/testing/fakeSdk.js';
import { FRONT_DESK, tx } from '../testing/fixtures.js';
import { menuButton, renderPart, renderTransactions, setUp } from '../testing/renderWidget.js';
import { RefundVoidDialog } from './RefundVoidDialog.js';

const SURCHARGED = tx({
  id: 1,
  hasSurcharging: true,
  orderAmount: 10_000,
  surchargeAmount: 300,
  amount: 10_300,
});

function open(t: Transaction, action: 'REFUND' | 'VOID' = 'REFUND', extra: Parameters<typeof setUp>[1] = {}) {
  const { fake, server } = setUp([t], { profile: FRONT_DESK, ...extra });
  const onRefunded = vi.fn();
  const onVoided = vi.fn();
  const onClose = vi.fn();
  renderPart(
    fake,
    <RefundVoidDialog
      transaction={t}
      action={action}
      gatewayCode={extra.company?.gatewayCode ?? 'DENTRIX'}
      onClose={onClose}
      onRefunded={onRefunded}
      onVoided={onVoided}
    />,
  );
  return { fake, server, onRefunded, onVoided, onClose };
}

const refundCalls = (fake: ReturnType<typeof setUp>['fake']) => fake.callsTo('/api/transaction/refundVoid');

describe('the refund form', () => {
  it('starts with the whole order amount, and shows and sends the surcharge with it', async () => {
    const { fake, onRefunded } = open(SURCHARGED);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    const amount = within(dialog).getByRole('textbox', { name: /Refund Amount/ });
    expect(amount).toHaveValue('100.00');
    const totals = () => within(dialog).getByLabelText('Total');
    expect(totals()).toHaveTextContent('Surcharge$3.00');
    expect(totals()).toHaveTextContent('Total$103.00');
    await user.clear(amount);
    await user.type(amount, '50');
    // 3 % of a half refund.
    expect(totals()).toHaveTextContent('Surcharge$1.50');
    expect(totals()).toHaveTextContent('Total$51.50');
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    expect(await screen.findByText('Transaction Refunded')).toBeInTheDocument();
    const call = refundCalls(fake)[0] as unknown as { body: object; idempotencyKey: string };
    expect(call.body).toEqual({ id: 'res-1', refundAmount: 5_150, action: 'REFUND', setActive: false });
    expect(call.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(onRefunded).toHaveBeenCalledWith({
      id: 1,
      referenceId: 'R1ABC-2026-0001',
      customerId: 11,
      amount: 5_150,
      refundReferenceId: 'RF1-x',
    });
    expect(screen.getByText('$51.50 has been refunded to Visa •••• 1111.')).toBeInTheDocument();
  });

  it('refuses more than the original amount with the spec’s error toast, and resets a blank or zero amount on blur', async () => {
    const { fake } = open(SURCHARGED);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    const amount = within(dialog).getByRole('textbox', { name: /Refund Amount/ });
    const submit = within(dialog).getByRole('button', { name: 'Process Refund' });
    await user.clear(amount);
    await user.type(amount, '100.01');
    expect(submit).toBeDisabled();
    act(() => amount.blur());
    // An error toast (a danger banner), not a field error; nothing is sent.
    expect(fake.banners.at(-1)).toMatchObject({
      intent: 'danger',
      message: 'The refund cannot exceed the original transaction amount of $100.00',
    });
    expect(within(dialog).queryByText(/cannot exceed/)).toBeNull();
    expect(refundCalls(fake)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '12.345');
    expect(within(dialog).getByText('The Refund Amount is not a currency value.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '0');
    // Leaving the field (jsdom moves no focus out of Fluent's dialog on Tab).
    act(() => amount.blur());
    expect(amount).toHaveValue('100.00');
    await user.clear(amount);
    act(() => amount.blur());
    expect(amount).toHaveValue('100.00');
    expect(submit).not.toBeDisabled();
  });

  it('says what is left after an earlier refund, and refunds the rest exactly', async () => {
    const partly = {
      ...SURCHARGED,
      refundVoidType: 'REFUNDED' as const,
      refundVoidAmount: 6_180,
      refundVoidOrderAmount: 6_000,
      refundVoidSurchargeAmount: 180,
    };
    const { fake } = open(partly);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    const amount = within(dialog).getByRole('textbox', { name: /Refund Amount/ });
    expect(amount).toHaveValue('40.00');
    expect(within(dialog).getByText('$40.00 is left to refund.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '41');
    act(() => amount.blur());
    // The server's words too (one function in embed-sdk/rules).
    expect(fake.banners.at(-1)).toMatchObject({
      intent: 'danger',
      message:
        'The refund cannot exceed the original transaction amount of $100.00; $40.00 is left to refund.',
    });
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    await screen.findByText('Transaction Refunded');
    expect(refundCalls(fake)[0]?.body).toMatchObject({ refundAmount: 4_120 });
  });

  it('says when the refund was not approved, and a new try gets a new key', async () => {
    const { fake } = open(SURCHARGED, 'REFUND', { approve: false });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    expect(await within(dialog).findByText('This transaction could not be refunded')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    await waitFor(() => expect(refundCalls(fake)).toHaveLength(2));
    const [first, second] = refundCalls(fake) as unknown as { idempotencyKey: string }[];
    expect(first!.idempotencyKey).not.toBe(second!.idempotencyKey);
  });

  it('says it could not be refunded when the answer is not a success', async () => {
    const { fake } = open(SURCHARGED, 'REFUND', {
      extra: {
        '/api/transaction/refundVoid': () => refused('This payment has already been refunded.'),
      },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    expect(await within(dialog).findByText('This transaction could not be refunded')).toBeInTheDocument();
    expect(refundCalls(fake)).toHaveLength(1);
  });
});

describe('the void form', () => {
  it('voids the whole payment, and says so', async () => {
    const { fake, onVoided } = open(SURCHARGED, 'VOID');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Void Transaction' });
    const amount = within(dialog).getByRole('textbox', { name: /Void Amount/ });
    expect(amount).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Process Void' }));
    expect(await screen.findByText('Transaction Voided')).toBeInTheDocument();
    expect(refundCalls(fake)[0]?.body).toMatchObject({ refundAmount: 10_300, action: 'VOID' });
    expect(onVoided).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 10_300, voidReferenceId: 'RF1-x' }),
    );
  });
});

describe('plan payments', () => {
  it('have no partial refund, warn of the past-due balance and offer reactivation, on by default', async () => {
    const plan = tx({ id: 2, source: 'PAYMENTPLAN', paymentPlanId: 9, paymentPlanStatus: 'INACTIVE' });
    const { fake } = open(plan);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    expect(within(dialog).getByRole('textbox', { name: /Refund Amount/ })).toHaveAttribute('readonly');
    expect(
      within(dialog).getByText('Partial refunds are unavailable for payment plan and membership payments.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/become a past-due balance/)).toBeInTheDocument();
    const reactivate = within(dialog).getByRole('checkbox', { name: 'Reactivate this payment plan' });
    expect(reactivate).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    await screen.findByText('Transaction Refunded');
    expect(refundCalls(fake)[0]?.body).toMatchObject({ refundAmount: 12_500, setActive: true });
  });

  it('say a completed plan becomes active again, without asking', async () => {
    open(tx({ id: 3, source: 'PAYMENTPLAN', paymentPlanId: 9, paymentPlanStatus: 'COMPLETE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    expect(
      within(dialog).getByText('This completed payment plan will become active again.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});

describe('membership payments', () => {
  it('offer to re-activate a membership that is free to re-activate, on by default', async () => {
    const { fake } = open(
      tx({
        id: 5,
        source: 'MEMBERSHIP',
        customerMembershipBillingId: 8,
        customerMembershipBillingIsActive: false,
        customerMembershipBillingReactivation: 'REACTIVATE',
      }),
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    expect(within(dialog).getByRole('checkbox', { name: 'Reactivate this membership' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    await screen.findByText('Transaction Refunded');
    expect(refundCalls(fake)[0]?.body).toMatchObject({ setActive: true });
  });

  it('say a yearly membership past its paid year restarts with a charge, and offer no free re-activation', async () => {
    open(
      tx({
        id: 6,
        source: 'MEMBERSHIP',
        customerMembershipBillingId: 8,
        customerMembershipBillingIsActive: false,
        customerMembershipBillingReactivation: 'RESTART',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    expect(within(dialog).getByText(/past the year it paid for/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});

describe('Open Dental', () => {
  it('shows the pay splits without the leading surcharge split, and prorates the refund across them', async () => {
    const t = tx({ id: 4, orderAmount: 30_000, amount: 30_000 });
    const split = (splitNum: number, descript: string, amount: number, procCode: string | null) => ({
      splitNum,
      descript,
      ogSplitAmt: amount,
      splitAmt: amount,
      procNum: procCode ? splitNum : null,
      procCode,
      procDescription: procCode ? 'Crown' : null,
      tooth: null,
      patientKey: 1001,
      patientName: 'Maria Garcia',
    });
    const { fake } = open(t, 'REFUND', {
      company: {
        id: 1,
        name: 'Bright Smiles Dental',
        gatewayCode: 'OPENDENTAL',
        hasSurcharging: true,
        allowAddPatient: true,
        noSchedule: false,
        doesAllocateProcedures: true,
        businessId: 'b',
        appId: 'a',
      },
      openDental: {
        4: {
          payNum: 77,
          isSplit: true,
          paySplits: [
            split(1, 'Credit card surcharge', 900, null),
            split(2, 'Crown', 20_000, 'D2740'),
            split(3, 'Unallocated', 10_000, null),
          ],
        },
      },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    const table = await within(dialog).findByRole('table', { name: 'Allocated procedures' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Procedure', 'Original Amt.', 'Refund Amt.']);
    expect(within(table).queryByText(/surcharge/i)).toBeNull();
    const amount = within(dialog).getByRole('textbox', { name: /Refund Amount/ });
    await user.clear(amount);
    await user.type(amount, '100');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('D2740 Crown$200.00$66.67');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Unallocated$100.00$33.33');
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    await screen.findByText('Transaction Refunded');
    expect(refundCalls(fake)[0]?.body).toMatchObject({
      refundAmount: 10_000,
      isSplit: true,
      procedures: [
        { splitNum: 2, amount: 6_667 },
        { splitNum: 3, amount: 3_333 },
      ],
    });
  });
});

describe('from the list', () => {
  it('says Refund Unavailable past 180 days', async () => {
    const old = tx({ id: 5, created: '2026-01-02T10:00:00.000Z', canRefund: false, cantRefund: true });
    const { fake } = setUp([old], { profile: FRONT_DESK });
    const user = userEvent.setup();
    renderTransactions(fake);
    await user.click(await menuButton('R5ABC'));
    await user.click(await screen.findByRole('menuitem', { name: 'Refund' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Refund Unavailable' });
    expect(alert).toHaveTextContent('This transaction is older than 180 days and can no longer be refunded.');
    expect(fake.callsTo('/api/transaction/refundVoid')).toHaveLength(0);
  });

  it('refunds, and the list reads again', async () => {
    const { fake } = setUp([tx({ id: 6 })], { profile: FRONT_DESK });
    const user = userEvent.setup();
    renderTransactions(fake);
    await user.click(await menuButton('R6ABC'));
    await user.click(await screen.findByRole('menuitem', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Transaction' });
    const before = fake.callsTo('/api/transaction/transactions').length;
    await user.click(within(dialog).getByRole('button', { name: 'Process Refund' }));
    await screen.findByText('Transaction Refunded');
    await waitFor(() => expect(fake.callsTo('/api/transaction/transactions').length).toBeGreaterThan(before));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const row = (await screen.findByText('R6ABC')).closest('tr')!;
    expect(await within(row).findByText('Refunded')).toBeInTheDocument();
  });
});
