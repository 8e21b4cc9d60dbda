/**
 * Move Payment as a person uses it: the search with its Search button and radio list ('No patients
 * found.'), the practice system's warnings, 'Move Payment to {first} {last}' and 'Patient Changed'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../ui/testing/domMatchers.js';
import type { Patient } from '../../../embed-sdk/contract/patient.js';
import { MARIA } from '../../ui/testing/cardFixtures.js';
import { FRONT_DESK, tx } from '../testing/fixtures.js';
import { renderPart, setUp } from '../testing/renderWidget.js';
import { MovePaymentDialog } from './MovePaymentDialog.js';

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
  birthdate: '1988-03-14',
});

describe('Move Payment', () => {
  it('searches, lists patients to choose from, warns, and moves the payment', async () => {
    const t = tx({ id: 1 });
    const { fake } = setUp([t], { profile: FRONT_DESK, patients: [MARIA as Patient, SAM] });
    const onMoved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderPart(
      fake,
      <MovePaymentDialog transaction={t} gatewayCode="OPENDENTAL" onClose={onClose} onMoved={onMoved} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move Payment' });
    expect(within(dialog).getByText(/also moves it in Open Dental/)).toBeInTheDocument();
    const box = within(dialog).getByRole('textbox', { name: 'Find the patient to move the payment to' });
    await user.type(box, 'zz');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('No patients found.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'a');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const list = await within(dialog).findByRole('radiogroup', { name: 'Patients' });
    // The payment's own patient is not offered.
    expect(within(list).getAllByRole('radio')).toHaveLength(1);
    // Names repeat: each patient shows their date of birth.
    expect(
      within(list).getByRole('radio', { name: 'Sam Lee · born 03/14/1988 · #2002 · sam@example.com' }),
    ).toBeInTheDocument();
    await user.click(within(list).getByRole('radio', { name: /Sam Lee/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Payment to Sam Lee' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.callsTo('/api/transaction/move-patient')[0]?.body).toEqual({
      referenceId: 'R1ABC-2026-0001',
      toPatientId: 2002,
    });
    expect(fake.banners.at(-1)).toMatchObject({
      intent: 'success',
      title: 'Patient Changed',
      message: 'The transaction has been successfully moved.',
    });
    expect(onMoved).toHaveBeenCalledWith({
      id: 1,
      referenceId: 'R1ABC-2026-0001',
      customerId: 22,
      fromCustomerId: 11,
    });
  });

  it('warns that other practice systems are updated by hand', async () => {
    const t = tx({ id: 1 });
    const { fake } = setUp([t]);
    renderPart(fake, <MovePaymentDialog transaction={t} gatewayCode="DENTRIX" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Move Payment' });
    expect(within(dialog).getByText(/Update the practice management system by hand/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move Payment' })).toBeDisabled();
  });
});
