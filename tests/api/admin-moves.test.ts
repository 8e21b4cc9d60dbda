/**
 * The admin area's moves (issue 35): a payment plan, a membership or a payment goes to another patient
 * or practice. The preview says what will change and writes nothing; the move writes it with its audit
 * entry; what breaks a rule (money settled elsewhere, a card another account cannot charge, a patient
 * who is not there) is refused with the field named and nothing written; administrators only.
 */
import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovePreview, MoveRequest } from '../../embed-sdk/contract/adminMoves.js';
import {
  auditLog,
  companies,
  customers,
  paymentPlans,
  patients,
  practicePostings,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { changedTables, fingerprint } from '../support/fingerprint.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const preview = (body: MoveRequest, token = admin) =>
  server.call<MovePreview>('POST', '/api/admin/move/preview', { token, body });
const move = (body: MoveRequest, token = admin) =>
  server.call<MovePreview>('POST', '/api/admin/move', { token, body });

/** A patient of the practice who is not this customer's, with or without a customer yet. */
async function anotherPatient(companyId: number, notCustomer: number | null) {
  const [row] = await server.ctx.db
    .select({ patNum: patients.patNum, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .leftJoin(
      customers,
      and(eq(customers.companyId, patients.companyId), eq(customers.patientKey, patients.patNum)),
    )
    .where(
      and(
        eq(patients.companyId, companyId),
        notCustomer === null ? undefined : sql`${customers.id} is distinct from ${notCustomer}`,
      ),
    )
    .orderBy(patients.patNum)
    .limit(1);
  return row!;
}

/** An active plan of practice 1, with approved payments or without, none under way. */
async function planOf(opts: { paid: boolean }) {
  const [plan] = await server.ctx.db
    .select({ id: paymentPlans.id, customerId: paymentPlans.customerId })
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.companyId, 1),
        eq(paymentPlans.status, 'ACTIVE'),
        isNull(paymentPlans.pendingCharge),
        opts.paid
          ? sql`exists (select 1 from transactions t where t.payment_plan_id = ${paymentPlans.id} and t.status = 'APPROVED')`
          : sql`not exists (select 1 from transactions t where t.payment_plan_id = ${paymentPlans.id})`,
      ),
    )
    .orderBy(paymentPlans.id)
    .limit(1);
  return plan!;
}

/** The plan charges a card on its patient's file (one stored for the test). */
async function giveCard(plan: { id: number; customerId: number }) {
  const [card] = await server.ctx.db
    .insert(savedCards)
    .values({
      companyId: 1,
      customerId: plan.customerId,
      providerToken: `tok_move_test_${plan.id}`,
      cardType: 'VISA',
      description: 'XXXX-XXXX-XXXX-4242',
      expMonth: 12,
      expYear: 2030,
      funding: 'CREDIT',
    })
    .returning();
  await server.ctx.db
    .update(paymentPlans)
    .set({ customerSavedCardId: card!.id })
    .where(eq(paymentPlans.id, plan.id));
  return card!;
}

