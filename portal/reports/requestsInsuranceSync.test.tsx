/**
 * The Payment requests, Insurance reimbursements and Practice-system sync reports' bodies as a
 * person reads them: the figures in the tiles and tables, the links to the lists filtered the same
 * way (none when the report is filtered by clinic, which those lists cannot do), and the sync
 * report's payments each opening its transaction.
 */
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InsuranceReport } from '../../embed-sdk/contract/reportInsurance.js';
import type { PaymentRequestsReport } from '../../embed-sdk/contract/reportPaymentRequests.js';
import type { SyncReport } from '../../embed-sdk/contract/reportSync.js';
import { filterFromParams as reimbursementFilter } from '../../widgets/reimbursements/index.js';
import { filterFromParams as transactionFilter } from '../../widgets/transactions/index.js';
import '../../widgets/ui/testing/domMatchers.js';
import { filterFromParams as requestFilter } from '../pages/paymentRequests/paymentRequestsFilter.js';
import { InsuranceBody } from './insurance/InsuranceBody.js';
import { PaymentRequestsBody, timeToPayText } from './paymentRequests/PaymentRequestsBody.js';
import { SyncBody } from './sync/SyncBody.js';

// jsdom lays out nothing: the charts measure their SVG labels. The tables carry the same figures.
beforeAll(() => {
  const svg = SVGElement.prototype as SVGElement & {
    getComputedTextLength?: () => number;
    getBBox?: () => { x: number; y: number; width: number; height: number };
  };
  svg.getComputedTextLength ??= () => 0;
  svg.getBBox ??= () => ({ x: 0, y: 0, width: 0, height: 0 });
});

const show = (node: ReactNode) => render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>);
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
/** The address's query of a link, as the list reads it. */
const queryOf = (link: HTMLElement) => new URLSearchParams(link.getAttribute('href')!.split('?')[1]);

const REQUESTS: PaymentRequestsReport = {
  totals: {
    sent: 40,
    viewed: 30,
    paid: 20,
    paidAmount: 1_234_500,
    medianSecondsToPay: 5.5 * 3600,
    conversion: 0.5,
  },
  byChannel: [
    {
      channel: 'TEXT',
      sent: 25,
      viewed: 20,
      paid: 15,
      paidAmount: 900_000,
      medianSecondsToPay: 3 * 3600,
      conversion: 0.6,
    },
    {
      channel: 'EMAIL',
      sent: 10,
      viewed: 6,
      paid: 2,
      paidAmount: 134_500,
      medianSecondsToPay: 3 * 86_400,
      conversion: 0.2,
    },
    {
      channel: 'BOTH',
      sent: 5,
      viewed: 4,
      paid: 3,
      paidAmount: 200_000,
      medianSecondsToPay: 600,
      conversion: 0.6,
    },
  ],
};

