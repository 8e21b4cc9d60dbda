/**
 * The 'Membership for {name}' modal as a person uses it, against a fake SDK and memberships in every
 * status shaped by the contract: the pills, the past-due and expiring alerts with their actions, the
 * panels, the tabs (enrollees edited inline and saved, the plan detail, Payment History's refund
 * through a handed-in form, Authorization), Renewal Options with the 120 monthly dates, Restart
 * Membership, 'Make Payment For', Cancel Membership, section 8's messages, what a viewer sees, the
 * element's events and the realtime refresh.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerMembershipBilling } from '../../embed-sdk/contract/membership.js';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { SdkContext } from '../runtime/SdkContext.js';
import '../ui/testing/domMatchers.js';
import { card } from '../ui/testing/cardFixtures.js';
import { fakeMembershipServer } from '../ui/testing/fakeMembershipServer.js';
import type { RefundVoidFormProps } from '../ui/refundVoidForm.js';
import {
  activeMonthly,
  activeYearlyExpiring,
  awaiting,
  canceled,
  expired,
  MEMBERSHIP_ID,
  pastDue,
} from '../ui/testing/membershipFixtures.js';
import { membershipBillingAttributes } from './element.js';
import { cardPickerPart } from '../ui/LazyCardPicker.js';
import { dialogsPart } from './LazyDialogs.js';
import { membershipDetailsPart } from './LazyMembershipDetails.js';
import { MembershipBillingElement } from './MembershipBilling.js';
import { fakeSdkFor, renderMembership, type Fake } from './testing/renderWidget.js';

const VISA = card({ id: 7, cardType: 'VISA', isDefault: true });
const MASTERCARD = card({ id: 8, cardType: 'MASTERCARD' });
const DEBIT = card({ id: 9, cardType: 'VISA', description: '•••• 5556', funding: 'DEBIT' });
const VIEWER = ['VIEWMEMBERSHIPS'] as const;

function setUp(
  initial: CustomerMembershipBilling,
  options: {
    roles?: Parameters<typeof fakeSdkFor>[1];
    refundVoidForm?: (p: RefundVoidFormProps) => null;
    cards?: SavedCard[];
  } = {},
) {
  const server = fakeMembershipServer(initial, options.cards ?? [VISA, MASTERCARD]);
  const fake = fakeSdkFor(server.handlers, options.roles);
  const onChanged = vi.fn();
  renderMembership(fake, {
    onChanged,
    ...(options.refundVoidForm ? { refundVoidForm: options.refundVoidForm } : {}),
  });
  return { server, fake, onChanged, user: userEvent.setup() };
}

/** The modal, once its body (loaded on demand) shows the membership. */
async function openModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Membership for Maria Garcia' });
  await within(dialog).findByText(/^Membership ID: /);
  return dialog;
}
/**
 * A dialog opened from the modal, found by its label or title with a plain selector (a role query
 * over the whole modal is slow on a loaded machine), given the focus a browser would give it
 * (ui/testing/dialogs.ts says why), once Fluent's modal has made it accessible.
 */
async function focusedDialog(name: string) {
  const dialog = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].find(
      (d) => (d.getAttribute('aria-label') ?? d.querySelector('h2')?.textContent) === name,
    );
    expect(found, `the dialog "${name}"`).toBeDefined();
    return found!;
  });
  act(() => within(dialog).getAllByRole('button', { hidden: true })[0]!.focus());
  await waitFor(() => expect(dialog.closest('[aria-hidden="true"]')).toBeNull());
  return dialog;
}
/** Restart Membership's Use Another Card: the picker, the card whose number matches, Use This Card. */
async function chooseCard(user: ReturnType<typeof userEvent.setup>, restart: HTMLElement, number: RegExp) {
  await user.click(within(restart).getByRole('button', { name: 'Use Another Card' }));
  const picker = await focusedDialog('Change Card');
  await user.click(await within(picker).findByRole('radio', { name: number }));
  await user.click(within(picker).getByRole('button', { name: 'Use This Card' }));
  await waitFor(() => expect(picker.isConnected).toBe(false));
  // The restart dialog is hidden from assistive technology while the picker is over it.
  await waitFor(() => expect(restart.closest('[aria-hidden="true"]')).toBeNull());
}
const region = (inside: HTMLElement, name: string) => within(inside).getByRole('region', { name });
const queryRegion = (inside: HTMLElement, name: string) => within(inside).queryByRole('region', { name });
const bodies = (fake: Fake, path: string) => fake.callsTo(path).map((c) => c.body);
const PATH = (name: string) => `/api/customerMembershipBilling/${name}`;

// The modal's body and its dialogs load on demand; loaded once here, each test sees them at once.
beforeAll(async () => {
  await Promise.all([membershipDetailsPart.load(), dialogsPart.load(), cardPickerPart.load()]);
});

describe('the pills', () => {
  it.each([
    ['Active monthly', 'Active', activeMonthly()],
    ['Canceled', 'Canceled 07/20/2026', canceled()],
    ['Expired', 'Expired 06/01/2026', expired()],
    ['Awaiting', 'Awaiting Completion', awaiting()],
  ])('%s: membership ID, patient ID and "%s"', async (_name, status, membership) => {
    setUp(membership);
    const dialog = await openModal();
    expect(within(dialog).getByText(`Membership ID: ${MEMBERSHIP_ID}`)).toBeInTheDocument();
    expect(within(dialog).getByText('Patient ID: 1001')).toBeInTheDocument();
    const pill = dialog.querySelector('[data-status]');
    expect(pill).toHaveTextContent(status);
    expect(pill).toHaveAttribute('data-status', membership.status);
  });
});

