/**
 * The practice system's record in the database: payments and their pay splits, the procedures they
 * pay, and the connector's queue of postings. This is the only code that touches these tables; the
 * other capabilities call the functions of practice-system/. Every function but the connector's
 * claim takes the practice and scopes each statement to it (db/scope.ts).
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { patients } from '../db/schema/patients.js';
import {
  paySplits,
  practicePayments,
  practicePostingFaults,
  practicePostings,
  procedures,
  treatmentPlans,
} from '../db/schema/practice-system.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';

export type PostingRecord = typeof practicePostings.$inferSelect;
export type PostingKind = 'PAYMENT' | 'REFUND' | 'VOID' | 'MOVE' | 'ALLOCATION';
export type PracticePaymentRecord = typeof practicePayments.$inferSelect;

// ── The queue ────────────────────────────────────────────────────────────────────────────────

export async function insertPosting(
  db: Db | Tx,
  practice: PracticeId,
  posting: { transactionId: number; kind: PostingKind; payload: Record<string, unknown>; dueAt: Date },
) {
  await db.insert(practicePostings).values({ ...posting, companyId: practice });
}

/**
 * Who holds a lease on a posting that is due, other than `worker`: the connector asks which of them
 * are still alive (server/instances.ts), and takes a dead one's postings over at once.
 */
export async function claimantsOfDuePostings(db: Db, now: Date, worker: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ claimedBy: practicePostings.claimedBy })
    .from(practicePostings)
    .where(
      and(
        eq(practicePostings.state, 'PENDING'),
        lte(practicePostings.dueAt, now),
        gte(practicePostings.leaseUntil, now),
        isNotNull(practicePostings.claimedBy),
        ne(practicePostings.claimedBy, worker),
      ),
    );
  return rows.map((r) => r.claimedBy!);
}

/**
 * Claims up to `limit` postings that are due, for one worker, until `leaseUntil`: those of every
 * practice (the connector runs without a caller, by design). A posting is claimed only when every
 * earlier posting of its transaction is posted, so a refund never overtakes its payment. The claim is
 * one statement: `FOR UPDATE SKIP LOCKED` lets two workers on one PostgreSQL pass each other's rows
 * by, and the lease (re-checked on the row's latest version) keeps a claimed row from being taken
 * again until it expires, unless its claimant is one of `deadClaimants` (a stopped instance, which
 * will never finish it): those are taken over at once.
 */
export async function claimDuePostings(
  db: Db,
  claim: { worker: string; now: Date; leaseUntil: Date; limit: number; deadClaimants: string[] },
): Promise<PostingRecord[]> {
  const earlier = sql`exists (select 1 from ${practicePostings} as e where e.transaction_id = ${practicePostings.transactionId} and e.id < ${practicePostings.id} and e.state <> 'POSTED')`;
  const free = or(
    isNull(practicePostings.leaseUntil),
    lt(practicePostings.leaseUntil, claim.now),
    claim.deadClaimants.length > 0 ? inArray(practicePostings.claimedBy, claim.deadClaimants) : undefined,
  );
  const due = db
    .select({ id: practicePostings.id })
    .from(practicePostings)
    .where(
      and(
        eq(practicePostings.state, 'PENDING'),
        lte(practicePostings.dueAt, claim.now),
        free,
        sql`not ${earlier}`,
      ),
    )
    .orderBy(asc(practicePostings.id))
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  return (
    db
      .update(practicePostings)
      .set({
        leaseUntil: claim.leaseUntil,
        claimedBy: claim.worker,
        attempts: sql`${practicePostings.attempts} + 1`,
      })
      // Re-checked on the row's latest version when another worker's claim committed first: a dead
      // claimant's row that a live worker took over first is no longer free.
      .where(and(inArray(practicePostings.id, due), free))
      .returning()
  );
}

/**
 * Ends a claimed posting (POSTED or FAILED) if this worker still holds its lease; false when the
 * lease was lost (expired and taken by another worker), and the caller must not commit its work.
 */
