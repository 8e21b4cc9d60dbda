/**
 * The Reports page's frame (ReportsPage.tsx) around a report of the test's own: the request built
 * from the address and the filters, the skeleton, a superseded request cancelled while the previous
 * answer stays (dimmed), a failure with Try again, Export CSV with the same filters, the tabs, and
 * no page without the dashboard role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '../../embed-sdk/contract/endpoint.js';
import { createFakeSdk, ok, refused, type FakeCall } from '../../widgets/ui/testing/fakeSdk.js';
import '../../widgets/ui/testing/domMatchers.js';
import { SESSIONS } from '../testing/portalFixtures.js';
import { renderPortal } from '../testing/renderPortal.js';
import ReportsPage from './ReportsPage.js';
import { defineReportView, type ReportView } from './reportView.js';

const endpoint = post('/api/reports/test', { writes: 'nothing', summary: 'A test report.' });
const other = post('/api/reports/other', { writes: 'nothing', summary: 'Another test report.' });

function Figures({ value, request }: { value: unknown; request: Record<string, unknown> }) {
  return (
    <p>
      Total {String((value as { total: number }).total)} from {String(request.from)} to {String(request.to)}
    </p>
  );
}

const VIEWS: ReportView[] = [
  defineReportView({
    name: 'collections',
    title: 'Collections',
    description: 'What came in.',
    endpoint,
    options: [
      {
        key: 'groupBy',
        label: 'Group by',
        choices: [
          { value: 'day', label: 'Day' },
          { value: 'week', label: 'Week' },
        ],
        defaultValue: 'day',
      },
    ],
    Body: Figures as never,
  }),
  defineReportView({
    name: 'insurance',
    title: 'Insurance reimbursements',
    description: 'What carriers paid.',
    endpoint: other,
    available: (s) => s.gatewayCode === 'OPENDENTAL',
    Body: Figures as never,
  }),
];

vi.mock('./views.js', () => ({
  get REPORT_VIEWS() {
    return VIEWS;
  },
}));

const CLINICS = {
  clinics: [
    { clinicNum: 1, description: 'Main Street' },
    { clinicNum: 2, description: 'Uptown' },
  ],
};

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderAt(
  path: string,
  handlers: Record<string, (call: FakeCall) => unknown>,
  session = SESSIONS.admin,
) {
  const fake = createFakeSdk({ '/api/company/clinics': () => ok(CLINICS), ...handlers });
  fake.sdk.now = () => new Date(2026, 10, 21);
  renderPortal(
    <>
      <Routes>
        <Route path="/reports" element={<ReportsPage />} />
        <Route path="/reports/:report" element={<ReportsPage />} />
      </Routes>
      <Where />
    </>,
    { sdk: fake.sdk, session, path },
  );
  return fake;
}

const bodies = (fake: ReturnType<typeof createFakeSdk>, path = '/api/reports/test') =>
  fake.calls.filter((c) => c.path === path).map((c) => c.body);

beforeEach(() => vi.restoreAllMocks());

describe('the Reports page', () => {
  it('opens the first report, asks for this month with the default options, and shows its answer', async () => {
    const fake = renderAt('/reports', { '/api/reports/test': () => ok({ total: 42 }) });
    expect(await screen.findByText('Total 42 from 2026-11-01 to 2026-11-21')).toBeInTheDocument();
    expect(bodies(fake)).toEqual([{ from: '2026-11-01', to: '2026-11-21', groupBy: 'day' }]);
    expect(screen.getByRole('tab', { name: 'Collections', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('address')).toHaveTextContent('/reports/collections');
  });

  it('shows a skeleton until the first answer, then keeps the answer (dimmed) while a new filter loads, cancelling the one before', async () => {
    const pending: { call: FakeCall; resolve: (v: unknown) => void }[] = [];
    const fake = renderAt('/reports/collections', {
      '/api/reports/test': (call) => new Promise((resolve) => pending.push({ call, resolve })),
    });
    expect(await screen.findByLabelText('Loading the report')).toBeInTheDocument();
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!.resolve(ok({ total: 1 }));
    expect(await screen.findByText(/Total 1 /)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'lastMonth');
    await waitFor(() => expect(pending).toHaveLength(2));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'week');
    await waitFor(() => expect(pending).toHaveLength(3));
    // The second request was superseded before it answered: cancelled.
    expect(pending[1]!.call.signal?.aborted).toBe(true);
    expect(pending[2]!.call.signal?.aborted).toBe(false);
    // The first answer stays on screen while the last loads, and the section says it is busy.
    expect(screen.getByText(/Total 1 /)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Collections' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Updating the report' })).toBeInTheDocument();
    pending[2]!.resolve(ok({ total: 3 }));
    expect(await screen.findByText('Total 3 from 2026-10-01 to 2026-10-31')).toBeInTheDocument();
    expect(bodies(fake).at(-1)).toEqual({ from: '2026-10-01', to: '2026-10-31', groupBy: 'week' });
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/reports/collections?dates=lastMonth&groupBy=week',
    );
  });

  it('a custom range asks for nothing until it is whole and in order, and says why', async () => {
    const fake = renderAt('/reports/collections?dates=custom&from=2026-03-10', {
      '/api/reports/test': () => ok({ total: 5 }),
    });
    expect(await screen.findByText('Choose the first and the last day.')).toBeInTheDocument();
    expect(bodies(fake)).toEqual([]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(await screen.findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(bodies(fake)).toEqual([]);
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    expect(await screen.findByText('Total 5 from 2026-03-10 to 2026-03-31')).toBeInTheDocument();
  });

  it('the clinics chosen go into the request, and a failure offers Try again', async () => {
    let fail = true;
    const fake = renderAt('/reports/collections?clinics=2', {
      '/api/reports/test': () =>
        fail ? refused('The report is not available right now.') : ok({ total: 9 }),
    });
    expect(await screen.findByText('The report is not available right now.')).toBeInTheDocument();
    expect(bodies(fake)[0]).toMatchObject({ clinicNums: [2] });
    expect(screen.getByRole('combobox', { name: 'Clinics' })).toHaveTextContent('Uptown');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Total 9 /)).toBeInTheDocument();
  });

  it('Export CSV asks for a link with the report and the filters on screen, and downloads it', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fake = renderAt('/reports/collections?dates=lastYear&groupBy=week', {
      '/api/reports/test': () => ok({ total: 1 }),
      '/api/reports/export': () => ok({ url: '/api/reports/export.csv?token=a.b', expires: '' }),
    });
    await screen.findByText(/Total 1 /);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    expect(bodies(fake, '/api/reports/export')).toEqual([
      { report: 'collections', filters: { from: '2025-01-01', to: '2025-12-31', groupBy: 'week' } },
    ]);
  });

  it('another tab keeps the period and the clinics, not the options', async () => {
    renderAt(
      '/reports/collections?dates=lastYear&clinics=1&groupBy=week',
      { '/api/reports/test': () => ok({ total: 1 }), '/api/reports/other': () => ok({ total: 2 }) },
      SESSIONS.admin,
    );
    await screen.findByText(/Total 1 /);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Insurance reimbursements' }));
    expect(await screen.findByText(/Total 2 /)).toBeInTheDocument();
    expect(screen.getByLabelText('address')).toHaveTextContent('/reports/insurance?dates=lastYear&clinics=1');
  });

  it('a report the practice has not (insurance, at a Dentrix practice) has no tab', async () => {
    renderAt('/reports/insurance', { '/api/reports/test': () => ok({ total: 1 }) }, SESSIONS.viewer);
    expect(await screen.findByText(/Total 1 /)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Collections']);
    expect(screen.getByLabelText('address')).toHaveTextContent('/reports/collections');
  });

  it('without the dashboard role: no report, and says why', async () => {
    const fake = renderAt('/reports/collections', {}, { ...SESSIONS.frontdesk, roles: [] });
    expect(await screen.findByText(/Reports need the dashboard role\./)).toBeInTheDocument();
    expect(within(document.body).queryByRole('tab')).toBeNull();
    expect(bodies(fake)).toEqual([]);
  });
});
