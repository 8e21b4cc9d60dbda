/**
 * The patient page against a fake SDK: the profile with Edit Patient (the patient form), the stored
 * cards, and the patient's payment requests with New Payment Request for this patient.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import { request } from '../../../widgets/payment-request/testing/fixtures.js';
import { createPortalSdk, LOGINS, ok, profileOf, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import CustomerPage from './CustomerPage.js';

const MARIA = {
  key: 1001,
  id: 11,
  customerId: 11,
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria.garcia@example.com',
  cell: '5125550142',
  zip: '78704',
  clinicNum: 1,
  guarantorId: 1001,
  clinicDescription: 'Headquarters',
  routerName: 'CustomerIndex',
};

function setUp() {
  return createPortalSdk({
    '/api/customer/getCustomer': () => ok(MARIA),
    '/api/company/current': () => ok({ id: SESSIONS.frontdesk.companyId, businessId: 'b', appId: 'a' }),
    '/api/customerSavedCard/customerSavedCards': () => ok([]),
    '/api/notification/list': () => ok({ notifications: [request()], totalCount: 1 }),
  });
}

const render = (fake: ReturnType<typeof setUp>) =>
  renderPortal(
    <Routes>
      <Route path="Customer/:id" element={<CustomerPage />} />
    </Routes>,
    {
      sdk: fake.sdk,
      session: SESSIONS.frontdesk,
      profile: profileOf(LOGINS.frontdesk),
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

  it('sends a new payment request to this patient', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'New Payment Request' }));
    const surface = await waitFor(() => document.querySelector<HTMLElement>('[role=dialog]')!);
    act(() => within(surface).getAllByRole('button', { hidden: true })[0]!.focus());
    const dialog = await screen.findByRole('dialog', { name: 'New Payment Request' });
    expect(within(dialog).getByRole('textbox', { name: 'Patient' })).toHaveValue('Maria Garcia');
  });

  it('edits the patient through the patient form', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'Edit Patient' }));
    await waitFor(() => expect(document.querySelector('[role=dialog]')).not.toBeNull());
  });
});
