/**
 * Transactions and their refunds and voids in the database. This is the only code that writes a
 * transaction row (payments by every source, through `recordTransaction`) or a refund row. Every
 * function takes the caller's practice and scopes each statement to it (db/scope.ts). The list's
 * reads are listStore.ts's, the claims of a request's charges requestChargeStore.ts's.
 */
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { refundReservations, refunds, transactions } from '../db/schema/transactions.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';
import { queuePayment } from '../practice-system/queue.js';

export type TransactionRecord = typeof transactions.$inferSelect;
export type RefundRecord = typeof refunds.$inferSelect;
/**
 * A new transaction's columns; the practice is the store's to set, and the sync status the
 * connector's (a new payment is pending until it is posted).
 */
export type NewTransaction = Omit<
  typeof transactions.$inferInsert,
  'id' | 'companyId' | 'practiceManagementStatus'
>;
export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'companyId'>;

// ── Writing ──────────────────────────────────────────────────────────────────────────────────

/**
 * An approved payment of a patient goes to the practice system: its posting is queued with it, in
 * the same database transaction, whichever source recorded it. An unassociated payment waits for its
 * patient (associate queues it then).
 */
async function queueForPracticeSystem(tx: Db | Tx, practice: PracticeId, row: TransactionRecord) {
  // A carrier's payment is posted to its claims by the reimbursement (reimbursements/create.ts),
  // not as a patient's payment.
  if (row.status !== 'APPROVED' || row.customerId === null || row.source === 'INSURANCE') return;
  await queuePayment(tx, practice, { transactionId: row.id, at: row.created });
}

/** Records a payment (approved or declined) of the practice. */
export async function recordTransaction(
  tx: Db | Tx,
  practice: PracticeId,
  values: NewTransaction,
): Promise<TransactionRecord> {
  const [row] = await tx
    .insert(transactions)
    .values({ ...values, companyId: practice, practiceManagementStatus: 0 })
    .returning();
  await queueForPracticeSystem(tx, practice, row!);
  return row!;
}

/**
 * Records a payment unless one with its reference id is recorded already (a replay of the same
 * charge finished first): null then.
 */
export async function recordTransactionOnce(
  tx: Db | Tx,
  practice: PracticeId,
  values: NewTransaction,
): Promise<TransactionRecord | null> {
  const [row] = await tx
    .insert(transactions)
    .values({ ...values, companyId: practice, practiceManagementStatus: 0 })
    .onConflictDoNothing()
    .returning();
  if (row) await queueForPracticeSystem(tx, practice, row);
  return row ?? null;
}

/** Locks the payment's row until the transaction ends (refunds of one payment run one at a time). */
export async function lockTransaction(tx: Tx, practice: PracticeId, transactionId: number) {
  await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(inPractice(transactions, practice, eq(transactions.id, transactionId)))
    .for('update');
}

/** The refund or void a request recorded, by the request's own key (refundVoid.ts). */
export async function findRefundByRequestKey(
  db: Db | Tx,
  practice: PracticeId,
  requestKey: string,
): Promise<RefundRecord | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(inPractice(refunds, practice, eq(refunds.requestKey, requestKey)));
  return row ?? null;
}

export async function recordRefund(tx: Db | Tx, practice: PracticeId, values: NewRefund) {
  await tx.insert(refunds).values({ ...values, companyId: practice });
}

/** The payment's sync status with the practice system (0 pending, 1 failed, 2 posted); the row after. */
export async function setPracticeManagementStatus(
  tx: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  status: 0 | 1 | 2,
): Promise<TransactionRecord | null> {
  const [row] = await tx
    .update(transactions)
    .set({ practiceManagementStatus: status })
    .where(inPractice(transactions, practice, eq(transactions.id, transactionId)))
    .returning();
  return row ?? null;
}

/** Who paid: the payment now belongs to this customer (a move, an association). */
export async function setPayer(
  tx: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  payer: {
    customerId: number;
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    associatedManMessage?: string;
  },
): Promise<TransactionRecord> {
  const [row] = await tx
    .update(transactions)
    .set(payer)
    .where(inPractice(transactions, practice, eq(transactions.id, transactionId)))
    .returning();
  return row!;
}

// ── The refund ledger ────────────────────────────────────────────────────────────────────────

export type ReservationRecord = typeof refundReservations.$inferSelect;

