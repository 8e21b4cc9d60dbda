/**
 * Move Payment and Associate Transaction over HTTP (part 2, sections 2 and 4): which payments may
 * move or be associated, the target within the practice, the practice system's record following
 * (a MOVE posting, a PAYMENT posting with the allocation's splits), Possible Matches, Send Receipt,
 * roles.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PossibleMatch, Transaction } from '../../embed-sdk/contract/transaction.js';
import {
  customers,
  paySplits,
  practicePayments,
  patients,
  procedures,
  transactions,
} from '../../server/db/schema/index.js';
import { asPracticeId } from '../../server/db/scope.js';
import { JOHN_SMITH } from '../../server/db/seed/fixtures.js';
import { runDuePostings } from '../../server/practice-system/connector.js';
import { recordTransaction } from '../../server/transactions/store.js';
import { CARDS, createRequest, newCustomer, outbox, payWithCard } from '../support/payments.js';
import { newPlan, storedCard } from '../support/plans.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  [frontdesk, viewer] = await Promise.all([server.tokenFor('frontdesk'), server.tokenWithTerms('viewer')]);
});
afterAll(() => server?.close());
beforeEach(async () => {
  await postEverythingDue();
});

const postEverythingDue = () =>
  runDuePostings(server.ctx, { now: new Date(server.ctx.clock.now().getTime() + 60_000) });

async function cardPayment(customer: { id: number; email: string; cell: string }, amount: number) {
  const { linkToken } = await createRequest(server, frontdesk, customer, amount);
  const paid = await payWithCard(server, linkToken, CARDS.visa);
  const [t] = await server.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.referenceId, paid.body.value!.referenceId));
  return t!;
}

/** A terminal payment at Bright Smiles that nobody was named for, as the terminal records one. */
function unassociatedTerminalPayment(
  payer: { lastName: string; email: string; phone: string },
  orderAmount: number,
) {
  const reference = `TERM${randomUUID().slice(0, 6).toUpperCase()}-${randomUUID()}`;
  return recordTransaction(server.ctx.db, asPracticeId(1), {
    customerId: null,
    referenceId: reference,
    transactionResultId: randomUUID(),
    status: 'APPROVED',
    amount: orderAmount,
    orderAmount,
    surchargeAmount: 0,
    fundingSource: 'CARD',
    cardType: 'VISA',
    cardDescription: '•••• 1111',
    source: 'TERMINAL',
    terminalDescription: 'Front desk terminal',
    firstName: 'Walk',
    lastName: payer.lastName,
    email: payer.email,
    phone: payer.phone,
    created: server.ctx.clock.now(),
  });
}

const move = (token: string, referenceId: string, toPatientId: number) =>
  server.call<Transaction>('POST', '/api/transaction/move-patient', {
    token,
    body: { referenceId, toPatientId },
  });

const associate = (token: string, body: Record<string, unknown>) =>
  server.call<Transaction>('POST', '/api/transaction/associate', { token, body });

async function practicePaymentOf(transactionId: number) {
  const [payment] = await server.ctx.db
    .select()
    .from(practicePayments)
    .where(eq(practicePayments.transactionId, transactionId));
  if (!payment) return null;
  const splits = await server.ctx.db
    .select({
      patNum: paySplits.patNum,
      procNum: paySplits.procNum,
      amount: paySplits.amount,
      descript: paySplits.descript,
    })
    .from(paySplits)
    .where(eq(paySplits.paymentId, payment.id));
  return { payment, splits };
}

