/**
 * Associate Transaction and Remove Unassociated Payment as a person uses them: the header with
 * 'Unavailable', Possible Matches and Search Patients, the patient brought in through
 * customer/transition, the checkboxes and 'Associate {first} {last} to Transaction'; the removal's
 * confirmation and 'The payment has been removed.'
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import type { Patient } from '../../../embed-sdk/contract/patient.js';
import type { Allocator, AllocatorProps } from '../../ui/allocation.js';
import { BRIGHT_SMILES, MARIA } from '../../ui/testing/cardFixtures.js';
import { ok } from '../../ui/testing/fakeSdk.js';
import { AssociateDialog } from './AssociateDialog.js';
import { RemoveOrphanDialog } from './RemoveOrphanDialog.js';
import { FRONT_DESK, tx } from '../testing/fixtures.js';
import { renderPart, setUp } from '../testing/renderWidget.js';

const patient = (over: Partial<Patient> & Pick<Patient, 'key' | 'firstName' | 'lastName'>): Patient => ({
  ...MARIA,
  appointment: null,
  id: null,
  customerId: null,
  email: '',
  ...over,
});
const SAM = patient({
  key: 2002,
  id: 22,
  customerId: 22,
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam@example.com',
});

/**
 * A stand-in for the allocation modal (its own tests are the allocation's): it shows what it was
 * opened with and chooses the lines a test gives it.
 */
function fakeAllocator(lines: { procNum: number; amount: number }[]) {
  const opened: AllocatorProps[] = [];
  function FakeAllocator(props: AllocatorProps) {
    opened.push(props);
    return (
      <button
        type="button"
        onClick={() => {
          const procedures = lines.map((l) => ({
            procStatus: 'C' as const,
            patientKey: props.customerKey,
            procedureLogCodeNum: l.procNum,
            amount: l.amount,
          }));
          props.onAllocationChosen?.({
            transactionId: props.transactionId,
            customerKey: props.customerKey,
            procedures,
            total: procedures.reduce((sum, p) => sum + p.amount, 0),
          });
          props.onAllocationClosed?.({ transactionId: props.transactionId, customerKey: props.customerKey });
        }}
      >
        Choose the procedures
      </button>
    );
  }
  return { Allocator: FakeAllocator, opened };
}

const NO_ALLOCATION = fakeAllocator([]).Allocator;

