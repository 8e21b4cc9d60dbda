/**
 * Membership Administration against a fake SDK: the catalogue with each plan's figures, Add Plan with
 * its validation (each bad field named, nothing sent), a plan added and edited, a server refusal
 * shown under its field, reordering (every id once), retiring (with its confirmation) and offering a
 * plan again, hiding retired plans, and the route's role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../embed-sdk/api/errors.js';
import type { MembershipPlan } from '../../../embed-sdk/contract/membership.js';
import type { FakeHandler } from '../../../widgets/ui/testing/fakeSdk.js';
import { focusedDialog } from '../../../widgets/ui/testing/dialogs.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { CATALOGUE, membershipPlan } from '../../testing/membershipFixtures.js';
import {
  createPortalSdk,
  LOGINS,
  ok,
  profileOf,
  SESSIONS,
  shellHandlers,
} from '../../testing/portalFixtures.js';
import { renderPortal, renderRoutes, stubViewport } from '../../testing/renderPortal.js';
import { routes } from '../../routing/routes.js';
import MembershipAdministrationPage from './MembershipAdministrationPage.js';

function setUp(plans: MembershipPlan[] = CATALOGUE, handlers: Record<string, FakeHandler> = {}) {
  return createPortalSdk({
    ...shellHandlers(),
    '/api/membershipPlan/list': () => ok(plans),
    '/api/membershipPlan/create': (call) =>
      ok(membershipPlan({ id: 9, sortOrder: 5, memberCount: 0, ...(call.body as object), benefits: [] })),
    '/api/membershipPlan/update': (call) => ok({ ...plans[0]!, ...(call.body as object), benefits: [] }),
    '/api/membershipPlan/setActive': (call) => {
      const body = call.body as { id: number; isActive: boolean };
      return ok({ ...plans.find((p) => p.id === body.id)!, isActive: body.isActive });
    },
    '/api/membershipPlan/reorder': (call) => {
      const ids = (call.body as { ids: number[] }).ids;
      return ok(ids.map((id, i) => ({ ...plans.find((p) => p.id === id)!, sortOrder: i + 1 })));
    },
    ...handlers,
  });
}

const render = (fake: ReturnType<typeof setUp>) =>
  renderPortal(<MembershipAdministrationPage />, {
    sdk: fake.sdk,
    session: SESSIONS.admin,
    profile: profileOf(LOGINS.admin),
    path: '/managemembership',
  });

const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Membership Administration', () => {
  it('lists every plan, retired ones too, with its figures', async () => {
    const fake = setUp();
    render(fake);
    const table = await screen.findByRole('table', { name: 'Membership plans' });
    expect(fake.callsTo('/api/membershipPlan/list')[0]!.query).toEqual({ includeRetired: true });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Plan', 'Benefits', 'Monthly', 'Yearly', 'Members', 'Actions']);
    const [adult, , perio, legacy] = rows(table);
    expect(cells(adult!).slice(1, 6)).toEqual([
      'Smile Club AdultPreventive care for adults without dental insurance.Discount plan: Smile Club 15% off treatment',
      'Two cleanings and exams a year15% off all other treatment',
      '$33.00',
      '$360.00',
      '12',
    ]);
    expect(cells(perio!).slice(1, 5)).toEqual([
      'Perio MaintenanceFour periodontal maintenance visits a year.Discount plan: none',
      'Four periodontal maintenance visits a year',
      '—',
      '$540.00',
    ]);
    expect(within(legacy!).getByText('Retired')).toBeInTheDocument();
    expect(within(legacy!).getByRole('button', { name: 'Offer Legacy Value Plan again' })).not.toBeDisabled();
    expect(within(adult!).getByRole('button', { name: 'Move Smile Club Adult up' })).toBeDisabled();

    await userEvent.setup().click(screen.getByRole('switch', { name: 'Show retired plans' }));
    expect(rows(table)).toHaveLength(3);
    expect(screen.queryByText('Legacy Value Plan')).toBeNull();
  });

  it('names each bad field of a new plan and sends nothing', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'Add Plan' }));
    const dialog = await focusedDialog('Add Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Add Plan' }));
    expect(await within(dialog).findByText('The label is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a monthly price, a yearly price or both.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Label/ }), 'Whitening Club');
    await user.type(within(dialog).getByRole('textbox', { name: /Monthly price/ }), '0.50');
    await user.type(within(dialog).getByRole('textbox', { name: /Yearly price/ }), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Add Plan' }));
    expect(await within(dialog).findByText('The Monthly price is not a currency value.')).toBeInTheDocument();
    expect(within(dialog).getByText('The Yearly price is not a currency value.')).toBeInTheDocument();
    expect(within(dialog).queryByText('The label is required.')).toBeNull();
    expect(fake.callsTo('/api/membershipPlan/create')).toHaveLength(0);
  });

  it('adds a plan with its benefits and prices in cents', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'Add Plan' }));
    const dialog = await focusedDialog('Add Plan');
    await user.type(within(dialog).getByRole('textbox', { name: /Label/ }), 'Whitening Club');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Bright all year.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Benefit 1' }), '2 cleanings a year');
    await user.click(within(dialog).getByRole('button', { name: 'Add Benefit' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Benefit 2' }), '20% off fillings');
    await user.type(within(dialog).getByRole('textbox', { name: /Yearly price/ }), '1,200.50');
    await user.type(within(dialog).getByRole('textbox', { name: /Linked discount plan/ }), 'Club 20%');
    await user.click(within(dialog).getByRole('button', { name: 'Add Plan' }));
    await waitFor(() => expect(fake.callsTo('/api/membershipPlan/create')).toHaveLength(1));
    expect(fake.callsTo('/api/membershipPlan/create')[0]!.body).toEqual({
      label: 'Whitening Club',
      description: 'Bright all year.',
      image: null,
      benefits: ['2 cleanings a year', '20% off fillings'],
      monthlyAmount: null,
      yearlyAmount: 120050,
      discountPlan: 'Club 20%',
    });
    expect(await screen.findByText('Whitening Club')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows what the server refused under its field and keeps the form', async () => {
    const fake = setUp(CATALOGUE, {
      '/api/membershipPlan/update': () => {
        throw new ApiError(
          'refused',
          400,
          {
            isSuccess: false,
            value: null,
            errors: ['body.yearlyAmount: must be at most $999,999.99'],
            showMessage: true,
          },
          'POST /api/membershipPlan/update',
        );
      },
    });
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'Edit Smile Club Adult' }));
    const dialog = await focusedDialog('Edit Plan');
    expect(within(dialog).getByRole('textbox', { name: /Monthly price/ })).toHaveValue('33.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));
    expect(await within(dialog).findByText('Yearly price must be at most $999,999.99')).toBeInTheDocument();
    expect(fake.callsTo('/api/membershipPlan/update')[0]!.body).toMatchObject({
      id: 1,
      label: 'Smile Club Adult',
      monthlyAmount: 3300,
      yearlyAmount: 36000,
      benefits: ['Two cleanings and exams a year', '15% off all other treatment'],
    });
  });

  it('moves a plan down with every plan’s id once, and retires and offers plans again', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: 'Move Smile Club Adult down' }));
    await waitFor(() =>
      expect(fake.callsTo('/api/membershipPlan/reorder')[0]!.body).toEqual({ ids: [2, 1, 3, 4] }),
    );
    const table = screen.getByRole('table', { name: 'Membership plans' });
    await waitFor(() => expect(cells(rows(table)[0]!)[1]).toMatch(/^Smile Club Kids/));

    await user.click(screen.getByRole('button', { name: 'Retire Perio Maintenance' }));
    const confirm = await focusedDialog('Retire Perio Maintenance?', 'alertdialog');
    expect(confirm).toHaveTextContent(
      'Perio Maintenance will no longer be offered for new memberships. Its 3 current enrollees keep the plan and are billed as before.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Retire Plan' }));
    await waitFor(() =>
      expect(fake.callsTo('/api/membershipPlan/setActive')[0]!.body).toEqual({ id: 3, isActive: false }),
    );
    expect(await screen.findByRole('button', { name: 'Offer Perio Maintenance again' })).not.toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Offer Legacy Value Plan again' }));
    await waitFor(() =>
      expect(fake.callsTo('/api/membershipPlan/setActive')[1]!.body).toEqual({ id: 4, isActive: true }),
    );
  });

  it('is for those who manage memberships', async () => {
    stubViewport(1440);
    const fake = setUp();
    renderRoutes(routes, {
      sdk: fake.sdk,
      session: { ...SESSIONS.frontdesk, termsOfService: true },
      profile: profileOf(LOGINS.frontdesk),
      path: '/managemembership',
    });
    expect(
      await screen.findByText(/Membership administration needs the role to manage memberships\./),
    ).toBeInTheDocument();
    expect(fake.callsTo('/api/membershipPlan/list')).toHaveLength(0);
  });
});