export async function finishPosting(
  tx: Db | Tx,
  practice: PracticeId,
  posting: { id: number; worker: string },
  outcome: { state: 'POSTED' | 'FAILED'; at: Date; error?: string },
): Promise<boolean> {
  const done = await tx
    .update(practicePostings)
    .set({
      state: outcome.state,
      postedAt: outcome.state === 'POSTED' ? outcome.at : null,
      error: outcome.error ?? null,
      leaseUntil: null,
    })
    .where(
      inPractice(
        practicePostings,
        practice,
        eq(practicePostings.id, posting.id),
        eq(practicePostings.claimedBy, posting.worker),
        eq(practicePostings.state, 'PENDING'),
      ),
    )
    .returning({ id: practicePostings.id });
  return done.length > 0;
}

/** Puts the transaction's failed postings back in the queue; how many. */
export async function requeueFailed(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  dueAt: Date,
): Promise<number> {
  const again = await db
    .update(practicePostings)
    .set({ state: 'PENDING', dueAt, leaseUntil: null, claimedBy: null, error: null })
    .where(
      inPractice(
        practicePostings,
        practice,
        eq(practicePostings.transactionId, transactionId),
        eq(practicePostings.state, 'FAILED'),
      ),
    )
    .returning({ id: practicePostings.id });
  return again.length;
}

/** The transaction's postings, oldest first. */
export function postingsOf(db: Db | Tx, practice: PracticeId, transactionId: number) {
  return db
    .select()
    .from(practicePostings)
    .where(inPractice(practicePostings, practice, eq(practicePostings.transactionId, transactionId)))
    .orderBy(asc(practicePostings.id));
}

export async function armFault(db: Db | Tx, practice: PracticeId, at: Date) {
  await db
    .insert(practicePostingFaults)
    .values({ companyId: practice, armedAt: at })
    .onConflictDoUpdate({ target: practicePostingFaults.companyId, set: { armedAt: at } });
}

/** Whether the next posting of the practice was to fail; the switch is used up (one posting only). */
export async function takeFault(tx: Db | Tx, practice: PracticeId): Promise<boolean> {
  const taken = await tx
    .delete(practicePostingFaults)
    .where(inPractice(practicePostingFaults, practice))
    .returning({ companyId: practicePostingFaults.companyId });
  return taken.length > 0;
}

// ── Payments and pay splits ──────────────────────────────────────────────────────────────────

export interface NewSplit {
  patNum: number;
  procNum: number | null;
  amount: number;
  descript: string;
  refundOfSplitId?: number | null;
  refundReferenceId?: string | null;
}

/** Enters a payment with its splits; null when the transaction's payment is entered already. */
export async function insertPayment(
  tx: Db | Tx,
  practice: PracticeId,
  payment: {
    patNum: number;
    transactionId: number;
    referenceId: string;
    payDate: string;
    payAmt: number;
    payNote: string;
    created: Date;
  },
  splits: NewSplit[],
): Promise<PracticePaymentRecord | null> {
  const [row] = await tx
    .insert(practicePayments)
    .values({ ...payment, companyId: practice })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await insertSplits(tx, practice, row.id, splits, payment.created);
  return row;
}

export async function insertSplits(
  tx: Db | Tx,
  practice: PracticeId,
  paymentId: number,
  splits: NewSplit[],
  created: Date,
) {
  if (splits.length === 0) return;
  await tx.insert(paySplits).values(splits.map((s) => ({ ...s, paymentId, companyId: practice, created })));
}

