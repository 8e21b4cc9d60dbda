/**
 * Reimbursement Details as a person reads it: the four totals, the payment, the procedures the
 * carrier paid (only those), a row per patient with their share's payment request, and Request Paid
 * rising live when a patient pays.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import { createFakeSdk, ok } from '../../ui/testing/fakeSdk.js';
import { fakeReimbursementServer, payment, profileWith } from '../testing/fixtures.js';
import { renderWith } from '../testing/render.js';
import { ReimbursementDetails } from './ReimbursementDetails.js';

const REQUEST = '3f1c2b9e-8d7a-4c5b-9e6f-1a2b3c4d5e6f';

async function open() {
  const dialog = await screen.findByRole('dialog', { name: 'Reimbursement Details' });
  await within(dialog).findByRole('table', { name: 'Patients' });
  return dialog;
}

const figure = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('region', { name: label })).getByText(/^\$/).textContent;

describe('Reimbursement Details', () => {
  it('shows the four totals, the payment and the carrier', async () => {
    const fake = createFakeSdk(fakeReimbursementServer([]), {
      profile: profileWith(['VIEWINSURANCEPAYMENTS']),
    });
    renderWith(fake, <ReimbursementDetails reimbursementId={7} onClose={() => undefined} />);
    const dialog = await open();
    expect(figure(dialog, 'Reimbursement')).toBe('$240.00');
    expect(figure(dialog, 'Write Off')).toBe('$30.00');
    expect(figure(dialog, 'Requested')).toBe('$50.00');
    expect(figure(dialog, 'Request Paid')).toBe('$0.00');
    const pay = within(dialog).getByRole('region', { name: 'Payment' });
    expect(pay).toHaveTextContent('Check #1234');
    expect(pay).toHaveTextContent('11/20/2026');
    expect(within(dialog).getByRole('region', { name: 'Carrier' })).toHaveTextContent(
      'Delta DentalPlan: PPO Plus',
    );
  });

  it('lists only the procedures the carrier paid something for', async () => {
    const fake = createFakeSdk(fakeReimbursementServer([]), {
      profile: profileWith(['VIEWINSURANCEREIMBURSEMENT']),
    });
    renderWith(fake, <ReimbursementDetails reimbursementId={7} onClose={() => undefined} />);
    const dialog = await open();
    const procedures = within(dialog).getByRole('table', { name: 'Procedures' });
    const rows = within(procedures).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['10/02/2026', 'D1110', 'Prophylaxis - adult', '$90.00', '$10.00', '$0.00'],
      ['10/09/2026', 'D2740', 'Crown - porcelain/ceramic', '$150.00', '$20.00', '$50.00'],
    ]);
    expect(within(procedures).queryByText('D0274')).toBeNull();
  });

  it('gives each patient a row, the share’s payment request opening where the page says', async () => {
    const fake = createFakeSdk(fakeReimbursementServer([]), {
      profile: profileWith(['VIEWINSURANCEREIMBURSEMENT']),
    });
    const onOpenRequest = vi.fn(() => true);
    renderWith(
      fake,
      <ReimbursementDetails reimbursementId={7} onClose={() => undefined} onOpenRequest={onOpenRequest} />,
    );
    const dialog = await open();
    const patients = within(dialog).getByRole('table', { name: 'Patients' });
    const rows = within(patients).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Maria Okafor', '2', '$0.00', '$90.00', '$10.00', '$0.00', '$0.00', 'None'],
      ['Sofia Reyes', '1', '$50.00', '$150.00', '$20.00', '$50.00', '$0.00', 'View Request'],
    ]);
    const link = within(patients).getByRole('link', { name: "Open Sofia Reyes's payment request" });
    expect(link).toHaveAttribute('href', `http://sandbox.test/#/notifications?request=${REQUEST}`);
    await userEvent.click(link);
    expect(onOpenRequest).toHaveBeenCalledWith(REQUEST);
  });

  it('reads the reimbursement again when a patient pays their share, with no reload', async () => {
    let paid = 0;
    const fake = createFakeSdk(
      {
        ...fakeReimbursementServer([]),
        '/api/insurance/getInsurancePayment': () => {
          const p = payment({ id: 7, paid });
          return ok({ ...p, details: p.details.map((d) => (d.notificationId ? { ...d, paid } : d)) });
        },
      },
      { profile: profileWith(['VIEWINSURANCEREIMBURSEMENT']) },
    );
    renderWith(fake, <ReimbursementDetails reimbursementId={7} onClose={() => undefined} />);
    const dialog = await open();
    expect(figure(dialog, 'Request Paid')).toBe('$0.00');
    paid = 5000;
    act(() =>
      fake.events.emit('insurance-payment-updated', {
        insurancePaymentId: 7,
        customerId: 12,
        paid: 5000,
        changed: '2026-11-21T10:00:00.000Z',
      }),
    );
    await waitFor(() => expect(figure(dialog, 'Request Paid')).toBe('$50.00'));
  });
});
