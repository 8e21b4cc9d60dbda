/**
 * The Payment History tab as staff use it, against a fake SDK: its columns (the surcharge set only
 * when a row has one), refunds and voids shown instead of the status, the menus per role and per
 * settlement (asked when the menu opens), 'Refund Unavailable', which payment Refund and Void open
 * the handed-in Refund / Void form for (the form itself, with the plan, is ../../paymentPlanRefunds.test.tsx),
 * and the confirmed removal and move to the end of a declined item.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import type { PaymentLedgerRow, PaymentPlan } from '../../../embed-sdk/contract/paymentPlan.js';
import type { RefundVoidFormProps } from '../../ui/refundVoidForm.js';
import { fakePlanServer } from '../../ui/testing/fakePlanServer.js';
import { NOW, plan } from '../schedule/testing/fixtures.js';
import { dialogButton, fakeSdkAs, findDialog, renderTab, VIEWER } from '../schedule/testing/renderTab.js';
import { LedgerTab } from './LedgerTab.js';
import { adjustment, cardPayment, declined, deskPayment } from './testing/fixtures.js';
import { renderLedger } from './testing/renderLedger.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setUp(
  ledger: PaymentLedgerRow[],
  ...rest: [Parameters<typeof fakeSdkAs>[1]?, Partial<PaymentPlan>?]
) {
  // The Refund / Void form as handed in: here it only records what it was opened for.
  const opened: RefundVoidFormProps[] = [];
  const form = (props: RefundVoidFormProps) => {
    opened.push(props);
    return null;
  };
  return { ...renderLedger(ledger, rest[0], rest[1], form), opened };
}

const table = () => screen.getByRole('table', { name: 'Payment history' });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cells = (r: HTMLElement) =>
  within(r)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function openMenu(user: ReturnType<typeof userEvent.setup>, rowIndex: number) {
  await user.click(await within(bodyRows()[rowIndex]!).findByRole('button', { name: /^Actions for / }));
  return screen.findByRole('menu');
}

/** The menu's items once any settlement check is done. */
async function menuItems(user: ReturnType<typeof userEvent.setup>, rowIndex: number) {
  const menu = await openMenu(user, rowIndex);
  await waitFor(() => expect(menu).not.toHaveTextContent('Checking whether the payment has settled'));
  return within(menu)
    .getAllByRole('menuitem')
    .map((i) => `${i.textContent}${i.getAttribute('aria-disabled') === 'true' ? ' (disabled)' : ''}`);
}

