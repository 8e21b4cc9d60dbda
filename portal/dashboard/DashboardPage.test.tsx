/**
 * The dashboard as a person sees it, against a fake SDK with a fresh SWR cache per test: loading,
 * the figures, the breakdown tables (the charts' text alternative), the period tabs, the empty
 * state, the attention links and a failure.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Collections, DashboardSummary, PeriodCollections } from '../../embed-sdk/contract/dashboard.js';
import type { TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import { SdkContext } from '../../widgets/runtime/SdkContext.js';
import { createFakeSdk, ok, refused } from '../../widgets/ui/testing/fakeSdk.js';
import '../../widgets/ui/testing/domMatchers.js';
import { DashboardPage } from './DashboardPage.js';

const PATH = '/api/dashboard/summary';

// jsdom lays out nothing: the charts measure their SVG labels (and their legends watch their size:
// widgets/ui/testing/jsdomSetup.ts). Nothing here reads the drawing; the tables carry the same figures.
beforeAll(() => {
  const svg = SVGElement.prototype as SVGElement & {
    getComputedTextLength?: () => number;
    getBBox?: () => { x: number; y: number; width: number; height: number };
  };
  svg.getComputedTextLength ??= () => 0;
  svg.getBBox ??= () => ({ x: 0, y: 0, width: 0, height: 0 });
});

const figures = (over: Partial<Collections> = {}): Collections => {
  const base = { count: 0, collected: 0, refunded: 0, surcharge: 0, ...over };
  return { ...base, net: base.collected - base.refunded };
};

const NOTHING: PeriodCollections = { startDate: '2026-11-21', totals: figures(), bySource: [], byMethod: [] };

const MONTH: PeriodCollections = {
  startDate: '2026-11-01',
  totals: figures({ count: 120, collected: 2_468_000, refunded: 30_000, surcharge: 41_000 }),
  bySource: [
    {
      source: 'TERMINAL',
      ...figures({ count: 70, collected: 1_500_000, refunded: 30_000, surcharge: 30_000 }),
    },
    { source: 'TEXTTOPAY', ...figures({ count: 40, collected: 800_000, surcharge: 11_000 }) },
    { source: 'INSURANCE', ...figures({ count: 10, collected: 168_000 }) },
  ],
  byMethod: [
    { method: 'VISA', ...figures({ count: 80, collected: 1_700_000, refunded: 30_000, surcharge: 30_000 }) },
    { method: 'AMERICAN_EXPRESS', ...figures({ count: 25, collected: 600_000, surcharge: 11_000 }) },
    { method: 'CHECK', ...figures({ count: 15, collected: 168_000 }) },
  ],
};

const WEEK: PeriodCollections = {
  startDate: '2026-11-16',
  totals: figures({ count: 2, collected: 15_000 }),
  bySource: [{ source: 'PAYMENTPLAN', ...figures({ count: 2, collected: 15_000 }) }],
  byMethod: [{ method: 'CASH', ...figures({ count: 2, collected: 15_000 }) }],
};

const SUMMARY: DashboardSummary = {
  asOf: '2026-11-21T15:30:00.000Z',
  periods: { today: NOTHING, week: WEEK, month: MONTH },
  attention: {
    openPaymentRequests: { count: 7, amount: 245_050 },
    pastDuePaymentPlans: { count: 3, amount: 52_000 },
    membershipsNeedingAttention: { count: 5, pastDue: 2, cardExpiring: 3, awaitingPatient: 1 },
  },
};

function renderPage(answer: () => unknown = () => ok(SUMMARY)) {
  const fake = createFakeSdk({ [PATH]: answer });
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <DashboardPage />
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
  return { ...fake, unmount: view.unmount };
}

/** A payment of $85.00 taken at another desk, as the realtime hub announces it. */
const PAYMENT: TransactionProcessed = {
  transactionId: 9001,
  referenceId: 'a1b2c3-9001',
  refundVoidReferenceId: null,
  status: 'APPROVED',
  source: 'VIRTUALTERMINAL',
  amount: 8_500,
  customerId: 12,
  notificationId: null,
  paymentPlanId: null,
  customerMembershipBillingId: null,
  practiceManagementStatus: 0,
};

