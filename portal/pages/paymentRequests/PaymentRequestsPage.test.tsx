/**
 * The Payment Requests page against a fake SDK: the dashboard's ?status=unpaid link, the filters
 * and the page size in the list call, the amounts with their surcharge, pagination, a row opening
 * the detail modal, and New Payment Request.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import { request, REQUEST_ID } from '../../../widgets/ui/testing/requestFixtures.js';
import { createPortalSdk, ok, profileOf, LOGINS, refused, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import PaymentRequestsPage from './PaymentRequestsPage.js';

const PAID = request({
  id: '0d6a6f3e-1111-4c2b-9a3b-0c5d8e7f1a21',
  firstName: 'Omar',
  lastName: 'Haddad',
  status: 'PAID',
  paid: '2026-11-03T10:00:00.000Z',
  orderAmount: 10_000,
  surchargeAmount: 300,
  total: 10_300,
});

function setUp(totalCount = 2) {
  const fake = createPortalSdk({
    '/api/notification/list': () => ok({ notifications: [request(), PAID], totalCount }),
    '/api/notification/getnotification': () => ok(request()),
    '/api/transaction/transactions': () => ok([]),
    '/api/company/current': () => ok({ id: SESSIONS.frontdesk.companyId }),
    '/api/customer/searchCustomer': () =>
      ok([{ id: 11, firstName: 'Maria', lastName: 'Garcia', email: 'maria.garcia@example.com' }]),
    '/api/customer/getCustomer': () =>
      ok({
        id: 11,
        firstName: 'Maria',
        lastName: 'Garcia',
        email: 'maria.garcia@example.com',
        cell: '5125550142',
      }),
    '/api/notification/create': () => ok(request()),
  });
  return fake;
}

const render = (fake: ReturnType<typeof setUp>, path = '/notifications') =>
  renderPortal(<PaymentRequestsPage />, {
    sdk: fake.sdk,
    session: SESSIONS.frontdesk,
    profile: profileOf(LOGINS.frontdesk),
    path,
  });

describe('the Payment Requests page', () => {
  it('opens filtered by the dashboard link and lists the requests with their surcharge', async () => {
    const fake = setUp();
    render(fake, '/notifications?status=unpaid');
    const table = await screen.findByRole('table', { name: 'Payment requests' });
    expect(fake.callsTo('/api/notification/list')[0]!.body).toEqual({
      statuses: ['UNPAID'],
      page: 1,
      pageSize: 10,
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('unpaid');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Maria Garcia');
    expect(rows[0]).toHaveTextContent('$125.00');
    expect(rows[1]).toHaveTextContent('$103.00$100.00 + $3.00 surcharge');
  });

  it('searches by patient, filters by date and pages by ten', async () => {
    const fake = setUp(25);
    const user = userEvent.setup();
    render(fake);
    await screen.findByRole('table', { name: 'Payment requests' });
    expect(screen.getByText('25 payment requests · Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(fake.callsTo('/api/notification/list').at(-1)!.body).toMatchObject({ page: 2 }),
    );
    await user.type(screen.getByRole('searchbox'), 'gar');
    await waitFor(() =>
      expect(fake.callsTo('/api/notification/list').at(-1)!.body).toEqual({
        search: 'gar',
        page: 1,
        pageSize: 10,
      }),
    );
    await user.type(screen.getByLabelText('Sent from'), '2026-11-01');
    await waitFor(() =>
      expect(fake.callsTo('/api/notification/list').at(-1)!.body).toMatchObject({ startDate: '2026-11-01' }),
    );
  });

  it('counts one request in the singular', async () => {
    const fake = setUp(1);
    render(fake);
    await screen.findByRole('table', { name: 'Payment requests' });
    expect(screen.getByText('1 payment request · Page 1 of 1')).toBeInTheDocument();
  });

  it('says so, as an alert, when the list could not be loaded', async () => {
    const fake = createPortalSdk({ '/api/notification/list': () => refused('The server is busy.') });
    render(fake);
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment requests could not be loaded.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads the list again when a payment of a request is approved, not for other payments', async () => {
    const fake = setUp();
    render(fake);
    await screen.findByRole('table', { name: 'Payment requests' });
    const reads = () => fake.callsTo('/api/notification/list').length;
    const before = reads();
    const processed = {
      transactionId: 9,
      referenceId: 'ref-9',
      refundVoidReferenceId: null,
      status: 'APPROVED' as const,
      source: 'TEXTTOPAY' as const,
      amount: 12_500,
      customerId: 11,
      notificationId: REQUEST_ID,
      paymentPlanId: null,
      customerMembershipBillingId: null,
      practiceManagementStatus: 2,
    };
    act(() => fake.events.emit('transaction-processed', { ...processed, notificationId: null }));
    act(() => fake.events.emit('transaction-processed', { ...processed, status: 'DECLINED' }));
    expect(reads()).toBe(before);
    act(() => fake.events.emit('transaction-processed', processed));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('opens the detail modal from a row', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'Maria Garcia' }));
    expect(
      await screen.findByRole('dialog', { name: 'Payment Request for Maria Garcia' }),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/notification/getnotification')[0]!.query).toEqual({ id: REQUEST_ID });
  });

  it('sends a new payment request with the channels prefilled from the patient', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'New Payment Request' }));
    // jsdom lays nothing out: put the focus in the dialog as a browser does, so it becomes the active modal.
    // (The dialog's code loads on demand: wait for it.)
    const surface = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role=dialog]');
      if (!found) throw new Error('The dialog is not open yet.');
      return found;
    });
    act(() => within(surface).getAllByRole('button', { hidden: true })[0]!.focus());
    const dialog = await screen.findByRole('dialog', { name: 'New Payment Request' });
    await user.type(within(dialog).getByRole('combobox', { name: /Patient/ }), 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Garcia/ }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Email address/)).toHaveValue('maria.garcia@example.com'),
    );
    expect(within(dialog).getByLabelText(/Mobile phone/)).toHaveValue('(512) 555-0142');
    await user.type(within(dialog).getByLabelText(/Amount/), '12.5x');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText('The Amount is not a currency value.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '1,250.50');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(fake.callsTo('/api/notification/create')).toHaveLength(1));
    expect(fake.callsTo('/api/notification/create')[0]!.body).toEqual({
      customerId: 11,
      amount: 125_050,
      notifyText: true,
      cell: '(512) 555-0142',
      notifyEmail: true,
      email: 'maria.garcia@example.com',
      message: '',
    });
  });
});
