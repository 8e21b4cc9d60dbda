/**
 * The practice system's record in the database: payments and their pay splits. This is the only code
 * that touches these tables; the other capabilities call the functions of practice-system/. Every
 * function takes the practice and scopes each statement to it (db/scope.ts). The connector's queue
 * of postings is queueStore.ts's, the procedures and treatment plans procedureStore.ts's.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { patients } from '../db/schema/patients.js';
import { paySplits, practicePayments, procedures } from '../db/schema/practice-system.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';

export type PracticePaymentRecord = typeof practicePayments.$inferSelect;

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