describe('the past-due alert', () => {
  it('says the balance and the next retry, and Process Past Due charges it through Make Payment For', async () => {
    const { fake, user } = setUp(pastDue());
    const dialog = await openModal();
    const alert = within(dialog).getByRole('group', { name: 'Past Due' });
    expect(alert).toHaveTextContent('This membership has a past-due balance of $70.00.');
    expect(alert).toHaveTextContent('The declined payment will be tried again on 07/22/2026.');

    await user.click(within(alert).getByRole('button', { name: 'Process Past Due' }));
    const pay = await focusedDialog('Make Payment For Maria Garcia');
    const amount = within(pay).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('70.00');
    // What the card is charged shows before the click: the surcharge (3 % on this credit card) and
    // the total, as the server works them out, and again for an amount typed.
    const charge = await within(pay).findByRole('status', { name: 'Surcharge' });
    expect(charge).toHaveTextContent('Surcharge$2.10Total$72.10');
    expect(bodies(fake, '/api/surcharge')).toEqual([{ customerSavedCardId: 7, amount: 7_000 }]);
    await user.clear(amount);
    await user.type(amount, '33');
    await waitFor(() =>
      expect(within(pay).getByRole('status', { name: 'Surcharge' })).toHaveTextContent(
        'Surcharge$0.99Total$33.99',
      ),
    );
    await user.clear(amount);
    await user.type(amount, '70');
    await user.click(within(pay).getByRole('button', { name: 'Process Transaction' }));

    await waitFor(() =>
      expect(bodies(fake, PATH('processPayment'))).toEqual([{ id: MEMBERSHIP_ID, amount: 7_000 }]),
    );
    expect(fake.callsTo(PATH('processPayment'))[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(fake.banners).toContainEqual(
        expect.objectContaining({
          intent: 'success',
          title: 'Transaction Approved',
          message: 'The payment has been processed. Transaction ID: TX7001',
        }),
      ),
    );
    // The membership read again has no balance left: the alert is gone.
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'Past Due' })).toBeNull());
  });

  it("refuses an amount that is not money, naming the field, and says a decline's reason", async () => {
    const { fake, server, user } = setUp(pastDue());
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Process Past Due' }));
    const pay = await focusedDialog('Make Payment For Maria Garcia');
    const amount = within(pay).getByRole('textbox', { name: /Amount/ });

    await user.clear(amount);
    await user.click(within(pay).getByRole('button', { name: 'Process Transaction' }));
    expect(within(pay).getByText('The Amount is required.')).toBeInTheDocument();
    await user.type(amount, '12.345');
    await user.click(within(pay).getByRole('button', { name: 'Process Transaction' }));
    expect(within(pay).getByText('The Amount is not a currency value.')).toBeInTheDocument();
    expect(fake.callsTo(PATH('processPayment'))).toHaveLength(0);

    server.state.decline = 'Insufficient funds';
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(pay).getByRole('button', { name: 'Process Transaction' }));
    const declined = await within(pay).findByRole('alert');
    expect(declined).toHaveTextContent('Transaction Declined');
    expect(declined).toHaveTextContent('Insufficient funds');
    // A new try after an answer is a new charge: a new key.
    await user.click(within(pay).getByRole('button', { name: 'Process Transaction' }));
    await waitFor(() => expect(fake.callsTo(PATH('processPayment'))).toHaveLength(2));
    const [first, second] = fake.callsTo(PATH('processPayment'));
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it("Send Reminder e-mails the patient: 'Reminder Sent'", async () => {
    const { fake, user } = setUp(pastDue());
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminder' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('sendDeclineReminder'))).toEqual([
        { customerMembershipBillingId: MEMBERSHIP_ID },
      ]),
    );
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        title: 'Reminder Sent',
        message: 'An e-mail has been sent regarding the declined payment',
      }),
    );
  });

  it('says when the retries are used up', async () => {
    setUp(pastDue({ nextRetryDate: null, retriesExhausted: true }));
    const dialog = await openModal();
    expect(within(dialog).getByRole('group', { name: 'Past Due' })).toHaveTextContent(
      'The declined payment was retried on its whole schedule; it will not be tried again.',
    );
  });
});

describe('the expiring alert', () => {
  it("says 'expire in N day(s)' and Change/Cancel opens Renewal Options", async () => {
    const { user } = setUp(activeYearlyExpiring());
    const dialog = await openModal();
    const alert = within(dialog).getByRole('group', { name: 'Expiring' });
    expect(alert).toHaveTextContent('This membership will expire in 12 day(s).');
    await user.click(within(alert).getByRole('button', { name: 'Change/Cancel' }));
    await focusedDialog('Renewal Options');
  });

  it.each([
    ['the renewal mode is not EXPIRING', { renewalMode: 'YEARLY' }],
    ['displayExpiration is off', { displayExpiration: false }],
    ['it has not started', { hasStarted: false }],
  ] as const)('does not show when %s', async (_why, over) => {
    setUp(activeYearlyExpiring(over));
    const dialog = await openModal();
    expect(within(dialog).queryByRole('group', { name: 'Expiring' })).toBeNull();
  });
});

