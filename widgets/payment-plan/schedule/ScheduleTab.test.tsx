/**
 * The Schedule tab as front-desk staff use it, against a fake SDK and a fixed clock: its columns
 * (with and without the surcharge), the date subtitles, each row's menu and who gets it, edit mode
 * with its bounds and rules, Process Payment, the three skips, and the bodies each call sends.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import type { PaymentPlan } from '../../../embed-sdk/contract/paymentPlan.js';
import { ScheduleTab } from './ScheduleTab.js';
import { fakePlanServer } from '../../ui/testing/fakePlanServer.js';
import { CARD_ROWS, NOW, plan, PLAN_ID } from './testing/fixtures.js';
import { dialogButton, findDialog, fakeSdkAs, renderTab, VIEWER } from './testing/renderTab.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setUp(
  p: PaymentPlan = plan(),
  person: Parameters<typeof fakeSdkAs>[1] = {},
  onMakePayment?: () => void,
) {
  const server = fakePlanServer(p);
  const fake = fakeSdkAs(server.handlers, person);
  const onChanged = vi.fn();
  renderTab(fake, <ScheduleTab plan={p} onChanged={onChanged} onMakePayment={onMakePayment} />);
  const table = screen.getByRole('table', { name: 'Payment schedule' });
  return { server, fake, onChanged, table, user: userEvent.setup() };
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const row = (table: HTMLElement, name: string) => within(table).getByRole('row', { name });
const cells = (r: HTMLElement) =>
  within(r)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** Waits for the person's roles to load, then lists the row's menu (empty without one). */
async function menuOf(user: ReturnType<typeof userEvent.setup>, table: HTMLElement, name: string) {
  const button = within(row(table, name)).queryByRole('button', { name: `Actions for ${name}` });
  if (!button) return [];
  await user.click(button);
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  table: HTMLElement,
  name: string,
  item: string,
) {
  await user.click(await within(row(table, name)).findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the table', () => {
  it('shows cycle, date, amount, surcharge, total and action when the plan has a surcharge', () => {
    const { table } = setUp();
    expect(headers(table)).toEqual(['Cycle', 'Date', 'Amount', 'Surcharge', 'Total', 'Action']);
    expect(cells(row(table, 'Down Payment'))).toEqual([
      'Down Payment',
      '02/10/2026Completed',
      '$100.00',
      '$3.00',
      '$103.00',
      'Paid',
    ]);
    expect(cells(row(table, 'Cycle 2')).slice(0, 5)).toEqual([
      '2',
      '04/10/2026in a month',
      '$225.00',
      '$6.75',
      '$231.75',
    ]);
  });

  it('has no surcharge columns when the plan has no surcharge', () => {
    const { table } = setUp(plan({ hasSurcharge: false }));
    expect(headers(table)).toEqual(['Cycle', 'Date', 'Amount', 'Action']);
    expect(cells(row(table, 'Cycle 1')).slice(0, 3)).toEqual(['1', '03/10/2026Processing Today', '$225.00']);
  });

  it("subtitles each date 'Completed', 'Processing Today' or how far off it is", () => {
    const { table } = setUp();
    const subtitles = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent!.slice(10));
    expect(subtitles).toEqual(['Completed', 'Processing Today', 'in a month', 'in 2 months', 'in 3 months']);
  });

  it('counts the days by the server’s clock, a month ahead when the sandbox clock was moved', () => {
    const server = fakePlanServer(plan());
    const fake = fakeSdkAs(server.handlers, {});
    const aMonthOn = new Date(NOW);
    aMonthOn.setMonth(aMonthOn.getMonth() + 1);
    (fake.sdk as { now: () => Date }).now = () => aMonthOn;
    renderTab(fake, <ScheduleTab plan={plan()} onChanged={vi.fn()} />);
    const table = screen.getByRole('table', { name: 'Payment schedule' });
    expect(cells(row(table, 'Cycle 2'))[1]).toBe('04/10/2026Processing Today');
    expect(cells(row(table, 'Cycle 3'))[1]).toBe('05/10/2026in a month');
  });

  it('shows declined and skipped rows for what they are, without a menu', async () => {
    const rows = [
      ...CARD_ROWS.slice(0, 1),
      {
        ...CARD_ROWS[1]!,
        billingDate: '2026-03-01',
        processedToLedger: true,
        disposition: 'DECLINED' as const,
      },
      {
        id: 105,
        cycle: 2,
        billingDate: '2026-03-05',
        amountDue: 0,
        processedToLedger: true,
        disposition: 'SKIPPED' as const,
      },
      ...CARD_ROWS.slice(2),
    ];
    const { table, user } = setUp(plan({ rows }));
    expect(row(table, 'Cycle 1')).toHaveTextContent('Declined');
    expect(row(table, 'Cycle 1')).toHaveTextContent('Completed');
    expect(within(table).getAllByRole('row', { name: 'Cycle 2' })[0]).toHaveTextContent('Skipped');
    expect(await menuOf(user, table, 'Cycle 1')).toEqual([]);
  });
});

