/**
 * The 'Procedures' modal as a person uses it, against the fake SDK: the table and its groups, Latest
 * and All Dates, the search's 300 ms debounce, the list filter and the treatment plan list, NORMAL's
 * checkboxes and inline edit (refused while unsaved), Allocate Procedures and its event, the family
 * view, Group By and Save Filter Settings, the amount's rule, "associate" use, and a practice where
 * allocation is unavailable. FIFO, LIFO and Select's distributions are the model's, tested there.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../ui/testing/domMatchers.js';
import { BRIGHT_SMILES } from '../ui/testing/cardFixtures.js';
import { SETTINGS_KEY } from './modelAdapter.js';
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
    expect(plans).toHaveTextContent('Crown work09/15/2026 · ActiveUpper right');
    expect(plans).toHaveTextContent('Whitening08/01/2026 · Saved');
    expect(plans).toHaveTextContent('Old plan01/10/2025 · 7');
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    await user.click(within(plans).getByRole('checkbox', { name: 'Show Crown work' }));
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
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
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

  it('keeps an inline edit within the procedure’s Est. Due', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Edit the allocation to D2391' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Allocation to D2391' }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save the allocation to D2391' }));
    expect(total(dialog)).toBe('Allocation Total: $70.00');
  });

  it('asks for an amount before an order with Apply Amount, and then allows no inline edit', async () => {
    const { fake } = setUp();
    const user = userEvent.setup();
    renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('switch', { name: 'Apply Amount' }));
    expect(within(dialog).queryByRole('button', { name: /Edit the allocation/ })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'Pay D0120 of 10/01/2026' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'FIFO' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter an amount to allocate.');
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
    const user = userEvent.setup();
    const view = renderAllocation(fake, { amount: 30_000 });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('radio', { name: 'All Dates' }));
    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Treatment Plan' }));
    const table = within(dialog).getByRole('table', { name: 'Procedures due' });
    expect(within(table).getByRole('row', { name: 'Crown work' })).toHaveTextContent(
      'Crown work09/15/2026 · Active · Upper right$1,000.00',
    );
    expect(within(table).getByRole('row', { name: 'Not on a treatment plan' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save Filter Settings' }));
    expect(within(dialog).getByRole('status', { name: '' })).toHaveTextContent('Filter settings saved.');
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toEqual({
      showFamily: false,
      groupBy: 'treatmentPlan',
      list: 'ALL',
      dateFilter: 'ALL_DATES',
    });

    // Another patient: the filter starts again from the saved settings.
    view.rerenderWith({ customerKey: 1000, amount: 30_000 });
    await waitFor(() =>
      expect(fake.callsTo('/api/patient/getProceduresDue').at(-1)?.query).toEqual({ id: 1000 }),
    );
    expect(within(dialog).getByRole('radio', { name: 'All Dates' })).toBeChecked();
    expect(within(table).getByRole('row', { name: 'Crown work' })).toBeInTheDocument();
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
