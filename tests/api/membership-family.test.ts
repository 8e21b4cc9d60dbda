/**
 * New Membership's family (issue 31): memberships' own read of the holder's family, which needs no
 * procedure allocation, scoped to the practice (another practice's patient answers as not found), and
 * the customer made for a family member who has none when they are added, then enrolled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipFamilyMember } from '../../embed-sdk/contract/membership.js';
import { asPracticeId } from '../../server/db/scope.js';
import { insertPatient } from '../../server/patients/store.js';
import {
  asAdminAt,
  BRIGHT_SMILES,
  CARDS,
  CEDAR_FAMILY,
  idempotencyKey,
  newCustomer,
} from '../support/payments.js';
import { storedCard } from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk, viewer] = await Promise.all([
    server.tokenFor('admin'),
    server.tokenFor('frontdesk'),
    server.tokenWithTerms('viewer'),
  ]);
});
afterAll(() => server?.close());

const family = (token: string, customerId: number) =>
  server.call<MembershipFamilyMember[]>(
    'GET',
    `/api/customerMembershipBilling/family?customerId=${customerId}`,
    {
      token,
    },
  );
const addMember = (token: string, customerId: number, patientKey: number) =>
  server.call<{ id: number; firstName: string; lastName: string }>(
    'POST',
    '/api/customerMembershipBilling/familyMemberCustomer',
    { token, body: { customerId, patientKey } },
  );

/** A guarantor with a customer, a child with one, and a child with a patient record only. */
async function aFamily() {
  const guarantor = await newCustomer(server, admin);
  const child = await newCustomer(server, admin, { guarantorId: guarantor.key });
  const noCustomerKey = await server.ctx.db.transaction((tx) =>
    insertPatient(tx, asPracticeId(BRIGHT_SMILES.id), {
      firstName: 'Lucia',
      lastName: guarantor.lastName,
      email: '',
      cell: '',
      zip: '78701',
      clinicNum: 0,
      guarantorPatNum: guarantor.key,
      createdAt: new Date(),
    }),
  );
  const stranger = await newCustomer(server, admin);
  return { guarantor, child, noCustomerKey, stranger };
}

describe("New Membership's family", () => {
  it("offers the holder's family, the guarantor first, with or without a customer; nobody else", async () => {
    const { guarantor, child, noCustomerKey, stranger } = await aFamily();
    const res = await family(frontdesk, child.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toEqual([
      expect.objectContaining({
        key: guarantor.key,
        customerId: guarantor.id,
        isGuarantor: true,
        isHolder: false,
      }),
      expect.objectContaining({ key: child.key, customerId: child.id, isGuarantor: false, isHolder: true }),
      expect.objectContaining({
        key: noCustomerKey,
        customerId: null,
        firstName: 'Lucia',
        isGuarantor: false,
      }),
    ]);
    expect(res.body.value!.map((m) => m.key)).not.toContain(stranger.key);
  });

  it('another practice’s patient answers as not found; a viewer may not enrol', async () => {
    const { guarantor, noCustomerKey } = await aFamily();
    const foreign = await asAdminAt(server, CEDAR_FAMILY.id, (cedar) => family(cedar, guarantor.id));
    expect(foreign.status).toBe(404);
    const foreignAdd = await asAdminAt(server, CEDAR_FAMILY.id, (cedar) =>
      addMember(cedar, guarantor.id, noCustomerKey),
    );
    expect(foreignAdd.status).toBe(404);
    expect((await family(viewer, guarantor.id)).status).toBe(403);
    expect((await addMember(viewer, guarantor.id, noCustomerKey)).status).toBe(403);
  });

  it('makes a customer for a family member who has none, once, and enrols them; refuses a patient outside the family', async () => {
    const { guarantor, noCustomerKey, stranger } = await aFamily();
    const outside = await addMember(frontdesk, guarantor.id, stranger.key);
    expect(outside.status).toBe(404);
    const made = await addMember(frontdesk, guarantor.id, noCustomerKey);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.value).toMatchObject({ firstName: 'Lucia', lastName: guarantor.lastName });
    const again = await addMember(frontdesk, guarantor.id, noCustomerKey);
    expect(again.body.value!.id).toBe(made.body.value!.id);
    expect((await family(frontdesk, guarantor.id)).body.value).toContainEqual(
      expect.objectContaining({ key: noCustomerKey, customerId: made.body.value!.id }),
    );

    const plan = (
      await server.call<{ id: number }>('POST', '/api/membershipPlan/create', {
        token: admin,
        body: { label: `Family plan ${Math.random().toString(36).slice(2, 8)}`, monthlyAmount: 2500 },
      })
    ).body.value!;
    const card = await storedCard(server, admin, guarantor.id, CARDS.visa);
    const enrolled = await server.call<{
      membership: { billingMemberships: { customer: { firstName: string } }[] };
    }>('POST', '/api/customerMembershipBilling/enroll', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: {
        customerId: guarantor.id,
        enrollees: [
          { customerId: guarantor.id, membershipPlanId: plan.id, qty: 1 },
          { customerId: made.body.value!.id, membershipPlanId: plan.id, qty: 1 },
        ],
        cycle: 'MONTHLY',
        startDate: server.ctx.clock.today(),
        approveBy: 'NOW',
        customerSavedCardId: card.id,
        approvalMethod: 'SIGNATURE',
        signature: `${guarantor.firstName} ${guarantor.lastName}`,
      },
    });
    expect(enrolled.body.isSuccess, JSON.stringify(enrolled.body.errors)).toBe(true);
    expect(enrolled.body.value!.membership.billingMemberships.map((l) => l.customer.firstName)).toContain(
      'Lucia',
    );
  });
});