describe('the action menus', () => {
  it('offer Process Payment only on the first unprocessed row, no skip on the last, nothing on processed rows', async () => {
    const { table, user } = setUp();
    await within(row(table, 'Cycle 1')).findByRole('button', { name: 'Actions for Cycle 1' });
    expect(await menuOf(user, table, 'Down Payment')).toEqual([]);
    expect(await menuOf(user, table, 'Cycle 1')).toEqual([
      'Edit',
      'Process Payment',
      'Skip and Add to Next Cycle',
      'Skip and Add to Last Cycle',
      'Skip and Create New Cycle',
    ]);
    expect(await menuOf(user, table, 'Cycle 2')).toEqual([
      'Edit',
      'Skip and Add to Next Cycle',
      'Skip and Add to Last Cycle',
      'Skip and Create New Cycle',
    ]);
    expect(await menuOf(user, table, 'Cycle 4')).toEqual(['Edit']);
  });

  it('offer no skip on a row with nothing due, and no Process Payment on a cash plan', async () => {
    const rows = CARD_ROWS.map((r) => (r.id === 102 ? { ...r, amountDue: 0 } : r));
    const { table, user } = setUp(plan({ rows, isCash: true }));
    await within(row(table, 'Cycle 1')).findByRole('button', { name: 'Actions for Cycle 1' });
    expect(await menuOf(user, table, 'Cycle 1')).toEqual([
      'Edit',
      'Skip and Add to Next Cycle',
      'Skip and Add to Last Cycle',
      'Skip and Create New Cycle',
    ]);
    expect(await menuOf(user, table, 'Cycle 2')).toEqual(['Edit']);
  });

  it("offer a cash plan's next payment Make a Payment, which opens the modal's payment form", async () => {
    const onMakePayment = vi.fn();
    const { table, user } = setUp(plan({ isCash: true }), {}, onMakePayment);
    await choose(user, table, 'Cycle 1', 'Make a Payment');
    expect(onMakePayment).toHaveBeenCalledTimes(1);
  });

  it('are not there for a viewer', async () => {
    const { table, fake } = setUp(plan(), { roles: VIEWER });
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('are there for an administrator without practice roles', async () => {
    const { table } = setUp(plan(), { roles: [], isAdmin: true });
    expect(await within(table).findByRole('button', { name: 'Actions for Cycle 1' })).toBeInTheDocument();
  });

  it('are disabled while a card charge of the plan is under way', async () => {
    setUp(plan({ chargeInProgress: true }));
    const table = screen.getByRole('table', { name: 'Payment schedule' });
    expect(await within(table).findByRole('button', { name: 'Actions for Cycle 1' })).toBeDisabled();
    expect(screen.getByText(/A card payment for this plan is being processed/)).toBeInTheDocument();
  });
});

describe('edit mode', () => {
  it('bounds the date picker: from tomorrow for the first unprocessed row, up to the next line', async () => {
    const { table, user } = setUp();
    await choose(user, table, 'Cycle 1', 'Edit');
    const editing = row(table, 'Cycle 1 (editing)');
    const date = within(editing).getByLabelText('Billing date');
    expect(date).toHaveAttribute('min', '2026-03-11');
    expect(date).toHaveAttribute('max', '2026-04-10');
    expect(date).toHaveValue('2026-03-10');
  });

  it('bounds a later row by the previous line, and drops the maximum when the remaining cycles move', async () => {
    const { table, user } = setUp();
    await choose(user, table, 'Cycle 3', 'Edit');
    const editing = row(table, 'Cycle 3 (editing)');
    const date = within(editing).getByLabelText('Billing date');
    expect(date).toHaveAttribute('min', '2026-04-10');
    expect(date).toHaveAttribute('max', '2026-06-10');
    await user.click(within(editing).getByRole('checkbox', { name: 'Update the remaining cycles' }));
    expect(date).not.toHaveAttribute('max');
    expect(date).toHaveAttribute('min', '2026-04-10');
  });

  it('saves the date, the amount and the remaining cycles with updateDetail', async () => {
    const { table, user, fake, onChanged } = setUp();
    await choose(user, table, 'Cycle 3', 'Edit');
    const editing = row(table, 'Cycle 3 (editing)');
    const date = within(editing).getByLabelText('Billing date');
    await user.clear(date);
    await user.type(date, '2026-05-20');
    const amount = within(editing).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('225.00');
    await user.clear(amount);
    await user.type(amount, '1,000.5');
    // The surcharge and total follow the amount as it is typed.
    expect(cells(editing).slice(3, 5)).toEqual(['$30.02', '$1,030.52']);
    await user.click(within(editing).getByRole('checkbox', { name: 'Update the remaining cycles' }));
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({ intent: 'success', message: 'Payment plan has been updated' }),
    );
    expect(fake.callsTo('/api/paymentPlan/updateDetail').map((c) => c.body)).toEqual([
      {
        paymentPlanId: PLAN_ID,
        id: 103,
        billingDate: '2026-05-20',
        amountDue: 100_050,
        updateRemaining: true,
      },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(within(table).queryByRole('row', { name: 'Cycle 3 (editing)' })).toBeNull();
  });

  it('allows a zero amount, refuses text that is not money and a date out of bounds, and sends nothing then', async () => {
    const { table, user, fake } = setUp();
    await choose(user, table, 'Cycle 2', 'Edit');
    const editing = row(table, 'Cycle 2 (editing)');
    const amount = within(editing).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(editing).toHaveTextContent('The Amount is not a currency value.');
    const date = within(editing).getByLabelText('Billing date');
    await user.clear(date);
    await user.type(date, '2026-05-11');
    expect(editing).toHaveTextContent('The date must be from 03/11/2026 to 05/10/2026.');
    expect(fake.callsTo('/api/paymentPlan/updateDetail')).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '2026-04-15');
    await user.clear(amount);
    await user.type(amount, '0');
    expect(editing).not.toHaveTextContent('not a currency value');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('/api/paymentPlan/updateDetail')).toHaveLength(1));
    expect(fake.callsTo('/api/paymentPlan/updateDetail')[0]!.body).toEqual({
      paymentPlanId: PLAN_ID,
      id: 102,
      billingDate: '2026-04-15',
      amountDue: 0,
      updateRemaining: false,
    });
  });

  it('stays in edit mode when the server refuses, its message shown by the SDK', async () => {
    const { table, user, fake, server, onChanged } = setUp();
    server.state.refuse = 'The amount can be at most $450.00.';
    await choose(user, table, 'Cycle 4', 'Edit');
    const editing = row(table, 'Cycle 4 (editing)');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('/api/paymentPlan/updateDetail')).toHaveLength(1));
    await waitFor(() => expect(within(editing).getByRole('button', { name: 'Save' })).not.toBeDisabled());
    expect(onChanged).not.toHaveBeenCalled();
    expect(fake.banners.filter((b) => b.intent === 'success')).toEqual([]);
  });

  it('leaves edit mode on Cancel without a call, and the other menus wait meanwhile', async () => {
    const { table, user, fake } = setUp();
    await choose(user, table, 'Cycle 2', 'Edit');
    expect(within(row(table, 'Cycle 3')).getByRole('button', { name: 'Actions for Cycle 3' })).toBeDisabled();
    await user.click(within(row(table, 'Cycle 2 (editing)')).getByRole('button', { name: 'Cancel' }));
    expect(row(table, 'Cycle 2')).toHaveTextContent('$225.00');
    expect(
      within(row(table, 'Cycle 3')).getByRole('button', { name: 'Actions for Cycle 3' }),
    ).not.toBeDisabled();
    expect(fake.callsTo('/api/paymentPlan/updateDetail')).toHaveLength(0);
  });
});