describe('the panels', () => {
  it('active monthly: start date, cycle amount with surcharge and card total, next payment, renewal, card', async () => {
    setUp(activeMonthly());
    const dialog = await openModal();
    expect(region(dialog, 'Start Date')).toHaveTextContent('01/15/2026');
    const cycle = region(dialog, 'Cycle Amount');
    expect(cycle).toHaveTextContent('$70.00');
    expect(cycle).toHaveTextContent('Monthly');
    expect(cycle).toHaveTextContent('Surcharge: $2.10');
    expect(cycle).toHaveTextContent('Credit Card Total: $72.10');
    const next = region(dialog, 'Next Payment');
    expect(next).toHaveTextContent('$72.10');
    expect(next).toHaveTextContent('on 08/15/2026');
    expect(region(dialog, 'Renewal')).toHaveTextContent('Auto-Renews');
    const onFile = region(dialog, 'Card on File');
    expect(onFile).toHaveTextContent('•••• 1111');
    expect(onFile).toHaveTextContent('Expires 12/30');
  });

  it('a declined charge that will be retried shows its retry date under the next payment', async () => {
    setUp(pastDue());
    const dialog = await openModal();
    expect(region(dialog, 'Next Payment')).toHaveTextContent('Retry of the declined payment on 07/22/2026');
  });

  it.each([
    ['yearly set to expire', 'Expires On08/27/2026', activeYearlyExpiring()],
    ['yearly auto-renewing', 'Auto-Renews On08/27/2026', activeYearlyExpiring({ renewalMode: 'YEARLY' })],
    ['yearly renewing once', 'Renews Once On08/27/2026', activeYearlyExpiring({ renewalMode: 'YEARLYONCE' })],
    [
      'monthly with a 12-month term',
      'Auto-Renews On01/15/2027',
      activeMonthly({ monthlyExpires: '2027-01-15' }),
    ],
    // Not 'Renewal' (the panel's own name) for these three: what is true of each.
    // The date it was canceled or expired is the status pill's, not repeated here.
    ['canceled', 'Does not renew(?!Canceled)', canceled()],
    ['expired', 'Does not renew(?!Expired)', expired()],
    ['awaiting past its start date (its term starts on completion)', 'Auto-Renews(?! On)', awaiting()],
  ])('renewal of a %s membership: "%s"', async (_name, text, membership) => {
    setUp(membership);
    const dialog = await openModal();
    expect(region(dialog, 'Renewal').textContent).toMatch(new RegExp(`^Renewal${text}`));
  });

  it.each([
    ['canceled', 'Canceled 07/20/2026', canceled()],
    ['expired', 'Expired 06/01/2026', expired()],
  ])('a %s membership says when once, in its status pill', async (_name, pill, membership) => {
    setUp(membership);
    const dialog = await openModal();
    const date = pill.split(' ')[1]!;
    expect(dialog.textContent!.split(date)).toHaveLength(2);
    expect(within(dialog).getByText(pill)).toBeInTheDocument();
  });

  it('a yearly membership has no Next Payment panel, nor an inactive one a card', async () => {
    setUp(canceled({ cycle: 'YEARLY' }));
    const dialog = await openModal();
    expect(queryRegion(dialog, 'Next Payment')).toBeNull();
    expect(queryRegion(dialog, 'Card on File')).toBeNull();
  });

  it('awaiting with an expired link: says so, offers Send New Link instead of a reminder, which sends one at once', async () => {
    const expiredLink = awaiting();
    expiredLink.enrollment = { ...expiredLink.enrollment!, linkExpired: true };
    const { fake, user } = setUp(expiredLink);
    const dialog = await openModal();
    const enrollment = region(dialog, 'Enrollment');
    expect(enrollment.textContent).toMatch(/Link expired .*: send a new link for the patient to enroll\./);
    expect(within(enrollment).queryByRole('button', { name: 'Send Reminder' })).toBeNull();
    await user.click(within(enrollment).getByRole('button', { name: 'Send New Link' }));
    await waitFor(() => expect(bodies(fake, PATH('sendNewEnrollmentLink'))).toEqual([{ id: MEMBERSHIP_ID }]));
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        title: 'New Link Sent',
        message:
          'The patient has been sent a new link to complete their enrollment. The link sent before no longer works.',
      }),
    );
    await waitFor(() => expect(enrollment.textContent).toMatch(/Link works until /));
    expect(within(enrollment).getByRole('button', { name: 'Send Reminder' })).toBeInTheDocument();
  });

  it("awaiting past its start date: 'On Completion Date' with its hint, no surcharge, Send Reminder and Cancel Membership", async () => {
    const { fake, user } = setUp(awaiting());
    const dialog = await openModal();
    const start = region(dialog, 'Start Date');
    expect(start).toHaveTextContent('On Completion Date');
    expect(start).toHaveTextContent(
      'The start date has passed: the membership will start on the date the patient completes the enrollment.',
    );
    expect(region(dialog, 'Cycle Amount')).not.toHaveTextContent('Surcharge');
    expect(queryRegion(dialog, 'Card on File')).toBeNull();
    expect(queryRegion(dialog, 'Next Payment')).toBeNull();

    const enrollment = region(dialog, 'Enrollment');
    await user.click(within(enrollment).getByRole('button', { name: 'Send Reminder' }));
    await waitFor(() => expect(bodies(fake, PATH('notifyPatient'))).toEqual([{ id: MEMBERSHIP_ID }]));
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        title: 'Notified',
        message: 'The patient has been notified to complete their enrollment.',
      }),
    );

    await user.click(within(enrollment).getByRole('button', { name: 'Cancel Membership' }));
    const cancel = await focusedDialog('Cancel Membership');
    expect(
      within(cancel)
        .getAllByRole('radio')
        .map((r) => r.closest('span')?.textContent),
    ).toEqual(['Immediately']);
  });

  it("Change Card attaches another of the patient's cards: 'Card Attached'", async () => {
    const { fake, user } = setUp(activeMonthly());
    const dialog = await openModal();
    await user.click(within(region(dialog, 'Card on File')).getByRole('button', { name: 'Change Card' }));
    const picker = await focusedDialog('Change Card');
    await user.click(await within(picker).findByRole('radio', { name: /4444/ }));
    await user.click(within(picker).getByRole('button', { name: 'Use This Card' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('setCustomerSavedCard'))).toEqual([
        { customerSavedCardId: 8, Id: MEMBERSHIP_ID },
      ]),
    );
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        title: 'Card Attached',
        message: 'This card will be used for this membership going forward.',
      }),
    );
    await waitFor(() => expect(region(dialog, 'Card on File')).toHaveTextContent('•••• 4444'));
  });
});

