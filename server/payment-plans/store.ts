/**
 * Payment plans in the database: plans and their schedules (their ledgers are the payment ledger's:
 * transactions/paymentLedger.ts). Every function takes the
 * practice and scopes each statement on a practice-owned table to it (db/scope.ts): another
 * practice's plan is not found. A schedule's rows (payment_plan_details) carry no practice of their
 * own: they are reached through a plan of the practice. The billing job's three look-ups at the end
 * run over every practice, by design: they find the plans the job then works on, each in its own
 * practice.
 */
import { and, desc, eq, inArray, isNotNull, lte, not, sql, type SQL } from 'drizzle-orm';
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
import { inPractice, practiceOfRecord, type PracticeId } from '../db/scope.js';
import { paymentPlanDetails, paymentPlans } from '../db/schema/payment-plans.js';
import { pastDueNotifiedSince, raiseNotification } from '../notifications/store.js';
import { chargesOfCycle } from '../transactions/paymentLedger.js';
import { latestRefundOfPlan, type TransactionRecord } from '../transactions/store.js';

export type PlanRecord = typeof paymentPlans.$inferSelect;
export type DetailRecord = typeof paymentPlanDetails.$inferSelect;
export type { TransactionRecord };
export type NewPlan = Omit<typeof paymentPlans.$inferInsert, 'id' | 'companyId'>;
export type PlanChanges = Partial<Omit<NewPlan, 'customerId'>>;

// ── Plans ────────────────────────────────────────────────────────────────────────────────────

