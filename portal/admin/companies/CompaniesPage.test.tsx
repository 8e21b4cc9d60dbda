/** The Dentists screen as an administrator uses it: the practices' rows, their links, and the search. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCompanyRow } from '../../../embed-sdk/contract/admin.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, ok, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import CompaniesPage from './CompaniesPage.js';

const ROWS: AdminCompanyRow[] = [
  {
    id: 1,
    name: 'Bright Smiles Dental',
    gatewayCode: 'OPENDENTAL',
    clinics: 3,
    users: 6,
    volume30Days: 1_234_567,
    status: 'ACTIVE',
  },
  {
    id: 9,
    name: 'Newly Signed Dental',
    gatewayCode: 'EAGLESOFT',
    clinics: 1,
    users: 0,
    volume30Days: 0,
    status: 'NO_USERS',
  },
];

describe('the Dentists screen', () => {
  it('lists each practice with its system, clinics, people, status and 30-day volume, linking to its page', async () => {
    const fake = createPortalSdk({ '/api/admin/companies': () => ok({ companies: ROWS, totalCount: 2 }) });
    renderPortal(<CompaniesPage />, { sdk: fake.sdk, session: SESSIONS.admin, path: '/admin/companies' });
    const table = await screen.findByRole('table', { name: 'Practices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Bright Smiles Dental' })).toHaveAttribute(
      'href',
      '#/admin/company/1',
    );
    expect(rows[0]!.textContent).toContain('Open Dental');
    expect(rows[0]!.textContent).toContain('Taking payments');
    expect(rows[0]!.textContent).toContain('$12,345.67');
    expect(rows[1]!.textContent).toContain('No users yet');
    expect(screen.getByText(/2 practices/)).toBeInTheDocument();
  });

  it('asks the server for what is typed, once typing settles, from the first page', async () => {
    const user = userEvent.setup();
    const fake = createPortalSdk({
      '/api/admin/companies': (call) =>
        ok({ companies: call.query?.search ? [ROWS[0]!] : ROWS, totalCount: call.query?.search ? 1 : 2 }),
    });
    renderPortal(<CompaniesPage />, {
      sdk: fake.sdk,
      session: SESSIONS.admin,
      path: '/admin/companies?page=2',
    });
    await screen.findByRole('table', { name: 'Practices' });
    await user.type(screen.getByRole('searchbox'), 'smiles');
    await waitFor(() =>
      expect(fake.callsTo('/api/admin/companies').at(-1)).toMatchObject({
        query: { search: 'smiles', page: 1 },
      }),
    );
    expect(fake.callsTo('/api/admin/companies').filter((c) => c.query?.search !== undefined)).toHaveLength(1);
  });
});
