/**
 * The patient page's Memberships against a fake SDK: the patient's memberships opening the
 * membership modal, New Membership only with EDITMEMBERSHIPS, its validation (each field
 * named, nothing sent), a family of three enrolled now with a signature (the body, the key, the new
 * membership opened), and enrolment by link (the channels, 'Notified').
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerMembershipBilling } from '../../../embed-sdk/contract/membership.js';
import type { Role } from '../../../embed-sdk/contract/common.js';
import { formatIsoDay } from '../../../embed-sdk/format/index.js';
import { card, MARIA } from '../../../widgets/ui/testing/cardFixtures.js';
import { focusedDialog } from '../../../widgets/ui/testing/dialogs.js';
import '../../../widgets/ui/testing/domMatchers.js';
import { fakeMembershipServer } from '../../../widgets/ui/testing/fakeMembershipServer.js';
import { activeMonthly } from '../../../widgets/ui/testing/membershipFixtures.js';
import { CATALOGUE, MEMBERSHIP_ROWS } from '../../testing/membershipFixtures.js';
import { createPortalSdk, LOGINS, ok, profileOf, SESSIONS } from '../../testing/portalFixtures.js';
import { renderPortal } from '../../testing/renderPortal.js';
import { CustomerMemberships } from './CustomerMemberships.js';

const EDIT_ROLES: Role[] = SESSIONS.frontdesk.roles;

/**
 * Maria's family as memberships read it (the guarantor first): Leo has a customer, Mia only a
 * patient record (her customer, 22, is made as she is added). Lena Smith is a patient of the
 * practice outside the family: the practice-wide search would find her.
 */
const FAMILY = [
  { key: 1001, customerId: 11, firstName: 'Maria', lastName: 'Garcia', isGuarantor: true, isHolder: true },
  { key: 1021, customerId: 21, firstName: 'Leo', lastName: 'Garcia', isGuarantor: false, isHolder: false },
  { key: 1022, customerId: null, firstName: 'Mia', lastName: 'Garcia', isGuarantor: false, isHolder: false },
];
const FAMILY_PATH = '/api/customerMembershipBilling/family';
const MEMBER_CUSTOMER = '/api/customerMembershipBilling/familyMemberCustomer';

function setUp(cards = [card({ id: 5, cardType: 'VISA', isDefault: true })]) {
  return createPortalSdk({
    // The modal a row opens: the membership billing's own calls.
    ...fakeMembershipServer(activeMonthly({ id: 301 })).handlers,
    '/api/customerMembershipBilling/forCustomer': () => ok([MEMBERSHIP_ROWS[0]!]),
    '/api/membershipPlan/list': () => ok(CATALOGUE),
    '/api/customerSavedCard/customerSavedCards': () => ok(cards),
    '/api/company/current': () => ok({ id: 1, businessId: 'b', appId: 'a' }),
    [FAMILY_PATH]: () => ok(FAMILY),
    [MEMBER_CUSTOMER]: () => ok({ id: 22, firstName: 'Mia', lastName: 'Garcia' }),
    '/api/customer/searchCustomer': () =>
      ok([{ id: 40, firstName: 'Lena', lastName: 'Smith', email: 'lena@example.com' }]),
    // The practice surcharges credit cards 3 % (the test card is one).
    '/api/surcharge': (call) => {
      const amount = (call.body as { amount: number }).amount;
      const surchargeAmount = Math.round((amount * 300) / 10_000);
      return ok({ surchargeAmount, total: amount + surchargeAmount });
    },
    '/api/customerMembershipBilling/enroll': () =>
      ok({
        membership: { id: 777 } as CustomerMembershipBilling,
        outcome: {
          isApproved: true,
          reason: null,
          referenceId: 'TX42-1',
          transactionId: 'TX42',
          orderAmount: 0,
          surchargeAmount: 0,
          total: 0,
        },
        sentBy: [],
      }),
  });
}

function render(fake: ReturnType<typeof setUp>, roles: Role[] = EDIT_ROLES) {
  return renderPortal(<CustomerMemberships customer={MARIA} />, {
    sdk: fake.sdk,
    session: { ...SESSIONS.frontdesk, roles },
    profile: profileOf(LOGINS.frontdesk),
  });
}

const ENROLL = '/api/customerMembershipBilling/enroll';

async function openNewMembership(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New Membership' }));
  // Named by its title (jsdom has no layout for Fluent's focus on open: the browser tests show the
  // focus landing in the form).
  return focusedDialog('New Membership for Maria Garcia');
}