describe('the tabs', () => {
  const TABS = ['Enrollees', 'Payment History', 'Authorization'];
  const tabNames = (dialog: HTMLElement) =>
    TABS.filter((name) => within(dialog).queryByRole('tab', { name }) !== null);

  it('Enrollees always; Payment History once started; Authorization with an approval', async () => {
    setUp(activeMonthly());
    expect(tabNames(await openModal())).toEqual(['Enrollees', 'Payment History', 'Authorization']);
  });

  it('an awaiting membership has only Enrollees, and its lines are not editable', async () => {
    setUp(awaiting());
    const dialog = await openModal();
    expect(tabNames(dialog)).toEqual(['Enrollees']);
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
  });

  it('the plan name opens the plan detail: image, label, description, benefits', async () => {
    const { user } = setUp(
      activeMonthly({
        billingMemberships: activeMonthly().billingMemberships.map((line, i) =>
          i === 0 ? { ...line, image: 'data:image/png;base64,iVBORw0KGgo=' } : line,
        ),
      }),
    );
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Adult Preventive: plan details' }));
    const plan = await focusedDialog('Adult Preventive');
    expect(within(plan).getByRole('img', { name: 'Adult Preventive' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(plan).toHaveTextContent('Two cleanings, two exams and yearly X-rays');
    const benefits = within(plan).getByRole('list', { name: 'Benefits' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 cleanings a year', '20% off fillings']);
  });

  it("edits a quantity inline, then 'Save Membership Changes' with the patient notified: 'Saved'", async () => {
    const { fake, user, onChanged } = setUp(activeMonthly());
    const dialog = await openModal();
    const table = within(dialog).getByRole('table', { name: 'Enrollees' });
    expect(within(dialog).queryByRole('button', { name: 'Save Membership Changes' })).toBeNull();
    const qty = within(table).getByRole('textbox', { name: 'Quantity of Child Preventive for Sofia Garcia' });
    await user.clear(qty);
    await user.type(qty, '3');
    expect(dialog).toHaveTextContent('New cycle amount: $90.00');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Notify patient via email of membership changes.' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Membership Changes' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('saveMembershipChanges'))).toEqual([
        {
          id: MEMBERSHIP_ID,
          billingMemberships: [
            { id: 1, qty: 1, amount: 3_000 },
            { id: 2, qty: 3, amount: 2_000 },
          ],
          sendEmail: true,
        },
      ]),
    );
    expect(fake.banners).toContainEqual(
      expect.objectContaining({ title: 'Saved', message: 'The membership changes have been saved.' }),
    );
    await waitFor(() => expect(region(dialog, 'Cycle Amount')).toHaveTextContent('$90.00'));
    expect(within(dialog).queryByRole('button', { name: 'Save Membership Changes' })).toBeNull();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ id: MEMBERSHIP_ID, amount: 9_000 }));
  });

  it('refuses a quantity or amount that is not valid, naming it, and saves nothing', async () => {
    const { fake, user } = setUp(activeMonthly());
    const dialog = await openModal();
    const qty = within(dialog).getByRole('textbox', {
      name: 'Quantity of Adult Preventive for Maria Garcia',
    });
    await user.clear(qty);
    await user.type(qty, '0');
    expect(dialog).toHaveTextContent('The Quantity must be from 1 to 20.');
    const amount = within(dialog).getByRole('textbox', {
      name: 'Cycle amount of Adult Preventive for Maria Garcia',
    });
    await user.clear(amount);
    await user.type(amount, '3o');
    expect(dialog).toHaveTextContent('The Cycle Amount is not a currency value.');
    expect(within(dialog).getByRole('button', { name: 'Save Membership Changes' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Discard Changes' }));
    expect(within(dialog).queryByRole('button', { name: 'Save Membership Changes' })).toBeNull();
    expect(fake.callsTo(PATH('saveMembershipChanges'))).toHaveLength(0);
  });

  it('Payment History: the ledger, and Refund or Void through the handed-in transactions form', async () => {
    const opened: RefundVoidFormProps[] = [];
    const form = (props: RefundVoidFormProps) => {
      opened.push(props);
      return null;
    };
    const { fake, user } = setUp(activeMonthly(), { refundVoidForm: form });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('tab', { name: 'Payment History' }));
    const table = within(dialog).getByRole('table', { name: 'Payment history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Refunded');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: /^Void: / }));
    expect(opened.at(-1)).toMatchObject({ transactionId: 9_003, action: 'VOID' });
    await user.click(within(rows[1]!).getByRole('button', { name: /^Refund: / }));
    expect(opened.at(-1)).toMatchObject({ transactionId: 9_002, action: 'REFUND' });

    const reads = fake.callsTo(PATH('getCustomerMembershipBilling')).length;
    act(() => opened.at(-1)!.onDone());
    await waitFor(() => expect(fake.callsTo(PATH('getCustomerMembershipBilling')).length).toBe(reads + 1));
  });

  it('Payment History offers no refund without the form, nor to someone without PROCESSREFUND', async () => {
    const { user } = setUp(activeMonthly(), {
      roles: ['EDITMEMBERSHIPS'],
      refundVoidForm: () => null,
    });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('tab', { name: 'Payment History' }));
    const table = within(dialog).getByRole('table', { name: 'Payment history' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('Authorization: method, IP address, signature, template and approved date', async () => {
    const { user } = setUp(activeMonthly());
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('tab', { name: 'Authorization' }));
    const list = within(dialog).getByLabelText('Authorization', { selector: 'dl' });
    expect(list).toHaveTextContent('MethodSignature');
    expect(list).toHaveTextContent('IP Address203.0.113.24');
    expect(list).toHaveTextContent('SignatureMaria Garcia');
    expect(list).toHaveTextContent('I authorize Bright Smiles Dental');
    expect(list.textContent).toMatch(/Approved Date01\/10\/2026/);
  });
});

describe('Renewal Options', () => {
  it('a monthly membership chooses among the 120 anniversaries of its next billing date', async () => {
    const { fake, user } = setUp(activeMonthly());
    const dialog = await openModal();
    await user.click(within(region(dialog, 'Renewal')).getByRole('button', { name: 'Change/Cancel' }));
    const renewal = await focusedDialog('Renewal Options');
    expect(
      within(renewal)
        .getAllByRole('radio')
        .map((r) => r.closest('span')?.textContent),
    ).toEqual([
      'Cancel the membership now',
      'Let the membership expire at the end of its term',
      'Renew once, then let it expire',
      'Auto-renew',
    ]);
    await user.click(
      within(renewal).getByRole('radio', { name: 'Let the membership expire at the end of its term' }),
    );
    const termEnd = within(renewal).getByRole('combobox', { name: 'Term ends on' });
    const options = within(termEnd).getAllByRole('option');
    expect(options).toHaveLength(121);
    expect(options[0]).toHaveTextContent('Renews every month until canceled');
    expect(options[1]).toHaveTextContent('09/15/2026');
    expect(options[120]).toHaveTextContent('08/15/2036');
    await user.selectOptions(termEnd, '2027-01-15');
    await user.click(within(renewal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('setRenewMode'))).toEqual([
        { id: MEMBERSHIP_ID, renewalMode: 'EXPIRING', notifyPatient: false, monthlyExpires: '2027-01-15' },
      ]),
    );
    // The spec's title, and what the renewal now is, as every other change says what it did.
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        intent: 'success',
        title: 'Renew Selection Saved',
        message: 'The membership expires on 01/15/2027.',
      }),
    );
    await waitFor(() => expect(region(dialog, 'Renewal')).toHaveTextContent('Expires On01/15/2027'));
  });

  it('a membership that has not started offers STARTDATE, first', async () => {
    const { fake, user } = setUp(
      activeMonthly({
        hasStarted: false,
        renewalMode: 'STARTDATE',
        startDate: '2099-01-15',
        nextBillingDate: '2099-01-15',
      }),
    );
    const dialog = await openModal();
    await user.click(within(region(dialog, 'Renewal')).getByRole('button', { name: 'Change/Cancel' }));
    const renewal = await focusedDialog('Renewal Options');
    const first = within(renewal).getAllByRole('radio')[0]!;
    expect(first).toBeChecked();
    expect(first.closest('span')).toHaveTextContent('Change the start date');
    const date = within(renewal).getByLabelText(/New start date/);
    await user.clear(date);
    await user.type(date, '2099-02-01');
    await user.click(within(renewal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('setRenewMode'))).toEqual([
        { id: MEMBERSHIP_ID, renewalMode: 'STARTDATE', notifyPatient: false, nextBillingDate: '2099-02-01' },
      ]),
    );
  });

  it("CANCEL cancels now: 'Canceled'", async () => {
    const { fake, user } = setUp(activeYearlyExpiring());
    const dialog = await openModal();
    await user.click(within(region(dialog, 'Renewal')).getByRole('button', { name: 'Change/Cancel' }));
    const renewal = await focusedDialog('Renewal Options');
    expect(within(renewal).queryByRole('combobox')).toBeNull();
    await user.click(within(renewal).getByRole('radio', { name: 'Cancel the membership now' }));
    await user.click(within(renewal).getByRole('checkbox', { name: /Notify the patient/ }));
    await user.click(within(renewal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('setRenewMode'))).toEqual([
        { id: MEMBERSHIP_ID, renewalMode: 'CANCEL', notifyPatient: true },
      ]),
    );
    expect(fake.banners).toContainEqual(
      expect.objectContaining({ title: 'Canceled', message: 'This membership plan has been canceled.' }),
    );
    await waitFor(() => expect(within(dialog).getByText('Canceled 07/25/2026')).toBeInTheDocument());
  });
});