const AFTER_PAYMENT: DashboardSummary = {
  ...SUMMARY,
  asOf: '2026-11-21T15:31:00.000Z',
  periods: {
    ...SUMMARY.periods,
    today: {
      ...NOTHING,
      totals: figures({ count: 1, collected: 8_500 }),
      bySource: [{ source: 'VIRTUALTERMINAL', ...figures({ count: 1, collected: 8_500 }) }],
      byMethod: [{ method: 'VISA', ...figures({ count: 1, collected: 8_500 }) }],
    },
  },
};

const card = (name: string) => screen.getByRole('article', { name });
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the dashboard', () => {
  it('shows a skeleton with a status while the figures load, then the page', async () => {
    let release: (value: unknown) => void = () => undefined;
    renderPage(() => new Promise((resolve) => (release = resolve)));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard…');
    release(ok(SUMMARY));
    expect(await screen.findByRole('heading', { level: 2, name: 'Collections' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the dashboard…')).not.toBeInTheDocument();
  });

  it('asks once, quietly (no loading overlay, no banner: the page shows its own states)', async () => {
    const fake = renderPage();
    await screen.findByRole('heading', { name: 'Collections' });
    expect(fake.callsTo(PATH)).toEqual([{ path: PATH, noProgress: true, noBanner: true }]);
  });

  it('shows today, this week and this month: net, payments, refunds and surcharges', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Collections' });
    expect(within(card('Today')).getByTestId('net')).toHaveTextContent('$0.00');
    expect(card('Today')).toHaveTextContent('No payments yet');
    expect(within(card('This week')).getByTestId('net')).toHaveTextContent('$150.00');
    expect(card('This week')).toHaveTextContent('2 payments since 11/16/2026');
    expect(within(card('This month')).getByTestId('net')).toHaveTextContent('$24,380.00');
    expect(card('This month')).toHaveTextContent('120 payments since 11/01/2026');
    expect(card('This month')).toHaveTextContent('$300.00 refunded');
    expect(card('This month')).toHaveTextContent('Includes $410.00 in surcharges');
    expect(card('This week')).not.toHaveTextContent('refunded');
    expect(screen.getByText('As of', { exact: false })).toBeInTheDocument();
  });

  it('breaks this month down by source and by payment method, with the spec’s labels', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Where collections came from' });
    expect(screen.getByRole('tab', { name: 'This month' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 3, name: 'By source' })).toBeInTheDocument();
    expect(tableRows('Collections by source, this month')).toEqual([
      ['Terminal', '70', '$300.00', '$14,700.00'],
      ['Text To Pay', '40', '—', '$8,000.00'],
      ['Insurance Reimbursement', '10', '—', '$1,680.00'],
    ]);
    expect(tableRows('Collections by payment method, this month')).toEqual([
      ['Visa', '80', '$300.00', '$16,700.00'],
      ['American Express', '25', '—', '$6,000.00'],
      ['Check', '15', '—', '$1,680.00'],
    ]);
  });

  it('switches the breakdown to another period, and says so when it has nothing yet', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Where collections came from' });
    await user.click(screen.getByRole('tab', { name: 'This week' }));
    expect(tableRows('Collections by source, this week')).toEqual([['Payment Plan', '2', '—', '$150.00']]);
    expect(tableRows('Collections by payment method, this week')).toEqual([['Cash', '2', '—', '$150.00']]);

    await user.click(screen.getByRole('tab', { name: 'Today' }));
    expect(screen.getByText('No collections yet today')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('links each thing that needs attention to its list, filtered', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Needs attention' });
    const requests = screen.getByRole('link', { name: /Open payment requests/ });
    expect(requests).toHaveAttribute('href', '#/notifications?status=unpaid');
    expect(requests).toHaveTextContent('7');
    expect(requests).toHaveTextContent('$2,450.50 requested');
    const plans = screen.getByRole('link', { name: /Past-due payment plans/ });
    expect(plans).toHaveAttribute('href', '#/paymentplans?status=pastdue');
    expect(plans).toHaveTextContent('$520.00 past due');
    const memberships = screen.getByRole('link', { name: /Memberships needing attention/ });
    expect(memberships).toHaveAttribute('href', '#/customermembershipbillings?status=attention');
    expect(memberships).toHaveTextContent('5');
    expect(memberships).toHaveTextContent('2 past due · 3 with a card expiring · 1 awaiting enrollment');
  });

  it('says when nothing needs attention', async () => {
    renderPage(() =>
      ok({
        ...SUMMARY,
        attention: {
          openPaymentRequests: { count: 0, amount: 0 },
          pastDuePaymentPlans: { count: 0, amount: 0 },
          membershipsNeedingAttention: { count: 0, pastDue: 0, cardExpiring: 0, awaitingPatient: 0 },
        },
      }),
    );
    await screen.findByRole('heading', { name: 'Needs attention' });
    expect(screen.getByRole('link', { name: /Open payment requests/ })).toHaveTextContent(
      'Nothing waiting to be paid',
    );
    expect(screen.getByRole('link', { name: /Past-due payment plans/ })).toHaveTextContent(
      'Every plan is up to date',
    );
    expect(screen.getByRole('link', { name: /Memberships needing attention/ })).toHaveTextContent(
      'Every membership is in good standing',
    );
  });

  it('shows the empty state for a month without collections', async () => {
    renderPage(() => ok({ ...SUMMARY, periods: { today: NOTHING, week: NOTHING, month: NOTHING } }));
    expect(await screen.findByText('No collections yet this month')).toBeInTheDocument();
    expect(within(card('This month')).getByTestId('net')).toHaveTextContent('$0.00');
  });

  it('explains a failure and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage(() => (fail ? refused('This needs the VIEWDASHBOARD role.') : ok(SUMMARY)));
    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('This needs the VIEWDASHBOARD role.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Collections' })).toBeInTheDocument();
  });

  it('is live: a payment taken elsewhere changes Today without waiting for the minute’s refresh', async () => {
    let summary = SUMMARY;
    const fake = renderPage(() => ok(summary));
    await screen.findByRole('heading', { name: 'Collections' });
    expect(card('Today')).toHaveTextContent('No payments yet');

    summary = AFTER_PAYMENT;
    act(() => fake.events.emit('transaction-processed', PAYMENT));
    await waitFor(() => expect(within(card('Today')).getByTestId('net')).toHaveTextContent('$85.00'), {
      timeout: 1_500,
    });
    expect(card('Today')).toHaveTextContent('1 payment');
    expect(fake.callsTo(PATH)).toHaveLength(2);
  });

  it('reads the figures once for a burst of events (a payment and its posting, a billing run)', async () => {
    const fake = renderPage();
    await screen.findByRole('heading', { name: 'Collections' });
    act(() => {
      fake.events.emit('transaction-processed', PAYMENT);
      fake.events.emit('transaction-processed', { ...PAYMENT, practiceManagementStatus: 2 });
      fake.events.emit('transaction-processed', { ...PAYMENT, transactionId: 9002, referenceId: 'd4-9002' });
      fake.events.emit('membership-updated', {
        customerMembershipBillingId: 4,
        customerId: 12,
        status: 'ACTIVE',
        changed: '2026-11-21T15:31:00.000Z',
      });
    });
    await waitFor(() => expect(fake.callsTo(PATH)).toHaveLength(2), { timeout: 1_500 });
    // Nothing more comes once the burst is read.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fake.callsTo(PATH)).toHaveLength(2);
  });

  it('stops listening when the page is left', async () => {
    const fake = renderPage();
    await screen.findByRole('heading', { name: 'Collections' });
    fake.unmount();
    fake.events.emit('transaction-processed', PAYMENT);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fake.callsTo(PATH)).toHaveLength(1);
  });
});
