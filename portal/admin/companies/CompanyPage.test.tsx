/** A practice's admin page: what it shows of the practice, its audit trail, and 'Log in as this practice'. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCompany, AuditEntry } from '../../../embed-sdk/contract/admin.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, ok, SESSIONS } from '../../testing/portalFixtures.js';
import { renderRoutes } from '../../testing/renderPortal.js';
import { describeChange } from '../AuditTrail.js';
import CompanyPage from './CompanyPage.js';

const CEDAR: AdminCompany = {
  id: 2,
  name: 'Cedar Family Dentistry',
  gatewayCode: 'DENTRIX',
  phone: '5125550142',
  created: '2025-03-01T15:00:00.000Z',
  hasSurcharging: true,
  surchargeRateBps: 275,
  state: 'WA',
  doesAllocateProcedures: false,
  membershipDays: 30,
  bccEmail: '',
  gateway: { businessId: 'biz-cedar', appId: 'app-cedar', storeId: 'store-cedar' },
  clinics: [{ clinicNum: 1, description: 'Cedar Park', isHeadquarters: true }],
  people: [
    {
      userId: 5,
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@cedar.test',
      isAdmin: false,
      roles: ['PROCESSVOID'],
    },
  ],
  postings: { pending: 2, failed: 1, lastPosted: '2026-12-01T18:00:00.000Z' },
  volume30Days: 7_332_754,
  status: 'ACTIVE',
};

const ENTRY: AuditEntry = {
  id: 1,
  at: '2026-12-02T10:00:00.000Z',
  actorUserId: 1,
  actorEmail: 'admin@chairside.test',
  action: 'company.loginAs',
  companyId: 2,
  targetType: 'company',
  targetId: '2',
  before: { currentCompanyId: 1 },
  after: { currentCompanyId: 2 },
};

function open() {
  const fake = createPortalSdk({
    '/api/admin/company': () => ok(CEDAR),
    '/api/admin/audit': () => ok({ entries: [ENTRY], totalCount: 1 }),
  });
  const view = renderRoutes([{ path: '/admin/company/:id', element: <CompanyPage /> }], {
    sdk: fake.sdk,
    session: SESSIONS.admin,
    path: '/admin/company/2',
  });
  return { fake, ...view };
}

describe("a practice's admin page", () => {
  it('shows the profile, gateway, practice system queue, clinics, people with their roles, and the audit trail', async () => {
    const { fake } = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cedar Family Dentistry' }),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/admin/company')[0]).toMatchObject({ query: { id: 2 } });
    expect(screen.getByText('2.75 %')).toBeInTheDocument();
    expect(screen.getByText('app-cedar')).toBeInTheDocument();
    expect(screen.getByText('Cedar Park (headquarters)')).toBeInTheDocument();
    const people = screen.getByRole('table', { name: 'People' });
    expect(within(people).getByRole('link', { name: 'Dana Reyes' })).toHaveAttribute(
      'href',
      '#/admin/adminuser/5',
    );
    expect(people.textContent).toContain('Process voids');
    const trail = await screen.findByRole('table', { name: 'Audit trail' });
    expect(trail.textContent).toContain('Logged in as the practice');
    expect(trail.textContent).toContain('currentCompanyId: 1 → 2');
  });

  it('logs in as the practice through the administrator’s entry', async () => {
    const user = userEvent.setup();
    const { actions } = open();
    await user.click(await screen.findByRole('button', { name: 'Log in as this practice' }));
    await waitFor(() => expect(actions.switchPractice).toHaveBeenCalledWith(2, true));
  });

  it('says what changed, field by field', () => {
    expect(describeChange({ before: { rate: 250 }, after: { rate: 300, on: true } })).toBe(
      'rate: 250 → 300; on: — → true',
    );
  });
});
