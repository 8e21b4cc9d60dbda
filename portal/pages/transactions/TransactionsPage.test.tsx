/**
 * The Transactions page against a fake SDK: the filter comes from the address and goes back to it (a
 * link or a reload keeps it), a payment plan source opens its modal in place, and a payment
 * request's Payment Activity opens a payment's Transaction Details.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import type { TransactionFilter } from '../../../embed-sdk/contract/transaction.js';
import type { Transaction } from '../../../embed-sdk/contract/transaction.js';
import { payment, request, REQUEST_ID } from '../../../widgets/ui/testing/requestFixtures.js';
import { createPortalSdk, ok, profileOf, LOGINS, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal, renderRoutes } from '../../testing/renderPortal.js';
import { RequestModal } from '../paymentRequests/RequestModal.js';
import TransactionsPage from './TransactionsPage.js';

const tx = (over: Partial<Transaction> & Pick<Transaction, 'id'>) =>
  payment({ status: 'APPROVED', referenceId: `R${over.id}ABC-2026-0001`, notificationId: null, ...over });

const ROWS = [
  tx({ id: 1, source: 'TERMINAL' }),
  tx({ id: 2, source: 'TEXTTOPAY', notificationId: REQUEST_ID }),
];

function setUp() {
  return createPortalSdk({
    '/api/transaction/transactions': () => ok(ROWS),
    '/api/company/current': () => ok({ id: SESSIONS.frontdesk.companyId, gatewayCode: 'OPENDENTAL' }),
    '/api/notification/getnotification': () => ok(request({ status: 'PAID' })),
    '/api/customer/getCustomer': () => ok({ id: 11, firstName: 'Maria', lastName: 'Garcia' }),
    '/api/company/clinics': () => ok({ clinics: [{ clinicNum: 2, description: 'Eastside' }] }),
  });
}

const listBody = (fake: ReturnType<typeof setUp>) =>
  fake.callsTo('/api/transaction/transactions').at(-1)!.body as TransactionFilter;

const routes = [{ path: '/transactions', element: <TransactionsPage /> }];
const options = (fake: ReturnType<typeof setUp>, path: string) => ({
  sdk: fake.sdk,
  session: SESSIONS.frontdesk,
  profile: profileOf(LOGINS.frontdesk),
  path,
});

describe('the Transactions page', () => {
  it('reads the filter from the address, writes changes back, and a reload keeps them', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    const { router, unmount } = renderRoutes(
      routes,
      options(fake, '/transactions?source=TERMINAL&patient=11'),
    );
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(listBody(fake)).toMatchObject({ modules: ['TERMINAL'], customerId: 11 }));
    const bar = screen.getByRole('search', { name: 'Filter transactions' });
    // The patient's name is looked up for the box.
    expect(await within(bar).findByDisplayValue('Maria Garcia')).toBeInTheDocument();
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Status' }), 'Approved');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?source=TERMINAL&status=approved&patient=11'),
    );
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Dates' }), 'Last 7 days');
    await waitFor(() => expect(router.state.location.search).toContain('dates=last7'));
    const address = `/transactions${router.state.location.search}`;
    unmount();

    // A reload: the same address, the same filter.
    const again = setUp();
    renderRoutes(routes, options(again, address));
    const reloaded = await screen.findByRole('search', { name: 'Filter transactions' });
    expect(within(reloaded).getByRole('combobox', { name: 'Status' })).toHaveValue('APPROVED');
    expect(within(reloaded).getByRole('combobox', { name: 'Dates' })).toHaveValue('last7');
    await waitFor(() =>
      expect(listBody(again)).toMatchObject({ modules: ['TERMINAL'], status: 'APPROVED', customerId: 11 }),
    );
  });

  it("keeps a report's payment method, clinic and provider filters, shows each, and clears one", async () => {
    const fake = setUp();
    const user = userEvent.setup();
    // A report's link: a day's card collections of two clinics (0: no clinic) and one provider.
    const link =
      '/transactions?dates=custom&from=2026-11-03&to=2026-11-03&methods=VISA,CASH&clinics=2,0&providers=DOC1';
    const { router, unmount } = renderRoutes(routes, options(fake, link));
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() =>
      expect(listBody(fake)).toMatchObject({
        startDate: '2026-11-03',
        endDate: '2026-11-03',
        methods: ['VISA', 'CASH'],
        clinicNums: [2, 0],
        providers: ['DOC1'],
      }),
    );
    const bar = screen.getByRole('search', { name: 'Filter transactions' });
    const narrowed = within(bar).getByRole('group', { name: 'Also filtered by' });
    expect(
      within(narrowed).getByRole('button', { name: 'Clear the filter Payment method: Visa, Cash' }),
    ).toBeInTheDocument();
    expect(
      await within(narrowed).findByRole('button', { name: 'Clear the filter Clinic: Eastside, No clinic' }),
    ).toBeInTheDocument();
    await user.click(within(narrowed).getByRole('button', { name: 'Clear the filter Provider: DOC1' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?dates=custom&from=2026-11-03&to=2026-11-03&methods=VISA%2CCASH&clinics=2%2C0',
      ),
    );
    await waitFor(() => expect(listBody(fake).providers).toBeUndefined());
    expect(listBody(fake)).toMatchObject({ methods: ['VISA', 'CASH'], clinicNums: [2, 0] });
    const address = `/transactions${router.state.location.search}`;
    unmount();

    // A reload keeps what is left; Clear filters clears it all.
    const again = setUp();
    const reloaded = renderRoutes(routes, options(again, address));
    const bar2 = await screen.findByRole('search', { name: 'Filter transactions' });
    expect(within(bar2).queryByRole('button', { name: /Provider/ })).toBeNull();
    await waitFor(() =>
      expect(listBody(again)).toMatchObject({ methods: ['VISA', 'CASH'], clinicNums: [2, 0] }),
    );
    await user.click(within(bar2).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(reloaded.router.state.location.search).toBe(''));
    expect(within(bar2).queryByRole('group', { name: 'Also filtered by' })).toBeNull();
  });

  it('links patients to the patient page and takes a payment request source to its modal', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    renderRoutes(routes, options(fake, '/transactions'));
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('link', { name: 'Maria Garcia' })[0]).toHaveAttribute(
      'href',
      '#/customer/11?key=1001',
    );
    await user.click(within(table).getByRole('link', { name: 'Text To Pay' }));
    expect(await screen.findByRole('dialog', { name: /Payment Request for/ })).toBeInTheDocument();
  });
});

describe('a payment request’s Payment Activity', () => {
  it('opens a payment’s Transaction Details', async () => {
    const fake = createPortalSdk({
      '/api/notification/getnotification': () => ok(request({ status: 'PAID' })),
      '/api/transaction/transactions': () =>
        ok([tx({ id: 5, source: 'TEXTTOPAY', notificationId: REQUEST_ID })]),
      '/api/company/current': () => ok({ id: SESSIONS.frontdesk.companyId }),
    });
    const user = userEvent.setup();
    renderPortal(<RequestModal notificationId={REQUEST_ID} onClose={() => undefined} />, {
      sdk: fake.sdk,
      session: SESSIONS.frontdesk,
      profile: profileOf(LOGINS.frontdesk),
    });
    const activity = await screen.findByRole('region', { name: 'Payment Activity' });
    await user.click(within(activity).getByRole('button'));
    const details = await screen.findByRole('dialog', { name: 'Transaction Details', hidden: true });
    expect(await within(details).findByText('R5ABC')).toBeInTheDocument();
  });
});
