/**
 * Settings › Bulk payment requests against a fake SDK: a pasted list's bad lines are named before
 * the server is asked; the review shows how many and how much; Send sends once with the review's
 * key and the message; the run's progress is read until it is finished, then the summary lists who
 * got no request and why.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BulkRun } from '../../../embed-sdk/contract/bulkRequests.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { createPortalSdk, ok, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import { BulkRequestsPanel } from './BulkRequestsPanel.js';

const RUN: BulkRun = {
  id: '3f0c9a4e-1b2d-4c5e-8f70-9a1b2c3d4e5f',
  created: '2026-11-20T10:00:00.000Z',
  finished: null,
  message: 'Your statement.',
  count: 3,
  total: 30_000,
  sent: 0,
  failed: 0,
  skipped: 0,
  pending: 3,
  notSent: [],
};
const FINISHED: BulkRun = {
  ...RUN,
  finished: '2026-11-20T10:00:05.000Z',
  sent: 2,
  failed: 1,
  pending: 0,
  notSent: [
    {
      patNum: 1044,
      name: 'Ann Lee',
      amount: 10_000,
      status: 'FAILED',
      reason: 'No mobile number or e-mail address.',
    },
  ],
};

function renderPanel() {
  let reads = 0;
  const fake = createPortalSdk({
    '/api/settings/bulkRequests/latest': () => ok({ run: null }),
    '/api/settings/bulkRequests/preview': () =>
      ok({
        patients: [
          { patNum: 1043, name: 'Max Ray', amount: 10_000 },
          { patNum: 1044, name: 'Ann Lee', amount: 10_000 },
          { patNum: 1045, name: 'Bo Yu', amount: 10_000 },
        ],
        count: 3,
        total: 30_000,
        problems: [],
      }),
    '/api/settings/bulkRequests/send': () => ok(RUN),
    '/api/settings/bulkRequests/run': () => ok(++reads < 2 ? { ...RUN, sent: 1, pending: 2 } : FINISHED),
  });
  renderPortal(<BulkRequestsPanel />, { sdk: fake.sdk, session: SESSIONS.admin, path: '/companyProfile' });
  return fake;
}

const panel = () => screen.getByRole('region', { name: 'Bulk payment requests' });

describe('Settings: bulk payment requests', () => {
  it('names a pasted list’s bad lines by number, and asks the server nothing', async () => {
    const user = userEvent.setup();
    const fake = renderPanel();
    await user.click(within(panel()).getByRole('radio', { name: 'A list pasted from the practice system' }));
    await user.type(
      within(panel()).getByRole('textbox', { name: /Patients, one a line/ }),
      '1043, 100{Enter}abc, 5',
    );
    await user.click(within(panel()).getByRole('button', { name: 'Review' }));
    expect(within(panel()).getByRole('list', { name: 'Lines that cannot be sent' })).toHaveTextContent(
      'Line 2: "abc" is not a patient number (a whole number, e.g. 1043).',
    );
    expect(fake.callsTo('/api/settings/bulkRequests/preview')).toHaveLength(0);
  });

  it('reviews, sends once with the message, then shows the progress and the summary', async () => {
    const user = userEvent.setup();
    const fake = renderPanel();
    await user.click(within(panel()).getByRole('button', { name: 'Review' }));
    expect(await within(panel()).findByText('3 patients, $300.00 in all')).toBeInTheDocument();
    expect(fake.callsTo('/api/settings/bulkRequests/preview')[0]!.body).toEqual({
      source: 'BALANCES',
      list: '',
    });
    await user.type(within(panel()).getByRole('textbox', { name: 'Message (optional)' }), 'Your statement.');
    await user.click(within(panel()).getByRole('button', { name: 'Send 3 requests' }));

    const [send] = fake.callsTo('/api/settings/bulkRequests/send');
    expect(send!.body).toEqual({ source: 'BALANCES', list: '', message: 'Your statement.' });
    expect(send!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('region', { name: 'Bulk send progress' })).toBeInTheDocument();

    const summary = await screen.findByRole('region', { name: 'Bulk send summary' }, { timeout: 5_000 });
    expect(within(summary).getByRole('status')).toHaveTextContent(
      '3 patients, $300.00 asked: 2 sent · 1 failed.',
    );
    const row = within(within(summary).getByRole('table', { name: 'Not sent' })).getByRole('row', {
      name: /Ann Lee/,
    });
    expect(row).toHaveTextContent('No mobile number or e-mail address.');
    expect(fake.callsTo('/api/settings/bulkRequests/send')).toHaveLength(1);
    expect(fake.callsTo('/api/settings/bulkRequests/run').every((c) => c.noProgress)).toBe(true);
  });
});