describe('Associate Transaction', () => {
  const orphan = tx({
    id: 7,
    source: 'TERMINAL',
    customerId: null,
    customerKey: null,
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'ana@example.com',
    phone: null,
    hasSurcharging: true,
    orderAmount: 10_000,
    surchargeAmount: 300,
    amount: 10_300,
  });

  it('shows the header, the possible matches, brings the patient in and associates with a receipt', async () => {
    const { fake } = setUp([orphan], {
      profile: FRONT_DESK,
      matches: [
        {
          key: 2003,
          customerId: null,
          firstName: 'Ana',
          lastName: 'Lee',
          email: 'ana@example.com',
          cell: '',
          birthdate: '1990-07-02',
          matchedOn: ['LASTNAME', 'EMAIL', 'PHONE'],
        },
      ],
      extra: {
        '/api/customer/transition': ({ body }) =>
          ok({ ...MARIA, ...(body as object), id: 33, customerId: 33 }),
      },
    });
    const onAssociated = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderPart(
      fake,
      <AssociateDialog
        transaction={orphan}
        Allocator={NO_ALLOCATION}
        onClose={onClose}
        onAssociated={onAssociated}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Associate Transaction' });
    const term = (name: string) =>
      within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(term('Transaction ID')).toBe('R7ABC');
    expect(term('Payment Amount')).toBe('$103.00');
    expect(term('Subtotal')).toBe('$100.00');
    expect(term('Surcharge')).toBe('$3.00');
    expect(term('Source')).toBe('Terminal');
    expect(term('Name')).toBe('Ana Lee');
    expect(term('Phone')).toBe('Unavailable');
    const matches = await within(dialog).findByRole('radiogroup', { name: 'Possible Matches' });
    // The date of birth (names repeat), and what matched, the phone included when it helps.
    expect(
      within(matches).getByRole('radio', {
        name: 'Ana Lee · born 07/02/1990 · ana@example.com · Matches the last name, e-mail, phone',
      }),
    ).toBeInTheDocument();
    await user.click(within(matches).getByRole('radio', { name: /Ana Lee/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'Send Receipt' })).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Post to Practice Management System' }),
    ).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Allocate Payment' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Associate Ana Lee to Transaction' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.callsTo('/api/customer/transition')[0]?.body).toMatchObject({ key: 2003, firstName: 'Ana' });
    expect(fake.callsTo('/api/transaction/associate')[0]?.body).toEqual({
      transactionId: 7,
      customerId: 33,
      post: true,
      sendEmail: true,
      procedures: [],
    });
    expect(fake.banners.at(-1)?.message).toBe('The payment has been associated with Ana Lee');
    expect(onAssociated).toHaveBeenCalledWith({ id: 7, referenceId: 'R7ABC-2026-0001', customerId: 33 });
  });

  it('searches instead, from Search Patients or when nothing matches', async () => {
    const { fake } = setUp([orphan], {
      profile: FRONT_DESK,
      patients: [SAM],
      matches: [
        {
          key: 2003,
          customerId: null,
          firstName: 'Ana',
          lastName: 'Lee',
          email: '',
          cell: '',
          matchedOn: ['LASTNAME'],
        },
      ],
    });
    const user = userEvent.setup();
    renderPart(
      fake,
      <AssociateDialog transaction={orphan} Allocator={NO_ALLOCATION} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Associate Transaction' });
    await within(dialog).findByRole('radiogroup', { name: 'Possible Matches' });
    await user.click(within(dialog).getByRole('button', { name: 'Search Patients' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Find the patient who made the payment' }),
      'sam',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('radio', { name: /Sam Lee/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send Receipt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Associate Sam Lee to Transaction' }));
    await waitFor(() => expect(fake.callsTo('/api/transaction/associate')).toHaveLength(1));
    // Sam is a customer already: no transition.
    expect(fake.callsTo('/api/customer/transition' as string)).toHaveLength(0);
    expect(fake.callsTo('/api/transaction/associate')[0]?.body).toMatchObject({
      customerId: 22,
      sendEmail: false,
    });
  });

  it('starts with the search when the payment names no last name', async () => {
    const noName = { ...orphan, firstName: null, lastName: null, email: null };
    const { fake } = setUp([noName], { matches: [] });
    renderPart(
      fake,
      <AssociateDialog transaction={noName} Allocator={NO_ALLOCATION} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Associate Transaction' });
    expect(
      await within(dialog).findByRole('textbox', { name: 'Find the patient who made the payment' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Unavailable',
    );
    expect(within(dialog).getByText('Email', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Unavailable',
    );
  });

  describe('with Allocate Payment', () => {
    const MATCH = [
      {
        key: 2003,
        customerId: 33,
        firstName: 'Ana',
        lastName: 'Lee',
        email: '',
        cell: '',
        matchedOn: ['LASTNAME' as const],
      },
    ];

    async function chooseAna(fake: Parameters<typeof renderPart>[0], Allocator: Allocator) {
      const user = userEvent.setup();
      renderPart(
        fake,
        <AssociateDialog transaction={orphan} Allocator={Allocator} onClose={() => undefined} />,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Associate Transaction' });
      const matches = await within(dialog).findByRole('radiogroup', { name: 'Possible Matches' });
      await user.click(within(matches).getByRole('radio', { name: /Ana Lee/ }));
      return { user, dialog };
    }

    it('opens the allocation for the payment less its surcharge and sends the chosen lines', async () => {
      const { fake } = setUp([orphan], { profile: FRONT_DESK, matches: MATCH });
      const allocator = fakeAllocator([
        { procNum: 5001, amount: 6_000 },
        { procNum: 5002, amount: 4_000 },
      ]);
      const { user, dialog } = await chooseAna(fake, allocator.Allocator);
      await user.click(within(dialog).getByRole('checkbox', { name: 'Allocate Payment' }));
      expect(allocator.opened.at(-1)).toMatchObject({
        customerKey: 2003,
        transactionId: 7,
        amount: 10_000,
        purpose: 'associate',
      });
      await user.click(screen.getByRole('button', { name: 'Choose the procedures' }));
      expect(within(dialog).getByText(/\$100\.00 allocated to 2 procedures\./)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Associate Ana Lee to Transaction' }));
      await waitFor(() => expect(fake.callsTo('/api/transaction/associate')).toHaveLength(1));
      expect(fake.callsTo('/api/transaction/associate')[0]?.body).toMatchObject({
        customerId: 33,
        procedures: [
          { procStatus: 'C', patientKey: 2003, procedureLogCodeNum: 5001, amount: 6_000 },
          { procStatus: 'C', patientKey: 2003, procedureLogCodeNum: 5002, amount: 4_000 },
        ],
      });
    });

    it('refuses an allocation that does not add up to the payment less its surcharge', async () => {
      const { fake } = setUp([orphan], { profile: FRONT_DESK, matches: MATCH });
      const allocator = fakeAllocator([{ procNum: 5001, amount: 6_000 }]);
      const { user, dialog } = await chooseAna(fake, allocator.Allocator);
      await user.click(within(dialog).getByRole('checkbox', { name: 'Allocate Payment' }));
      await user.click(screen.getByRole('button', { name: 'Choose the procedures' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The allocation total must match the unassociated transaction amount.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Associate Ana Lee to Transaction' }));
      expect(fake.callsTo('/api/transaction/associate')).toHaveLength(0);
      // Without allocating, the payment is associated as it is.
      await user.click(within(dialog).getByRole('checkbox', { name: 'Allocate Payment' }));
      await user.click(within(dialog).getByRole('button', { name: 'Associate Ana Lee to Transaction' }));
      await waitFor(() => expect(fake.callsTo('/api/transaction/associate')).toHaveLength(1));
      expect(fake.callsTo('/api/transaction/associate')[0]?.body).toMatchObject({ procedures: [] });
    });

    it('says why allocation is unavailable outside Open Dental', async () => {
      const { fake } = setUp([orphan], {
        profile: FRONT_DESK,
        matches: MATCH,
        company: { ...BRIGHT_SMILES, gatewayCode: 'DENTRIX' },
      });
      const { dialog } = await chooseAna(fake, NO_ALLOCATION);
      expect(
        await within(dialog).findByText(
          'Procedure allocation is available only when the practice management system is Open Dental.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('checkbox', { name: 'Allocate Payment' })).toBeNull();
    });
  });
});

describe('Remove Unassociated Payment', () => {
  it('names the payment, warns in the danger colour, confirms first, then removes for good', async () => {
    const t = tx({
      id: 8,
      source: 'PAYMENTPAGE',
      customerId: null,
      firstName: 'Walk',
      lastName: 'In',
      amount: 12138,
    });
    const { fake } = setUp([t], { profile: FRONT_DESK });
    const onRemoved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderPart(fake, <RemoveOrphanDialog transaction={t} onClose={onClose} onRemoved={onRemoved} />);
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Unassociated Payment' });
    expect(confirm).toHaveTextContent('This cannot be undone.');
    expect(confirm).toHaveTextContent('It is not voided or refunded.');
    // What cannot be undone is named: its transaction ID, amount, payer and source.
    expect(confirm).toHaveTextContent('Transaction IDR8ABC');
    expect(confirm).toHaveTextContent('Payment Amount$121.38');
    expect(confirm).toHaveTextContent('Paid byWalk In');
    expect(confirm).toHaveTextContent('SourcePayment Page');
    const remove = within(confirm).getByRole('button', { name: 'Remove Payment' });
    expect(remove).toHaveAttribute('data-intent', 'danger');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).not.toHaveAttribute('data-intent');
    await user.click(remove);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.callsTo('/api/transaction/remove')[0]?.body).toEqual({ id: 8 });
    expect(fake.banners.at(-1)?.message).toBe('The payment has been removed.');
    expect(onRemoved).toHaveBeenCalledWith({
      id: 8,
      referenceId: 'R8ABC-2026-0001',
      removed: '2026-11-20T10:00:00.000Z',
    });
  });
});
