/**
 * The patient search as a person uses it, against a fake SDK: typing, the debounce, the states,
 * clinic headings, the Add Patient rule, completed appointments, the form's rules and its calls.
 */
import {
  act,
  fireEvent,
  getDefaultNormalizer,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SdkContext } from '../runtime/SdkContext.js';
import '../ui/testing/domMatchers.js';
import { PatientSearch, type PatientSearchProps } from './PatientSearch.js';
import {
  BRIGHT_SMILES,
  CHIDI,
  createFakeSdk,
  customerOf,
  GRACE,
  MARIA,
  NOAH,
  ok,
  patient,
  refused,
} from './testing/fixtures.js';

const HINT = 'Search by name, email, or patient number.';
const EMAIL_MESSAGE =
  'The email is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.';

type Fake = ReturnType<typeof createFakeSdk>;

function renderSearch(fake: Fake, props: Partial<PatientSearchProps> = {}) {
  const onPatientSelected = vi.fn();
  const onPatientSaved = vi.fn();
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <JotaiProvider store={createStore()}>
            <PatientSearch
              allowAdd
              noSchedule={false}
              onPatientSelected={onPatientSelected}
              onPatientSaved={onPatientSaved}
              {...props}
            />
          </JotaiProvider>
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
  const box = () => screen.getByRole('combobox', { name: 'Search patients' });
  const state = () => view.container.querySelector('[data-state]')!.getAttribute('data-state');
  return { ...view, box, state, onPatientSelected, onPatientSaved };
}

const searchWith = (...patients: ReturnType<typeof patient>[]) => ({
  '/api/patient/searchPatient': () => ok({ patients, clinicCount: 3 }),
});

async function typeAndWait(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.type(box, text);
  await waitFor(() => expect(box.closest('[data-state]')).toHaveAttribute('data-state', 'results.complete'));
}

describe('the search box', () => {
  it('is a combobox with the spec’s hint, collapsed at first', async () => {
    const { box } = renderSearch(createFakeSdk());
    expect(box()).toHaveAttribute('placeholder', HINT);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
  });
});

describe('the debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  // user-event waits on timers of its own; plain input events keep the fake clock in the test's hands.
  const typeText = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });

  it('searches 300 ms after the last keystroke, once, for the whole term', async () => {
    const fake = createFakeSdk(searchWith(MARIA));
    const { box, state } = renderSearch(fake);
    typeText(box(), 'gar');
    expect(state()).toBe('results.loading');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(fake.callsTo('/api/patient/searchPatient')).toHaveLength(0);
    typeText(box(), 'garc');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(fake.callsTo('/api/patient/searchPatient')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(state()).toBe('results.complete');
    expect(fake.callsTo('/api/patient/searchPatient')).toEqual([
      expect.objectContaining({ query: { name: 'garc' }, noProgress: true }),
    ]);
  });

  it('does nothing for an empty or blank term', async () => {
    const fake = createFakeSdk();
    const { box, state } = renderSearch(fake);
    typeText(box(), '   ');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    typeText(box(), '');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fake.callsTo('/api/patient/searchPatient')).toHaveLength(0);
    expect(state()).toBe('ready');
  });
});