describe('the table', () => {
  it('shows date and time, description, funding source, card, amount, surcharge, total, status and reason', async () => {
    setUp([cardPayment({ id: 1 }), deskPayment({ id: 2, note: 'Paid at the desk' }), declined({ id: 3 })]);
    await within(table()).findAllByRole('button', { name: /^Actions for / });
    expect(headers()).toEqual([
      'Date and Time',
      'Description',
      'Funding Source',
      'Card',
      'Amount',
      'Surcharge',
      'Total',
      'Status',
      'Reason',
      'Action',
    ]);
    const [card, cash, decline] = bodyRows();
    expect(cells(card!).slice(1, 9)).toEqual([
      'Cycle 1 of 4',
      'Card',
      'VISA•••• 1111', // the brand badge's text, then the mask
      '$225.00',
      '$6.75',
      '$231.75',
      'Approved',
      '',
    ]);
    expect(cells(card!)[0]).toMatch(/^03\/09\/2026\d\d:00:00 [AP]M$/);
    expect(within(card!).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(cells(cash!).slice(1, 9)).toEqual([
      'PaymentPaid at the desk',
      'Cash',
      '',
      '$150.00',
      '$0.00',
      '$150.00',
      'Approved',
      '',
    ]);
    expect(cells(decline!).slice(7, 9)).toEqual(['Declined', 'Insufficient funds']);
  });

  it('has no surcharge columns when no row has a surcharge; the amount is what was paid', () => {
    setUp([deskPayment({ id: 2, fundingSource: 'CHECK', checkNum: '1042' }), adjustment({ id: 3 })], {
      roles: VIEWER,
    });
    expect(headers()).toEqual([
      'Date and Time',
      'Description',
      'Funding Source',
      'Card',
      'Amount',
      'Status',
      'Reason',
    ]);
    expect(cells(bodyRows()[0]!).slice(2, 6)).toEqual(['Check #1042', '', '$150.00', 'Approved']);
    expect(cells(bodyRows()[1]!).slice(1, 6)).toEqual([
      'Courtesy discount',
      'Credit Adjustment',
      '',
      '$50.00',
      'Applied',
    ]);
  });

  it('shows a refund or void instead of the status, with the amount', () => {
    setUp([
      cardPayment({
        id: 1,
        refundVoidType: 'VOIDED',
        refundVoidAmount: 23_175,
        actions: { refundOrVoid: false },
      }),
      deskPayment({
        id: 2,
        refundVoidType: 'REFUNDED',
        refundVoidAmount: 15_000,
        actions: { refundCashCheck: false },
      }),
    ]);
    expect(cells(bodyRows()[0]!)[7]).toBe('Voided$231.75');
    expect(cells(bodyRows()[1]!)[7]).toBe('Refunded$150.00');
  });

  it('says when there is nothing yet', () => {
    const p = plan();
    const server = fakePlanServer(p);
    renderTab(fakeSdkAs(server.handlers), <LedgerTab plan={p} onChanged={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('No payments have been recorded for this plan yet.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('has no menus for a viewer', async () => {
    const { fake } = setUp([cardPayment({ id: 1 }), deskPayment({ id: 2 }), declined({ id: 3 })], {
      roles: VIEWER,
    });
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(headers()).not.toContain('Action');
    expect(within(table()).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('the row menus', () => {
  it('ask whether a card payment has settled when opened: settled → Refund', async () => {
    const { user, fake, server } = setUp([cardPayment({ id: 1 })]);
    server.state.settled['ref-1'] = true;
    expect(await menuItems(user, 0)).toEqual(['Refund']);
    expect(fake.callsTo('/api/transaction/getTransaction').map((c) => c.query)).toEqual([{ id: 'ref-1' }]);
  });

  it('unsettled → Void, for PROCESSVOID', async () => {
    const { user } = setUp([cardPayment({ id: 1 })], { roles: ['VIEWPAYMENTPLANS', 'PROCESSVOID'] });
    expect(await menuItems(user, 0)).toEqual(['Void']);
  });

  it("tells the front desk that an unsettled payment's void needs permission", async () => {
    const { user } = setUp([cardPayment({ id: 1 })]);
    expect(await menuItems(user, 0)).toEqual(['Void (needs permission to void) (disabled)']);
  });

  it('offers Refund on cash and checks, and the two removals on a declined item', async () => {
    const { user } = setUp([deskPayment({ id: 2 }), declined({ id: 3 })]);
    expect(await menuItems(user, 0)).toEqual(['Refund']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(await menuItems(user, 1)).toEqual(['Remove and Create New Cycle', 'Remove Ledger Item']);
  });

  it("shows 'Refund Unavailable' for a payment the server says is past 180 days, and refunds nothing", async () => {
    const { user, fake, server, opened } = setUp([cardPayment({ id: 1, cantRefund: true })]);
    server.state.settled['ref-1'] = true;
    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Refund' }));
    const dialog = await findDialog('Refund Unavailable');
    expect(dialog).toHaveTextContent(
      'This transaction is older than 180 days and can no longer be refunded.',
    );
    await user.click(dialogButton(dialog, 'Close'));
    expect(opened).toEqual([]);
    expect(fake.callsTo('/api/transaction/refundVoid')).toHaveLength(0);
  });

  it("shows 'Refund Unavailable' for a cash payment older than 180 days by this clock", async () => {
    const { user, fake, opened } = setUp([deskPayment({ id: 2, dateTime: '2025-09-01T12:00:00.000Z' })]);
    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Refund' }));
    expect(await findDialog('Refund Unavailable')).toBeInTheDocument();
    expect(opened).toEqual([]);
    expect(fake.callsTo('/api/transaction/refundVoid')).toHaveLength(0);
  });

  it('offers no Refund or Void without the Refund / Void form', async () => {
    const p = plan({ ledger: [cardPayment({ id: 1 }), deskPayment({ id: 2 }), declined({ id: 3 })] });
    const server = fakePlanServer(p);
    renderTab(fakeSdkAs(server.handlers), <LedgerTab plan={p} onChanged={() => undefined} />);
    const user = userEvent.setup();
    await within(table()).findAllByRole('button', { name: /^Actions for / });
    expect(within(table()).getAllByRole('button', { name: /^Actions for / })).toHaveLength(1);
    expect(await menuItems(user, 2)).toEqual(['Remove and Create New Cycle', 'Remove Ledger Item']);
  });
});

describe('refunds and voids', () => {
  it('Refund of a cash payment opens the Refund / Void form for its transaction; Done reads the plan again', async () => {
    const { user, opened, onChanged } = setUp([deskPayment({ id: 2 })]);
    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Refund' }));
    await waitFor(() => expect(opened.at(-1)).toMatchObject({ transactionId: 502, action: 'REFUND' }));
    expect(onChanged).not.toHaveBeenCalled();
    act(() => opened.at(-1)!.onDone());
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('Refund of a settled card payment opens the form to refund it', async () => {
    const { user, server, opened } = setUp([cardPayment({ id: 1 })]);
    server.state.settled['ref-1'] = true;
    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Refund' }));
    await waitFor(() => expect(opened.at(-1)).toMatchObject({ transactionId: 501, action: 'REFUND' }));
  });

  it('Void of an unsettled card payment opens the form to void it; closing it closes it', async () => {
    const { user, opened } = setUp([cardPayment({ id: 1 })], { roles: [], isAdmin: true });
    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Void' }));
    await waitFor(() => expect(opened.at(-1)).toMatchObject({ transactionId: 501, action: 'VOID' }));
    const renders = opened.length;
    act(() => opened.at(-1)!.onClose());
    await new Promise((r) => setTimeout(r, 20));
    expect(opened).toHaveLength(renders);
  });
});

describe('declined items', () => {
  it("'Remove and Create New Cycle' asks first, then moves the amount to the end of the schedule", async () => {
    const { user, fake, onChanged } = setUp([declined({ id: 3 })]);
    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Remove and Create New Cycle' }));
    const confirm = await findDialog('Remove and Create New Cycle');
    expect(confirm).toHaveTextContent(
      'Remove this item from the ledger and add its $225.00 to the end of the payment schedule as a new cycle?',
    );
    expect(fake.callsTo('/api/paymentplan/moveLedgerScheduleToEnd')).toHaveLength(0);
    // The amount is kept (moved, not removed): not the danger colour.
    expect(dialogButton(confirm, 'Create New Cycle')).not.toHaveAttribute('data-intent');
    await user.click(dialogButton(confirm, 'Create New Cycle'));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        message:
          'This amount has been removed from the balance and moved to the end of the payment schedule.',
      }),
    );
    expect(fake.callsTo('/api/paymentplan/moveLedgerScheduleToEnd').map((c) => c.body)).toEqual([
      { paymentLedgerId: 3 },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("'Remove Ledger Item' asks first (the patient gets a credit), and Keep sends nothing", async () => {
    const { user, fake } = setUp([declined({ id: 3 })]);
    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Remove Ledger Item' }));
    let confirm = await findDialog('Remove Ledger Item');
    expect(confirm).toHaveTextContent(
      'Remove this item from the ledger? The patient gets a credit of $225.00 on the account.',
    );
    await user.click(dialogButton(confirm, 'Keep'));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    expect(fake.callsTo('/api/paymentplan/removeLedgerItem')).toHaveLength(0);

    await menuItems(user, 0);
    await user.click(screen.getByRole('menuitem', { name: 'Remove Ledger Item' }));
    confirm = await findDialog('Remove Ledger Item');
    expect(dialogButton(confirm, 'Remove Item')).toHaveAttribute('data-intent', 'danger');
    expect(dialogButton(confirm, 'Keep')).not.toHaveAttribute('data-intent');
    await user.click(dialogButton(confirm, 'Remove Item'));
    await waitFor(() => expect(fake.callsTo('/api/paymentplan/removeLedgerItem')).toHaveLength(1));
    expect(fake.callsTo('/api/paymentplan/removeLedgerItem')[0]!.body).toEqual({ paymentLedgerId: 3 });
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        title: 'Removed',
        message: "The ledger item has been removed and $225.00 credited to the patient's account.",
      }),
    );
  });
});