describe('moves', () => {
  it('moves a payment plan to another patient: its card and payments follow, and the audit log says so', async () => {
    const plan = await planOf({ paid: true });
    const card = await giveCard(plan);
    const to = await anotherPatient(1, plan.customerId);
    const request: MoveRequest = {
      type: 'PAYMENT_PLAN',
      companyId: 1,
      record: String(plan.id),
      toCompanyId: 1,
      toPatientId: to.patNum,
    };

    const before = await fingerprint(server.ctx.db);
    const shown = await preview(request);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(changedTables(before, await fingerprint(server.ctx.db))).toEqual([]);
    const p = shown.body.value!;
    expect(p.description).toMatch(new RegExp(`^Payment plan ${plan.id}: \\$`));
    expect(p.to).toMatchObject({
      companyId: 1,
      patientId: to.patNum,
      patientName: `${to.firstName} ${to.lastName}`,
    });
    expect(p.changes[0]).toContain(
      `Payment plan ${plan.id} moves from ${p.from.patientName} to ${to.firstName} ${to.lastName}`,
    );
    expect(p.changes.join(' ')).toMatch(/payments? \(\$[\d,.]+\) move with it/);

    const done = await move(request);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value!.changes).toEqual(p.changes);

    const [customer] = await server.ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, 1), eq(customers.patientKey, to.patNum)));
    const [moved] = await server.ctx.db.select().from(paymentPlans).where(eq(paymentPlans.id, plan.id));
    expect(moved!.customerId).toBe(customer!.id);
    // The card it charges is the same card at the processor, now on the new patient's file.
    const [newCard] = await server.ctx.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, moved!.customerSavedCardId!));
    expect(newCard!.id).not.toBe(card.id);
    expect(newCard).toMatchObject({
      customerId: customer!.id,
      providerToken: card.providerToken,
      isActive: true,
    });
    const [left] = await server.ctx.db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.paymentPlanId, plan.id), ne(transactions.customerId, customer!.id)));
    expect(left!.n).toBe(0);

    const [entry] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'move.paymentPlan'), eq(auditLog.targetId, String(plan.id))));
    expect(entry).toMatchObject({
      companyId: 1,
      actorEmail: 'admin@chairside.test',
      after: { patientId: to.patNum, patient: `${to.firstName} ${to.lastName}` },
    });

    // Moved again to where it is: refused, naming the patient.
    const again = await move(request);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('body.toPatientId');
  });

  it('refuses, naming the field and writing nothing, what would break a rule', async () => {
    const plan = await planOf({ paid: true });
    const unpaid = await planOf({ paid: false });
    await giveCard(unpaid);
    const elsewhere = await anotherPatient(2, null);
    const cases: [MoveRequest, string, RegExp][] = [
      [
        {
          type: 'PAYMENT_PLAN',
          companyId: 1,
          record: String(plan.id),
          toCompanyId: 2,
          toPatientId: elsewhere.patNum,
        },
        'body.toCompanyId',
        /settled to Bright Smiles Dental: a payment plan moves to another practice only before its first payment/,
      ],
      [
        {
          type: 'PAYMENT_PLAN',
          companyId: 1,
          record: '99999999',
          toCompanyId: 1,
          toPatientId: elsewhere.patNum,
        },
        'body.record',
        /has no payment plan 99999999/,
      ],
      [
        { type: 'MEMBERSHIP', companyId: 1, record: 'twelve', toCompanyId: 1, toPatientId: elsewhere.patNum },
        'body.record',
        /must be the membership's number/,
      ],
      [
        { type: 'PAYMENT_PLAN', companyId: 1, record: String(plan.id), toCompanyId: 1, toPatientId: 987654 },
        'body.toPatientId',
        /has no patient 987654/,
      ],
      [
        {
          type: 'TRANSACTION',
          companyId: 1,
          record: 'NOSUCH',
          toCompanyId: 1,
          toPatientId: elsewhere.patNum,
        },
        'body.record',
        /has no payment NOSUCH/,
      ],
    ];
    const before = await fingerprint(server.ctx.db);
    for (const [request, field, message] of cases) {
      for (const call of [preview, move]) {
        const res = await call(request);
        expect(res.status, JSON.stringify(request)).toBe(400);
        expect(JSON.stringify(res.body)).toContain(field);
        expect(JSON.stringify(res.body)).toMatch(message);
      }
    }
    expect(changedTables(before, await fingerprint(server.ctx.db))).toEqual([]);
  });

  it('moves a payment to another patient, and another practice only on the same processor account', async () => {
    const [t] = await server.ctx.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.companyId, 1),
          eq(transactions.status, 'APPROVED'),
          eq(transactions.source, 'VIRTUALTERMINAL'),
          isNotNull(transactions.customerId),
        ),
      )
      .orderBy(transactions.id)
      .limit(1);
    const shownId = t!.referenceId.split('-')[0]!;
    const to = await anotherPatient(1, t!.customerId);
    const done = await move({
      type: 'TRANSACTION',
      companyId: 1,
      record: shownId.toLowerCase(),
      toCompanyId: 1,
      toPatientId: to.patNum,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [after] = await server.ctx.db.select().from(transactions).where(eq(transactions.id, t!.id));
    expect(after).toMatchObject({ companyId: 1, firstName: to.firstName, lastName: to.lastName });

    // Cedar Family Dentistry is on another processor account: the money cannot follow.
    const cedar = await anotherPatient(2, null);
    const refused = await preview({
      type: 'TRANSACTION',
      companyId: 1,
      record: shownId,
      toCompanyId: 2,
      toPatientId: cedar.patNum,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(
      /body\.toCompanyId.*Cedar Family Dentistry is on another account/,
    );

    // An unassociated payment, recorded at the wrong one of two practices on one account, moves.
    const [bright] = await server.ctx.db.select().from(companies).where(eq(companies.id, 1));
    await server.ctx.db.update(companies).set({ businessId: bright!.businessId }).where(eq(companies.id, 3));
    try {
      const [orphan] = await server.ctx.db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.companyId, 1),
            eq(transactions.status, 'APPROVED'),
            isNull(transactions.customerId),
            isNull(transactions.notificationId),
            eq(transactions.source, 'VIRTUALTERMINAL'),
            sql`not exists (select 1 from refunds r where r.transaction_id = ${transactions.id})`,
          ),
        )
        .limit(1);
      const harbor = await anotherPatient(3, null);
      const orphanId = orphan!.referenceId.split('-')[0]!;
      const request: MoveRequest = {
        type: 'TRANSACTION',
        companyId: 1,
        record: orphanId,
        toCompanyId: 3,
        toPatientId: harbor.patNum,
      };
      const p = await preview(request);
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      expect(p.body.value!.from).toMatchObject({ companyId: 1, patientId: null, patientName: null });
      expect(p.body.value!.changes[0]).toContain('from no patient (unassociated) at Bright Smiles Dental');
      expect((await move(request)).status).toBe(200);
      const [there] = await server.ctx.db.select().from(transactions).where(eq(transactions.id, orphan!.id));
      expect(there).toMatchObject({ companyId: 3, firstName: harbor.firstName });
      const postings = await server.ctx.db
        .select()
        .from(practicePostings)
        .where(and(eq(practicePostings.transactionId, orphan!.id), eq(practicePostings.kind, 'PAYMENT')));
      expect(postings.map((p) => p.companyId)).toEqual([3]);
      const trail = await server.ctx.db
        .select({ companyId: auditLog.companyId })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'move.transaction'), eq(auditLog.targetId, String(orphan!.id))));
      expect(trail.map((e) => e.companyId).sort()).toEqual([1, 3]);
    } finally {
      await server.ctx.db.update(companies).set({ businessId: 'biz_harborview' }).where(eq(companies.id, 3));
    }
  });

  it('answers a practice user as it answers every admin call they may not make', async () => {
    const plan = await planOf({ paid: true });
    const request: MoveRequest = {
      type: 'PAYMENT_PLAN',
      companyId: 1,
      record: String(plan.id),
      toCompanyId: 1,
      toPatientId: 1,
    };
    for (const call of [preview, move]) expect((await call(request, frontdesk)).status).toBe(403);
  });
});
