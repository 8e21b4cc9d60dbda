/**
 * Transactions and their refunds and voids in the database. This is the only code that writes a
 * transaction row (payments by every source, through `recordTransaction`) or a refund row. Every
 * function takes the caller's practice and scopes each statement to it (db/scope.ts).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TRANSACTION_COUNT_CAP } from '../../embed-sdk/contract/transaction.js';
import type * as contract from '../../embed-sdk/contract/transaction.js';
import type { Db, Tx } from '../db/client.js';
import {
  refundReservations,
  refunds,
  requestCharges,
  transactions,
  type PendingRequestCharge,
} from '../db/schema/transactions.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';
import { dayRange } from '../domain/dateRange.js';
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
export type RequestChargeRecord = typeof requestCharges.$inferSelect;

// ── Writing ──────────────────────────────────────────────────────────────────────────────────

/**
 * An approved payment of a patient goes to the practice system: its posting is queued with it, in
 * the same database transaction, whichever source recorded it. An unassociated payment waits for its
 * patient (associate queues it then).
 */
async function queueForPracticeSystem(tx: Db | Tx, practice: PracticeId, row: TransactionRecord) {
  if (row.status !== 'APPROVED' || row.customerId === null) return;
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

// ── The list ──────────────────────────────────────────────────────────────────────────────

/**
 * Whose transactions a list reads: the caller's practice, or every practice's (an administrator's
 * company-wide view, which the flow allows to administrators only). Only the list's reads take
 * `EVERY_PRACTICE`; nothing that writes does.
 */
export type ListScope = PracticeId | typeof EVERY_PRACTICE;
export const EVERY_PRACTICE = 'EVERY_PRACTICE' as const;

function inScope(scope: ListScope, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return scope === EVERY_PRACTICE ? and(...conditions) : inPractice(transactions, scope, ...conditions);
}

const SORTS: Record<contract.TransactionSort, { column: AnyPgColumn; direction: 'asc' | 'desc' }> = {
  'Date:descending': { column: transactions.created, direction: 'desc' },
  'Date:ascending': { column: transactions.created, direction: 'asc' },
  'Amount:descending': { column: transactions.amount, direction: 'desc' },
  'Amount:ascending': { column: transactions.amount, direction: 'asc' },
};

function orderOf(sort: contract.TransactionSort): SQL[] {
  const { column, direction } = SORTS[sort];
  const by = direction === 'desc' ? desc : asc;
  return [by(column), by(transactions.id)];
}

export interface TransactionListFilter {
  notificationId?: string;
  customerId?: number;
  /** The payer's customers, as a subquery of their ids (patients' `customersWithPatientKey`). */
  customers?: SQLWrapper;
  paymentPlanId?: number;
  /** The payments of one plan cycle, by id or by reference (payment-plans' `cyclePayments`). */
  cycle?: { transactionIds: number[]; referenceIds: string[] };
  /** A transaction ID as people see it (the reference's first segment) or a whole reference id. */
  transactionId?: string;
  /** Only unassociated payments that were not removed, of these sources. */
  unassociatedSources?: string[];
  modules?: string[];
  status?: string;
  startDate?: string;
  endDate?: string;
}

/** The reference id's first segment, as the index `transactions_company_displayed_id` has it. */
const displayedId = sql`split_part(${transactions.referenceId}, '-', 1)`;

function transactionIdCondition(typed: string): SQL {
  // References are upper case (Crockford base 32, and a check's digits after '#').
  const wanted = typed.toUpperCase();
  const [first] = wanted.split('-');
  if (!wanted.includes('-')) return eq(displayedId, wanted);
  // A whole reference: a check's stored reference carries its number after '#', which people may leave out.
  return and(
    eq(displayedId, first!),
    or(
      eq(transactions.referenceId, wanted),
      eq(sql`split_part(${transactions.referenceId}, '#', 1)`, wanted),
    ),
  )!;
}

function listConditions(filter: TransactionListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.notificationId) conditions.push(eq(transactions.notificationId, filter.notificationId));
  if (filter.customerId !== undefined) conditions.push(eq(transactions.customerId, filter.customerId));
  if (filter.customers !== undefined) conditions.push(inArray(transactions.customerId, filter.customers));
  if (filter.paymentPlanId !== undefined)
    conditions.push(eq(transactions.paymentPlanId, filter.paymentPlanId));
  if (filter.cycle) {
    const { transactionIds, referenceIds } = filter.cycle;
    conditions.push(
      or(
        transactionIds.length ? inArray(transactions.id, transactionIds) : undefined,
        referenceIds.length ? inArray(transactions.referenceId, referenceIds) : undefined,
      ) ?? sql`false`,
    );
  }
  if (filter.transactionId) conditions.push(transactionIdCondition(filter.transactionId));
  if (filter.unassociatedSources) {
    // The predicate of the partial index `transactions_company_unassociated`.
    conditions.push(isNull(transactions.customerId), isNull(transactions.orphanRemoved));
    conditions.push(inArray(transactions.source, filter.unassociatedSources));
  }
  if (filter.modules && filter.modules.length > 0)
    conditions.push(inArray(transactions.source, filter.modules));
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  const { from, before } = dayRange(filter.startDate, filter.endDate);
  if (from) conditions.push(gte(transactions.created, from));
  if (before) conditions.push(lt(transactions.created, before));
  return conditions;
}