describe('Process Payment', () => {
  it('charges the next scheduled payment after a confirmation and says it was approved', async () => {
    const { table, user, fake, onChanged } = setUp();
    await choose(user, table, 'Cycle 1', 'Process Payment');
    const confirm = await findDialog('Process Payment');
    expect(confirm).toHaveTextContent(
      'Charge $231.75 ($225.00 plus a $6.75 surcharge) to Visa •••• 1111 now?',
    );
    await user.click(dialogButton(confirm, 'Process Payment'));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'success',
        title: 'Approved',
        message: 'Your transaction was completed.',
      }),
    );
    expect(fake.callsTo('/api/paymentplan/processPaymentNow').map((c) => c.body)).toEqual([
      { paymentPlanDetailId: 101 },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('says why a card was declined', async () => {
    const { table, user, fake, server } = setUp();
    server.state.outcome = { ...server.state.outcome, isApproved: false, reason: 'Insufficient funds' };
    await choose(user, table, 'Cycle 1', 'Process Payment');
    const confirm = await findDialog('Process Payment');
    await user.click(dialogButton(confirm, 'Process Payment'));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({
        intent: 'danger',
        title: 'Transaction Declined',
        message: 'Insufficient funds',
      }),
    );
  });

  it('charges nothing when the confirmation is dismissed', async () => {
    const { table, user, fake } = setUp();
    await choose(user, table, 'Cycle 1', 'Process Payment');
    const confirm = await findDialog('Process Payment');
    await user.click(dialogButton(confirm, 'Keep'));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    expect(fake.callsTo('/api/paymentplan/processPaymentNow')).toHaveLength(0);
  });
});