describe('the patient page’s Memberships', () => {
  it('lists the patient’s memberships and opens one in the membership modal', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const table = await screen.findByRole('table', { name: 'Memberships of Maria Garcia' });
    expect(fake.callsTo('/api/customerMembershipBilling/forCustomer')[0]!.query).toEqual({ customerId: 11 });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getAllByRole('cell')[0]!.textContent).toBe('03/05/2026');
    await user.click(within(row!).getByRole('button', { name: '03/05/2026' }));
    const modal = await screen.findByRole('dialog', { name: 'Membership for Maria Garcia' });
    expect(await within(modal).findByText('Membership ID: 301')).toBeInTheDocument();
  });

  it('offers New Membership only to those who may edit memberships', async () => {
    render(setUp(), SESSIONS.viewer.roles);
    await screen.findByRole('table', { name: 'Memberships of Maria Garcia' });
    expect(screen.queryByRole('button', { name: 'New Membership' })).toBeNull();
  });

  it('names what is missing and sends nothing', async () => {
    const fake = setUp([]);
    const user = userEvent.setup();
    render(fake);
    const dialog = await openNewMembership(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Membership' }));
    expect(await within(dialog).findByText('Choose a plan.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose how the patient approves.')).toBeInTheDocument();
    // The stored cards' selector says 'Add a Card' itself when the patient has none.
    expect((await within(dialog).findAllByText('Add a Card')).length).toBeGreaterThan(0);

    // Perio Maintenance is sold yearly only: chosen yearly, then the cycle changed to monthly.
    await user.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan for enrollee 1' }), '3');
    await user.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Quantity for enrollee 1' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity for enrollee 1' }), '21');
    await user.click(within(dialog).getByRole('radio', { name: 'Checkbox' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Membership' }));
    expect(
      await within(dialog).findByText('The quantity must be a whole number from 1 to 20.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The patient must approve the membership.')).toBeInTheDocument();
    expect(within(dialog).getByText('Perio Maintenance has no monthly price.')).toBeInTheDocument();
    // Retired plans are not offered at all.
    expect(within(dialog).queryByRole('option', { name: /Legacy Value Plan/ })).toBeNull();
    expect(fake.callsTo(ENROLL)).toHaveLength(0);
  });

  it("offers Maria's family first when Add a family member opens, and searches the family only", async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const dialog = await openNewMembership(user);
    const box = within(dialog).getByRole('combobox', { name: 'Add a family member' });
    await waitFor(() => expect(box).not.toBeDisabled());
    expect(fake.callsTo(FAMILY_PATH)[0]!.query).toEqual({ customerId: 11 });
    await user.click(box);
    const offered = (await screen.findAllByRole('option')).filter((o) => o.closest('[role="listbox"]'));
    expect(offered.map((o) => o.textContent)).toEqual(['Leo Garcia', 'Mia Garcia']);
    await user.type(box, 'Lena');
    expect(await screen.findByRole('option', { name: 'No family member matches.' })).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'mi');
    await user.click(await screen.findByRole('option', { name: 'Mia Garcia' }));
    // Mia had no customer: one is made for her, and she is the second enrollee.
    await waitFor(() =>
      expect(fake.callsTo(MEMBER_CUSTOMER).map((c) => c.body)).toEqual([
        { customerId: 11, patientKey: 1022 },
      ]),
    );
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: 'Enrollee 2' }) as HTMLSelectElement).value).toBe(
        '22',
      ),
    );
    await user.click(box);
    const left = (await screen.findAllByRole('option')).filter((o) => o.closest('[role="listbox"]'));
    expect(left.map((o) => o.textContent)).toEqual(['Leo Garcia']);
    expect(fake.callsTo('/api/customer/searchCustomer')).toHaveLength(0);
  });

  it('enrols a family of three now, with a signature', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const dialog = await openNewMembership(user);
    for (const name of ['Leo', 'Mia']) {
      const box = within(dialog).getByRole('combobox', { name: 'Add a family member' });
      await waitFor(() => expect(box).not.toBeDisabled());
      await user.type(box, name);
      await user.click(await screen.findByRole('option', { name: new RegExp(`^${name} Garcia`) }));
      await waitFor(() =>
        expect(
          within(dialog)
            .getAllByRole('option', { name: `${name} Garcia` })
            .some((o) => (o as HTMLOptionElement).selected),
        ).toBe(true),
      );
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan for enrollee 1' }), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan for enrollee 2' }), '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan for enrollee 3' }), '2');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Quantity for enrollee 3' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity for enrollee 3' }), '2');
    expect(within(dialog).getByLabelText('Amount for enrollee 3')).toHaveTextContent('$500.00');
    expect(within(dialog).getByLabelText('Cycle amount')).toHaveTextContent('Yearly amount$1,110.00');
    await user.click(within(dialog).getByRole('radio', { name: 'Signature' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Signature/ }), 'Maria Garcia');
    // The patient signs under the agreement, which arrives from the server (clicked before it is
    // shown, the dialog says it is still coming and sends nothing).
    await within(dialog).findByText(/^Maria agrees to be billed \$1,143\.30 each year/);
    await user.click(within(dialog).getByRole('button', { name: 'Create Membership' }));

    await waitFor(() => expect(fake.callsTo(ENROLL)).toHaveLength(1));
    const call = fake.callsTo(ENROLL)[0]!;
    expect(call.body).toEqual({
      customerId: 11,
      enrollees: [
        { customerId: 11, membershipPlanId: 1, qty: 1 },
        { customerId: 21, membershipPlanId: 2, qty: 1 },
        { customerId: 22, membershipPlanId: 2, qty: 2 },
      ],
      cycle: 'YEARLY',
      startDate: formatIsoDay(new Date()),
      approveBy: 'NOW',
      customerSavedCardId: 5,
      approvalMethod: 'SIGNATURE',
      signature: 'Maria Garcia',
      // The agreement shown above the signature, kept as the authorization.
      template:
        'Maria agrees to be billed $1,143.30 each year ($1,110.00 plus a $33.30 credit card surcharge) on the card on file until the membership is canceled.',
    });
    expect(fake.sdk.api.call).toHaveBeenCalledWith(
      expect.objectContaining({ path: ENROLL }),
      expect.objectContaining({ idempotencyKey: expect.any(String) }),
    );
    expect(fake.banners.at(-1)).toMatchObject({
      intent: 'success',
      title: 'Membership Created',
      message: 'The membership for Maria Garcia has been created. Transaction Approved: TX42.',
    });
  });

  it('at the desk, the checkbox says what the card is charged, surcharge included, and that text is sent', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const dialog = await openNewMembership(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Checkbox' }));
    // No plan yet: nothing to agree to, the box cannot be ticked.
    const agreement = within(dialog).getByRole('region', { name: 'Agreement' });
    expect(agreement).toHaveTextContent('Choose the plans and the card on file');
    expect(within(dialog).getByRole('checkbox')).toBeDisabled();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan for enrollee 1' }), '2');
    const smileClub =
      'Maria agrees to be billed $23.69 each month ($23.00 plus a $0.69 credit card surcharge) on the card on file until the membership is canceled.';
    const box = await within(dialog).findByRole('checkbox', { name: smileClub });
    expect(agreement).toHaveTextContent(smileClub);
    await user.click(box);
    expect(box).toBeChecked();

    // Another amount is another agreement: the tick was for the text shown before.
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Quantity for enrollee 1' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity for enrollee 1' }), '2');
    const twice = await within(dialog).findByRole('checkbox', {
      name: 'Maria agrees to be billed $47.38 each month ($46.00 plus a $1.38 credit card surcharge) on the card on file until the membership is canceled.',
    });
    expect(twice).not.toBeChecked();
    await user.click(twice);
    await user.click(within(dialog).getByRole('button', { name: 'Create Membership' }));

    await waitFor(() => expect(fake.callsTo(ENROLL)).toHaveLength(1));
    expect(fake.callsTo(ENROLL)[0]!.body).toMatchObject({
      approveBy: 'NOW',
      approvalMethod: 'CHECKBOX',
      approved: true,
    });
    expect((fake.callsTo(ENROLL)[0]!.body as { template: string }).template).toBe(
      'Maria agrees to be billed $47.38 each month ($46.00 plus a $1.38 credit card surcharge) on the card on file until the membership is canceled.',
    );
  });

  it('sends the enrolment link by text and e-mail', async () => {
    const fake = setUp();
    const user = userEvent.setup();
    render(fake);
    const dialog = await openNewMembership(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan for enrollee 1' }), '1');
    await user.click(within(dialog).getByRole('radio', { name: /By link/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Enrollment Link' }));
    await waitFor(() => expect(fake.callsTo(ENROLL)).toHaveLength(1));
    expect(fake.callsTo(ENROLL)[0]!.body).toEqual({
      customerId: 11,
      enrollees: [{ customerId: 11, membershipPlanId: 1, qty: 1 }],
      cycle: 'MONTHLY',
      startDate: formatIsoDay(new Date()),
      approveBy: 'LINK',
      notifyText: true,
      cell: '(512) 555-0142',
      notifyEmail: true,
      email: 'maria.garcia@example.com',
    });
    expect(fake.banners.at(-1)).toMatchObject({
      title: 'Notified',
      message: 'The patient has been notified to complete their enrollment.',
    });
  });
});