describe('Cancel Membership', () => {
  it("asks when, refusing no choice with the spec's message; on expiration: 'Renew Selection Saved'", async () => {
    const { fake, user } = setUp(activeMonthly());
    const dialog = await openModal();
    await user.click(within(region(dialog, 'Renewal')).getByRole('button', { name: 'Cancel Membership' }));
    const cancel = await focusedDialog('Cancel Membership');
    expect(within(cancel).getByRole('button', { name: 'Cancel Membership' })).toHaveAttribute(
      'data-intent',
      'danger',
    );
    expect(within(cancel).getByRole('button', { name: 'Keep Membership' })).not.toHaveAttribute(
      'data-intent',
    );
    await user.click(within(cancel).getByRole('button', { name: 'Cancel Membership' }));
    expect(cancel).toHaveTextContent('Please select when you would like to cancel the membership.');
    expect(fake.callsTo(PATH('cancel'))).toHaveLength(0);
    await user.click(within(cancel).getByRole('radio', { name: 'On expiration' }));
    await user.click(within(cancel).getByRole('button', { name: 'Cancel Membership' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('cancel'))).toEqual([{ id: MEMBERSHIP_ID, cancelAction: 'EXP' }]),
    );
    expect(fake.banners).toContainEqual(
      expect.objectContaining({
        intent: 'success',
        title: 'Renew Selection Saved',
        message: expect.stringMatching(
          /^The membership will be canceled on \d\d\/\d\d\/\d{4}, at the end of its term\.$/,
        ),
      }),
    );
  });

  it("immediately: 'Canceled', and the pill says since when", async () => {
    const { fake, user } = setUp(activeMonthly());
    const dialog = await openModal();
    await user.click(within(region(dialog, 'Renewal')).getByRole('button', { name: 'Cancel Membership' }));
    const cancel = await focusedDialog('Cancel Membership');
    await user.click(within(cancel).getByRole('radio', { name: 'Immediately' }));
    await user.click(within(cancel).getByRole('button', { name: 'Cancel Membership' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('cancel'))).toEqual([{ id: MEMBERSHIP_ID, cancelAction: 'CANCEL' }]),
    );
    expect(fake.banners).toContainEqual(
      expect.objectContaining({ title: 'Canceled', message: 'This membership plan has been canceled.' }),
    );
    await waitFor(() => expect(within(dialog).getByText('Canceled 07/25/2026')).toBeInTheDocument());
  });
});