/** Holds a refund's amount while the card provider is asked (call it under the payment's lock). */
export async function reserveRefund(
  tx: Db | Tx,
  practice: PracticeId,
  values: Omit<typeof refundReservations.$inferInsert, 'id' | 'companyId'>,
) {
  await tx.insert(refundReservations).values({ ...values, companyId: practice });
}

/** Releases a reservation (the provider answered: recorded, or refused). */
export async function releaseRefund(tx: Db | Tx, practice: PracticeId, requestKey: string) {
  await tx
    .delete(refundReservations)
    .where(inPractice(refundReservations, practice, eq(refundReservations.requestKey, requestKey)));
}

/** The reservation a request holds, by the request's own key. */
export async function findReservation(
  db: Db | Tx,
  practice: PracticeId,
  requestKey: string,
): Promise<ReservationRecord | null> {
  const [row] = await db
    .select()
    .from(refundReservations)
    .where(inPractice(refundReservations, practice, eq(refundReservations.requestKey, requestKey)));
  return row ?? null;
}

/** The reservations still held on a payment, by the refund's type. */
export async function reservationsOf(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
): Promise<ReservationRecord[]> {
  return db
    .select()
    .from(refundReservations)
    .where(inPractice(refundReservations, practice, eq(refundReservations.transactionId, transactionId)));
}

/** The provider settled the payment (by `at`, as far as is known). */
export async function markSettled(tx: Db | Tx, practice: PracticeId, transactionId: number, at: Date) {
  await tx
    .update(transactions)
    .set({ settledAt: at })
    .where(inPractice(transactions, practice, eq(transactions.id, transactionId)));
}

// ── Reading one ──────────────────────────────────────────────────────────────────────────────

export async function findTransaction(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
): Promise<TransactionRecord | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(inPractice(transactions, practice, eq(transactions.id, transactionId)));
  return row ?? null;
}

/** The practice's payment with this processor result id (what the refund form names). */
export async function findTransactionByResultId(
  db: Db | Tx,
  practice: PracticeId,
  transactionResultId: string,
): Promise<TransactionRecord | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(inPractice(transactions, practice, eq(transactions.transactionResultId, transactionResultId)))
    .limit(1);
  return row ?? null;
}

/** The practice's payment with this reference id. */
export async function findTransactionByReference(
  db: Db | Tx,
  practice: PracticeId,
  referenceId: string,
): Promise<TransactionRecord | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(inPractice(transactions, practice, eq(transactions.referenceId, referenceId)));
  return row ?? null;
}

/** The practice's payment recorded for a charge on file with this provider key (its chargeKey). */
export async function findTransactionByChargeKey(
  db: Db | Tx,
  practice: PracticeId,
  chargeKey: string,
): Promise<TransactionRecord | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(inPractice(transactions, practice, eq(transactions.chargeKey, chargeKey)));
  return row ?? null;
}

/** The practice's payments recorded under any of these provider keys (their chargeKey). */
export async function transactionsByChargeKeys(
  db: Db | Tx,
  practice: PracticeId,
  chargeKeys: readonly string[],
): Promise<TransactionRecord[]> {
  if (chargeKeys.length === 0) return [];
  return db
    .select()
    .from(transactions)
    .where(inPractice(transactions, practice, inArray(transactions.chargeKey, [...chargeKeys])));
}

