/**
 * The patient page against a fake SDK: the profile with Edit Patient (the patient form), the stored
 * cards, the patient's payment plans with New Payment Plan for this patient, and the patient's
 * payment requests with New Payment Request for this patient. The plan modal is the payment-plan
 * widget's: here a stand-in that shows which plan it was given.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MARIA } from '../../../widgets/ui/testing/cardFixtures.js';
import { focusedDialog } from '../../../widgets/ui/testing/dialogs.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { listRow } from '../../../widgets/ui/testing/planListFixtures.js';
import { request } from '../../../widgets/ui/testing/requestFixtures.js';
import { createPortalSdk, LOGINS, ok, profileOf, refused, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import CustomerPage from './CustomerPage.js';

vi.mock('../../../widgets/payment-plan/PaymentPlan.js', async () => {
  const { createElement: h } = await import('react');
  return {
    PaymentPlan: (props: { planId: number }) =>
      h('section', { 'aria-label': `Payment plan ${props.planId}` }),
  };
});

function setUp(overrides: Parameters<typeof createPortalSdk>[0] = {}) {
  return createPortalSdk({
    '/api/customer/getCustomer': () => ok(MARIA),
    '/api/company/current': () => ok({ id: SESSIONS.frontdesk.companyId, businessId: 'b', appId: 'a' }),
    '/api/customerSavedCard/customerSavedCards': () => ok([]),
    '/api/notification/list': () => ok({ notifications: [request()], totalCount: 1 }),
    '/api/paymentPlan/list': () =>
      ok({
        paymentPlans: [listRow({ id: 41, balancePastDue: 15_000, created: '2026-09-20T15:00:00.000Z' })],
        totalCount: 1,
      }),
    ...overrides,
  });
}

const render = (fake: ReturnType<typeof setUp>, user: 'frontdesk' | 'viewer' = 'frontdesk') =>
  renderPortal(
    <Routes>
      <Route path="Customer/:id" element={<CustomerPage />} />
    </Routes>,
    {
      sdk: fake.sdk,
      session: SESSIONS[user],
      profile: profileOf(LOGINS[user]),
      path: '/Customer/11?key=1001',
    },
  );

describe('the patient page', () => {
  it('shows the profile, the stored cards and the patient’s payment requests', async () => {
    const fake = setUp();
    render(fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Garcia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stored Cards' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payment requests of Maria Garcia' });
    expect(table).toHaveTextContent('$125.00');
    expect(fake.callsTo('/api/notification/list')[0]!.body).toEqual({
      customerId: 11,
      page: 1,
      pageSize: 10,
    });
  });

  it('shows a paid request’s total with its surcharge, as the Payment Requests page does', async () => {
    const paid = request({
      status: 'PAID',
      paid: '2026-11-03T10:00:00.000Z',
      orderAmount: 10_000,
      surchargeAmount: 300,
      total: 10_300,
    });
    const fake = setUp({ '/api/notification/list': () => ok({ notifications: [paid], totalCount: 1 }) });
    render(fake);
    const table = await screen.findByRole('table', { name: 'Payment requests of Maria Garcia' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Paid$103.00$100.00 + $3.00 surcharge');
  });

  it('says so, as an alert, when the patient’s requests or plans could not be loaded', async () => {
    const fake = setUp({
      '/api/notification/list': () => refused('The server is busy.'),
      '/api/paymentPlan/list': () => refused('The server is busy.'),
    });
    render(fake);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
        expect.arrayContaining([
          'The payment requests could not be loaded.',
          'The payment plans could not be loaded.',
        ]),
      ),
    );
  });

  it('sends a new payment request to this patient', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'New Payment Request' }));
    // The dialog's code loads on demand: wait for it to be there.
    const surface = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role=dialog]');
      expect(found).not.toBeNull();
      return found!;
    });
    act(() => within(surface).getAllByRole('button', { hidden: true })[0]!.focus());
    const dialog = await screen.findByRole('dialog', { name: 'New Payment Request' });
    expect(within(dialog).getByRole('textbox', { name: 'Patient' })).toHaveValue('Maria Garcia');
  });

  it('lists the patient’s payment plans and opens one', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const table = await screen.findByRole('table', { name: 'Payment plans of Maria Garcia' });
    expect(fake.callsTo('/api/paymentPlan/list')[0]!.body).toEqual({ customerId: 11, page: 1, pageSize: 10 });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '09/20/2026',
      'Active',
      '12/20/2026',
      '$900.00',
      '$450.00',
      '$150.00',
      'Cycle 2 of 5Monthly · Cash or check',
    ]);
    await user.click(within(row!).getByRole('button', { name: '09/20/2026' }));
    expect(await screen.findByRole('region', { name: 'Payment plan 41' })).toBeInTheDocument();
  });

  it('sets up a new payment plan for this patient', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const plans = await screen.findByRole('region', { name: 'Payment Plans' });
    await user.click(within(plans).getByRole('button', { name: 'New Payment Plan' }));
    const dialog = await focusedDialog('New Payment Plan');
    expect(within(dialog).getByText('New Payment Plan for Maria Garcia')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Patient/ })).not.toBeInTheDocument();
    expect(await within(dialog).findByText('Add a Card')).toBeInTheDocument();
  });

  it('shows a viewer the plans without New Payment Plan', async () => {
    const fake = setUp();
    render(fake, 'viewer');
    await screen.findByRole('table', { name: 'Payment plans of Maria Garcia' });
    expect(screen.queryByRole('button', { name: 'New Payment Plan' })).not.toBeInTheDocument();
  });

  it('edits the patient through the patient form', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'Edit Patient' }));
    await waitFor(() => expect(document.querySelector('[role=dialog]')).not.toBeNull());
  });
});