describe('Move Payment', () => {
  it('moves a payment to another patient, and its splits in Open Dental', async () => {
    const from = await newCustomer(server, frontdesk);
    const to = await newCustomer(server, frontdesk);
    const t = await cardPayment(from, 5_000);
    await postEverythingDue();
    expect((await practicePaymentOf(t.id))!.payment.patNum).toBe(from.key);

    const byViewer = await move(viewer, t.referenceId, to.key);
    expect(byViewer.status).toBe(403);
    const moved = await move(frontdesk, t.referenceId, to.key);
    expect(moved.body, JSON.stringify(moved.body)).toMatchObject({
      isSuccess: true,
      value: { customerId: to.id, customerKey: to.key, lastName: to.lastName, practiceManagementStatus: 0 },
    });
    await postEverythingDue();
    const after = (await practicePaymentOf(t.id))!;
    expect(after.payment.patNum).toBe(to.key);
    expect(after.splits.every((s) => s.patNum === to.key && s.procNum === null)).toBe(true);
    const [row] = await server.ctx.db.select().from(transactions).where(eq(transactions.id, t.id));
    expect(row).toMatchObject({ customerId: to.id, practiceManagementStatus: 2 });

    const again = await move(frontdesk, t.referenceId, to.key);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual(['body.toPatientId: The payment already belongs to this patient.']);
  });

  it('refuses plan payments and unassociated payments with a 400, and a patient it does not have as missing', async () => {
    const customer = await newCustomer(server, frontdesk);
    const card = await storedCard(server, frontdesk, customer.id, CARDS.visa);
    const plan = await newPlan(server, frontdesk, {
      customerId: customer.id,
      total: 10_000,
      cycleCount: 1,
      firstBillingDate: server.ctx.clock.today(),
      customerSavedCardId: card.id,
    });
    const other = await newCustomer(server, frontdesk);
    const planMove = await move(frontdesk, plan.ledgerDtos[0]!.referenceId!, other.key);
    expect(planMove.status).toBe(400);
    expect(planMove.body.errors).toEqual([
      'body.referenceId: Payment plan and membership payments cannot be moved to another patient.',
    ]);
    const orphan = await unassociatedTerminalPayment({ lastName: 'Nobody', email: '', phone: '' }, 1_000);
    const orphanMove = await move(frontdesk, orphan.referenceId, other.key);
    expect(orphanMove.body.errors).toEqual([
      'body.referenceId: Only a payment associated with a patient can be moved: associate it instead.',
    ]);

    const t = await cardPayment(customer, 1_000);
    // Patient numbers are the practice's own (every demo practice has 1001 to 1300), so a move names
    // a patient of the caller's practice only. A patient number nobody has is not found:
    const missing = await move(frontdesk, t.referenceId, 2_147_483_002);
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['The patient was not found.']);
    // and another practice's payment answers as one that does not exist.
    const admin = await server.tokenFor('admin');
    await server.call('POST', '/api/auth/login-company', { token: admin, body: { companyId: 2 } });
    try {
      const nowhere = await move(admin, 'NOSUCH-0000-0000-0000', other.key);
      const foreign = await move(admin, t.referenceId, other.key);
      expect(foreign.status).toBe(404);
      expect(foreign.body.errors).toEqual(nowhere.body.errors);
    } finally {
      await server.call('POST', '/api/auth/login-company', { token: admin, body: { companyId: 1 } });
    }
  });
});