/** Counting stops here: past it the list says "10,000+" (a count over a huge range costs its size). */
export const COUNT_CAP = TRANSACTION_COUNT_CAP;

/** How many rows match, counting at most `cap` + 1 of them (a subquery with a limit). */
function cappedCount(db: Db | Tx, scope: ListScope, filter: TransactionListFilter, cap: number) {
  const matching = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(inScope(scope, ...listConditions(filter)))
    .limit(cap + 1);
  return sql<number>`(select count(*) from (${matching}) as "matching")`.mapWith(Number);
}

const capped = (n: number, cap: number) =>
  n > cap ? { rows: cap, capped: true } : { rows: n, capped: false };

/**
 * How many transactions match the filter, counting at most `cap` + 1 of them: `capped` when there
 * are more than `cap` (then `rows` is `cap`).
 */
export async function countTransactions(
  db: Db | Tx,
  scope: ListScope,
  filter: TransactionListFilter,
  cap = COUNT_CAP,
): Promise<{ rows: number; capped: boolean }> {
  const matching = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(inScope(scope, ...listConditions(filter)))
    .limit(cap + 1)
    .as('matching');
  const [total] = await db.select({ n: count() }).from(matching);
  return capped(total?.n ?? 0, cap);
}

/**
 * One page of the transactions that match the filter, in the order asked for, and their capped
 * count. One statement (the count is an uncorrelated subquery, run once): the list's every call
 * makes one round trip for both instead of two.
 */
export async function transactionPage(
  db: Db | Tx,
  scope: ListScope,
  filter: TransactionListFilter,
  page: { sort: contract.TransactionSort; page: number; pageSize: number },
  cap = COUNT_CAP,
): Promise<{ page: TransactionRecord[]; count: { rows: number; capped: boolean } }> {
  const rows = await db
    .select({ t: transactions, n: cappedCount(db, scope, filter, cap) })
    .from(transactions)
    .where(inScope(scope, ...listConditions(filter)))
    .orderBy(...orderOf(page.sort))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  // Past the last page there is no row to carry the count.
  if (rows.length === 0) {
    return {
      page: [],
      count: page.page > 1 ? await countTransactions(db, scope, filter, cap) : capped(0, cap),
    };
  }
  return { page: rows.map((r) => r.t), count: capped(rows[0]!.n, cap) };
}

/** The columns the CSV export writes (and the keyset needs): a batch holds no more than these. */
const EXPORTED = {
  id: transactions.id,
  companyId: transactions.companyId,
  created: transactions.created,
  referenceId: transactions.referenceId,
  customerId: transactions.customerId,
  firstName: transactions.firstName,
  lastName: transactions.lastName,
  source: transactions.source,
  terminalDescription: transactions.terminalDescription,
  fundingSource: transactions.fundingSource,
  cardType: transactions.cardType,
  cardDescription: transactions.cardDescription,
  orderAmount: transactions.orderAmount,
  surchargeAmount: transactions.surchargeAmount,
  amount: transactions.amount,
  status: transactions.status,
  practiceManagementStatus: transactions.practiceManagementStatus,
};
export type ExportedRow = Pick<TransactionRecord, keyof typeof EXPORTED>;

