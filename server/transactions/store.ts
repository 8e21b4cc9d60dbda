/**
 * Transactions and their refunds and voids in the database. This is the only code that writes a
 * transaction row (payments by every source, through `recordTransaction`) or a refund row. Every
 * function takes the caller's practice and scopes each statement to it (db/scope.ts).
 */
import { asc, count, desc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type * as contract from '../../embed-sdk/contract/transaction.js';
import type { Db, Tx } from '../db/client.js';
import { refunds, transactions } from '../db/schema/transactions.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';
import { dayRange } from '../domain/dateRange.js';

export type TransactionRecord = typeof transactions.$inferSelect;
export type RefundRecord = typeof refunds.$inferSelect;
/** A new transaction's columns; the practice is the store's to set. */
export type NewTransaction = Omit<typeof transactions.$inferInsert, 'id' | 'companyId'>;
export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'companyId'>;

// ── Writing ──────────────────────────────────────────────────────────────────────────────────

/** Records a payment (approved or declined) of the practice. */
export async function recordTransaction(
  tx: Db | Tx,
  practice: PracticeId,
  values: NewTransaction,
): Promise<TransactionRecord> {
  const [row] = await tx
    .insert(transactions)
    .values({ ...values, companyId: practice })
    .returning();
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
    .values({ ...values, companyId: practice })
    .onConflictDoNothing()
    .returning();
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

/** Whether a refund or void with this reference id is recorded for the payment. */
export async function hasRefund(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  referenceId: string,
): Promise<boolean> {
  const [already] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      inPractice(
        refunds,
        practice,
        eq(refunds.transactionId, transactionId),
        eq(refunds.referenceId, referenceId),
      ),
    );
  return already !== undefined;
}

export async function recordRefund(tx: Db | Tx, practice: PracticeId, values: NewRefund) {
  await tx.insert(refunds).values({ ...values, companyId: practice });
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

// ── The list ─────────────────────────────────────────────────────────────────────────────────

const SORTS: Record<contract.TransactionSort, SQL[]> = {
  'Date:descending': [desc(transactions.created), desc(transactions.id)],
  'Date:ascending': [asc(transactions.created), asc(transactions.id)],
  'Amount:descending': [desc(transactions.amount), desc(transactions.id)],
  'Amount:ascending': [asc(transactions.amount), asc(transactions.id)],
};

export interface TransactionListFilter {
  notificationId?: string;
  customerId?: number;
  /** The payer's customers, as a subquery of their ids (patients' `customersWithPatientKey`). */
  customers?: SQLWrapper;
  paymentPlanId?: number;
  modules?: string[];
  status?: string;
  startDate?: string;
  endDate?: string;
}

function listConditions(filter: TransactionListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.notificationId) conditions.push(eq(transactions.notificationId, filter.notificationId));
  if (filter.customerId !== undefined) conditions.push(eq(transactions.customerId, filter.customerId));
  if (filter.customers !== undefined) conditions.push(inArray(transactions.customerId, filter.customers));
  if (filter.paymentPlanId !== undefined)
    conditions.push(eq(transactions.paymentPlanId, filter.paymentPlanId));
  if (filter.modules && filter.modules.length > 0)
    conditions.push(inArray(transactions.source, filter.modules));
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  const { from, before } = dayRange(filter.startDate, filter.endDate);
  if (from) conditions.push(gte(transactions.created, from));
  if (before) conditions.push(lt(transactions.created, before));
  return conditions;
}

/** How many of the practice's transactions match the filter. */
export async function countTransactions(db: Db | Tx, practice: PracticeId, filter: TransactionListFilter) {
  const [total] = await db
    .select({ n: count() })
    .from(transactions)
    .where(inPractice(transactions, practice, ...listConditions(filter)));
  return total?.n ?? 0;
}

/** One page of the practice's transactions that match the filter, in the order asked for. */
export function transactionPage(
  db: Db | Tx,
  practice: PracticeId,
  filter: TransactionListFilter,
  page: { sort: contract.TransactionSort; page: number; pageSize: number },
): Promise<TransactionRecord[]> {
  return db
    .select()
    .from(transactions)
    .where(inPractice(transactions, practice, ...listConditions(filter)))
    .orderBy(...SORTS[page.sort])
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}