describe('the skips', () => {
  it.each([
    [
      'Skip and Add to Next Cycle',
      'NEXT',
      'Cycle 2 will have nothing due, and its $225.00 will be added to Cycle 3 on 05/10/2026.',
    ],
    [
      'Skip and Add to Last Cycle',
      'LAST',
      'Cycle 2 will have nothing due, and its $225.00 will be added to the last cycle, Cycle 4 on 06/10/2026.',
    ],
    [
      'Skip and Create New Cycle',
      'MOVEEND',
      'Cycle 2 will have nothing due, and its $225.00 will become a new cycle at the end of the schedule.',
    ],
  ])('%s asks first, then sends moveDetail with %s', async (item, action, message) => {
    const { table, user, fake, onChanged } = setUp();
    await choose(user, table, 'Cycle 2', item);
    const confirm = await findDialog(item);
    expect(confirm).toHaveTextContent(message);
    expect(fake.callsTo('/api/paymentPlan/moveDetail')).toHaveLength(0);
    await user.click(dialogButton(confirm, 'Skip Cycle'));
    await waitFor(() =>
      expect(fake.banners).toContainEqual({ intent: 'success', message: 'Payment plan updated' }),
    );
    expect(fake.callsTo('/api/paymentPlan/moveDetail').map((c) => c.body)).toEqual([{ id: 102, action }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
