/**
 * The Memberships page against a fake SDK: the tiles, each row's cells (status pill, plans, cycle,
 * amount, next payment with its retry, the rules' renewal label, the past-due balance), the filters
 * and the page kept in the address and sent to the list call, the Expiring filter named with the
 * practice's membershipDays, paging by ten, the empty texts, a row (and the bell's link) opening the
 * membership modal with its id, the lists read again when it reports a change, and the
 * route's role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MembershipListRow } from '../../../embed-sdk/contract/membership.js';
import { focusedDialog } from '../../../widgets/ui/testing/dialogs.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { fakeMembershipServer } from '../../../widgets/ui/testing/fakeMembershipServer.js';
import { awaiting } from '../../../widgets/ui/testing/membershipFixtures.js';
import { MEMBERSHIP_ROWS, MEMBERSHIP_SUMMARY } from '../../testing/membershipFixtures.js';
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
import MembershipsPage from './MembershipsPage.js';

function setUp(rows: MembershipListRow[] = MEMBERSHIP_ROWS, totalCount = rows.length) {
  return createPortalSdk({
    // The modal a row opens: the membership billing's own calls.
    ...fakeMembershipServer(awaiting({ id: 303 })).handlers,
    ...shellHandlers(),
    '/api/customerMembershipBilling/list': () => ok({ memberships: rows, totalCount }),
    '/api/customerMembershipBilling/summary': () => ok(MEMBERSHIP_SUMMARY),
  });
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function render(fake: ReturnType<typeof setUp>, path = '/customermembershipbillings', days = 30) {
  const session = { ...SESSIONS.frontdesk, config: { ...SESSIONS.frontdesk.config, membershipDays: days } };
  return renderPortal(
    <>
      <MembershipsPage />
      <Address />
    </>,
    { sdk: fake.sdk, session, profile: profileOf(LOGINS.frontdesk), path },
  );
}

const LIST = '/api/customerMembershipBilling/list';
const lastList = (fake: ReturnType<typeof setUp>) => fake.callsTo(LIST).at(-1)!.body;
// Hidden included: in jsdom, Fluent's modal leaves the page aria-hidden after the modal closes.
const address = () => screen.getByRole('status', { name: 'Address', hidden: true }).textContent;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the Memberships page', () => {
  it('shows the tiles and each membership’s figures', async () => {
    const fake = setUp();
    render(fake);
    const table = await screen.findByRole('table', { name: 'Memberships' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Patient', 'Status', 'Plans', 'Cycle', 'Amount', 'Next payment', 'Renewal', 'Balance']);
    const [maria, john, priya, ana, tom, lena] = within(table).getAllByRole('row').slice(1);
    expect(cells(maria!)).toEqual([
      'Maria GarciaPatient ID: 1001',
      'Active',
      'Smile Club Adult, Smile Club Kids',
      'Monthly',
      '$56.00',
      '12/05/2026',
      'Auto-Renews',
      '$0.00',
    ]);
    expect(cells(john!).slice(1)).toEqual([
      'Active',
      'Smile Club Adult',
      'Yearly',
      '$360.00',
      '01/10/2027',
      'Expires On01/10/2027',
      '$0.00',
    ]);
    expect(cells(priya!).slice(5)).toEqual(['12/14/2026Retry 11/24/2026', 'Auto-Renews', '$49.00']);
    expect(within(priya!).getAllByRole('cell')[7]!.querySelector('svg')).not.toBeNull();
    expect(within(maria!).getAllByRole('cell')[7]!.querySelector('svg')).toBeNull();
    expect(cells(ana!).slice(1, 3)).toEqual(['Awaiting Completion', 'Smile Club Adult, Smile Club Kids × 2']);
    expect(cells(ana!)[5]).toBe('—');
    // Awaiting the patient: it auto-renews once started (not 'Renewal', the column's own name).
    expect(cells(ana!)[6]).toBe('Auto-Renews');
    expect(cells(tom!).slice(1, 2)).toEqual([`Expired 06/01/2026`]);
    expect(cells(lena!).slice(1, 2)).toEqual(['Canceled 10/02/2026']);
    expect(cells(lena!)[6]).toBe('Does not renew');

    const tiles = screen.getByRole('region', { name: 'Membership summary' });
    expect(within(tiles).getByRole('group', { name: 'Active members' })).toHaveTextContent(
      'Active members48In 31 active memberships',
    );
    expect(within(tiles).getByRole('group', { name: 'Monthly recurring revenue' })).toHaveTextContent(
      '$1,284.50',
    );
    expect(within(tiles).getByRole('group', { name: 'Renewals in the next 30 days' })).toHaveTextContent(
      'Renewals in the next 30 days4',
    );
    expect(within(tiles).getByRole('group', { name: 'Past due' })).toHaveTextContent(
      'Past due$147.003 memberships past due ›',
    );
  });

  it('keeps the search, the status and the page in the address and pages by ten', async () => {
    const fake = setUp(MEMBERSHIP_ROWS, 25);
    const user = userEvent.setup();
    render(fake, '/customermembershipbillings', 45);
    await screen.findByRole('table', { name: 'Memberships' });
    expect(fake.callsTo(LIST)[0]!.body).toEqual({ page: 1, pageSize: 10 });
    expect(screen.getByText('25 memberships · Page 1 of 3')).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All',
      'Needs attention',
      'Active',
      'Awaiting',
      'Past due',
      'Card expiring',
      'Expiring within 45 days',
      'Expired',
      'Canceled',
    ]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList(fake)).toEqual({ page: 2, pageSize: 10 }));
    expect(address()).toBe('/customermembershipbillings?page=2');

    await user.type(screen.getByRole('searchbox'), 'garc');
    await waitFor(() => expect(lastList(fake)).toEqual({ search: 'garc', page: 1, pageSize: 10 }));
    expect(address()).toBe('/customermembershipbillings?q=garc');

    for (const [value, sent] of [
      ['active', 'ACTIVE'],
      ['awaiting', 'AWAITING'],
      ['pastdue', 'PAST_DUE'],
      ['expiring', 'EXPIRING'],
      ['expired', 'EXPIRED'],
      ['canceled', 'CANCELED'],
    ] as const) {
      await user.selectOptions(status, value);
      await waitFor(() =>
        expect(lastList(fake)).toEqual({ status: sent, search: 'garc', page: 1, pageSize: 10 }),
      );
      expect(address()).toBe(`/customermembershipbillings?q=garc&status=${value}`);
    }
  });

  it('filters to the past-due memberships from the past-due tile', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    await user.click(await screen.findByRole('button', { name: '3 memberships past due ›' }));
    await waitFor(() => expect(lastList(fake)).toEqual({ status: 'PAST_DUE', page: 1, pageSize: 10 }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pastdue');
  });

  it.each([
    ['/customermembershipbillings', 'No memberships yet.'],
    ['/customermembershipbillings?status=awaiting', 'No memberships are awaiting the patient.'],
    ['/customermembershipbillings?status=past_due', 'No memberships are past due.'],
    ['/customermembershipbillings?status=expiring', 'No memberships expire soon.'],
    ['/customermembershipbillings?status=cancelled&q=baker', 'No canceled memberships match “baker”.'],
  ])('says when %s finds nothing', async (path, text) => {
    render(setUp([]), path);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('0 memberships · Page 1 of 1')).toBeInTheDocument();
  });

  it('opens a row’s membership in the membership modal and reads the lists again after a change', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake, '/customermembershipbillings?status=pastdue');
    await user.click(await screen.findByRole('button', { name: 'Priya Patel' }));
    expect(address()).toBe('/customermembershipbillings?status=pastdue&customerMembershipBillingId=303');
    const dialog = await screen.findByRole('dialog', { name: 'Membership for Maria Garcia' });
    expect(await within(dialog).findByText('Membership ID: 303')).toBeInTheDocument();
    expect(fake.callsTo('/api/customerMembershipBilling/getCustomerMembershipBilling')[0]!.query).toEqual({
      id: 303,
    });

    const lists = fake.callsTo(LIST).length;
    const tiles = fake.callsTo('/api/customerMembershipBilling/summary').length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Membership' }));
    // Fluent's modalizer hides the dialog from the accessibility tree until the focus moves in: under
    // load, later than findByRole waits (focusedDialog moves it, as a browser does).
    const cancel = await focusedDialog('Cancel Membership');
    await user.click(await within(cancel).findByRole('radio', { name: 'Immediately' }));
    await user.click(within(cancel).getByRole('button', { name: 'Cancel Membership' }));
    await waitFor(() => expect(fake.callsTo(LIST).length).toBeGreaterThan(lists));
    await waitFor(() =>
      expect(fake.callsTo('/api/customerMembershipBilling/summary').length).toBeGreaterThan(tiles),
    );

    await waitFor(() => expect(dialog.getAttribute('aria-hidden')).toBeNull());
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Membership for Maria Garcia' })).toBeNull(),
    );
    await waitFor(() => expect(address()).toBe('/customermembershipbillings?status=pastdue'));
  });

  it('opens the membership the bell links to', async () => {
    render(setUp(), '/customermembershipbillings?customerMembershipBillingId=9');
    await screen.findByRole('table', { name: 'Memberships' });
    expect(await screen.findByRole('dialog', { name: 'Membership for Maria Garcia' })).toBeInTheDocument();
  });

  it('is for those who may view memberships', async () => {
    stubViewport(1440);
    const fake = setUp();
    renderRoutes(routes, {
      sdk: fake.sdk,
      session: { ...SESSIONS.frontdesk, roles: ['VIEWDASHBOARD'] },
      profile: profileOf(LOGINS.frontdesk),
      path: '/customermembershipbillings',
    });
    expect(await screen.findByText(/Memberships need the role to view memberships\./)).toBeInTheDocument();
    expect(fake.callsTo(LIST)).toHaveLength(0);
  });
});
