/**
 * The Payment Plans page against a fake SDK: the dashboard's ?status=pastdue link, the filters and
 * the page in the address and in the list call, each row's figures with the past due highlighted,
 * the empty text of each filter, a row (and the bell's ?paymentPlanId link) opening the plan's
 * modal, the list read again when the modal reports a change, New Payment Plan for those who may,
 * and the new plan opened once created. The modal is the payment-plan widget's: here a stand-in
 * that shows which plan it was given and reports a change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { listRow, plan } from '../../../widgets/ui/testing/planListFixtures.js';
import { focusedDialog } from '../../../widgets/ui/testing/dialogs.js';
import '../../../widgets/ui/testing/domMatchers.js';
import type { PaymentPlanListRow } from '../../../embed-sdk/contract/paymentPlan.js';
import { createPortalSdk, LOGINS, ok, profileOf, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import PaymentPlansPage from './PaymentPlansPage.js';

vi.mock('../../../widgets/payment-plan/PaymentPlan.js', async () => {
  const { createElement: h } = await import('react');
  return {
    PaymentPlan: (props: { planId: number; onClose?: () => void; onChanged?: () => void }) =>
      h(
        'section',
        { 'aria-label': `Payment plan ${props.planId}` },
        h('button', { onClick: () => props.onChanged?.() }, 'Report a change'),
        h('button', { onClick: () => props.onClose?.() }, 'Close plan'),
      ),
  };
});

const JOHN = listRow({
  id: 42,
  patientKey: 1003,
  customerId: 13,
  firstName: 'John',
  lastName: 'Smith',
  frequency: 'WEEKLY',
  currentCycle: 3,
  cycleCount: 8,
  nextBillingDate: '2026-11-28',
  paymentPlanTotal: 48_000,
  balanceDue: 30_000,
  balancePastDue: 12_000,
});
const MARIA = listRow({ id: 41 });
const CANCELED = listRow({
  id: 40,
  patientKey: null,
  firstName: 'Ana',
  lastName: 'Lopez',
  status: 'INACTIVE',
  statusLabel: 'Canceled',
  cancelledDate: '2026-10-02T10:00:00.000Z',
  nextBillingDate: null,
});

function setUp(rows: PaymentPlanListRow[] = [JOHN, MARIA, CANCELED], totalCount = rows.length) {
  return createPortalSdk({
    '/api/paymentPlan/list': () => ok({ paymentPlans: rows, totalCount }),
    '/api/company/current': () => ok({ id: 1, businessId: 'b', appId: 'a' }),
    '/api/customer/searchCustomer': () =>
      ok([{ id: 11, firstName: 'Maria', lastName: 'Garcia', email: 'maria.garcia@example.com' }]),
    '/api/customerSavedCard/customerSavedCards': () => ok([]),
    '/api/paymentPlan/preview': () =>
      ok({
        rows: [
          {
            cycle: 1,
            isDownPayment: false,
            billingDate: '2026-12-21',
            amountDue: 500,
            surcharge: 0,
            total: 500,
          },
        ],
        hasSurcharge: false,
        surchargeRateBps: 0,
      }),
    '/api/paymentPlan/create': () => ok(plan({ id: 77, isCash: true })),
  });
}

/** The address the page is at, as a person would read it in the bar. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function render(
  fake: ReturnType<typeof setUp>,
  path = '/paymentplans',
  user: keyof typeof LOGINS = 'frontdesk',
) {
  return renderPortal(
    <>
      <PaymentPlansPage />
      <Address />
    </>,
    { sdk: fake.sdk, session: SESSIONS[user], profile: profileOf(LOGINS[user]), path },
  );
}

const lastList = (fake: ReturnType<typeof setUp>) => fake.callsTo('/api/paymentPlan/list').at(-1)!.body;
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('the Payment Plans page', () => {
  it('opens filtered by the dashboard’s past-due link and shows each plan’s figures', async () => {
    const fake = setUp();
    render(fake, '/paymentplans?status=pastdue');
    const table = await screen.findByRole('table', { name: 'Payment plans' });
    expect(fake.callsTo('/api/paymentPlan/list')[0]!.body).toEqual({
      status: 'PAST_DUE',
      page: 1,
      pageSize: 10,
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pastdue');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Patient', 'Status', 'Next billing', 'Plan total', 'Balance', 'Past due', 'Progress']);
    const [john, maria, ana] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(john!)).toEqual([
      'John SmithPatient ID: 1003',
      'Active',
      '11/28/2026',
      '$480.00',
      '$300.00',
      '$120.00',
      'Cycle 3 of 8Weekly · Cash or check',
    ]);
    expect(cells(maria!)[5]).toBe('$0.00');
    expect(cells(ana!)).toEqual([
      'Ana Lopez',
      'Canceled10/02/2026',
      '—',
      '$900.00',
      '$450.00',
      '$0.00',
      'Cycle 2 of 5Monthly · Cash or check',
    ]);
    // Only a past due is highlighted (the warning mark goes with it).
    expect(within(john!).getAllByRole('cell')[5]!.querySelector('svg')).not.toBeNull();
    expect(within(maria!).getAllByRole('cell')[5]!.querySelector('svg')).toBeNull();
  });

  it('keeps the search, the status and the page in the address and pages by ten', async () => {
    const fake = setUp([JOHN, MARIA], 25);
    const user = userEvent.setup();
    render(fake);
    await screen.findByRole('table', { name: 'Payment plans' });
    expect(fake.callsTo('/api/paymentPlan/list')[0]!.body).toEqual({ page: 1, pageSize: 10 });
    expect(screen.getByText('25 payment plans · Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList(fake)).toEqual({ page: 2, pageSize: 10 }));
    expect(address()).toBe('/paymentplans?page=2');
    expect(await screen.findByText('25 payment plans · Page 2 of 3')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox'), 'smi');
    await waitFor(() => expect(lastList(fake)).toEqual({ search: 'smi', page: 1, pageSize: 10 }));
    expect(address()).toBe('/paymentplans?q=smi');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    await waitFor(() =>
      expect(lastList(fake)).toEqual({ status: 'COMPLETE', search: 'smi', page: 1, pageSize: 10 }),
    );
    expect(address()).toBe('/paymentplans?q=smi&status=completed');
  });

  it.each([
    ['/paymentplans', 'No payment plans yet.'],
    ['/paymentplans?status=active', 'No active payment plans.'],
    ['/paymentplans?status=pastdue', 'No payment plans are past due.'],
    ['/paymentplans?status=completed', 'No completed payment plans.'],
    ['/paymentplans?status=canceled&q=lopez', 'No canceled payment plans match “lopez”.'],
  ])('says when %s finds nothing', async (path, text) => {
    render(setUp([]), path);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('0 payment plans · Page 1 of 1')).toBeInTheDocument();
  });

  it('opens a row’s plan and reads the list again when the plan changes', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake, '/paymentplans?status=pastdue');
    await user.click(await screen.findByRole('button', { name: 'John Smith' }));
    const modal = await screen.findByRole('region', { name: 'Payment plan 42' });
    expect(address()).toBe('/paymentplans?status=pastdue&paymentPlanId=42');
    const before = fake.callsTo('/api/paymentPlan/list').length;
    await user.click(within(modal).getByRole('button', { name: 'Report a change' }));
    await waitFor(() => expect(fake.callsTo('/api/paymentPlan/list').length).toBeGreaterThan(before));
    expect(lastList(fake)).toEqual({ status: 'PAST_DUE', page: 1, pageSize: 10 });
    await user.click(within(modal).getByRole('button', { name: 'Close plan' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Payment plan/ })).not.toBeInTheDocument(),
    );
    expect(address()).toBe('/paymentplans?status=pastdue');

    // The whole row opens its plan, too.
    const row = screen.getByRole('button', { name: 'Maria Garcia' }).closest('tr')!;
    await user.click(within(row).getAllByRole('cell')[2]!);
    expect(await screen.findByRole('region', { name: 'Payment plan 41' })).toBeInTheDocument();
  });

  it('opens the plan the bell links to', async () => {
    render(setUp(), '/paymentplans?paymentPlanId=7');
    expect(await screen.findByRole('region', { name: 'Payment plan 7' })).toBeInTheDocument();
  });

  it('offers New Payment Plan only to those who may edit plans', async () => {
    render(setUp(), '/paymentplans', 'viewer');
    await screen.findByRole('table', { name: 'Payment plans' });
    expect(screen.queryByRole('button', { name: 'New Payment Plan' })).not.toBeInTheDocument();
  });

  it('creates a plan and opens it', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'New Payment Plan' }));
    const dialog = await focusedDialog('New Payment Plan');
    await user.type(within(dialog).getByRole('combobox', { name: /Patient/ }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Garcia/ }));
    await user.type(within(dialog).getByLabelText(/Plan Total/), '60');
    await user.click(within(dialog).getByRole('radio', { name: 'Cash or check' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Verbal' }));
    await within(dialog).findByRole('table', { name: 'Schedule preview' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Plan' }));
    expect(await screen.findByRole('region', { name: 'Payment plan 77' })).toBeInTheDocument();
    expect(fake.callsTo('/api/paymentPlan/create')[0]!.body).toMatchObject({
      customerId: 11,
      total: 6_000,
      isCash: true,
      approvedMethod: 'VERBAL',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Payment Plan' })).not.toBeInTheDocument(),
    );
  });
});