describe('Associate Transaction', () => {
  it('suggests the patient, associates the payment, e-mails a receipt and posts it', async () => {
    const customer = await newCustomer(server, frontdesk, {
      email: 'walk.in@example.com',
      cell: '5125550777',
    });
    const orphan = await unassociatedTerminalPayment(
      { lastName: customer.lastName, email: 'Walk.In@example.com', phone: '(512) 555-0777' },
      4_500,
    );

    const matches = await server.call<{ patients: PossibleMatch[] }>(
      'GET',
      `/api/transaction/possibleMatches?transactionId=${orphan.id}`,
      { token: frontdesk },
    );
    expect(matches.body.value!.patients[0]).toMatchObject({
      key: customer.key,
      customerId: customer.id,
      matchedOn: ['LASTNAME', 'EMAIL', 'PHONE'],
    });
    // The date of birth goes with each match (names repeat); null when the record has none.
    for (const p of matches.body.value!.patients) expect(p).toHaveProperty('birthdate');
    // A phone alone is no match: every match shares the last name or the e-mail.
    expect(
      matches.body.value!.patients.every(
        (p) => p.matchedOn.includes('LASTNAME') || p.matchedOn.includes('EMAIL'),
      ),
    ).toBe(true);

    const byViewer = await associate(viewer, { transactionId: orphan.id, customerId: customer.id });
    expect(byViewer.status).toBe(403);
    const wrongTotal = await associate(frontdesk, {
      transactionId: orphan.id,
      customerId: customer.id,
      procedures: [{ procStatus: 'C', patientKey: customer.key, procedureLogCodeNum: 1, amount: 100 }],
    });
    expect(wrongTotal.status).toBe(400);
    expect(wrongTotal.body.errors).toEqual([
      'body.procedures: The allocation total must match the unassociated transaction amount.',
    ]);

    const done = await associate(frontdesk, {
      transactionId: orphan.id,
      customerId: customer.id,
      sendEmail: true,
      post: true,
    });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({
      isSuccess: true,
      value: { customerId: customer.id, customerKey: customer.key, practiceManagementStatus: 0 },
    });
    expect(done.body.value!.associatedManMessage).toMatch(/^Associated manually on \d\d\/\d\d\/\d{4}$/);
    const receipt = (await outbox(server)).find((m) => m.recipient === 'walk.in@example.com');
    expect(receipt).toMatchObject({ channel: 'EMAIL', link: null });
    expect(receipt!.body).toContain('Thank you for your payment of $45.00');
    expect(receipt!.body).toContain(`Transaction ID: ${orphan.referenceId.split('-')[0]}`);

    await postEverythingDue();
    const posted = await practicePaymentOf(orphan.id);
    expect(posted!.splits).toEqual([
      { patNum: customer.key, procNum: null, amount: 4_500, descript: 'Unallocated' },
    ]);

    const twice = await associate(frontdesk, { transactionId: orphan.id, customerId: customer.id });
    expect(twice.body.errors).toEqual([
      'body.transactionId: This payment is already associated with a patient.',
    ]);
  });

  it("posts the allocation's splits on the patient's procedures", async () => {
    // John Smith's visit yesterday (no insurance): an evaluation and an extraction, both still due.
    const procs = await server.ctx.db
      .select({ procNum: procedures.procNum, patNum: patients.patNum, customerId: customers.id })
      .from(procedures)
      .innerJoin(patients, eq(patients.id, procedures.patientId))
      .innerJoin(customers, and(eq(customers.companyId, 1), eq(customers.patientKey, patients.patNum)))
      .where(
        and(
          eq(procedures.companyId, 1),
          eq(patients.patNum, JOHN_SMITH.patNum),
          inArray(procedures.procCode, ['D0140', 'D7140']),
        ),
      )
      .orderBy(procedures.procNum);
    const [exam, extraction] = procs;
    const orphan = await unassociatedTerminalPayment({ lastName: 'Someone', email: '', phone: '' }, 3_000);
    const unknown = await associate(frontdesk, {
      transactionId: orphan.id,
      customerId: exam!.customerId,
      procedures: [
        { procStatus: 'C', patientKey: exam!.patNum, procedureLogCodeNum: 999_999, amount: 3_000 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatch(/^body\.procedures\.0\.procedureLogCodeNum: Procedure 999999/);
    const done = await associate(frontdesk, {
      transactionId: orphan.id,
      customerId: exam!.customerId,
      post: true,
      procedures: [
        { procStatus: 'C', patientKey: exam!.patNum, procedureLogCodeNum: exam!.procNum, amount: 1_000 },
        {
          procStatus: 'C',
          patientKey: exam!.patNum,
          procedureLogCodeNum: extraction!.procNum,
          amount: 2_000,
        },
      ],
    });
    expect(done.body.isSuccess, JSON.stringify(done.body)).toBe(true);
    await postEverythingDue();
    expect((await practicePaymentOf(orphan.id))!.splits).toEqual([
      { patNum: exam!.patNum, procNum: exam!.procNum, amount: 1_000, descript: 'Payment' },
      { patNum: exam!.patNum, procNum: extraction!.procNum, amount: 2_000, descript: 'Payment' },
    ]);
  });

  it('never associates a removed payment', async () => {
    const customer = await newCustomer(server, frontdesk);
    const orphan = await unassociatedTerminalPayment(
      { lastName: customer.lastName, email: '', phone: '' },
      2_000,
    );
    await server.ctx.db
      .update(transactions)
      .set({ orphanRemoved: server.ctx.clock.now() })
      .where(eq(transactions.id, orphan.id));
    const refused = await associate(frontdesk, { transactionId: orphan.id, customerId: customer.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      'body.transactionId: This payment was removed from the unassociated payments and can never be associated.',
    ]);
    const [row] = await server.ctx.db.select().from(transactions).where(eq(transactions.id, orphan.id));
    expect(row!.customerId).toBeNull();
  });
});
