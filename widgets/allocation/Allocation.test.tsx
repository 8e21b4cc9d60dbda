/**
 * The 'Procedures' modal as a person uses it, against the fake SDK: the table and its groups, Latest
 * and All Dates, the search's 300 ms debounce, the list filter and the treatment plan list, NORMAL's
 * checkboxes and inline edit (refused while unsaved), Allocate Procedures and its event, Apply
 * Amount with FIFO, LIFO and Select (through SELECT_FINISHED and back) spreading the amount on
 * screen, select-all refused in FIFO, the family view, Group By and Save Filter Settings, "associate"
 * use, and a practice where allocation is unavailable. Every rule's edge cases: the model's tests.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../ui/testing/domMatchers.js';
import { BRIGHT_SMILES } from '../ui/testing/cardFixtures.js';
import { focusedDialog, returnFocus } from '../ui/testing/dialogs.js';
import { FILTER_SETTINGS_KEY } from './model/index.js';
import { MODEL_TEXT } from './texts.js';
import { renderAllocation, setUp } from './testing/renderAllocation.js';

const FRONT_DESK = {
  sub: '2',
  name: 'Fran Desk',
  email: null,
  isAdmin: false,
  practices: [{ id: 1, roles: ['EDITPAYMENTREQUESTS' as const, 'PROCESSREFUND' as const] }],
};

async function openModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Procedures' });
  await within(dialog).findByRole('table', { name: 'Procedures due' });
  return dialog;
}

/** The procedure rows (not the group rows), as "code · allocation". */
function rows(dialog: HTMLElement) {
  return within(within(dialog).getByRole('table', { name: 'Procedures due' }))
    .getAllByRole('row')
    .filter((r) => within(r).queryByRole('checkbox', { name: /^Pay D/ }))
    .map((r) => r.textContent ?? '');
}

/** Each procedure row's code and Allocation, in the table's order. */
function allocations(dialog: HTMLElement) {
  return within(within(dialog).getByRole('table', { name: 'Procedures due' }))
    .getAllByRole('row')
    .filter((r) => within(r).queryByRole('checkbox', { name: /^Pay D/ }))
    .map((r) => {
      const cells = within(r).getAllByRole('cell');
      return `${/D\d{4}/.exec(cells[3]!.textContent ?? '')![0]} ${cells.at(-1)!.textContent}`;
    });
}