describe('states', () => {
  it('goes ready → results.loading → results.complete', async () => {
    let answer!: (value: unknown) => void;
    const fake = createFakeSdk({
      '/api/patient/searchPatient': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const { box, state } = renderSearch(fake);
    expect(state()).toBe('ready');
    await user.type(box(), 'maria');
    expect(state()).toBe('results.loading');
    expect(await screen.findByRole('status')).toHaveTextContent('Searching…');
    await waitFor(() => expect(fake.callsTo('/api/patient/searchPatient')).toHaveLength(1));
    await act(async () => answer(ok({ patients: [MARIA], clinicCount: 3 })));
    await waitFor(() => expect(state()).toBe('results.complete'));
    expect(screen.getByRole('option', { name: /Maria Garcia/ })).toBeInTheDocument();
  });

  it('ends a failed search in results.complete, saying so', async () => {
    const fake = createFakeSdk({ '/api/patient/searchPatient': () => Promise.reject(new Error('500')) });
    const user = userEvent.setup();
    const { box } = renderSearch(fake);
    await typeAndWait(user, box(), 'maria');
    expect(screen.getByText('The search could not be completed. Try again.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch(createFakeSdk());
    await typeAndWait(user, box(), 'zzz');
    expect(screen.getByText('No patients found.')).toBeInTheDocument();
  });
});

describe('results', () => {
  it('are grouped under their clinic’s heading when the practice has several clinics', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch(createFakeSdk(searchWith(CHIDI, GRACE, MARIA)));
    await typeAndWait(user, box(), 'o');
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(screen.getByRole('group', { name: 'Northside Clinic' })).toContainElement(
      screen.getByRole('option', { name: /Chidi Okafor/ }),
    );
    expect(screen.getByRole('group', { name: 'Lakeview Clinic' })).toContainElement(
      screen.getByRole('option', { name: /Grace Okafor/ }),
    );
    expect(screen.getByRole('group', { name: 'Headquarters' })).toContainElement(
      screen.getByRole('option', { name: /Maria Garcia/ }),
    );
  });

  it('have no heading in a practice whose one clinic is Headquarters', async () => {
    const fake = createFakeSdk({
      '/api/patient/searchPatient': () => ok({ patients: [MARIA], clinicCount: 1 }),
    });
    const user = userEvent.setup();
    const { box } = renderSearch(fake);
    await typeAndWait(user, box(), 'maria');
    expect(screen.getByRole('option', { name: /Maria Garcia/ })).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByText('Headquarters')).not.toBeInTheDocument();
  });

  it('show the patient number and contact details', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch(createFakeSdk(searchWith(MARIA)));
    await typeAndWait(user, box(), 'maria');
    expect(screen.getByRole('option', { name: /Maria Garcia/ })).toHaveTextContent(
      '#1001 · maria.garcia@example.com · (512) 555-0142',
    );
  });

  it('search within the clinic the element names', async () => {
    const fake = createFakeSdk(searchWith(CHIDI));
    const user = userEvent.setup();
    const { box } = renderSearch(fake, { clinicNum: 2 });
    await typeAndWait(user, box(), 'okafor');
    expect(fake.callsTo('/api/patient/searchPatient')[0]!.query).toEqual({ name: 'okafor', clinicNum: 2 });
  });

  it('start at once with a term given by the host', async () => {
    const fake = createFakeSdk(searchWith(MARIA));
    const { box, state } = renderSearch(fake, { term: '1001' });
    expect(box()).toHaveValue('1001');
    await waitFor(() => expect(state()).toBe('results.complete'));
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: /Maria Garcia/ })).toBeVisible();
  });
});

describe('the Add Patient button', () => {
  async function addButtonAfterTyping(fake: Fake, props: Partial<PatientSearchProps> = {}, text = 'ana') {
    const user = userEvent.setup();
    const { box } = renderSearch(fake, props);
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    if (text) await typeAndWait(user, box(), text);
    else await user.click(box());
    return screen.queryByRole('button', { name: 'Add Patient' });
  }

  it('shows for Open Dental with adding allowed and a term', async () => {
    expect(await addButtonAfterTyping(createFakeSdk())).toBeInTheDocument();
  });

  it.each([
    ['Dentrix', { gatewayCode: 'DENTRIX' as const }],
    ['Eaglesoft', { gatewayCode: 'EAGLESOFT' as const }],
    ['a practice that does not allow adding', { allowAddPatient: false }],
  ])('does not show for %s', async (_case, company) => {
    const fake = createFakeSdk({ '/api/company/current': () => ok({ ...BRIGHT_SMILES, ...company }) });
    expect(await addButtonAfterTyping(fake)).toBeNull();
  });

  it('does not show with allow-add="false"', async () => {
    expect(await addButtonAfterTyping(createFakeSdk(), { allowAdd: false })).toBeNull();
  });

  it('does not show without a term', async () => {
    expect(await addButtonAfterTyping(createFakeSdk(), {}, '')).toBeNull();
  });

  it('does not show to a user who may not edit patients', async () => {
    const fake = createFakeSdk({}, { isAdmin: false, practices: [{ id: 1, roles: ['VIEWPAYMENTPLANS'] }] });
    expect(await addButtonAfterTyping(fake)).toBeNull();
  });
});