/** The practice-system payment of a Chairside transaction (null until posted). */
export async function paymentOfTransaction(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  opts: { lock?: boolean } = {},
): Promise<PracticePaymentRecord | null> {
  const query = db
    .select()
    .from(practicePayments)
    .where(inPractice(practicePayments, practice, eq(practicePayments.transactionId, transactionId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface SplitRow {
  id: number;
  patNum: number;
  procNum: number | null;
  amount: number;
  descript: string;
  refundOfSplitId: number | null;
  refundReferenceId: string | null;
  procCode: string | null;
  procDescription: string | null;
  tooth: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A payment's splits (positive and negative), oldest first, with their procedure and patient. */
export function splitsOf(db: Db | Tx, practice: PracticeId, paymentId: number): Promise<SplitRow[]> {
  return db
    .select({
      id: paySplits.id,
      patNum: paySplits.patNum,
      procNum: paySplits.procNum,
      amount: paySplits.amount,
      descript: paySplits.descript,
      refundOfSplitId: paySplits.refundOfSplitId,
      refundReferenceId: paySplits.refundReferenceId,
      procCode: procedures.procCode,
      procDescription: procedures.description,
      tooth: procedures.tooth,
      firstName: patients.firstName,
      lastName: patients.lastName,
    })
    .from(paySplits)
    .leftJoin(procedures, samePractice(procedures, paySplits, eq(procedures.procNum, paySplits.procNum)))
    .leftJoin(patients, samePractice(patients, paySplits, eq(patients.patNum, paySplits.patNum)))
    .where(inPractice(paySplits, practice, eq(paySplits.paymentId, paymentId)))
    .orderBy(asc(paySplits.id));
}

/** Whether a refund or void was written back already (a posting run twice writes it once). */
export async function hasRefundSplits(
  db: Db | Tx,
  practice: PracticeId,
  paymentId: number,
  refundReferenceId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: paySplits.id })
    .from(paySplits)
    .where(
      inPractice(
        paySplits,
        practice,
        eq(paySplits.paymentId, paymentId),
        eq(paySplits.refundReferenceId, refundReferenceId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Moves a payment and its splits to another patient. The procedures they paid were the first
 * patient's, so the moved splits are unallocated.
 */
export async function movePayment(tx: Db | Tx, practice: PracticeId, paymentId: number, toPatNum: number) {
  await tx
    .update(practicePayments)
    .set({ patNum: toPatNum })
    .where(inPractice(practicePayments, practice, eq(practicePayments.id, paymentId)));
  await tx
    .update(paySplits)
    .set({ patNum: toPatNum, procNum: null })
    .where(inPractice(paySplits, practice, eq(paySplits.paymentId, paymentId)));
}

// ── The record for allocation: procedures with what was paid on them, treatment plans ─────────

export interface ProcedureRow {
  procedureId: number;
  procNum: number;
  procCode: string;
  description: string;
  tooth: string;
  provider: string;
  procDate: string;
  procStatus: 'C' | 'TP';
  treatPlanNum: number | null;
  fee: number;
  insuranceEst: number;
  paidFromInsurance: number;
  waitingFromInsurance: number;
  writeOff: number;
  adjustment: number;
  paymentPlanPending: number;
  /** The sum of the pay splits on it (refunds included): what the patient paid. */
  patientPaid: number;
  patNum: number;
  firstName: string;
  lastName: string;
  tpHeading: string | null;
  tpStatus: number | null;
  dateTP: string | null;
}

/** The practice's procedures matching `where`, each with its patient, treatment plan and pay splits' sum. */
function proceduresWhere(db: Db | Tx, practice: PracticeId, where: SQL) {
  // Summed per procedure (an index on the splits' procedure), never stored: see estDue.ts.
  const paid = sql<number>`(select coalesce(sum(${paySplits.amount}), 0)::int from ${paySplits} where ${samePractice(
    paySplits,
    procedures,
    eq(paySplits.procNum, procedures.procNum),
  )})`;
  return db
    .select({
      procedureId: procedures.id,
      procNum: procedures.procNum,
      procCode: procedures.procCode,
      description: procedures.description,
      tooth: procedures.tooth,
      provider: procedures.provider,
      procDate: procedures.procDate,
      procStatus: procedures.procStatus,
      treatPlanNum: procedures.treatPlanNum,
      fee: procedures.fee,
      insuranceEst: procedures.insuranceEst,
      paidFromInsurance: procedures.paidFromInsurance,
      waitingFromInsurance: procedures.waitingFromInsurance,
      writeOff: procedures.writeOff,
      adjustment: procedures.adjustment,
      paymentPlanPending: procedures.paymentPlanPending,
      patientPaid: paid,
      patNum: patients.patNum,
      firstName: patients.firstName,
      lastName: patients.lastName,
      tpHeading: treatmentPlans.heading,
      tpStatus: treatmentPlans.tpStatus,
      dateTP: treatmentPlans.dateTP,
    })
    .from(procedures)
    .innerJoin(patients, samePractice(patients, procedures, eq(patients.id, procedures.patientId)))
    .leftJoin(
      treatmentPlans,
      samePractice(treatmentPlans, procedures, eq(treatmentPlans.treatPlanNum, procedures.treatPlanNum)),
    )
    .where(inPractice(procedures, practice, where))
    .orderBy(desc(procedures.procDate), asc(procedures.procNum));
}

/** The procedures of these patients (by patient number), newest first. */
export function proceduresOfPatients(
  db: Db | Tx,
  practice: PracticeId,
  patNums: readonly number[],
): Promise<ProcedureRow[]> {
  if (patNums.length === 0) return Promise.resolve([]);
  return proceduresWhere(db, practice, inArray(patients.patNum, [...patNums]));
}

/** The practice's procedures with these numbers (ProcNum); another practice's are not found. */
export function proceduresByNumber(
  db: Db | Tx,
  practice: PracticeId,
  procNums: readonly number[],
): Promise<ProcedureRow[]> {
  const nums = [...new Set(procNums)];
  if (nums.length === 0) return Promise.resolve([]);
  return proceduresWhere(db, practice, inArray(procedures.procNum, nums));
}

/** Locks the practice's procedures with these numbers, in number order (so that two lockers never deadlock). */
export async function lockProcedures(tx: Tx, practice: PracticeId, procNums: readonly number[]) {
  const nums = [...new Set(procNums)];
  if (nums.length === 0) return;
  await tx
    .select({ id: procedures.id })
    .from(procedures)
    .where(inPractice(procedures, practice, inArray(procedures.procNum, nums)))
    .orderBy(asc(procedures.procNum))
    .for('update');
}

/** The treatment plans of these patients, newest first. */
export function treatmentPlansOfPatients(db: Db | Tx, practice: PracticeId, patNums: readonly number[]) {
  if (patNums.length === 0) return Promise.resolve([]);
  return db
    .select({
      treatPlanNum: treatmentPlans.treatPlanNum,
      tpHeading: treatmentPlans.heading,
      dateTP: treatmentPlans.dateTP,
      note: treatmentPlans.note,
      tpStatus: treatmentPlans.tpStatus,
      patientKey: patients.patNum,
    })
    .from(treatmentPlans)
    .innerJoin(patients, samePractice(patients, treatmentPlans, eq(patients.id, treatmentPlans.patientId)))
    .where(inPractice(treatmentPlans, practice, inArray(patients.patNum, [...patNums])))
    .orderBy(desc(treatmentPlans.dateTP), desc(treatmentPlans.treatPlanNum));
}

/** Sets an unallocated split's amount (an allocation took part of it). */
export async function setSplitAmount(tx: Tx, practice: PracticeId, splitId: number, amount: number) {
  await tx
    .update(paySplits)
    .set({ amount })
    .where(inPractice(paySplits, practice, eq(paySplits.id, splitId)));
}

/** Removes an unallocated split an allocation took in full (no refund points at it). */
export async function removeSplit(tx: Tx, practice: PracticeId, splitId: number) {
  await tx.delete(paySplits).where(inPractice(paySplits, practice, eq(paySplits.id, splitId)));
}

/**
 * What is unallocated of each of these transactions' payments, in one grouped statement: the
 * payments' splits on no procedure, refunds included, less the surcharge's (its splits and their
 * refunds say 'surcharge', as openSplits in domain/practice-system/paySplits.ts reads them).
 * Transactions without a payment in the record are absent.
 */
export async function unallocatedOfTransactions(
  db: Db | Tx,
  practice: PracticeId,
  transactionIds: readonly number[],
): Promise<Map<number, number>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select({
      transactionId: practicePayments.transactionId,
      unallocated: sql<number>`coalesce(sum(${paySplits.amount}) filter (where ${paySplits.procNum} is null and ${paySplits.descript} not ilike '%surcharge%'), 0)::int`,
    })
    .from(practicePayments)
    .leftJoin(
      paySplits,
      samePractice(paySplits, practicePayments, eq(paySplits.paymentId, practicePayments.id)),
    )
    .where(
      inPractice(practicePayments, practice, inArray(practicePayments.transactionId, [...transactionIds])),
    )
    .groupBy(practicePayments.transactionId);
  return new Map(rows.map((r) => [r.transactionId!, r.unallocated]));
}