describe('Restart Membership', () => {
  it("restarts an expired yearly membership: 'Transaction Approved' with the transaction ID", async () => {
    const { fake, user } = setUp(expired());
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Membership' }));
    const restart = await focusedDialog('Restart Membership');
    expect(restart).toHaveTextContent('charged $865.20 for its first year');
    await user.click(within(restart).getByRole('button', { name: 'Restart Membership' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('restartExpiredYearlyMembership'))).toEqual([{ id: MEMBERSHIP_ID }]),
    );
    expect(fake.callsTo(PATH('restartExpiredYearlyMembership'))[0]!.idempotencyKey).toBeTruthy();
    expect(fake.banners).toContainEqual(
      expect.objectContaining({ title: 'Transaction Approved', message: 'Transaction ID: TX7001' }),
    );
    await waitFor(() => expect(within(dialog).getByText('Active')).toBeInTheDocument());
  });

  it('offers a canceled yearly membership past its paid year a restart, saying where its paid year ended', async () => {
    const { user } = setUp(
      canceled({ cycle: 'YEARLY', startDate: '2025-01-15', cancelledDate: '2025-05-01T15:00:00.000Z' }),
    );
    const dialog = await openModal();
    expect(
      within(dialog).getByText("Paid through 01/15/2026: it restarts with a new year's charge"),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Re-activate Membership' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Membership' }));
    await focusedDialog('Restart Membership');
  });

  it("a decline says 'Transaction Declined' with the reason, and it stays expired", async () => {
    const { server, user } = setUp(expired());
    server.state.decline = 'Card declined';
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Membership' }));
    const restart = await focusedDialog('Restart Membership');
    await user.click(within(restart).getByRole('button', { name: 'Restart Membership' }));
    const declined = await within(restart).findByRole('alert');
    expect(declined).toHaveTextContent('Transaction Declined');
    expect(declined).toHaveTextContent('Card declined');
    expect(within(dialog).getByText('Expired 06/01/2026')).toBeInTheDocument();
  });

  it('shows the card it charges: the card on file, brand and last four', async () => {
    const { user } = setUp(expired());
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Membership' }));
    const restart = await focusedDialog('Restart Membership');
    const charged = within(restart).getByRole('group', { name: 'Card to Charge' });
    expect(charged).toHaveTextContent('Card on File');
    expect(within(charged).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(charged).toHaveTextContent('•••• 1111');
    expect(charged).toHaveTextContent('Expires 12/30');
  });

  it('Use Another Card: the chosen card is shown with its own total, and the restart sends its id', async () => {
    const { fake, user } = setUp(expired(), { cards: [VISA, MASTERCARD, DEBIT] });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Membership' }));
    const restart = await focusedDialog('Restart Membership');
    await chooseCard(user, restart, /5556/);
    const charged = within(restart).getByRole('group', { name: 'Card to Charge' });
    await waitFor(() => expect(charged).toHaveTextContent('•••• 5556'));
    // A debit card carries no surcharge: the year's $840.00 alone.
    await waitFor(() =>
      expect(restart).toHaveTextContent(
        'The membership starts again today, and this card is charged $840.00 for its first year.',
      ),
    );
    await user.click(within(restart).getByRole('button', { name: 'Restart Membership' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('restartExpiredYearlyMembership'))).toEqual([
        { id: MEMBERSHIP_ID, customerSavedCardId: DEBIT.id },
      ]),
    );
    await waitFor(() => expect(within(dialog).getByText('Active')).toBeInTheDocument());
    await waitFor(() => expect(region(dialog, 'Card on File')).toHaveTextContent('•••• 5556'));
  });

  it('declined, then another card: approved on a new attempt (its own idempotency key)', async () => {
    const { fake, server, user } = setUp(expired());
    server.state.decline = 'Card declined';
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Membership' }));
    const restart = await focusedDialog('Restart Membership');
    await user.click(within(restart).getByRole('button', { name: 'Restart Membership' }));
    const declined = await within(restart).findByRole('alert');
    expect(declined).toHaveTextContent('Transaction Declined');
    expect(declined).toHaveTextContent('Card declined');

    await chooseCard(user, restart, /4444/);
    await waitFor(() =>
      expect(within(restart).getByRole('group', { name: 'Card to Charge' })).toHaveTextContent('•••• 4444'),
    );
    expect(within(restart).queryByRole('alert')).toBeNull();
    const again = within(restart).getByRole('button', { name: 'Restart Membership' });
    await waitFor(() => expect(again).not.toBeDisabled());
    await user.click(again);
    await waitFor(() =>
      expect(fake.banners).toContainEqual(
        expect.objectContaining({ title: 'Transaction Approved', message: 'Transaction ID: TX7001' }),
      ),
    );
    const calls = fake.callsTo(PATH('restartExpiredYearlyMembership'));
    expect(calls.map((c) => c.body)).toEqual([
      { id: MEMBERSHIP_ID },
      { id: MEMBERSHIP_ID, customerSavedCardId: MASTERCARD.id },
    ]);
    expect(calls[1]!.idempotencyKey).not.toBe(calls[0]!.idempotencyKey);
    await waitFor(() => expect(within(dialog).getByText('Active')).toBeInTheDocument());
  });

  it('with the card on file removed, Restart waits for another card', async () => {
    const removed = expired();
    const { user } = setUp({ ...removed, card: { ...removed.card!, isActive: false } });
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Membership' }));
    const restart = await focusedDialog('Restart Membership');
    expect(within(restart).getByRole('group', { name: 'Card to Charge' })).toHaveTextContent(
      'This card has been removed from the patient’s cards.',
    );
    const submit = within(restart).getByRole('button', { name: 'Restart Membership' });
    expect(submit).toBeDisabled();
    await chooseCard(user, restart, /4444/);
    await waitFor(() => expect(submit).not.toBeDisabled());
  });

  it('is not offered for a monthly one', async () => {
    setUp(expired({ cycle: 'MONTHLY' }));
    const dialog = await openModal();
    expect(within(dialog).queryByRole('button', { name: 'Restart Membership' })).toBeNull();
  });
});