/**
 * Every transaction that matches the filter, in the order asked for, a batch at a time (the CSV
 * export), with the exported columns only. Keyset paging on (sort column, id): each batch starts
 * after the last row of the one before, so the database never reads again the rows it already sent
 * and memory holds one batch.
 */
export async function* transactionBatches(
  db: Db | Tx,
  scope: ListScope,
  filter: TransactionListFilter,
  sort: contract.TransactionSort,
  batchSize = 500,
): AsyncGenerator<ExportedRow[]> {
  const { column, direction } = SORTS[sort];
  const key = (t: ExportedRow) => (column === transactions.created ? t.created : t.amount);
  const beyond = direction === 'desc' ? lt : gt;
  const reached = direction === 'desc' ? lte : gte;
  let last: ExportedRow | null = null;
  for (;;) {
    const after: SQL | undefined = last
      ? and(
          // Written out rather than as a row comparison, so the first part bounds the index scan.
          reached(column, key(last)),
          or(beyond(column, key(last)), beyond(transactions.id, last.id)),
        )
      : undefined;
    const batch: ExportedRow[] = await db
      .select(EXPORTED)
      .from(transactions)
      .where(inScope(scope, ...listConditions(filter), after))
      .orderBy(...orderOf(sort))
      .limit(batchSize);
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
    last = batch.at(-1)!;
  }
}

/** One transaction of any practice, for an administrator's company-wide view. */
export async function findTransactionInAnyPractice(
  db: Db | Tx,
  transactionId: number,
): Promise<TransactionRecord | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  return row ?? null;
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

// ── The claims of charges on cards entered for a request (transactions/requestCharges.ts) ──────

/** The row that holds the claim of the request's charge with this provider key, made if missing. */
export async function openRequestCharge(
  db: Db | Tx,
  practice: PracticeId,
  key: string,
): Promise<RequestChargeRecord> {
  const [inserted] = await db
    .insert(requestCharges)
    .values({ companyId: practice, key })
    .onConflictDoNothing()
    .returning();
  return inserted ?? (await findRequestCharge(db, practice, key))!;
}

export async function findRequestCharge(
  db: Db | Tx,
  practice: PracticeId,
  key: string,
): Promise<RequestChargeRecord | null> {
  const [row] = await db
    .select()
    .from(requestCharges)
    .where(inPractice(requestCharges, practice, eq(requestCharges.key, key)));
  return row ?? null;
}

export async function findRequestChargeById(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<RequestChargeRecord | null> {
  const query = db
    .select()
    .from(requestCharges)
    .where(inPractice(requestCharges, practice, eq(requestCharges.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setRequestChargePending(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  pendingCharge: PendingRequestCharge | null,
) {
  await db
    .update(requestCharges)
    .set({ pendingCharge })
    .where(inPractice(requestCharges, practice, eq(requestCharges.id, id)));
}

/**
 * Ends the request charge's claim `key` (claimedCharge.ts, step 3) and answers its row, now under
 * its lock; null when the row holds that claim no more.
 */
export async function endRequestChargeClaim(tx: Tx, practice: PracticeId, id: number, key: string) {
  const [row] = await tx
    .update(requestCharges)
    .set({ pendingCharge: null })
    .where(
      inPractice(
        requestCharges,
        practice,
        eq(requestCharges.id, id),
        sql`${requestCharges.pendingCharge}->>'key' = ${key}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Every claim still set, over every practice (the recovery pass: no caller, by design). */
export function requestChargesWithPending(db: Db | Tx): Promise<RequestChargeRecord[]> {
  return db.select().from(requestCharges).where(isNotNull(requestCharges.pendingCharge));
}
