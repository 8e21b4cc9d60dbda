/**
 * Payment plans in the database: a plan (locked for a change), its schedule as the pure rules see it
 * (domain/planSchedule.ts), its ledger with what each payment gave back, and the writes every change
 * ends with. Every read is scoped to the caller's practice: another practice's plan is not found.
 */
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  balanceDueOf,
  changedRows,
  cycleCountOf,
  skipEmptyRows,
  sortRows,
  type ScheduleRow,
} from '../domain/payment-plans/scheduleChanges.js';
import { statusForBalance, type PlanStatus } from '../domain/payment-plans/planStatus.js';
import type { Db, Tx } from '../db/client.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import {
  companyNotifications,
  customers,
  paymentLedger,
  paymentPlanDetails,
  paymentPlans,
  refunds,
  transactions,
} from '../db/schema/index.js';

export type PlanRecord = typeof paymentPlans.$inferSelect;
export type DetailRecord = typeof paymentPlanDetails.$inferSelect;
export type LedgerRecord = typeof paymentLedger.$inferSelect;
export type TransactionRecord = typeof transactions.$inferSelect;

/** The practice's plan; null for another practice's (as for one that does not exist). */
export async function findPlan(
  db: Db | Tx,
  companyId: number,
  planId: number,
  opts: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.companyId, companyId), eq(paymentPlans.id, planId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The plan a row of the schedule belongs to, in the practice; null otherwise. */
export async function planOfDetail(db: Db | Tx, companyId: number, detailId: number) {
  const [row] = await db
    .select({ planId: paymentPlanDetails.paymentPlanId })
    .from(paymentPlanDetails)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanDetails.paymentPlanId))
    .where(and(eq(paymentPlanDetails.id, detailId), eq(paymentPlans.companyId, companyId)));
  return row?.planId ?? null;
}

/** The ledger item of a plan of the practice; null otherwise. */
export async function findLedgerItem(db: Db | Tx, companyId: number, ledgerId: number) {
  const [row] = await db
    .select()
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.id, ledgerId),
        eq(paymentLedger.companyId, companyId),
        isNotNull(paymentLedger.paymentPlanId),
      ),
    );
  return row ?? null;
}

export function toScheduleRow(d: DetailRecord): ScheduleRow {
  return {
    id: d.id,
    cycle: d.cycle,
    isDownPayment: d.isDownPayment,
    billingDate: d.billingDate,
    amountDue: d.amountDue,
    processedToLedger: d.processedToLedger,
    disposition: d.disposition as ScheduleRow['disposition'],
    referenceId: d.referenceId,
  };
}

export async function scheduleOf(db: Db | Tx, planId: number): Promise<ScheduleRow[]> {
  const rows = await db.select().from(paymentPlanDetails).where(eq(paymentPlanDetails.paymentPlanId, planId));
  return sortRows(rows.map(toScheduleRow));
}

/** Writes what changed between two schedules of a plan: new rows are inserted, changed ones updated. */
export async function saveSchedule(tx: Tx, planId: number, before: ScheduleRow[], after: ScheduleRow[]) {
  const changed = changedRows(before, after);
  const inserts = changed.filter((r) => r.id === null);
  for (const row of changed) {
    if (row.id === null) continue;
    await tx
      .update(paymentPlanDetails)
      .set({
        cycle: row.cycle,
        billingDate: row.billingDate,
        amountDue: row.amountDue,
        processedToLedger: row.processedToLedger,
        disposition: row.disposition,
        referenceId: row.referenceId,
      })
      .where(and(eq(paymentPlanDetails.id, row.id), eq(paymentPlanDetails.paymentPlanId, planId)));
  }
  if (inserts.length > 0) {
    await tx.insert(paymentPlanDetails).values(
      inserts.map((row) => ({
        paymentPlanId: planId,
        cycle: row.cycle,
        isDownPayment: row.isDownPayment,
        billingDate: row.billingDate,
        amountDue: row.amountDue,
        processedToLedger: row.processedToLedger,
        disposition: row.disposition,
        referenceId: row.referenceId,
      })),
    );
  }
}

/**
 * Ends every change of a schedule: rows with nothing due whose day came are skipped, the rows are
 * written, and the plan's cycle count and status follow (COMPLETE once nothing is owed, ACTIVE again
 * when something is). Returns the plan's new status.
 */
