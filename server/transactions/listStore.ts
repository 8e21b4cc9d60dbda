/**
 * The transactions list's reads: a filtered, sorted page with its capped count, and the CSV export's
 * batches, over the caller's practice or (an administrator's company-wide view) every practice. Only
 * reads: the rows are written by store.ts.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  not,
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
import { practicePayments, paySplits, procedures } from '../db/schema/practice-system.js';
import { refunds, transactions } from '../db/schema/transactions.js';
import { ofPaymentClinics } from '../reports/reportSql.js';
import { paymentMethod } from '../reports/store.js';
import { inPractice, samePractice, type PracticeId } from '../db/scope.js';
import { dayRange } from '../domain/dateRange.js';
import type { TransactionRecord } from './store.js';

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
  status?: contract.TransactionStatusFilter;
  /** Any of these payment methods (the reports' `paymentMethod`). */
  methods?: string[];
  /** Any of these clinics of the payer (0: no clinic, or no patient). */
  clinicNums?: number[];
  /** Payments with a pay split on a procedure of one of these providers. */
  providers?: string[];
  startDate?: string;
  endDate?: string;
}

/** The reference id's first segment, as the index `transactions_company_displayed_id` has it. */
const displayedId = sql`split_part(${transactions.referenceId}, '-', 1)`;

export function transactionIdCondition(typed: string): SQL {
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

/** Whether the row has a refund (or, `type`, one of this kind), in its own practice. */
function hasRefund(db: Db | Tx, type?: 'VOIDED'): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(refunds)
      .where(
        samePractice(
          refunds,
          transactions,
          eq(refunds.transactionId, transactions.id),
          type ? eq(refunds.type, type) : undefined,
        ),
      ),
  );
}

/** The spec's states (part 2, section 4): approved, then perhaps refunded or voided; declined. */
function statusCondition(db: Db | Tx, status: contract.TransactionStatusFilter): SQL {
  switch (status) {
    case 'DECLINED':
      return eq(transactions.status, 'DECLINED');
    case 'APPROVED':
      return and(eq(transactions.status, 'APPROVED'), not(hasRefund(db)))!;
    case 'REFUNDED':
      return and(eq(transactions.status, 'APPROVED'), hasRefund(db), not(hasRefund(db, 'VOIDED')))!;
    case 'VOIDED':
      return and(eq(transactions.status, 'APPROVED'), hasRefund(db, 'VOIDED'))!;
    case 'PAID':
      return eq(transactions.status, 'APPROVED');
  }
}

/**
 * Some pay split of the payment (as the practice system records it) is on a procedure of one of
 * these providers.
 */
function providerCondition(db: Db | Tx, providers: string[]): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(practicePayments)
      .innerJoin(
        paySplits,
        samePractice(paySplits, practicePayments, eq(paySplits.paymentId, practicePayments.id)),
      )
      .innerJoin(procedures, samePractice(procedures, paySplits, eq(procedures.procNum, paySplits.procNum)))
      .where(
        samePractice(
          practicePayments,
          transactions,
          eq(practicePayments.transactionId, transactions.id),
          // Each joined table is also tied to the listed transaction's practice directly, as the
          // practice-scoping check reads a statement (one join from a constrained table).
          samePractice(procedures, transactions),
          inArray(procedures.provider, providers),
        ),
      ),
  );
}

function listConditions(db: Db | Tx, filter: TransactionListFilter): SQL[] {
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
  if (filter.status) conditions.push(statusCondition(db, filter.status));
  if (filter.methods && filter.methods.length > 0) conditions.push(inArray(paymentMethod, filter.methods));
  if (filter.clinicNums && filter.clinicNums.length > 0) conditions.push(ofPaymentClinics(filter.clinicNums));
  if (filter.providers && filter.providers.length > 0)
    conditions.push(providerCondition(db, filter.providers));
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
    .where(inScope(scope, ...listConditions(db, filter)))
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
    .where(inScope(scope, ...listConditions(db, filter)))
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
    .where(inScope(scope, ...listConditions(db, filter)))
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
  orphanRemoved: transactions.orphanRemoved,
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
      .where(inScope(scope, ...listConditions(db, filter), after))
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
