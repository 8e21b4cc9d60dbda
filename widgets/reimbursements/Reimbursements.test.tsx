/**
 * The Reimbursements list as a person reads it: its columns and figures, its filter, its pages, its
 * empty and failed states, New Reimbursement for those who may enter one, and a row's details.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../ui/testing/domMatchers.js';
import type { Role } from '../../embed-sdk/contract/common.js';
import { formatIsoDay } from '../../embed-sdk/format/date.js';
import { createFakeSdk, refused } from '../ui/testing/fakeSdk.js';
import { EMPTY_FILTER, type ReimbursementFilter } from './filter.js';
import { Reimbursements } from './Reimbursements.js';
import { fakeReimbursementServer, profileWith, summary } from './testing/fixtures.js';
import { renderWith } from './testing/render.js';

const ROWS = [
  summary({ id: 1, carrierName: 'Delta Dental', referenceId: '1234', reimbursed: 24000, paid: 0 }),
  summary({
    id: 2,
    date: '2026-11-18',
    carrierName: 'Aetna',
    planName: 'Dental Prime',
    fundingSource: 'CARD',
    cardType: 'VISA',
    cardDescription: 'Visa ending in 4242',
    referenceId: 'R47NVR',
    transactionId: 88,
    reimbursed: 12550,
    requestedPayment: 0,
    patientCount: 1,
    status: 'POSTED',
  }),
];

function setUp(roles: Role[] = ['VIEWINSURANCEREIMBURSEMENT', 'PROCESSINSURANCEREIMBURSEMENT']) {
  return createFakeSdk(fakeReimbursementServer(ROWS), { profile: profileWith(roles) });
}

const table = () => screen.findByRole('table', { name: 'Reimbursements' });

describe('the Reimbursements list', () => {
  it('shows each reimbursement’s date, carrier, payment method, totals, patients and status', async () => {
    const fake = setUp();
    renderWith(fake, <Reimbursements />);
    const rows = within(await table()).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('columnheader')
          .map((c) => c.textContent),
      )[0],
    ).toEqual([
      'Date',
      'Carrier',
      'Payment Method',
      'Reimbursement',
      'Write Off',
      'Requested',
      'Request Paid',
      'Patients',
      'Status',
    ]);
    const check = await within(await table()).findByRole('row', { name: /Delta Dental/ });
    expect(within(check).getByText('Check #1234')).toBeInTheDocument();
    expect(within(check).getByText('$240.00')).toBeInTheDocument();
    expect(within(check).getByText('Awaiting Payment')).toBeInTheDocument();
    const card = within(await table()).getByRole('row', { name: /Aetna/ });
    expect(within(card).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(card).getByText('$125.50')).toBeInTheDocument();
    expect(within(card).getByText('Posted')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 reimbursements');
    // Figures and their headers are right-aligned.
    const header = within(rows[0]!).getByRole('columnheader', { name: 'Request Paid' });
    expect(getComputedStyle(header).textAlign).toBe('right');
  });

  it('offers New Reimbursement, for today, only to those who may process reimbursements', async () => {
    const fake = setUp();
    const { unmount } = renderWith(fake, <Reimbursements />);
    const today = formatIsoDay(new Date());
    expect(await screen.findByRole('link', { name: 'New Reimbursement' })).toHaveAttribute(
      'href',
      `http://sandbox.test/#/insurancepayment?showExisting=0&date=${today}`,
    );
    unmount();
    renderWith(setUp(['VIEWINSURANCEREIMBURSEMENT']), <Reimbursements />);
    await table();
    expect(screen.queryByRole('link', { name: 'New Reimbursement' })).toBeNull();
  });

  it('filters by carrier through the caller’s filter, back on page 1', async () => {
    const fake = setUp();
    const onFilterChange = vi.fn<(f: ReimbursementFilter) => void>();
    renderWith(
      fake,
      <Reimbursements filter={{ ...EMPTY_FILTER, page: 1 }} onFilterChange={onFilterChange} />,
    );
    await table();
    const carrier = screen.getByRole('combobox', { name: 'Carrier' });
    await waitFor(() => expect(within(carrier).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(carrier, 'Aetna');
    expect(onFilterChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER, carrierName: 'Aetna', page: 1 });
  });

  it('asks for the carrier and the page the filter holds, ten to a page', async () => {
    const fake = setUp();
    renderWith(fake, <Reimbursements filter={{ ...EMPTY_FILTER, carrierName: 'Aetna', page: 2 }} />);
    await table();
    expect(fake.callsTo('/api/insurance/list').at(-1)?.body).toEqual({
      carrierName: 'Aetna',
      page: 2,
      pageSize: 10,
    });
  });

  it('says when there are none, and when they could not be loaded', async () => {
    const empty = createFakeSdk(fakeReimbursementServer([]), {
      profile: profileWith(['VIEWINSURANCEREIMBURSEMENT']),
    });
    const { unmount } = renderWith(empty, <Reimbursements />);
    expect(await screen.findByText('No Reimbursements')).toBeInTheDocument();
    unmount();
    const failing = createFakeSdk(
      { ...fakeReimbursementServer(ROWS), '/api/insurance/list': () => refused('Not allowed') },
      { profile: profileWith(['VIEWINSURANCEREIMBURSEMENT']) },
    );
    renderWith(failing, <Reimbursements />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The reimbursements could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens Reimbursement Details from a row’s date, reading the reimbursement once', async () => {
    const fake = setUp();
    renderWith(fake, <Reimbursements />);
    await userEvent.click(await screen.findByRole('button', { name: '11/20/2026, Delta Dental' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reimbursement Details' });
    await within(dialog).findByRole('table', { name: 'Patients' });
    // The click starts the read, ahead of the modal's code; the modal takes that answer.
    expect(fake.callsTo('/api/insurance/getInsurancePayment').map((c) => c.query)).toEqual([{ id: 1 }]);
  });
});