describe("the yearly renewal, re-activation and the billing saved with the enrollees (section 7's calls)", () => {
  it("Renew Next Year, then Don't Renew Next Year: renewNextYearlyCycle and dontRenewNextYearlyCycle, each confirmed", async () => {
    const { fake, user } = setUp(activeYearlyExpiring());
    const dialog = await openModal();
    const renewal = region(dialog, 'Renewal');
    await user.click(within(renewal).getByRole('button', { name: 'Renew Next Year' }));
    await waitFor(() => expect(bodies(fake, PATH('renewNextYearlyCycle'))).toEqual([{ id: MEMBERSHIP_ID }]));
    await waitFor(() =>
      expect(fake.banners).toContainEqual(
        expect.objectContaining({
          title: 'Renew Selection Saved',
          message: expect.stringContaining('08/27/2026'),
        }),
      ),
    );
    await user.click(await within(renewal).findByRole('button', { name: "Don't Renew Next Year" }));
    await waitFor(() =>
      expect(bodies(fake, PATH('dontRenewNextYearlyCycle'))).toEqual([{ id: MEMBERSHIP_ID }]),
    );
    expect(await within(renewal).findByRole('button', { name: 'Renew Next Year' })).toBeInTheDocument();
  });

  it('a monthly membership has no yearly cycle to renew', async () => {
    setUp(activeMonthly());
    const dialog = await openModal();
    expect(within(dialog).queryByRole('button', { name: /Renew Next Year/ })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'Auto-renew every year' })).toBeNull();
  });

  it('Re-activate Membership on a canceled one asks first (with what is billed), then setActive: Re-activated', async () => {
    const { fake, user } = setUp(canceled());
    const dialog = await openModal();
    await user.click(
      within(region(dialog, 'Renewal')).getByRole('button', { name: 'Re-activate Membership' }),
    );
    const confirm = await focusedDialog('Re-activate Membership');
    expect(confirm).toHaveTextContent('is billed $72.10 each month on the card on file, from 08/15/2026.');
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(fake.callsTo(PATH('setActive'))).toHaveLength(0);
    await user.click(
      within(region(dialog, 'Renewal')).getByRole('button', { name: 'Re-activate Membership' }),
    );
    await user.click(
      within(await focusedDialog('Re-activate Membership')).getByRole('button', {
        name: 'Re-activate Membership',
      }),
    );
    await waitFor(() =>
      expect(bodies(fake, PATH('setActive'))).toEqual([{ id: MEMBERSHIP_ID, isActive: true }]),
    );
    await waitFor(() =>
      expect(fake.banners).toContainEqual(
        expect.objectContaining({ title: 'Re-activated', message: 'This membership is active again.' }),
      ),
    );
    await waitFor(() =>
      expect(dialog.querySelector('[data-status]')).toHaveAttribute('data-status', 'ACTIVE'),
    );
  });

  it('an expired yearly membership restarts with its charge: no free re-activation', async () => {
    setUp(expired());
    const dialog = await openModal();
    expect(within(dialog).getByRole('button', { name: 'Restart Membership' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Re-activate Membership' })).toBeNull();
  });

  it('Save Membership Changes carries the next billing date and yearly auto-renew when changed', async () => {
    const { fake, user } = setUp(activeYearlyExpiring());
    const dialog = await openModal();
    expect(within(dialog).queryByRole('button', { name: 'Save Membership Changes' })).toBeNull();
    const billing = within(dialog).getByRole('group', { name: 'Billing' });
    const date = within(billing).getByLabelText('Next Billing Date');
    expect(date).toHaveValue('2026-08-27');
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    expect(billing).toHaveTextContent('The Next Billing Date must be today or later.');
    expect(within(dialog).getByRole('button', { name: 'Save Membership Changes' })).toBeDisabled();
    fireEvent.change(date, { target: { value: '2099-09-30' } });
    await user.click(within(billing).getByRole('checkbox', { name: 'Auto-renew every year' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Membership Changes' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('saveMembershipChanges'))).toEqual([
        {
          id: MEMBERSHIP_ID,
          nextBillingDate: '2099-09-30',
          yearlyAutoRenew: true,
          billingMemberships: [
            { id: 1, qty: 1, amount: 36_000 },
            { id: 2, qty: 2, amount: 24_000 },
          ],
          sendEmail: false,
        },
      ]),
    );
    expect(fake.banners).toContainEqual(expect.objectContaining({ title: 'Saved' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Save Membership Changes' })).toBeNull(),
    );
    expect(within(billing).getByLabelText('Next Billing Date')).toHaveValue('2099-09-30');
  });

  it('an unchanged auto-renew is not sent (a renew-once membership keeps its choice)', async () => {
    const { fake, user } = setUp(
      activeYearlyExpiring({ renewalMode: 'YEARLYONCE', yearlyNextCycleAutoRenew: true }),
    );
    const dialog = await openModal();
    const qty = within(dialog).getByRole('textbox', {
      name: 'Quantity of Child Preventive (yearly) for Sofia Garcia',
    });
    await user.clear(qty);
    await user.type(qty, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Membership Changes' }));
    await waitFor(() => expect(fake.callsTo(PATH('saveMembershipChanges'))).toHaveLength(1));
    const [body] = bodies(fake, PATH('saveMembershipChanges')) as Record<string, unknown>[];
    expect(body).not.toHaveProperty('yearlyAutoRenew');
    expect(body).not.toHaveProperty('nextBillingDate');
  });

  it('a membership awaiting the patient, and a viewer, get no billing fields nor these actions', async () => {
    setUp(awaiting());
    const dialog = await openModal();
    expect(within(dialog).queryByRole('group', { name: 'Billing' })).toBeNull();
  });

  it.each([
    ['yearly', activeYearlyExpiring()],
    ['canceled', canceled()],
  ])('a viewer of a %s membership gets none of them', async (_name, membership) => {
    setUp(membership, { roles: [...VIEWER] });
    const dialog = await openModal();
    expect(within(dialog).queryByRole('group', { name: 'Billing' })).toBeNull();
    for (const name of ['Renew Next Year', "Don't Renew Next Year", 'Re-activate Membership']) {
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
  });
});

describe('a viewer (VIEWMEMBERSHIPS)', () => {
  // Section 6 lets VIEWMEMBERSHIPS Send Reminder of a declined payment: before, the viewer saw no
  // Send Reminder (the server required EDITMEMBERSHIPS); now it is theirs, and nothing else is.
  it('reads everything and may only Send Reminder of a declined payment (section 6)', async () => {
    const { fake, user } = setUp(pastDue(), { roles: [...VIEWER], refundVoidForm: () => null });
    const dialog = await openModal();
    const alert = within(dialog).getByRole('group', { name: 'Past Due' });
    expect(within(alert).queryByRole('button', { name: 'Process Past Due' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Send Reminder' }));
    await waitFor(() =>
      expect(bodies(fake, PATH('sendDeclineReminder'))).toEqual([
        { customerMembershipBillingId: MEMBERSHIP_ID },
      ]),
    );
    await waitFor(() =>
      expect(fake.banners).toContainEqual(expect.objectContaining({ title: 'Reminder Sent' })),
    );
    for (const name of ['Change/Cancel', 'Change Card', 'Cancel Membership', 'Save Membership Changes']) {
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    await user.click(within(dialog).getByRole('tab', { name: 'Payment History' }));
    expect(
      within(within(dialog).getByRole('table', { name: 'Payment history' })).queryAllByRole('button'),
    ).toHaveLength(0);
  });

  it.each([
    ['awaiting', ['Send Reminder', 'Cancel Membership'], awaiting()],
    ['expired', ['Restart Membership'], expired()],
    ['expiring', ['Change/Cancel'], activeYearlyExpiring()],
  ])('an %s membership shows them no action (%s)', async (_name, hidden, membership) => {
    setUp(membership, { roles: [...VIEWER] });
    const dialog = await openModal();
    expect(within(dialog).getAllByRole('tab').length).toBeGreaterThan(0);
    for (const name of hidden) expect(within(dialog).queryByRole('button', { name })).toBeNull();
  });
});

describe('the element', () => {
  function renderElement(fake: Fake, refundVoidForm?: (p: RefundVoidFormProps) => null) {
    const onMembershipChanged = vi.fn();
    const onMembershipClosed = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <SdkContext.Provider value={fake.sdk}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <MembershipBillingElement
              membershipId={MEMBERSHIP_ID}
              onMembershipChanged={onMembershipChanged}
              onMembershipClosed={onMembershipClosed}
              {...(refundVoidForm ? { refundVoidForm } : {})}
            />
          </SWRConfig>
        </SdkContext.Provider>
      </FluentProvider>,
    );
    return { onMembershipChanged, onMembershipClosed };
  }

  it('sends membership-changed after a change and membership-closed on Close', async () => {
    const server = fakeMembershipServer(awaiting(), []);
    const fake = fakeSdkFor(server.handlers);
    const events = renderElement(fake);
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(within(region(dialog, 'Enrollment')).getByRole('button', { name: 'Cancel Membership' }));
    const cancel = await focusedDialog('Cancel Membership');
    await user.click(within(cancel).getByRole('radio', { name: 'Immediately' }));
    await user.click(within(cancel).getByRole('button', { name: 'Cancel Membership' }));
    await waitFor(() =>
      expect(events.onMembershipChanged).toHaveBeenCalledWith({ id: MEMBERSHIP_ID, status: 'INACTIVE' }),
    );
    await waitFor(() => expect(dialog.getAttribute('aria-hidden')).toBeNull());
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(events.onMembershipClosed).toHaveBeenCalledWith({ id: MEMBERSHIP_ID });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the Refund / Void form its chunk hands in (membershipBillingElement.ts) from the Payment History', async () => {
    const opened: RefundVoidFormProps[] = [];
    const server = fakeMembershipServer(activeMonthly(), [VISA]);
    const fake = fakeSdkFor(server.handlers);
    renderElement(fake, (props) => {
      opened.push(props);
      return null;
    });
    const user = userEvent.setup();
    const dialog = await openModal();
    await user.click(within(dialog).getByRole('tab', { name: 'Payment History' }));
    const table = within(dialog).getByRole('table', { name: 'Payment history' });
    const rows = within(table).getAllByRole('row').slice(1);
    await user.click(within(rows[1]!).getByRole('button', { name: /^Refund: / }));
    expect(opened.at(-1)).toMatchObject({ transactionId: 9_002, action: 'REFUND' });
  });

  it('reads the membership again when the hub reports one of its payments, not another', async () => {
    const server = fakeMembershipServer(awaiting(), []);
    const fake = fakeSdkFor(server.handlers);
    renderElement(fake);
    const dialog = await openModal();
    const event = {
      transactionId: 1,
      referenceId: 'X-A',
      refundVoidReferenceId: null,
      status: 'APPROVED' as const,
      source: 'MEMBERSHIP' as const,
      amount: 7_000,
      customerId: 11,
      notificationId: null,
      paymentPlanId: null,
      practiceManagementStatus: 0,
    };
    const reads = () => fake.callsTo(PATH('getCustomerMembershipBilling')).length;
    const before = reads();
    act(() => fake.sdk.events.emit('transaction-processed', { ...event, customerMembershipBillingId: 999 }));
    server.state.membership = activeMonthly();
    act(() =>
      fake.sdk.events.emit('transaction-processed', { ...event, customerMembershipBillingId: MEMBERSHIP_ID }),
    );
    await waitFor(() => expect(within(dialog).getByText('Active')).toBeInTheDocument());
    expect(reads()).toBe(before + 1);
  });

  it('leaves Awaiting when the hub reports the membership changed (the patient completed it), not another', async () => {
    const server = fakeMembershipServer(awaiting(), []);
    const fake = fakeSdkFor(server.handlers);
    renderElement(fake);
    const dialog = await openModal();
    const event = { customerId: 11, status: 'ACTIVE' as const, changed: '2026-07-25T15:00:00.000Z' };
    const reads = () => fake.callsTo(PATH('getCustomerMembershipBilling')).length;
    const before = reads();
    server.state.membership = activeMonthly();
    act(() => fake.sdk.events.emit('membership-updated', { ...event, customerMembershipBillingId: 999 }));
    act(() =>
      fake.sdk.events.emit('membership-updated', { ...event, customerMembershipBillingId: MEMBERSHIP_ID }),
    );
    await waitFor(() => expect(within(dialog).getByText('Active')).toBeInTheDocument());
    expect(within(dialog).queryByText('Awaiting Completion')).toBeNull();
    expect(reads()).toBe(before + 1);
  });

  it('parses membership-id, refusing what is not a positive whole number', () => {
    expect(membershipBillingAttributes.parse({ 'membership-id': ' 42 ' })).toEqual({ membershipId: 42 });
    for (const bad of ['0', '-3', '4.5', 'abc', '']) {
      expect(membershipBillingAttributes.safeParse({ 'membership-id': bad }).success).toBe(false);
    }
  });
});