/** These payments of the practice, by id. */
export async function transactionsByIds(
  db: Db | Tx,
  practice: PracticeId,
  transactionIds: readonly number[],
): Promise<Map<number, TransactionRecord>> {
  const ids = [...new Set(transactionIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(transactions)
    .where(inPractice(transactions, practice, inArray(transactions.id, ids)));
  return new Map(rows.map((t) => [t.id, t]));
}

// ── Refunds ──────────────────────────────────────────────────────────────────────────────────

/** What the refunds and the void of a payment add up to. */
export interface RefundTotal {
  type: 'REFUNDED' | 'VOIDED';
  amount: number;
  orderAmount: number;
  surchargeAmount: number;
  /** The latest refund's or void's time. */
  last: Date;
}

export async function refundTotalsOf(
  db: Db | Tx,
  practice: PracticeId,
  transactionIds: readonly number[],
): Promise<Map<number, RefundTotal>> {
  const byTransaction = new Map<number, RefundTotal>();
  if (transactionIds.length === 0) return byTransaction;
  const rows = await db
    .select({
      transactionId: refunds.transactionId,
      voided: sql<boolean>`bool_or(${refunds.type} = 'VOIDED')`,
      amount: sql<string>`sum(${refunds.amount})`,
      orderAmount: sql<string>`sum(${refunds.orderAmount})`,
      surchargeAmount: sql<string>`sum(${refunds.surchargeAmount})`,
      last: sql<string>`max(${refunds.created})`,
    })
    .from(refunds)
    .where(inPractice(refunds, practice, inArray(refunds.transactionId, [...transactionIds])))
    .groupBy(refunds.transactionId);
  for (const r of rows) {
    byTransaction.set(r.transactionId, {
      type: r.voided ? 'VOIDED' : 'REFUNDED',
      amount: Number(r.amount),
      orderAmount: Number(r.orderAmount),
      surchargeAmount: Number(r.surchargeAmount),
      last: new Date(r.last),
    });
  }
  return byTransaction;
}

/** The refunds and voids of these payments, oldest first. */
export async function refundsOf(
  db: Db | Tx,
  practice: PracticeId,
  transactionIds: readonly number[],
): Promise<RefundRecord[]> {
  if (transactionIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inPractice(refunds, practice, inArray(refunds.transactionId, [...transactionIds])))
    .orderBy(asc(refunds.created), asc(refunds.id));
}

/** The latest refund or void of any payment of a payment plan. */
export async function latestRefundOfPlan(
  db: Db | Tx,
  practice: PracticeId,
  planId: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${refunds.created})` })
    .from(refunds)
    .innerJoin(transactions, samePractice(transactions, refunds, eq(transactions.id, refunds.transactionId)))
    .where(inPractice(refunds, practice, eq(transactions.paymentPlanId, planId)));
  return row?.last ? new Date(row.last) : null;
}

// ── Unassociated payments ────────────────────────────────────────────────────────────────────

/**
 * Removes an unassociated payment of the practice for good, unless it is associated or removed
 * already (or meanwhile: the condition is in the update itself, so a removal and an association at
 * once cannot both win). Null when nothing was removed.
 */
export async function removeUnassociated(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  at: Date,
): Promise<TransactionRecord | null> {
  const [row] = await db
    .update(transactions)
    .set({ orphanRemoved: at })
    .where(
      inPractice(
        transactions,
        practice,
        eq(transactions.id, transactionId),
        isNull(transactions.customerId),
        isNull(transactions.orphanRemoved),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * A carrier's card payment was posted with its reimbursement: the transaction belongs to it, and is
 * in the practice system (its claims'), so it is not queued as a patient's payment.
 */
export async function linkInsurancePayment(
  tx: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  insurancePaymentId: number,
) {
  await tx
    .update(transactions)
    .set({ insurancePaymentId, practiceManagementStatus: 2 })
    .where(
      inPractice(
        transactions,
        practice,
        eq(transactions.id, transactionId),
        eq(transactions.source, 'INSURANCE'),
      ),
    );
}

/**
 * The anomaly check's "same card, same amount, twice within `withinMs`": approved card payments of one
 * practice on the same card (brand, last four, expiry) for the same amount, the later one made since
 * `since`; each pair once, by the later payment.
 */
export async function sameCardChargedTwice(db: Db | Tx, opts: { since: Date; withinMs: number }) {
  const a = transactions;
  const rows = await db.execute(sql`
    select later.id as id, later.company_id as company_id, later.customer_id as customer_id,
           later.reference_id as reference_id, earlier.reference_id as earlier_reference_id,
           later.amount as amount, later.card_description as card_description
      from ${a} as later
      join ${a} as earlier
        on earlier.company_id = later.company_id
       and earlier.id <> later.id
       and earlier.status = 'APPROVED'
       and earlier.amount = later.amount
       and earlier.card_type = later.card_type
       and earlier.card_description = later.card_description
       and earlier.exp_month is not distinct from later.exp_month
       and earlier.exp_year is not distinct from later.exp_year
       and earlier.created_at <= later.created_at
       and earlier.created_at >= later.created_at - make_interval(secs => ${opts.withinMs / 1000})
       and (earlier.created_at < later.created_at or earlier.id < later.id)
     where later.status = 'APPROVED'
       and later.card_description is not null
       and later.created_at >= ${opts.since.toISOString()}::timestamptz`);
  return (
    rows as unknown as {
      rows: {
        id: number;
        company_id: number;
        customer_id: number | null;
        reference_id: string;
        earlier_reference_id: string;
        amount: number;
        card_description: string;
      }[];
    }
  ).rows;
}
