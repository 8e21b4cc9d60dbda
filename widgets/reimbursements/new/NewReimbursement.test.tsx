/**
 * The new reimbursement's form as staff fill it in: the carrier's claims by patient with amounts from
 * the estimates, the rules' messages where they apply before anything is sent (the sums, a negative
 * amount, the fee, a share with no way to reach the patient), and Save with its idempotency key.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import { createFakeSdk, ok, type FakeCall } from '../../ui/testing/fakeSdk.js';
import { fakeReimbursementServer, payment, profileWith, summary } from '../testing/fixtures.js';
import { renderWith } from '../testing/render.js';
import { NewReimbursement } from './NewReimbursement.js';

function setUp() {
  const created = payment({ id: 41 });
  const fake = createFakeSdk(
    {
      ...fakeReimbursementServer([summary({ id: 1 })]),
      '/api/insurance/createInsurancePayment': () => ok(created),
    },
    { profile: profileWith(['PROCESSINSURANCEREIMBURSEMENT']) },
  );
  const onSaved = vi.fn();
  renderWith(fake, <NewReimbursement date="2026-11-20" onCancel={() => undefined} onSaved={onSaved} />);
  return { fake, onSaved, created };
}

async function chooseBothClaims() {
  const carrier = screen.getByRole('combobox', { name: /Carrier/ });
  await waitFor(() => expect(within(carrier).getAllByRole('option')).toHaveLength(2));
  await userEvent.selectOptions(carrier, 'Delta Dental');
  await userEvent.click(await screen.findByRole('checkbox', { name: /Claim C-501/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Claim C-502/ }));
}

const box = (name: string) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const creates = (fake: ReturnType<typeof setUp>['fake']): FakeCall[] =>
  fake.callsTo('/api/insurance/createInsurancePayment');

async function type(name: string, text: string) {
  await userEvent.clear(box(name));
  if (text) await userEvent.type(box(name), text);
}

describe('a new reimbursement', () => {
  it('starts each procedure from its estimate and requests the rest from the patient', async () => {
    setUp();
    await chooseBothClaims();
    expect(box('Reimbursement for D1110')).toHaveValue('90.00');
    expect(box('Write Off for D1110')).toHaveValue('10.00');
    expect(box('Patient Share for D1110')).toHaveValue('0.00');
    expect(box('Patient Share for D2740')).toHaveValue('50.00');
    const maria = screen.getByRole('region', { name: 'Maria Okafor' });
    expect(within(maria).getByText('Nothing to request from this patient.')).toBeInTheDocument();
    const sofia = screen.getByRole('region', { name: 'Sofia Reyes' });
    expect(within(sofia).getByText('Request $50.00 from the patient by')).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(totals).toHaveTextContent('Reimbursement$240.00');
    expect(totals).toHaveTextContent('Write Off$30.00');
    expect(totals).toHaveTextContent('Requested$50.00');
    await type('Amount', '200.00');
    expect(totals).toHaveTextContent('Payment$200.00');
    expect(totals).toHaveTextContent('Left to assign-$40.00');
  });

  it('refuses amounts that do not add up to the payment, at the amount, and sends nothing', async () => {
    const { fake } = setUp();
    await chooseBothClaims();
    await type('Check number', '1234');
    await type('Amount', '200.00');
    const sofia = screen.getByRole('region', { name: 'Sofia Reyes' });
    await userEvent.type(within(sofia).getByRole('textbox', { name: 'Mobile phone' }), '5552010102');
    await save();
    expect(
      await screen.findByText("The reimbursed amounts add up to $240.00, not the payment's $200.00."),
    ).toBeInTheDocument();
    expect(creates(fake)).toHaveLength(0);
  });

  it('refuses a negative amount, a write-off past the fee and a share with no way to reach the patient', async () => {
    const { fake } = setUp();
    await chooseBothClaims();
    await type('Check number', '1234');
    await type('Amount', '240.00');
    await type('Patient Share for D1110', '-5');
    await type('Write Off for D2740', '80.00');
    await save();
    expect(
      await screen.findByText(
        'The amount to collect of D1110 on 10/02/2026 must be zero or more, in whole cents.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'The write-off and the reimbursement of D2740 on 10/02/2026 add up to $230.00, more than its fee of $220.00.',
      ),
    ).toBeInTheDocument();
    const sofia = screen.getByRole('region', { name: 'Sofia Reyes' });
    expect(
      within(sofia).getByText('Turn on Text Message or Email to reach the patient.'),
    ).toBeInTheDocument();
    expect(creates(fake)).toHaveLength(0);
  });

  it('saves the chosen claims, a request for the share, with one key per attempt, and hands back the reimbursement', async () => {
    const { fake, onSaved, created } = setUp();
    await chooseBothClaims();
    await type('Check number', '1234');
    await type('Amount', '240.00');
    const sofia = screen.getByRole('region', { name: 'Sofia Reyes' });
    await userEvent.click(within(sofia).getByRole('switch', { name: 'Text Message' }));
    await userEvent.type(within(sofia).getByRole('textbox', { name: 'Mobile phone' }), '(555) 201-0102');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    const [call] = creates(fake);
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      date: '2026-11-20',
      carrierName: 'Delta Dental',
      payment: { fundingSource: 'CHECK', checkNumber: '1234', amount: 24000 },
      claims: [
        {
          claimId: 501,
          procedures: [
            { claimProcedureId: 9001, amountToPay: 9000, amountToWriteOff: 1000, amountToCollect: 0 },
          ],
        },
        {
          claimId: 502,
          procedures: [
            { claimProcedureId: 9002, amountToPay: 15000, amountToWriteOff: 2000, amountToCollect: 5000 },
          ],
        },
      ],
      requests: [
        {
          customerId: 12,
          notifyText: true,
          cell: '(555) 201-0102',
          notifyEmail: false,
          email: '',
          message: '',
        },
      ],
    });
  });
});
