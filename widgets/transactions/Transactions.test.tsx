/**
 * The transactions list as a person uses it, against a fake SDK: the columns, the patient cell's
 * rules, the source links and who gets them, the empty state, the surcharge columns, paging only
 * above ten rows, the capped count, the filter bar and the call it makes, the live sync status and
 * Retry, Export CSV, and the action menu (settlement asked when it opens; roles decide what shows).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../ui/testing/domMatchers.js';
import type { AllocationStatus } from '../../embed-sdk/contract/allocation.js';
import type { TransactionFilter } from '../../embed-sdk/contract/transaction.js';
import type { AllocatorProps } from '../ui/allocation.js';
import { BRIGHT_SMILES } from '../ui/testing/cardFixtures.js';
import { ok } from '../ui/testing/fakeSdk.js';
import { EMPTY_FILTER, type TransactionListFilter } from './filter.js';
import { ADMIN, FRONT_DESK, tx, VIEWER } from './testing/fixtures.js';
import { menuButton, renderPart, renderTransactions, setUp } from './testing/renderWidget.js';
import { Transactions } from './Transactions.js';

afterEach(() => vi.restoreAllMocks());

const table = () => screen.findByRole('table', { name: 'Transactions' });
const rowOf = async (text: string) => {
  const cell = await within(await table()).findByText(text);
  return cell.closest('tr')!;
};
const lastListBody = (fake: ReturnType<typeof setUp>['fake']) =>
  fake.callsTo('/api/transaction/transactions').at(-1)!.body as TransactionFilter;

describe('the list', () => {
  it('shows the columns, the patient cell by the spec’s rules and the sources by their labels', async () => {
    const { fake } = setUp(
      [
        tx({ id: 1, firstName: 'Multiple', lastName: 'Customers', customerId: 5 }),
        tx({
          id: 2,
          firstName: null,
          lastName: null,
          customerId: null,
          source: 'TERMINAL',
          terminalDescription: 'Front desk',
        }),
        tx({ id: 3, firstName: 'Walk', lastName: 'In', customerId: null, source: 'PAYMENTPAGE' }),
        tx({ id: 4, associatedAutoMessage: 'Matched by e-mail', customerId: 11, customerKey: 1001 }),
      ],
      { profile: FRONT_DESK },
    );
    renderTransactions(fake);
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Status',
      'Date',
      'Patient',
      'Source',
      'Payment Method',
      'Amount',
      'Practice System',
      'Action',
    ]);
    expect(await rowOf('Multiple Patients')).toHaveTextContent('Virtual Terminal');
    const orphan = await rowOf('Unassociated Patient');
    expect(orphan).toHaveTextContent('Terminal');
    expect(orphan).toHaveTextContent('Front desk');
    expect(within(await rowOf('Walk In')).queryByRole('link', { name: 'Walk In' })).toBeNull();
    const linked = await rowOf('Maria Garcia');
    expect(within(linked).getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute(
      'href',
      'http://sandbox.test/#/customer/11?key=1001',
    );
    expect(
      within(linked).getByRole('img', { name: 'Associated automatically: Matched by e-mail' }),
    ).toBeInTheDocument();
    expect(linked).toHaveTextContent('$125.00');
    expect(linked).toHaveTextContent('Visa •••• 1111');
  });

  it('links a source only for those who may view it, and explains a request it cannot open', async () => {
    const rows = [
      tx({ id: 1, source: 'PAYMENTPLAN', paymentPlanId: 42 }),
      tx({ id: 2, source: 'INSURANCE', insurancePaymentId: 7 }),
      tx({ id: 3, source: 'TEXTTOPAY', notificationId: null }),
    ];
    const frontDesk = setUp(rows, { profile: FRONT_DESK });
    const user = userEvent.setup();
    const { unmount } = renderTransactions(frontDesk.fake);
    expect(await screen.findByRole('link', { name: 'Payment Plan' })).toHaveAttribute(
      'href',
      'http://sandbox.test/#/paymentplans?paymentPlanId=42',
    );
    // The front desk may not view reimbursements: the label only.
    expect(screen.queryByRole('link', { name: 'Insurance Reimbursement' })).toBeNull();
    expect(within(await table()).getByText('Insurance Reimbursement')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Text To Pay' }));
    expect(frontDesk.fake.banners.at(-1)?.message).toBe(
      'Please view the payment request by going to the patients profile and selecting payment requests',
    );
    unmount();

    const viewer = setUp(rows, { profile: VIEWER });
    renderTransactions(viewer.fake);
    expect(await screen.findByRole('link', { name: 'Insurance Reimbursement' })).toHaveAttribute(
      'href',
      'http://sandbox.test/#/insurancepayment?id=7',
    );
  });

  it('opens a source in place when the page says it can', async () => {
    const { fake } = setUp([tx({ id: 1, source: 'PAYMENTPLAN', paymentPlanId: 42 })], {
      profile: FRONT_DESK,
    });
    const onOpenSource = vi.fn(() => true);
    const user = userEvent.setup();
    renderTransactions(fake, { onOpenSource });
    await user.click(await screen.findByRole('link', { name: 'Payment Plan' }));
    expect(onOpenSource).toHaveBeenCalledWith({ kind: 'paymentPlan', id: 42, role: 'VIEWPAYMENTPLANS' });
  });

  it('says so when there are none', async () => {
    const { fake } = setUp([]);
    renderTransactions(fake);
    expect(await screen.findByText('No Transactions')).toBeInTheDocument();
    expect(screen.getByText('Things are looking a little empty in here.')).toBeInTheDocument();
  });

  it('keeps the columns of a surcharging practice’s list when it is empty', async () => {
    const { fake } = setUp([]);
    renderTransactions(fake);
    await screen.findByText('No Transactions');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Transactions' }))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual([
        'Status',
        'Date',
        'Patient',
        'Source',
        'Payment Method',
        'Amount',
        'Surcharge',
        'Total',
        'Practice System',
        'Action',
      ]),
    );
  });

  it('shows amount, surcharge and total when surcharging applies', async () => {
    const { fake } = setUp([
      tx({ id: 1, hasSurcharging: true, orderAmount: 10_000, surchargeAmount: 300, amount: 10_300 }),
      tx({ id: 2 }),
    ]);
    renderTransactions(fake);
    const list = await table();
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Surcharge');
    expect(headers).toContain('Total');
    const row = (await within(list).findByText('R1ABC')).closest('tr')!;
    expect(row).toHaveTextContent('$100.00$3.00$103.00');
  });

  it('pages by ten only above ten rows, newest first', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => tx({ id: i + 1 }));
    const first = setUp(ten);
    const { unmount } = renderTransactions(first.fake);
    await table();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(lastListBody(first.fake)).toMatchObject({ sort: 'Date:descending', page: 1, pageSize: 10 });
    unmount();

    const eleven = setUp([...ten, tx({ id: 11 })]);
    const user = userEvent.setup();
    renderTransactions(eleven.fake);
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('status')).toHaveTextContent('11 transactions');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListBody(eleven.fake).page).toBe(2));
  });

  it('shows "10,000+" when the server stopped counting', async () => {
    const { fake } = setUp([], {
      extra: {
        '/api/transaction/transactions': () => ({
          isSuccess: true,
          value: [{ ...tx({ id: 1 }), rows: 10_000, rowsCapped: true }],
          errors: [],
          showMessage: false,
        }),
      },
    });
    renderTransactions(fake);
    expect(await screen.findByRole('status')).toHaveTextContent('10,000+ transactions');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 1,000+');
  });
});

describe('the filter bar', () => {
  it('narrows the list by source, status, transaction ID and unassociated payments', async () => {
    const { fake } = setUp([
      tx({ id: 1, source: 'TERMINAL', customerId: null, firstName: null }),
      tx({ id: 2, source: 'PAYMENTPAGE', customerId: null, firstName: null }),
      tx({ id: 3, source: 'TEXTTOPAY', status: 'DECLINED' }),
    ]);
    const user = userEvent.setup();
    renderTransactions(fake);
    const bar = await screen.findByRole('search', { name: 'Filter transactions' });
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Source' }), 'Text To Pay');
    await waitFor(() => expect(lastListBody(fake).modules).toEqual(['TEXTTOPAY']));
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Status' }), 'Declined');
    await waitFor(() => expect(lastListBody(fake).status).toBe('DECLINED'));
    expect(await rowOf('R3ABC')).toHaveTextContent('Declined');
    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    await user.click(within(bar).getByRole('checkbox', { name: 'Payment page' }));
    await waitFor(() => expect(lastListBody(fake)).toMatchObject({ viewPaymentPageOrphans: true }));
    expect(lastListBody(fake).modules).toBeUndefined();
    expect(await rowOf('R2ABC')).toHaveTextContent('Payment Page');
    expect(within(await table()).queryByText('R1ABC')).toBeNull();
    await user.type(within(bar).getByRole('textbox', { name: 'Transaction ID' }), 'r2abc');
    await waitFor(() => expect(lastListBody(fake).transactionId).toBe('r2abc'));
  });

  it('turns a date preset into the range it stands for', async () => {
    const { fake } = setUp([tx({ id: 1 })]);
    vi.spyOn(fake.sdk, 'now').mockReturnValue(new Date(2026, 10, 26, 9, 0));
    const user = userEvent.setup();
    renderTransactions(fake);
    const bar = await screen.findByRole('search', { name: 'Filter transactions' });
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Dates' }), 'Last 7 days');
    await waitFor(() =>
      expect(lastListBody(fake)).toMatchObject({ startDate: '2026-11-20', endDate: '2026-11-26' }),
    );
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Dates' }), 'Custom');
    const from = within(bar).getByLabelText('From');
    const to = within(bar).getByLabelText('To');
    await user.type(from, '2026-11-05');
    await user.type(to, '2026-11-01');
    expect(
      await within(bar).findByText('The end date must not be before the start date.'),
    ).toBeInTheDocument();
  });

  it('follows the filter the page keeps (the address), and hands it changes', async () => {
    const { fake } = setUp([tx({ id: 1 })]);
    const onFilterChange = vi.fn();
    const filter: TransactionListFilter = { ...EMPTY_FILTER, source: 'TERMINAL', page: 3 };
    const user = userEvent.setup();
    renderTransactions(fake, { filter, onFilterChange });
    await waitFor(() => expect(lastListBody(fake)).toMatchObject({ modules: ['TERMINAL'], page: 3 }));
    await user.selectOptions(
      within(await screen.findByRole('search')).getByRole('combobox', { name: 'Status' }),
      'Approved',
    );
    expect(onFilterChange).toHaveBeenCalledWith({ ...filter, status: 'APPROVED', page: 1 });
  });

  it('clears the patient box with Clear filters, so a later search shows no one under her name', async () => {
    const { fake } = setUp(
      [
        tx({ id: 1, customerId: 11, firstName: 'Maria', lastName: 'Garcia' }),
        tx({ id: 2, customerId: 12, firstName: 'Mark', lastName: 'Lee' }),
      ],
      {
        extra: {
          '/api/customer/searchCustomer': () =>
            ok([{ id: 11, firstName: 'Maria', lastName: 'Garcia', email: null }]),
          '/api/customer/getCustomer': () => ok({ id: 11, firstName: 'Maria', lastName: 'Garcia' }),
        },
      },
    );
    const onFilterChange = vi.fn();
    const user = userEvent.setup();
    // The page keeps the filter (the address) and hands it back, as the portal does.
    function Page() {
      const [filter, setFilter] = useState(EMPTY_FILTER);
      return (
        <Transactions
          filter={filter}
          onFilterChange={(next) => {
            onFilterChange(next);
            setFilter(next);
          }}
        />
      );
    }
    renderPart(fake, <Page />);
    const bar = await screen.findByRole('search', { name: 'Filter transactions' });
    const box = await within(bar).findByRole('combobox', { name: 'Patient' });
    await user.type(box, 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Garcia/ }));
    await waitFor(() => expect(lastListBody(fake).customerId).toBe(11));
    expect(box).toHaveValue('Maria Garcia');
    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastListBody(fake).customerId).toBeUndefined());
    expect(onFilterChange).toHaveBeenLastCalledWith(EMPTY_FILTER);
    expect(within(bar).getByRole('combobox', { name: 'Patient' })).toHaveValue('');
    await user.type(within(bar).getByRole('textbox', { name: 'Transaction ID' }), 'R2ABC');
    await waitFor(() => expect(lastListBody(fake)).toMatchObject({ transactionId: 'R2ABC' }));
    expect(lastListBody(fake).customerId).toBeUndefined();
    expect(within(bar).getByRole('combobox', { name: 'Patient' })).toHaveValue('');
  });

  it('keeps the last valid results while the range cannot be, never every transaction', async () => {
    const { fake } = setUp([tx({ id: 1 })]);
    const user = userEvent.setup();
    renderTransactions(fake);
    const bar = await screen.findByRole('search', { name: 'Filter transactions' });
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Dates' }), 'Custom');
    await user.type(within(bar).getByLabelText('From'), '2026-11-28');
    await waitFor(() => expect(lastListBody(fake).startDate).toBe('2026-11-28'));
    const calls = fake.callsTo('/api/transaction/transactions').length;
    await user.type(within(bar).getByLabelText('To'), '2026-11-25');
    expect(
      await within(bar).findByText('The end date must not be before the start date.'),
    ).toBeInTheDocument();
    // No call without the range: the list stays the one of 11/28 onwards.
    const after = fake.callsTo('/api/transaction/transactions').slice(calls) as { body: TransactionFilter }[];
    expect(after.every((c) => c.body.startDate === '2026-11-28' && c.body.endDate === undefined)).toBe(true);
    expect(lastListBody(fake)).toMatchObject({ startDate: '2026-11-28' });
  });

  it('offers the spec’s states, and says "Partly refunded" with what was given back', async () => {
    const { fake } = setUp([
      tx({ id: 1 }),
      tx({ id: 2, amount: 12_138, refundVoidType: 'REFUNDED', refundVoidAmount: 2_060 }),
      tx({ id: 3, amount: 5_000, refundVoidType: 'REFUNDED', refundVoidAmount: 5_000 }),
      tx({ id: 4, amount: 5_000, refundVoidType: 'VOIDED', refundVoidAmount: 5_000 }),
    ]);
    const user = userEvent.setup();
    renderTransactions(fake);
    expect(await rowOf('R2ABC')).toHaveTextContent('Partly refunded-$20.60');
    expect(await rowOf('R3ABC')).toHaveTextContent('Refunded-$50.00');
    expect(await rowOf('R4ABC')).toHaveTextContent('Voided-$50.00');
    const bar = await screen.findByRole('search', { name: 'Filter transactions' });
    const status = within(bar).getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All statuses',
      'Approved',
      'Refunded',
      'Voided',
      'Declined',
      // Every approved payment, whatever was given back since: what a report's collections link to.
      'Approved, refunded or voided',
    ]);
    await user.selectOptions(status, 'Approved');
    await waitFor(() => expect(lastListBody(fake).status).toBe('APPROVED'));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('R2ABC')).toBeNull());
    expect(await rowOf('R1ABC')).toHaveTextContent('Approved');
    await user.selectOptions(status, 'Voided');
    await waitFor(() => expect(lastListBody(fake).status).toBe('VOIDED'));
    expect(await rowOf('R4ABC')).toHaveTextContent('Voided');
  });

  it('sorts by the order chosen (the spec’s sortOption), which the page keeps', async () => {
    const { fake } = setUp([tx({ id: 1, amount: 100 }), tx({ id: 2, amount: 900 })]);
    const onFilterChange = vi.fn();
    const user = userEvent.setup();
    renderTransactions(fake, { filter: EMPTY_FILTER, onFilterChange });
    await waitFor(() => expect(lastListBody(fake).sort).toBe('Date:descending'));
    const bar = await screen.findByRole('search', { name: 'Filter transactions' });
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Sort by' }), 'Largest amount first');
    expect(onFilterChange).toHaveBeenCalledWith({ ...EMPTY_FILTER, sort: 'Amount:descending', page: 1 });
  });

  it('has no patient or unassociated fields where the list is one patient’s', async () => {
    const { fake } = setUp([tx({ id: 1 })]);
    renderTransactions(fake, { customerKey: 1001 });
    const bar = await screen.findByRole('search');
    expect(within(bar).queryByRole('combobox', { name: 'Patient' })).toBeNull();
    expect(within(bar).queryByRole('group', { name: 'Unassociated payments' })).toBeNull();
    await waitFor(() => expect(lastListBody(fake).customerKey).toBe(1001));
  });

  it('has no patient column where the list is one patient’s', async () => {
    const { fake } = setUp([tx({ id: 1, customerId: 11, customerKey: 1001 })]);
    renderTransactions(fake, { customerKey: 1001 });
    const row = await rowOf('R1ABC');
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Patient');
    expect(headers).toContain('Source');
    expect(within(row).queryByText('Maria Garcia')).toBeNull();
    expect(within(row).getAllByRole('cell')).toHaveLength(headers.length);
  });
});

describe('the practice system’s sync status', () => {
  it('turns to posted live when the hub reports the posting', async () => {
    const { fake } = setUp([tx({ id: 1, practiceManagementStatus: 0 })]);
    renderTransactions(fake);
    const row = await rowOf('R1ABC');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    const calls = fake.callsTo('/api/transaction/transactions').length;
    act(() =>
      fake.events.emit('transaction-processed', {
        transactionId: 1,
        referenceId: 'R1ABC-2026-0001',
        refundVoidReferenceId: null,
        status: 'APPROVED',
        source: 'VIRTUALTERMINAL',
        amount: 12_500,
        customerId: 11,
        notificationId: null,
        paymentPlanId: null,
        customerMembershipBillingId: null,
        practiceManagementStatus: 2,
      }),
    );
    expect(await within(row).findByText('Posted')).toBeInTheDocument();
    // Marked in place: no reload.
    expect(fake.callsTo('/api/transaction/transactions')).toHaveLength(calls);
  });

  it('shows a failed posting with Retry, for those who may', async () => {
    const { fake } = setUp([tx({ id: 1, practiceManagementStatus: 1 })], { profile: FRONT_DESK });
    const user = userEvent.setup();
    renderTransactions(fake);
    const row = await rowOf('R1ABC');
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Retry posting R1ABC to the practice system' }));
    expect(fake.callsTo('/api/transaction/retryPosting')[0]?.body).toEqual({ id: 1 });
    expect(await within(await rowOf('R1ABC')).findByText('Pending')).toBeInTheDocument();
  });
});

describe('Export CSV', () => {
  it('is unavailable, saying why, when the list has no rows', async () => {
    const { fake } = setUp([]);
    const user = userEvent.setup();
    renderTransactions(fake);
    await screen.findByText('No Transactions');
    const button = screen.getByRole('button', { name: 'Export CSV' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('title', 'There are no transactions to export.');
    await user.click(button);
    expect(fake.callsTo('/api/transaction/export')).toEqual([]);
  });

  it('asks for the filtered list’s link and hands it to the browser', async () => {
    // Eleven rows: the second page, which the export does not keep, has one.
    const { fake } = setUp(Array.from({ length: 11 }, (_, i) => tx({ id: i + 1, source: 'TERMINAL' })));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    const user = userEvent.setup();
    renderTransactions(fake, { filter: { ...EMPTY_FILTER, source: 'TERMINAL', page: 2 } });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(clicked).toEqual(['http://sandbox.test/api/transaction/export.csv?token=abc']),
    );
    const body = fake.callsTo('/api/transaction/export')[0]!.body!;
    expect(body).toMatchObject({ modules: ['TERMINAL'], sort: 'Date:descending' });
    expect(body).not.toHaveProperty('page');
  });
});

describe('the action menu', () => {
  it('asks whether a card payment has settled when it opens: settled → Refund', async () => {
    const { fake } = setUp([tx({ id: 1, isSettled: false })], {
      profile: FRONT_DESK,
      settled: { 'R1ABC-2026-0001': true },
    });
    const user = userEvent.setup();
    renderTransactions(fake);
    await user.click(await menuButton('R1ABC'));
    expect(await screen.findByRole('menuitem', { name: 'Refund' })).toBeInTheDocument();
    expect(fake.callsTo('/api/transaction/getTransaction')[0]?.query).toEqual({ id: 'R1ABC-2026-0001' });
    expect(screen.getByRole('menuitem', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Move Payment' })).toBeInTheDocument();
  });

  it('offers Void for an unsettled payment only to those who may void', async () => {
    const row = tx({ id: 1, isSettled: true });
    const settled = { 'R1ABC-2026-0001': false };
    const frontDesk = setUp([row], { profile: FRONT_DESK, settled });
    const user = userEvent.setup();
    const { unmount } = renderTransactions(frontDesk.fake);
    await user.click(await menuButton('R1ABC'));
    expect(await screen.findByRole('menuitem', { name: 'Move Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Refund' })).toBeNull();
    unmount();

    const admin = setUp([row], { profile: ADMIN, settled });
    renderTransactions(admin.fake);
    await user.click(await menuButton('R1ABC'));
    expect(await screen.findByRole('menuitem', { name: 'Void' })).toBeInTheDocument();
  });

  it('offers associate and remove for an unassociated payment, and no move', async () => {
    const { fake } = setUp(
      [tx({ id: 1, source: 'TERMINAL', customerId: null, firstName: null, lastName: null })],
      {
        profile: FRONT_DESK,
      },
    );
    const user = userEvent.setup();
    renderTransactions(fake);
    await user.click(await menuButton('R1ABC'));
    expect(await screen.findByRole('menuitem', { name: 'Associate Transaction' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove Unassociated Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Move Payment' })).toBeNull();
  });

  describe('Allocate, on a patient’s payments', () => {
    const paid = tx({ id: 1, customerId: 11, customerKey: 1001 });
    const status = (allocated: number): AllocationStatus => ({
      transactionId: 1,
      allocatable: 10_000,
      allocated,
      unallocated: 10_000 - allocated,
      patientKey: 1001,
      refusal: null,
      payment: null,
    });
    const opened: AllocatorProps[] = [];
    function FakeAllocator(props: AllocatorProps) {
      opened.push(props);
      return <div role="dialog" aria-label="Procedures" />;
    }

    it('is offered when the payment is not yet fully allocated, and opens the allocation', async () => {
      const { fake } = setUp([paid], {
        profile: FRONT_DESK,
        extra: { '/api/transaction/allocation': () => ok(status(2_500)) },
      });
      const user = userEvent.setup();
      renderTransactions(fake, { customerKey: 1001, Allocator: FakeAllocator });
      await user.click(await menuButton('R1ABC'));
      await user.click(await screen.findByRole('menuitem', { name: 'Allocate' }));
      expect(await screen.findByRole('dialog', { name: 'Procedures' })).toBeInTheDocument();
      expect(opened.at(-1)).toMatchObject({ customerKey: 1001, transactionId: 1, purpose: 'save' });
      expect(fake.callsTo('/api/transaction/allocation')[0]?.query).toEqual({ transactionId: 1 });
    });

    it('is not offered once the payment is fully allocated', async () => {
      const { fake } = setUp([paid], {
        profile: FRONT_DESK,
        extra: { '/api/transaction/allocation': () => ok(status(10_000)) },
      });
      const user = userEvent.setup();
      renderTransactions(fake, { customerKey: 1001, Allocator: FakeAllocator });
      await user.click(await menuButton('R1ABC'));
      expect(await screen.findByRole('menuitem', { name: 'Move Payment' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Allocate' })).toBeNull();
    });

    it('is not asked about outside Open Dental, nor on the list of every patient', async () => {
      for (const [company, scope] of [
        [{ ...BRIGHT_SMILES, gatewayCode: 'DENTRIX' as const }, { customerKey: 1001 }],
        [BRIGHT_SMILES, {}],
      ] as const) {
        const { fake } = setUp([paid], {
          profile: FRONT_DESK,
          company,
          extra: { '/api/transaction/allocation': () => ok(status(0)) },
        });
        const user = userEvent.setup();
        const view = renderTransactions(fake, { ...scope, Allocator: FakeAllocator });
        await user.click(await menuButton('R1ABC'));
        expect(await screen.findByRole('menuitem', { name: 'Move Payment' })).toBeInTheDocument();
        expect(screen.queryByRole('menuitem', { name: 'Allocate' })).toBeNull();
        expect(fake.callsTo('/api/transaction/allocation')).toHaveLength(0);
        view.unmount();
      }
    });
  });

  it('gives a viewer no actions but the details, from the menu', async () => {
    const { fake } = setUp([tx({ id: 1, practiceManagementStatus: 1 })], { profile: VIEWER });
    const user = userEvent.setup();
    renderTransactions(fake);
    const row = await rowOf('R1ABC');
    expect(within(row).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Payment' })).toBeNull();
    await user.click(await menuButton('R1ABC'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['View Details']);
    // A viewer may not refund or void: the provider is not asked whether the payment settled.
    expect(fake.callsTo('/api/transaction/getTransaction')).toHaveLength(0);
    await user.click(items[0]!);
    const details = await screen.findByRole('dialog', { name: 'Transaction Details' });
    await user.click(within(details).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the details for a viewer from the date', async () => {
    const { fake } = setUp([tx({ id: 1, practiceManagementStatus: 1 })], { profile: VIEWER });
    const user = userEvent.setup();
    renderTransactions(fake);
    await user.click(within(await rowOf('R1ABC')).getByRole('button', { name: /, R1ABC$/ }));
    expect(await screen.findByRole('dialog', { name: 'Transaction Details' })).toBeInTheDocument();
  });
});