describe('the Payment requests report', () => {
  it('shows sent, viewed, paid, the median time to pay and the conversion, by channel', () => {
    show(<PaymentRequestsBody value={REQUESTS} request={NOVEMBER} />);
    const table = screen.getByRole('table', { name: 'Payment requests by channel' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ChannelSentViewedPaidPaid amountMedian time to payConversion',
      'Text252015$9,000.003 h60%',
      'E-mail1062$1,345.003 days20%',
      'Text and e-mail543$2,000.0010 min60%',
      'Total403020$12,345.005.5 h50%',
    ]);
    const tiles = screen.getByRole('list', { name: 'Payment requests' });
    expect(within(tiles).getByText('Opened the payment page')).toBeInTheDocument();
    expect(within(tiles).getByText('$12,345.00')).toBeInTheDocument();
  });

  it('opens the Payment Requests page on the same days: all that were sent, and the paid ones', () => {
    show(<PaymentRequestsBody value={REQUESTS} request={NOVEMBER} />);
    const sent = screen.getByRole('link', { name: 'Sent: 40' });
    expect(sent.getAttribute('href')).toMatch(/^#\/notifications\?/);
    expect(requestFilter(queryOf(sent))).toMatchObject({
      status: 'all',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    const paid = screen.getByRole('link', { name: '20 paid: open the paid payment requests' });
    expect(requestFilter(queryOf(paid))).toMatchObject({
      status: 'paid',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    // A channel's figures have no list: the page cannot filter by channel.
    expect(screen.queryByRole('link', { name: /^25 sent/ })).not.toBeInTheDocument();
  });

  it('links nowhere when filtered by clinic, and says why', () => {
    show(<PaymentRequestsBody value={REQUESTS} request={{ ...NOVEMBER, clinicNums: [2] }} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText(/cannot be filtered by clinic/)).toBeInTheDocument();
  });

  it('says a median time in minutes, hours or days', () => {
    expect([null, 20, 59 * 60, 90 * 60, 47 * 3600, 60 * 3600].map(timeToPayText)).toEqual([
      '—',
      '1 min',
      '59 min',
      '1.5 h',
      '47 h',
      '2.5 days',
    ]);
  });
});

const INSURANCE: InsuranceReport = {
  totals: { count: 3, reimbursed: 150_000, writtenOff: 20_000, requestedPayment: 30_000, paid: 10_000 },
  byCarrier: [
    {
      carrierName: 'Delta Dental',
      count: 2,
      reimbursed: 100_000,
      writtenOff: 15_000,
      requestedPayment: 20_000,
      paid: 10_000,
    },
    {
      carrierName: 'Aetna',
      count: 1,
      reimbursed: 50_000,
      writtenOff: 5_000,
      requestedPayment: 10_000,
      paid: 0,
    },
  ],
};

describe('the Insurance reimbursements report', () => {
  it('shows each carrier and the total, each count opening the Reimbursements page on the same days and carrier', () => {
    show(<InsuranceBody value={INSURANCE} request={NOVEMBER} />);
    const table = screen.getByRole('table', { name: 'Insurance reimbursements by carrier' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'CarrierReimbursementsReimbursedWritten offRequestedPaid by patients',
      'Delta Dental2$1,000.00$150.00$200.00$100.00',
      'Aetna1$500.00$50.00$100.00$0.00',
      'Total3$1,500.00$200.00$300.00$100.00',
    ]);
    const delta = within(table).getByRole('link', { name: '2 reimbursements from Delta Dental: open them' });
    expect(delta.getAttribute('href')).toMatch(/^#\/insurance\?/);
    expect(reimbursementFilter(queryOf(delta))).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      carrierName: 'Delta Dental',
    });
    const all = screen.getByRole('link', { name: 'Reimbursements: 3' });
    expect(reimbursementFilter(queryOf(all))).toMatchObject({ carrierName: '', startDate: '2026-11-01' });
    expect(screen.getByText('Of what was requested from them')).toBeInTheDocument();
  });

  it('links nowhere when filtered by clinic', () => {
    show(<InsuranceBody value={INSURANCE} request={{ ...NOVEMBER, clinicNums: [1] }} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});

const SYNC: SyncReport = {
  totals: { pendingCount: 1, pendingAmount: 10_000, failedCount: 2, failedAmount: 5_500 },
  byDay: [
    { day: '2026-11-03', pendingCount: 1, pendingAmount: 10_000, failedCount: 1, failedAmount: 2_500 },
    { day: '2026-11-15', pendingCount: 0, pendingAmount: 0, failedCount: 1, failedAmount: 3_000 },
  ],
  byReason: [{ reason: 'The patient is locked.', count: 2, amount: 5_500 }],
  records: [
    {
      id: 7,
      transactionId: 'R47NVR',
      created: '2026-11-03T15:00:00.000Z',
      firstName: 'Ann',
      lastName: 'Lee',
      amount: 10_000,
      state: 'PENDING',
      reason: null,
    },
    {
      id: 8,
      transactionId: 'Q12ABC',
      created: '2026-11-03T16:00:00.000Z',
      firstName: 'Bo',
      lastName: 'Park',
      amount: 2_500,
      state: 'FAILED',
      reason: 'The patient is locked.',
    },
    {
      id: 9,
      transactionId: 'Z99XYZ',
      created: '2026-11-15T16:00:00.000Z',
      firstName: null,
      lastName: null,
      amount: 3_000,
      state: 'FAILED',
      reason: 'The patient is locked.',
    },
  ],
};

describe('the Practice-system sync report', () => {
  it('shows the pending and failed payments, the reasons, and each payment opening its transaction', () => {
    show(<SyncBody value={SYNC} request={NOVEMBER} />);
    const tiles = screen.getByRole('list', { name: 'Payments not posted' });
    expect(
      within(tiles)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual(['Pending1$100.00', 'Failed2$55.00']);
    const reasons = screen.getByRole('table', { name: 'Failures by reason' });
    expect(within(reasons).getAllByRole('row')[1]!.textContent).toBe('The patient is locked.2$55.00');
    const table = screen.getByRole('table', { name: 'Payments not posted' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Bo Park$25.00FailedThe patient is locked.');
    const link = within(table).getByRole('link', { name: 'Open transaction Q12ABC' });
    expect(link.getAttribute('href')).toMatch(/^#\/transactions\?/);
    expect(transactionFilter(queryOf(link))).toMatchObject({ transactionId: 'Q12ABC', dates: 'all' });
  });

  it('says when every payment has reached the practice system', () => {
    show(
      <SyncBody
        value={{
          totals: { pendingCount: 0, pendingAmount: 0, failedCount: 0, failedAmount: 0 },
          byDay: [],
          byReason: [],
          records: [],
        }}
        request={NOVEMBER}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Every payment of the period has reached the practice system.',
    );
  });

  it('says how many it leaves out past the first 200', () => {
    show(<SyncBody value={{ ...SYNC, totals: { ...SYNC.totals, pendingCount: 301 } }} request={NOVEMBER} />);
    expect(screen.getByText(/The oldest 200 of 303 payments/)).toBeInTheDocument();
  });
});