/** Apply Amount on, the amount typed and committed (leaving the field), then the order chosen. */
async function applyAmount(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  dollars: string,
  order: 'FIFO' | 'LIFO' | 'Select',
) {
  await user.click(within(dialog).getByRole('switch', { name: 'Apply Amount' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Amount to Allocate' }), dollars);
  await user.click(within(dialog).getByRole('radio', { name: order }));
}

const total = (dialog: HTMLElement) =>
  within(dialog).getByRole('status', { name: 'Allocation Total' }).textContent;

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the Procedures modal', () => {
  it('shows the latest day’s procedures, then every date grouped by day, with the columns of the spec', async () => {
    const { fake } = setUp({ profile: FRONT_DESK });
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    const table = within(dialog).getByRole('table', { name: 'Procedures due' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      '',
      'Date',
      'Patient',
      'Procedure',
      'Fee',
      'Paid',
      'Pymt. Plan',
      'Ins./Writeoff',
      'Adj.',
      'Est. Due',
      'Allocation',
    ]);
    // Latest: the most recent day with something due (10/01/2026: two procedures).
    expect(rows(dialog)).toHaveLength(2);
    const composite = rows(dialog).find((r) => r.includes('D2391'))!;
    expect(composite).toContain('#14 Resin composite, one surface');
    expect(composite).toContain('Dr. Ana Smith');
    expect(composite).toContain('$180.00$20.00$0.00$90.00$0.00$70.00$0.00');
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    expect(rows(dialog)).toHaveLength(5);
    expect(within(table).getByRole('row', { name: '06/12/2026' })).toBeInTheDocument();
    expect(fake.callsTo('/api/patient/getProceduresDue')[0]?.query).toEqual({ id: 1001 });
    expect(within(dialog).getByText('Payment to allocate: $300.00')).toBeInTheDocument();
  });

  it('searches 300 ms after the last keystroke', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search procedures' }), 'crown');
    // Not yet: the phrase reaches the list once typing has stopped for 300 ms.
    expect(rows(dialog)).toHaveLength(5);
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
    expect(rows(dialog)[0]).toContain('D2740');
  });

  it('lists the treatment plans with their status, and narrows the table to a chosen plan', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    const plans = within(dialog).getByRole('region', { name: 'Treatment Plans' });
    expect(plans).toHaveTextContent('Crown work09/15/2026 · Active · Upper right');
    expect(plans).toHaveTextContent('Whitening08/01/2026 · Saved');
    expect(plans).toHaveTextContent('Old plan01/10/2025 · 7');
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    await user.click(within(plans).getByRole('checkbox', { name: 'Show Crown work' }));
    // With All, the chosen plan narrows the treatment-planned part; the completed work stays.
    expect(rows(dialog)).toHaveLength(4);
    expect(rows(dialog).filter((r) => r.includes('D9972'))).toEqual([]);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Show' }), 'Treatment Plans');
    expect(rows(dialog)).toHaveLength(1);
    expect(rows(dialog)[0]).toContain('D2740');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Show' }), 'Completed');
    expect(within(dialog).queryByRole('region', { name: 'Treatment Plans' })).toBeNull();
  });

  it('allocates the checked procedures, refusing while an inline edit is not saved', async () => {
    const { fake, server } = setUp({ profile: FRONT_DESK });
    const onSaved = vi.fn();
    const onClosed = vi.fn();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000, onAllocationSaved: onSaved, onAllocationClosed: onClosed });
    const dialog = await openModal();
    const allocate = within(dialog).getByRole('button', { name: 'Allocate Procedures' });
    expect(allocate).toBeDisabled();
    expect(total(dialog)).toBe('Allocation Total: $0.00');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Pay D0120 of 10/01/2026' }));
    expect(total(dialog)).toBe('Allocation Total: $60.00');
    expect(allocate).not.toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Edit the allocation to D2391' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Allocation to D2391' }), '25.5');
    await user.click(allocate);
    expect(within(dialog).getByRole('alert').textContent).toBe(MODEL_TEXT.unsavedEdit);
    expect(MODEL_TEXT.unsavedEdit).toBe(
      'You have allocations that have not been saved, please click the disk to save your allocated payment',
    );
    expect(fake.callsTo('/api/transaction/allocate')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Save the allocation to D2391' }));
    expect(total(dialog)).toBe('Allocation Total: $85.50');
    await user.click(allocate);
    await waitFor(() => expect(onClosed).toHaveBeenCalledWith({ transactionId: 7, customerKey: 1001 }));
    expect(server.saved[0]).toEqual([
      { procStatus: 'C', patientKey: 1001, procedureLogCodeNum: 5001, amount: 6_000 },
      { procStatus: 'C', patientKey: 1001, procedureLogCodeNum: 5002, amount: 2_550 },
    ]);
    const call = fake.callsTo('/api/transaction/allocate')[0] as { body: unknown; idempotencyKey?: string };
    expect(call.body).toMatchObject({ transactionId: 7 });
    expect(call.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ transactionId: 7, customerKey: 1001, amount: 8_550, allocated: 8_550 }),
    );
    expect(onSaved.mock.calls[0]![0].paySplits).toHaveLength(2);
    expect(fake.banners.at(-1)?.message).toBe('$85.50 has been allocated to 2 procedures.');
    expect(screen.queryByRole('dialog', { name: 'Procedures' })).toBeNull();
  });

  it('asks before Escape, Cancel or the close button throw away the amounts entered', async () => {
    const { fake } = setUp({ profile: FRONT_DESK });
    const onClosed = vi.fn();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000, onAllocationClosed: onClosed });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pay D0120 of 10/01/2026' }));
    expect(total(dialog)).toBe('Allocation Total: $60.00');

    // Escape asks, with the form dialog's discard confirmation; Keep Editing keeps every amount.
    await user.keyboard('{Escape}');
    const ask = await focusedDialog('Discard changes?', 'alertdialog');
    expect(ask).toHaveTextContent('The amounts you allocated have not been saved and will be lost.');
    expect(within(ask).getByRole('button', { name: 'Discard' })).toHaveAttribute('data-intent', 'danger');
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    await returnFocus(dialog);
    expect(screen.getByRole('dialog', { name: 'Procedures' })).toBeInTheDocument();
    expect(total(dialog)).toBe('Allocation Total: $60.00');
    expect(onClosed).not.toHaveBeenCalled();

    // The close button asks too; Escape on the confirmation answers no, as Keep Editing does.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await focusedDialog('Discard changes?', 'alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    await returnFocus(dialog);
    expect(screen.getByRole('dialog', { name: 'Procedures' })).toBeInTheDocument();

    // Cancel asks too; Discard closes without saving.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await focusedDialog('Discard changes?', 'alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Procedures' })).toBeNull());
    expect(onClosed).toHaveBeenCalledWith({ transactionId: 7, customerKey: 1001 });
    expect(fake.callsTo('/api/transaction/allocate')).toHaveLength(0);
  });

  it('closes at once when no amount was entered, or once they were all taken off again', async () => {
    const { fake } = setUp({ profile: FRONT_DESK });
    const onClosed = vi.fn();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000, onAllocationClosed: onClosed });
    const dialog = await openModal();
    const pay = within(dialog).getByRole('checkbox', { name: 'Pay D0120 of 10/01/2026' });
    await user.click(pay);
    await user.click(pay);
    expect(total(dialog)).toBe('Allocation Total: $0.00');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Procedures' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('asks before leaving for a family member’s page with amounts entered', async () => {
    const { fake } = setUp();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000, patientLink: (id, key) => `#/customer/${id}?key=${key}` });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pay D0120 of 10/01/2026' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Family' }));
    const family = await within(dialog).findByRole('region', { name: 'Family' });
    await user.click(await within(family).findByRole('button', { name: 'Open Luis Garcia’s patient page' }));
    const ask = await focusedDialog('Discard changes?', 'alertdialog');
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    expect(assign).toHaveBeenCalledWith('#/customer/10?key=1000');
  });

  it('keeps an inline edit within the procedure’s Est. Due', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Edit the allocation to D2391' }));
    const field = within(dialog).getByRole('textbox', { name: 'Allocation to D2391' });
    await user.type(field, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save the allocation to D2391' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The allocation cannot be more than the Est. Due of $70.00.',
    );
    expect(total(dialog)).toBe('Allocation Total: $0.00');
    await user.clear(field);
    await user.type(field, '70{Enter}');
    expect(total(dialog)).toBe('Allocation Total: $70.00');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('asks for an amount before an order with Apply Amount, and then allows no inline edit', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    const edit = within(dialog).getByRole('button', { name: 'Edit the allocation to D0120' });
    expect(edit).toBeVisible();
    await user.click(within(dialog).getByRole('switch', { name: 'Apply Amount' }));
    expect(edit).not.toBeVisible();
    expect(within(dialog).getByRole('checkbox', { name: 'Pay D0120 of 10/01/2026' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'FIFO' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter an amount to allocate.');
    expect(total(dialog)).toBe('Allocation Total: $0.00');
  });

  /** The modal with every date shown: Maria's five procedures. */
  async function openAllDates() {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    return { user, dialog };
  }

  it.each([
    // Newest first on screen; FIFO pays 06/12 in full ($90) and 08/01's bleaching with the rest.
    ['FIFO', ['D0120 $0.00', 'D2391 $0.00', 'D2740 $0.00', 'D9972 $10.00', 'D1110 $90.00']],
    // LIFO is FIFO reversed: within 10/01, the procedure entered last (D2391) first.
    ['LIFO', ['D0120 $30.00', 'D2391 $70.00', 'D2740 $0.00', 'D9972 $0.00', 'D1110 $0.00']],
  ] as const)('%s spreads the amount over the procedures in its order', async (order, expected) => {
    const { user, dialog } = await openAllDates();
    await applyAmount(user, dialog, '100', order);
    expect(allocations(dialog)).toEqual(expected);
    expect(total(dialog)).toBe('Allocation Total: $100.00');
    expect(within(dialog).getByText('$0.00 left to allocate')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Allocate Procedures' })).not.toBeDisabled();
  });

  it('scrolls the first line FIFO paid into view: the oldest lines are at the foot of a long list', async () => {
    const { user, dialog } = await openAllDates();
    const scrolled: Element[] = [];
    // jsdom has no layout, and no scrollIntoView: the test records whom it is asked of.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await applyAmount(user, dialog, '100', 'FIFO');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
    // D9972 is the first line FIFO paid in the table's order (newest first).
    expect(scrolled.at(-1)?.textContent).toContain('D9972');
  });

  it('spreads a new amount again, rounded to the cent', async () => {
    const { user, dialog } = await openAllDates();
    await applyAmount(user, dialog, '100', 'FIFO');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to Allocate' });
    await user.clear(amount);
    await user.type(amount, '95.555{Enter}');
    expect(allocations(dialog)).toContain('D9972 $5.56');
    expect(total(dialog)).toBe('Allocation Total: $95.56');
  });

  it('says an amount is wrong once it is committed, not while it is typed', async () => {
    const { user, dialog } = await openAllDates();
    await user.click(within(dialog).getByRole('switch', { name: 'Apply Amount' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to Allocate' });
    await user.type(amount, '12.');
    expect(within(dialog).queryByText('The Amount to Allocate is not a currency value.')).toBeNull();
    await user.type(amount, '{Enter}');
    expect(within(dialog).getByText('The Amount to Allocate is not a currency value.')).toBeInTheDocument();
    await user.type(amount, '5{Enter}');
    expect(within(dialog).queryByText('The Amount to Allocate is not a currency value.')).toBeNull();
  });

  it('refuses select-all in FIFO with the spec’s message, changing nothing', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await applyAmount(user, dialog, '100', 'FIFO');
    const before = allocations(dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pay every procedure shown' }));
    // Verbatim, its two spaces included.
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'You cannot select all checkboxes in FIFO or LIFO mode.  Select the apply fixed amount button to turn off FIFO/LIFO mode.',
    );
    expect(allocations(dialog)).toEqual(before);
  });

  it('Select gives the amount to the procedures ticked, in turn; SELECT_FINISHED allows only them until one is unticked', async () => {
    const { user, dialog } = await openAllDates();
    await applyAmount(user, dialog, '80', 'Select');
    const pay = (code: string, date: string) =>
      within(dialog).getByRole('checkbox', { name: `Pay ${code} of ${date}` });
    expect(pay('D1110', '06/12/2026')).not.toBeDisabled();
    await user.click(pay('D0120', '10/01/2026'));
    expect(total(dialog)).toBe('Allocation Total: $60.00');
    expect(within(dialog).getByText('$20.00 left to allocate')).toBeInTheDocument();
    await user.click(pay('D2391', '10/01/2026'));
    // The amount is reached (SELECT_FINISHED): D2391 takes what was left, the others wait.
    expect(allocations(dialog).slice(0, 2)).toEqual(['D0120 $60.00', 'D2391 $20.00']);
    expect(total(dialog)).toBe('Allocation Total: $80.00');
    expect(pay('D1110', '06/12/2026')).toBeDisabled();
    expect(pay('D2740', '09/15/2026')).toBeDisabled();
    expect(pay('D2391', '10/01/2026')).not.toBeDisabled();
    // Back to SELECT.
    await user.click(pay('D2391', '10/01/2026'));
    expect(total(dialog)).toBe('Allocation Total: $60.00');
    expect(pay('D1110', '06/12/2026')).not.toBeDisabled();
    await user.click(pay('D1110', '06/12/2026'));
    expect(allocations(dialog).at(-1)).toBe('D1110 $20.00');
    expect(total(dialog)).toBe('Allocation Total: $80.00');
  });

  it('shows the family with its guarantor, says which patient is on screen and opens another’s page', async () => {
    const { fake } = setUp();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const onClosed = vi.fn();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000, onAllocationClosed: onClosed });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('switch', { name: 'Family' }));
    const family = await within(dialog).findByRole('region', { name: 'Family' });
    await within(family).findByText('Luis Garcia');
    expect(
      within(family)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Luis GarciaGuarantor', 'Maria GarciaViewing', 'Sofia Garcia']);
    expect(fake.callsTo('/api/patient/getProceduresDue').at(-1)?.query).toEqual({ id: 1001, family: true });
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(6));

    await user.click(within(family).getByRole('button', { name: 'Maria Garcia' }));
    expect(within(dialog).getByText("You're currently viewing this patient's profile.")).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await user.click(within(family).getByRole('button', { name: 'Open Luis Garcia’s patient page' }));
    expect(assign).toHaveBeenCalledWith('http://sandbox.test/#/customer/10?key=1000');
    expect(onClosed).toHaveBeenCalled();
  });

  it('brings a family member into Chairside before opening their page', async () => {
    const { fake } = setUp();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000, patientLink: (id, key) => `#/customer/${id}?key=${key}` });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('switch', { name: 'Family' }));
    const family = await within(dialog).findByRole('region', { name: 'Family' });
    await user.click(await within(family).findByRole('button', { name: 'Open Sofia Garcia’s patient page' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('#/customer/12?key=1002'));
    expect(fake.callsTo('/api/customer/transition')[0]?.body).toMatchObject({
      key: 1002,
      firstName: 'Sofia',
    });
  });

  it('groups by treatment plan and keeps the saved filter settings for the next opening', async () => {
    const { fake } = setUp();
    // Fluent warns "You are using both MenuList and Menu props…" at each opening of a menu that
    // gives its checked values to both.
    const warn = vi.spyOn(console, 'warn');
    const user = userEvent.setup();
    const view = renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Date' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'Treatment Plan' }));
    const table = within(dialog).getByRole('table', { name: 'Procedures due' });
    expect(within(table).getByRole('row', { name: 'Crown work' })).toHaveTextContent(
      'Crown work09/15/2026 · Active · Upper right$1,000.00',
    );
    expect(within(table).getByRole('row', { name: 'Not on a Treatment Plan' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitemradio', { name: 'Treatment Plan' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Save Filter Settings' }));
    expect(warn.mock.calls.map((call) => String(call[0]))).not.toContainEqual(
      expect.stringContaining('MenuList and Menu props'),
    );
    expect(within(dialog).getByRole('status', { name: '' })).toHaveTextContent('Filter settings saved.');
    expect(JSON.parse(localStorage.getItem(FILTER_SETTINGS_KEY)!)).toEqual({
      showFamily: false,
      groupByKey: 'All Dates',
      list: 'All',
      groupByComponent: 'treatmentPlan',
    });

    // Another patient: the filter starts again from the saved settings.
    view.rerenderWith({ customerKey: 1000, amount: 30_000 });
    await waitFor(() =>
      expect(fake.callsTo('/api/patient/getProceduresDue').at(-1)?.query).toEqual({ id: 1000 }),
    );
    expect(within(dialog).getByRole('radio', { name: 'All Dates' })).toBeChecked();
    expect(await within(table).findByRole('row', { name: 'Not on a Treatment Plan' })).toBeInTheDocument();
    expect(rows(dialog)).toHaveLength(1);
    expect(rows(dialog)[0]).toContain('Luis Garcia');
  });

  it('in associate use hands the chosen lines back without saving', async () => {
    const { fake } = setUp();
    const onChosen = vi.fn();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000, purpose: 'associate', onAllocationChosen: onChosen });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pay D2391 of 10/01/2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate Procedures' }));
    expect(onChosen).toHaveBeenCalledWith({
      transactionId: 7,
      customerKey: 1001,
      procedures: [{ procStatus: 'C', patientKey: 1001, procedureLogCodeNum: 5002, amount: 7_000 }],
      total: 7_000,
    });
    expect(fake.callsTo('/api/transaction/allocate')).toHaveLength(0);
  });

  it('allocates what is left of the payment when no amount is given', async () => {
    const { fake } = setUp({
      status: {
        transactionId: 7,
        allocatable: 30_000,
        allocated: 12_500,
        unallocated: 17_500,
        patientKey: 1001,
        refusal: null,
        payment: null,
      },
    });
    renderAllocation(fake);
    const dialog = await openModal();
    expect(within(dialog).getByText('Payment to allocate: $175.00')).toBeInTheDocument();
  });

  it('says why allocation is unavailable to a practice that is not Open Dental', async () => {
    const { fake } = setUp({ company: { ...BRIGHT_SMILES, gatewayCode: 'DENTRIX' } });
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await screen.findByRole('dialog', { name: 'Procedures' });
    expect(
      await within(dialog).findByText(
        'Procedure allocation is available only when the practice management system is Open Dental.',
      ),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/patient/getProceduresDue')).toHaveLength(0);
    act(() => within(dialog).getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('dialog', { name: 'Procedures' })).toBeNull();
  });

  it('says why allocation is unavailable when the practice has it turned off', async () => {
    const { fake } = setUp({ company: { ...BRIGHT_SMILES, doesAllocateProcedures: false } });
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await screen.findByRole('dialog', { name: 'Procedures' });
    expect(
      await within(dialog).findByText(
        'Procedure allocation is turned off for this practice (doesAllocateProcedures).',
      ),
    ).toBeInTheDocument();
  });
});