describe('completed appointments', () => {
  const due = (p: ReturnType<typeof patient>, amountDue: number) => ({
    ...p,
    appointment: { startsAt: '2025-03-04T15:00:00.000Z', amountDue },
  });

  it('show when the search box is clicked with nothing typed', async () => {
    const fake = createFakeSdk({
      '/api/patient/patientsInPractice': () =>
        ok({ patients: [due(MARIA, 12500), due(NOAH, 9000)], clinicCount: 3 }),
    });
    const user = userEvent.setup();
    const { box } = renderSearch(fake);
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await user.click(box());
    const list = await screen.findByRole('listbox', { name: 'Completed Appointments' });
    expect(await within(list).findByRole('option', { name: /Maria Garcia/ })).toHaveTextContent('$125.00');
    expect(within(list).getByRole('option', { name: /Noah Whitfield/ })).toHaveTextContent(
      'Not in Chairside yet',
    );
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('say when there are none', async () => {
    const user = userEvent.setup();
    const fake = createFakeSdk();
    const { box } = renderSearch(fake);
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await user.click(box());
    expect(await screen.findByText('No completed appointments requiring payment.')).toBeInTheDocument();
  });

  it.each([
    ['no-schedule is set', createFakeSdk(), { noSchedule: true }],
    [
      'the practice turned them off',
      createFakeSdk({ '/api/company/current': () => ok({ ...BRIGHT_SMILES, noSchedule: true }) }),
      {},
    ],
    [
      'the practice uses Eaglesoft',
      createFakeSdk({ '/api/company/current': () => ok({ ...BRIGHT_SMILES, gatewayCode: 'EAGLESOFT' }) }),
      {},
    ],
  ])('do not show when %s', async (_case, fake, props) => {
    const user = userEvent.setup();
    const { box } = renderSearch(fake, props);
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await user.click(box());
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Completed Appointments')).not.toBeInTheDocument();
    expect(fake.callsTo('/api/patient/patientsInPractice')).toHaveLength(0);
  });

  it('open New Patient for a patient not in Chairside, prefilled from the practice system', async () => {
    const fake = createFakeSdk({
      '/api/patient/patientsInPractice': () => ok({ patients: [due(NOAH, 9000)], clinicCount: 3 }),
      '/api/customer/transition': () => ok(customerOf(NOAH, 58)),
    });
    const user = userEvent.setup();
    const { box, onPatientSelected, onPatientSaved } = renderSearch(fake);
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    await user.click(box());
    await user.click(await screen.findByRole('option', { name: /Noah Whitfield/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Patient' });
    expect(
      within(dialog).getByText('Changes will update the patient profile in Open Dental.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Noah');
    expect(within(dialog).getByLabelText('Mobile phone')).toHaveValue('(737) 555-0119');
    expect(within(dialog).queryByLabelText('Clinic')).not.toBeInTheDocument();
    // Fluent's focus trap hides the dialog from the accessibility tree until the focus is inside it,
    // which a loaded machine brings a moment later (a full run saw no roles at all here).
    await user.click(await within(dialog).findByRole('button', { name: 'Add Patient' }, { timeout: 5_000 }));
    await waitFor(() => expect(onPatientSelected).toHaveBeenCalled());
    expect(fake.callsTo('/api/customer/transition')[0]!.body).toEqual({
      key: 1008,
      firstName: 'Noah',
      lastName: 'Whitfield',
      email: 'noah.whitfield@example.com',
      cell: '(737) 555-0119',
      zip: '78704',
      clinicNum: 3,
    });
    expect(onPatientSelected).toHaveBeenCalledWith({
      id: 58,
      key: 1008,
      firstName: 'Noah',
      lastName: 'Whitfield',
    });
    expect(onPatientSaved).toHaveBeenCalledWith({
      id: 58,
      key: 1008,
      firstName: 'Noah',
      lastName: 'Whitfield',
    });
    expect(fake.banners).toContainEqual({ intent: 'success', title: 'Saved', message: 'Patient added' });
  });
});

describe('selecting a patient', () => {
  it('sends patient-selected for a Chairside customer, with the keyboard', async () => {
    const fake = createFakeSdk(searchWith(CHIDI, GRACE));
    const user = userEvent.setup();
    const { box, onPatientSelected } = renderSearch(fake);
    await typeAndWait(user, box(), 'okafor');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const grace = screen.getByRole('option', { name: /Grace Okafor/ });
    expect(grace).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', grace.id);
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Chidi/ }).id);
    await user.keyboard('{Enter}');
    expect(onPatientSelected).toHaveBeenCalledWith({
      id: 16,
      key: 1006,
      firstName: 'Chidi',
      lastName: 'Okafor',
    });
    expect(fake.callsTo('/api/customer/transition')).toHaveLength(0);
    expect(box()).toHaveValue('');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('brings a patient who is not a customer into Chairside first (transition with the key)', async () => {
    const fake = createFakeSdk({
      ...searchWith(NOAH),
      '/api/customer/transition': () => ok(customerOf(NOAH, 58)),
    });
    const user = userEvent.setup();
    const { box, onPatientSelected } = renderSearch(fake);
    await typeAndWait(user, box(), 'whitfield');
    await user.click(screen.getByRole('option', { name: /Noah Whitfield/ }));
    await waitFor(() =>
      expect(onPatientSelected).toHaveBeenCalledWith({
        id: 58,
        key: 1008,
        firstName: 'Noah',
        lastName: 'Whitfield',
      }),
    );
    expect(fake.callsTo('/api/customer/transition')[0]!.body).toMatchObject({ key: 1008, firstName: 'Noah' });
  });

  it('selects nobody when bringing the patient in fails', async () => {
    const fake = createFakeSdk({
      ...searchWith(NOAH),
      '/api/customer/transition': () => refused('The patient was not found.'),
    });
    const user = userEvent.setup();
    const { box, onPatientSelected } = renderSearch(fake);
    await typeAndWait(user, box(), 'whitfield');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(fake.callsTo('/api/customer/transition')).toHaveLength(1));
    expect(onPatientSelected).not.toHaveBeenCalled();
  });

  it('closes with Escape, and a second Escape clears the term', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch(createFakeSdk(searchWith(MARIA)));
    await typeAndWait(user, box(), 'maria');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('maria');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
  });
});

describe('the add patient form', () => {
  async function openAdd(fake: Fake, text: string) {
    const user = userEvent.setup();
    const view = renderSearch(fake);
    await typeAndWait(user, view.box(), text);
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Patient' });
    return { ...view, user, dialog };
  }

  it.each([
    ['ana', { first: 'Ana', last: '', email: '', cell: '' }],
    ['ana ruiz', { first: 'Ana', last: 'Ruiz', email: '', cell: '' }],
    ['Ana.Ruiz@Example.com', { first: '', last: '', email: 'ana.ruiz@example.com', cell: '' }],
    ['512-555-0199', { first: '', last: '', email: '', cell: '(512) 555-0199' }],
  ])('prefills from the term %j', async (term, expected) => {
    const { dialog } = await openAdd(createFakeSdk(), term);
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue(expected.first);
    expect(within(dialog).getByLabelText(/Last name/)).toHaveValue(expected.last);
    expect(within(dialog).getByLabelText('Email')).toHaveValue(expected.email);
    expect(within(dialog).getByLabelText('Mobile phone')).toHaveValue(expected.cell);
  });

  it('warns that the patient is created in the practice system, and offers the clinics', async () => {
    const { dialog } = await openAdd(createFakeSdk(), 'ana');
    expect(within(dialog).getByText('A new patient will be created in Open Dental.')).toBeInTheDocument();
    const clinic = within(dialog).getByLabelText('Clinic');
    expect(
      within(clinic)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Headquarters', 'Northside Clinic', 'Lakeview Clinic']);
    expect(clinic).toHaveValue('1');
  });

  it('offers one Headquarters option, value 0, when the clinics cannot be read', async () => {
    const fake = createFakeSdk({ '/api/company/clinics': () => Promise.reject(new Error('500')) });
    const { dialog } = await openAdd(fake, 'ana');
    const clinic = within(dialog).getByLabelText('Clinic');
    expect(
      within(clinic)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('value')]),
    ).toEqual([['Headquarters (issue getting clinics)', '0']]);
  });

  it('shows the spec’s messages, verbatim, and sends nothing', async () => {
    const { dialog, user } = await openAdd(createFakeSdk(), 'ana');
    await user.clear(within(dialog).getByLabelText(/First name/));
    await user.type(within(dialog).getByLabelText('Email'), 'ana@');
    await user.type(within(dialog).getByLabelText('Mobile phone'), '555-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
    expect(await within(dialog).findByText('The first name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The last name is required.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(EMAIL_MESSAGE, {
        normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
      }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The mobile phone is not a valid phone number.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/First name/)).toHaveFocus();
  });

  it('adds the patient in the chosen clinic, then selects them', async () => {
    const added = patient({ key: 1500, firstName: 'Ana', lastName: 'Ruiz', clinicNum: 2 });
    const fake = createFakeSdk({ '/api/customer/transition': () => ok(customerOf(added, 77)) });
    const { dialog, user, onPatientSelected, onPatientSaved } = await openAdd(fake, 'ana ruiz');
    await user.selectOptions(within(dialog).getByLabelText('Clinic'), 'Northside Clinic');
    await user.type(within(dialog).getByLabelText('Mobile phone'), '512.555.0199');
    await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
    await waitFor(() => expect(onPatientSelected).toHaveBeenCalled());
    const [call] = fake.callsTo('/api/customer/transition');
    expect(call).toMatchObject({
      noBanner: true,
      body: { firstName: 'Ana', lastName: 'Ruiz', email: '', cell: '512.555.0199', clinicNum: 2 },
    });
    expect(call!.body).not.toHaveProperty('key');
    expect(onPatientSelected).toHaveBeenCalledWith({ id: 77, key: 1500, firstName: 'Ana', lastName: 'Ruiz' });
    expect(onPatientSaved).toHaveBeenCalledWith({ id: 77, key: 1500, firstName: 'Ana', lastName: 'Ruiz' });
    expect(fake.banners).toContainEqual({ intent: 'success', title: 'Saved', message: 'Patient added' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the form open with the server’s reason when it refuses', async () => {
    const fake = createFakeSdk({
      '/api/customer/transition': () => refused('Choose one of the practice’s clinics.'),
    });
    const { dialog, user, onPatientSelected } = await openAdd(fake, 'ana ruiz');
    await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose one of the practice’s clinics.',
    );
    expect(onPatientSelected).not.toHaveBeenCalled();
  });

  it('opens from the keyboard, and Cancel gives the focus back to Add Patient', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch(createFakeSdk());
    await typeAndWait(user, box(), 'ana');
    // Tab reaches Add Patient in a browser (the e2e test presses it); jsdom cannot follow Fluent's
    // focus manager there, so the focus is put where Tab leaves it.
    const add = screen.getByRole('button', { name: 'Add Patient' });
    act(() => add.focus());
    expect(add).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add Patient' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(add).toHaveFocus());
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('editing a patient', () => {
  it('updates a customer’s profile (F2 on the active result)', async () => {
    const fake = createFakeSdk({
      ...searchWith(MARIA),
      '/api/customer/update': (call) => ok({ ...customerOf(MARIA, 11), ...call.body }),
    });
    const user = userEvent.setup();
    const { box, onPatientSaved, onPatientSelected } = renderSearch(fake);
    await typeAndWait(user, box(), 'maria');
    await user.keyboard('{ArrowDown}{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Patient' });
    expect(
      within(dialog).getByText('Changes will update the patient profile in Open Dental.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Clinic')).not.toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue('maria.garcia@example.com');
    await user.clear(email);
    await user.type(email, 'maria@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Update Patient Profile' }));
    await waitFor(() => expect(onPatientSaved).toHaveBeenCalled());
    expect(fake.callsTo('/api/customer/update')[0]!.body).toEqual({
      id: 11,
      key: 1001,
      firstName: 'Maria',
      lastName: 'Garcia',
      email: 'maria@example.org',
      cell: '(512) 555-0142',
      zip: '78704',
    });
    expect(onPatientSaved).toHaveBeenCalledWith({
      id: 11,
      key: 1001,
      firstName: 'Maria',
      lastName: 'Garcia',
    });
    expect(onPatientSelected).not.toHaveBeenCalled();
    expect(fake.banners).toContainEqual({ intent: 'success', title: 'Saved', message: 'Patient updated' });
    await waitFor(() => expect(box()).toHaveFocus());
    // The results are searched again, to show the change.
    await waitFor(() => expect(fake.callsTo('/api/patient/searchPatient').length).toBeGreaterThan(1));
  });

  it('opens from the edit action of a row', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch(createFakeSdk(searchWith(MARIA)));
    await typeAndWait(user, box(), 'maria');
    await user.click(screen.getByTitle('Edit patient (F2)'));
    expect(await screen.findByRole('dialog', { name: 'Edit Patient' })).toBeInTheDocument();
  });

  it('is not offered to a user who may not edit patients', async () => {
    const fake = createFakeSdk(searchWith(MARIA), { isAdmin: false, practices: [{ id: 1, roles: [] }] });
    const user = userEvent.setup();
    const { box } = renderSearch(fake);
    await typeAndWait(user, box(), 'maria');
    await waitFor(() => expect(fake.callsTo('/api/company/current')).toHaveLength(1));
    expect(screen.queryByTitle('Edit patient (F2)')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{F2}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('avatars', () => {
  it('show the practice system’s picture when there is one', async () => {
    const fake = createFakeSdk({
      ...searchWith({ ...MARIA, hasAvatar: true }),
      '/api/patient/getAvatar': () => new Blob(['<svg/>'], { type: 'image/svg+xml' }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:avatar-1001');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    const { box, container } = renderSearch(fake);
    await typeAndWait(user, box(), 'maria');
    await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', 'blob:avatar-1001'));
    expect(fake.callsTo('/api/patient/getAvatar')[0]).toMatchObject({ query: { id: 1001 }, noBanner: true });
  });

  it('keep the initials, and raise no banner, when the picture fails to load', async () => {
    const fake = createFakeSdk(searchWith({ ...MARIA, hasAvatar: true }));
    const user = userEvent.setup();
    const { box, container } = renderSearch(fake);
    await typeAndWait(user, box(), 'maria');
    await waitFor(() => expect(fake.callsTo('/api/patient/getAvatar')).toHaveLength(1));
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('option', { name: /Maria Garcia/ })).toHaveTextContent('MG');
    expect(fake.banners).toEqual([]);
  });

  it('are not asked for when the patient has no picture (no 404 in the host page’s console)', async () => {
    const fake = createFakeSdk({
      ...searchWith(
        { ...MARIA, hasAvatar: false },
        patient({ key: 1003, firstName: 'Mario', lastName: 'Gomez', hasAvatar: true }),
      ),
      '/api/patient/getAvatar': () => new Blob(['<svg/>'], { type: 'image/svg+xml' }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:avatar-1003');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    const { box, container } = renderSearch(fake);
    await typeAndWait(user, box(), 'mar');
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(1));
    expect(fake.callsTo('/api/patient/getAvatar').map((c) => c.query)).toEqual([{ id: 1003 }]);
    expect(screen.getByRole('option', { name: /Maria Garcia/ })).toHaveTextContent('MG');
  });
});