export async function commitSchedule(
  tx: Tx,
  plan: PlanRecord,
  before: ScheduleRow[],
  after: ScheduleRow[],
  at: { now: Date; today: string },
): Promise<{ status: PlanStatus; rows: ScheduleRow[] }> {
  const rows = skipEmptyRows(after, at.today);
  await saveSchedule(tx, plan.id, before, rows);
  const was = plan.status as PlanStatus;
  const status = statusForBalance(was, balanceDueOf(rows));
  await tx
    .update(paymentPlans)
    .set({
      cycleCount: cycleCountOf(rows),
      ...(status === was ? {} : { status, completedDate: status === 'COMPLETE' ? at.now : null }),
    })
    .where(eq(paymentPlans.id, plan.id));
  return { status, rows: sortRows(rows) };
}

/** The bell's past-due notification: plan ID, past-due amount, date and time. */
export async function raisePastDue(tx: Tx, plan: PlanRecord, pastDue: number, at: Date) {
  await tx.insert(companyNotifications).values({
    companyId: plan.companyId,
    type: 'PAYMENTPLAN_PASTDUE',
    paymentPlanId: plan.id,
    amountDue: pastDue,
    dateTime: at,
  });
}

/** How many card attempts a row has had: the next one's idempotency key counts on from there. */
export async function attemptsOf(db: Db | Tx, detailId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentLedger)
    .where(and(eq(paymentLedger.paymentPlanDetailId, detailId), isNotNull(paymentLedger.transactionId)));
  return row?.n ?? 0;
}

export async function customerOf(db: Db | Tx, plan: PlanRecord) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, plan.customerId));
  return customer!;
}

/** What the refunds and the void of each transaction gave back. */
export interface GivenBack {
  type: 'REFUNDED' | 'VOIDED';
  amount: number;
  orderAmount: number;
  surchargeAmount: number;
  /** The latest refund's or void's time. */
  last: Date;
}

export async function givenBackOf(db: Db | Tx, transactionIds: number[]): Promise<Map<number, GivenBack>> {
  const byTransaction = new Map<number, GivenBack>();
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
    .where(inArray(refunds.transactionId, transactionIds))
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

export interface LedgerEntry {
  item: LedgerRecord;
  transaction: TransactionRecord | null;
  givenBack: GivenBack | null;
}

/** The plan's ledger, oldest first, each item with its transaction and what was given back of it. */
export async function ledgerOf(db: Db | Tx, planId: number): Promise<LedgerEntry[]> {
  const rows = await db
    .select({ item: paymentLedger, transaction: transactions })
    .from(paymentLedger)
    .leftJoin(transactions, eq(transactions.id, paymentLedger.transactionId))
    .where(eq(paymentLedger.paymentPlanId, planId))
    .orderBy(asc(paymentLedger.dateTime), asc(paymentLedger.id));
  const back = await givenBackOf(
    db,
    rows.flatMap((r) => (r.transaction ? [r.transaction.id] : [])),
  );
  return rows.map((r) => ({
    item: r.item,
    transaction: r.transaction,
    givenBack: r.transaction ? (back.get(r.transaction.id) ?? null) : null,
  }));
}

/** The latest refund or void of any of the plan's payments, for re-activation after a void. */
export async function lastGivenBackOf(db: Db | Tx, planId: number): Promise<Date | null> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${refunds.created})` })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .where(eq(transactions.paymentPlanId, planId));
  return row?.last ? new Date(row.last) : null;
}

// ── For other capabilities ───────────────────────────────────────────────────────────────────

/** The status of each of these plans of the practice, by id (the transactions list). */
export async function planStatuses(
  db: Db | Tx,
  practice: PracticeId,
  planIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(planIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentPlans.id, status: paymentPlans.status })
    .from(paymentPlans)
    .where(inPractice(paymentPlans, practice, inArray(paymentPlans.id, ids)));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Whether an active plan of the practice is paid with this card. */
export async function hasActivePlanWithCard(db: Db | Tx, practice: PracticeId, cardId: number) {
  const [plan] = await db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(
      inPractice(
        paymentPlans,
        practice,
        eq(paymentPlans.customerSavedCardId, cardId),
        eq(paymentPlans.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return plan !== undefined;
}