/** The practice's plan; null for another practice's (as for one that does not exist). */
export async function findPlan(
  db: Db | Tx,
  practice: PracticeId,
  planId: number,
  opts: { lock?: boolean } = {},
): Promise<PlanRecord | null> {
  const query = db
    .select()
    .from(paymentPlans)
    .where(inPractice(paymentPlans, practice, eq(paymentPlans.id, planId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The plan a New Payment Plan request made (its Idempotency-Key); null when it made none. */
export async function planByCreateKey(db: Db | Tx, practice: PracticeId, createKey: string) {
  const [row] = await db
    .select()
    .from(paymentPlans)
    .where(inPractice(paymentPlans, practice, eq(paymentPlans.createKey, createKey)));
  return row ?? null;
}

/** A new plan with its schedule. */
export async function insertPlan(
  tx: Tx,
  practice: PracticeId,
  values: NewPlan,
  rows: { cycle: number; isDownPayment: boolean; billingDate: string; amountDue: number }[],
): Promise<PlanRecord> {
  const [plan] = await tx
    .insert(paymentPlans)
    .values({ ...values, companyId: practice })
    .returning();
  await tx.insert(paymentPlanDetails).values(rows.map((r) => ({ paymentPlanId: plan!.id, ...r })));
  return plan!;
}

export async function updatePlan(tx: Db | Tx, practice: PracticeId, planId: number, changes: PlanChanges) {
  await tx
    .update(paymentPlans)
    .set(changes)
    .where(inPractice(paymentPlans, practice, eq(paymentPlans.id, planId)));
}

/**
 * Ends the plan's charge claim `key` (transactions/claimedCharge.ts, step 3) and answers the plan,
 * now under its lock; null when the plan holds that claim no more.
 */
export async function endPlanClaim(tx: Tx, practice: PracticeId, planId: number, key: string) {
  const [row] = await tx
    .update(paymentPlans)
    .set({ pendingCharge: null })
    .where(
      inPractice(
        paymentPlans,
        practice,
        eq(paymentPlans.id, planId),
        sql`${paymentPlans.pendingCharge}->>'key' = ${key}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The plan a row of the schedule belongs to, in the practice; null otherwise. */
export async function planOfDetail(db: Db | Tx, practice: PracticeId, detailId: number) {
  const [row] = await db
    .select({ planId: paymentPlanDetails.paymentPlanId })
    .from(paymentPlanDetails)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanDetails.paymentPlanId))
    .where(inPractice(paymentPlans, practice, eq(paymentPlanDetails.id, detailId)));
  return row?.planId ?? null;
}

/**
 * The payments of one cycle (a row of the schedule) of a plan of the practice; null when the row is
 * not the practice's. A card charge of the cycle records the row on its ledger item (declined tries
 * too); a cash or check payment at the desk that paid it is the reference the row was processed with.
 */
export async function cyclePayments(
  db: Db | Tx,
  practice: PracticeId,
  detailId: number,
): Promise<{ transactionIds: number[]; referenceIds: string[] } | null> {
  const [row] = await db
    .select({ referenceId: paymentPlanDetails.referenceId })
    .from(paymentPlanDetails)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanDetails.paymentPlanId))
    .where(inPractice(paymentPlans, practice, eq(paymentPlanDetails.id, detailId)));
  if (!row) return null;
  return {
    transactionIds: await chargesOfCycle(db, practice, detailId),
    referenceIds: row.referenceId ? [row.referenceId] : [],
  };
}

// ── Schedules ────────────────────────────────────────────────────────────────────────────────

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

/** The schedule of a plan of the practice (empty for another practice's). */
export async function scheduleOf(db: Db | Tx, practice: PracticeId, planId: number): Promise<ScheduleRow[]> {
  return (await schedulesOf(db, practice, [planId])).get(planId) ?? [];
}

/** The schedules of these plans of the practice, by plan id, each sorted. */
export async function schedulesOf(
  db: Db | Tx,
  practice: PracticeId,
  planIds: readonly number[],
): Promise<Map<number, ScheduleRow[]>> {
  const byPlan = new Map<number, ScheduleRow[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({ detail: paymentPlanDetails })
    .from(paymentPlanDetails)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentPlanDetails.paymentPlanId))
    .where(inPractice(paymentPlans, practice, inArray(paymentPlanDetails.paymentPlanId, [...planIds])));
  for (const { detail } of rows) {
    byPlan.set(detail.paymentPlanId, [...(byPlan.get(detail.paymentPlanId) ?? []), toScheduleRow(detail)]);
  }
  for (const [id, schedule] of byPlan) byPlan.set(id, sortRows(schedule));
  return byPlan;
}

/**
 * Writes what changed between two schedules of a plan: new rows are inserted, changed ones updated.
 * The plan was found (and locked) in its practice by the caller: `commitSchedule` is the only way in.
 */
async function saveSchedule(tx: Tx, planId: number, before: ScheduleRow[], after: ScheduleRow[]) {
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
  await updatePlan(tx, practiceOfRecord(plan), plan.id, {
    cycleCount: cycleCountOf(rows),
    ...(status === was ? {} : { status, completedDate: status === 'COMPLETE' ? at.now : null }),
  });
  return { status, rows: sortRows(rows) };
}

/** The bell's past-due notification: plan ID, past-due amount, date and time. */
export async function raisePastDue(tx: Tx, plan: PlanRecord, pastDue: number, at: Date) {
  await raiseNotification(tx, practiceOfRecord(plan), {
    type: 'PAYMENTPLAN_PASTDUE',
    paymentPlanId: plan.id,
    amountDue: pastDue,
    dateTime: at,
  });
}

/** The latest refund or void of any of the plan's payments, for re-activation after a void. */
export function lastRefundOf(db: Db | Tx, practice: PracticeId, planId: number): Promise<Date | null> {
  return latestRefundOfPlan(db, practice, planId);
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────

export interface PlanListFilter {
  status?: 'ACTIVE' | 'INACTIVE' | 'COMPLETE' | 'PAST_DUE';
  customerId?: number;
  /** The patients searched for, as a subquery of their customers' ids (patients' `customersMatching`). */
  customers?: SQL | { getSQL(): SQL };
}

function statusCondition(status: PlanListFilter['status']): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'PAST_DUE':
      return and(
        eq(paymentPlans.status, 'ACTIVE'),
        sql`exists (select 1 from ${paymentPlanDetails}
               where ${paymentPlanDetails.paymentPlanId} = ${paymentPlans.id}
                 and ${paymentPlanDetails.processedToLedger}
                 and ${paymentPlanDetails.disposition} = 'DECLINED'
                 and ${paymentPlanDetails.amountDue} > 0)`,
      );
    default:
      return eq(paymentPlans.status, status);
  }
}

function listWhere(practice: PracticeId, filter: PlanListFilter) {
  return inPractice(
    paymentPlans,
    practice,
    statusCondition(filter.status),
    filter.customerId === undefined ? undefined : eq(paymentPlans.customerId, filter.customerId),
    filter.customers === undefined ? undefined : inArray(paymentPlans.customerId, filter.customers as SQL),
  );
}

export async function countPlans(db: Db | Tx, practice: PracticeId, filter: PlanListFilter): Promise<number> {
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentPlans)
    .where(listWhere(practice, filter));
  return Number(total?.n ?? 0);
}

/** One page of the practice's plans, newest first. */
export function planPage(
  db: Db | Tx,
  practice: PracticeId,
  filter: PlanListFilter,
  page: { page: number; pageSize: number },
): Promise<PlanRecord[]> {
  return db
    .select()
    .from(paymentPlans)
    .where(listWhere(practice, filter))
    .orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
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

/** The customers of these plans of the practice, by plan id (the bell's names). */
export async function planCustomers(
  db: Db | Tx,
  practice: PracticeId,
  planIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(planIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentPlans.id, customerId: paymentPlans.customerId })
    .from(paymentPlans)
    .where(inPractice(paymentPlans, practice, inArray(paymentPlans.id, ids)));
  return new Map(rows.map((r) => [r.id, r.customerId]));
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

// ── The billing job's look-ups, over every practice ──────────────────────────────────────────

/** Every ACTIVE plan with a row due by today and not processed: its id and practice. */
export function plansDueBy(db: Db | Tx, today: string): Promise<{ id: number; companyId: number }[]> {
  return db
    .selectDistinct({ id: paymentPlans.id, companyId: paymentPlans.companyId })
    .from(paymentPlans)
    .innerJoin(paymentPlanDetails, eq(paymentPlanDetails.paymentPlanId, paymentPlans.id))
    .where(
      and(
        eq(paymentPlans.status, 'ACTIVE'),
        eq(paymentPlanDetails.processedToLedger, false),
        lte(paymentPlanDetails.billingDate, today),
      ),
    );
}

/** Plans with a card charge claimed (some may have outlived their lease). */
export function plansWithPendingCharge(db: Db | Tx): Promise<PlanRecord[]> {
  return db.select().from(paymentPlans).where(isNotNull(paymentPlans.pendingCharge));
}

/**
 * Every ACTIVE plan still past due whose notifications are not paused and that had no past-due
 * notification since `since`, with the amount past due.
 */
export async function pastDuePlansToRemind(db: Db | Tx, since: Date) {
  const rows = await db
    .select({
      plan: paymentPlans,
      amount: sql<string>`sum(${paymentPlanDetails.amountDue})`,
    })
    .from(paymentPlans)
    .innerJoin(paymentPlanDetails, eq(paymentPlanDetails.paymentPlanId, paymentPlans.id))
    .where(
      and(
        eq(paymentPlans.status, 'ACTIVE'),
        eq(paymentPlans.isNotifyingForPastDuePayments, true),
        eq(paymentPlanDetails.processedToLedger, true),
        eq(paymentPlanDetails.disposition, 'DECLINED'),
        not(pastDueNotifiedSince(paymentPlans.id, since)),
      ),
    )
    .groupBy(paymentPlans.id)
    .having(sql`sum(${paymentPlanDetails.amountDue}) > 0`);
  return rows.map((r) => ({ plan: r.plan, amount: Number(r.amount) }));
}

// ── The admin area's billing queue (server/admin/queues.ts), over every practice ────────────────

/** Plans with a cycle due and not charged yet (the billing run takes them), and the oldest due day. */
export async function plansWaitingToBill(db: Db | Tx, today: string) {
  const [row] = await db
    .select({
      n: sql<number>`count(distinct ${paymentPlans.id})::int`,
      oldest: sql<string | null>`min(${paymentPlanDetails.billingDate})::text`,
    })
    .from(paymentPlans)
    .innerJoin(paymentPlanDetails, eq(paymentPlanDetails.paymentPlanId, paymentPlans.id))
    .where(
      and(
        eq(paymentPlans.status, 'ACTIVE'),
        eq(paymentPlanDetails.processedToLedger, false),
        lte(paymentPlanDetails.billingDate, today),
      ),
    );
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}

/**
 * The billing queue's plans: past due (a declined cycle still owed) or with a cycle due and not
 * charged, each with what is at stake and since when; the past-due ones first, then the oldest.
 * `limit` rows of each state at most.
 */
export async function plansInBillingQueue(
  db: Db | Tx,
  today: string,
  opts: { state?: 'WAITING' | 'FAILED'; limit: number },
) {
  const d = paymentPlanDetails;
  // The plans with details matching `where` (and, past due, still owing), what they hold and since when.
  const plans = (where: SQL | undefined, having?: SQL) =>
    db
      .select({
        id: paymentPlans.id,
        companyId: paymentPlans.companyId,
        amount: sql<number>`sum(${d.amountDue})::int`,
        since: sql<string>`min(${d.billingDate})::text`,
      })
      .from(paymentPlans)
      .innerJoin(d, eq(d.paymentPlanId, paymentPlans.id))
      .where(and(eq(paymentPlans.status, 'ACTIVE'), where))
      .groupBy(paymentPlans.id)
      .having(having)
      .orderBy(sql`min(${d.billingDate})`, paymentPlans.id)
      .limit(opts.limit);
  const failed = () =>
    plans(and(eq(d.processedToLedger, true), eq(d.disposition, 'DECLINED')), sql`sum(${d.amountDue}) > 0`);
  const waiting = () => plans(and(eq(d.processedToLedger, false), lte(d.billingDate, today)));
  const [f, w] = await Promise.all([
    opts.state === 'WAITING' ? [] : failed(),
    opts.state === 'FAILED' ? [] : waiting(),
  ]);
  return [
    ...f.map((r) => ({ ...r, state: 'FAILED' as const })),
    ...w.map((r) => ({ ...r, state: 'WAITING' as const })),
  ];
}

/** How many plans are past due (a declined cycle still owed). */
export async function pastDuePlanCount(db: Db | Tx): Promise<number> {
  const d = paymentPlanDetails;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${paymentPlans.id})::int` })
    .from(paymentPlans)
    .innerJoin(d, eq(d.paymentPlanId, paymentPlans.id))
    .where(
      and(
        eq(paymentPlans.status, 'ACTIVE'),
        eq(d.processedToLedger, true),
        eq(d.disposition, 'DECLINED'),
        sql`${d.amountDue} > 0`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The anomaly check's plans past due whose past-due notifications were paused before `pausedBefore`. */
export async function pastDuePlansPausedBefore(db: Db | Tx, pausedBefore: Date) {
  const d = paymentPlanDetails;
  const rows = await db
    .select({
      id: paymentPlans.id,
      companyId: paymentPlans.companyId,
      customerId: paymentPlans.customerId,
      pausedAt: paymentPlans.notificationsPausedAt,
      amount: sql<number>`sum(${d.amountDue})::int`,
    })
    .from(paymentPlans)
    .innerJoin(d, eq(d.paymentPlanId, paymentPlans.id))
    .where(
      and(
        eq(paymentPlans.status, 'ACTIVE'),
        eq(paymentPlans.isNotifyingForPastDuePayments, false),
        lte(paymentPlans.notificationsPausedAt, pausedBefore),
        eq(d.processedToLedger, true),
        eq(d.disposition, 'DECLINED'),
      ),
    )
    .groupBy(paymentPlans.id)
    .having(sql`sum(${d.amountDue}) > 0`);
  return rows.map((r) => ({ ...r, pausedAt: r.pausedAt! }));
}
