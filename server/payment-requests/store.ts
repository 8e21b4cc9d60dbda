/**
 * Payment requests in the database: the requests and their reminders (the cards met on the public
 * payment page are card entries: saved-cards' cardEntries.ts). Every function takes the practice and scopes each statement to it (db/scope.ts),
 * but the one that opens a request by its link's token: the token is the key, and the request found
 * names the practice.
 */
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type * as contract from '../../embed-sdk/contract/paymentRequest.js';
import type { Db, Tx } from '../db/client.js';
import { paymentRequestReminders, paymentRequests } from '../db/schema/payment-requests.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import { dayRange } from '../domain/dateRange.js';

export type PaymentRequestRecord = typeof paymentRequests.$inferSelect;

const newestFirst = [desc(paymentRequests.created), desc(paymentRequests.id)];

/** The SQL form of `paymentRequestStatus` (paid wins over cancelled). */
function statusIs(status: contract.PaymentRequestStatus): SQL {
  switch (status) {
    case 'PAID':
      return isNotNull(paymentRequests.paid);
    case 'CANCELLED':
      return and(isNull(paymentRequests.paid), isNotNull(paymentRequests.cancelled))!;
    case 'UNPAID':
      return and(isNull(paymentRequests.paid), isNull(paymentRequests.cancelled))!;
  }
}

export interface RequestListFilter {
  customerId?: number;
  /** The patients searched for, as a subquery of their customers' ids (patients' `customersMatching`). */
  customers?: SQLWrapper;
  statuses?: contract.PaymentRequestStatus[];
  startDate?: string;
  endDate?: string;
}

function listConditions(filter: RequestListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.customerId !== undefined) conditions.push(eq(paymentRequests.customerId, filter.customerId));
  if (filter.customers !== undefined) conditions.push(inArray(paymentRequests.customerId, filter.customers));
  if (filter.statuses && filter.statuses.length > 0) conditions.push(or(...filter.statuses.map(statusIs))!);
  const { from, before } = dayRange(filter.startDate, filter.endDate);
  if (from) conditions.push(gte(paymentRequests.created, from));
  if (before) conditions.push(lt(paymentRequests.created, before));
  return conditions;
}

export async function countRequests(db: Db | Tx, practice: PracticeId, filter: RequestListFilter) {
  const [total] = await db
    .select({ n: count() })
    .from(paymentRequests)
    .where(inPractice(paymentRequests, practice, ...listConditions(filter)));
  return total?.n ?? 0;
}

/** One page of the practice's requests that match the filter, newest first. */
export function requestPage(
  db: Db | Tx,
  practice: PracticeId,
  filter: RequestListFilter,
  page: { page: number; pageSize: number },
): Promise<PaymentRequestRecord[]> {
  return db
    .select()
    .from(paymentRequests)
    .where(inPractice(paymentRequests, practice, ...listConditions(filter)))
    .orderBy(...newestFirst)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

/** The practice's requests with these ids, newest first; another practice's are not among them. */
export function requestsByIds(
  db: Db | Tx,
  practice: PracticeId,
  ids: string[],
): Promise<PaymentRequestRecord[]> {
  return db
    .select()
    .from(paymentRequests)
    .where(inPractice(paymentRequests, practice, inArray(paymentRequests.id, ids)))
    .orderBy(...newestFirst);
}

/** Locks the practice's requests with these ids for a change, in id order. */
export function lockRequests(tx: Tx, practice: PracticeId, ids: string[]): Promise<PaymentRequestRecord[]> {
  return tx
    .select()
    .from(paymentRequests)
    .where(inPractice(paymentRequests, practice, inArray(paymentRequests.id, ids)))
    .orderBy(paymentRequests.id)
    .for('update');
}

/** When each of these requests of the practice was reminded, newest first, by request. */
export async function remindersOf(
  db: Db | Tx,
  practice: PracticeId,
  ids: string[],
): Promise<Map<string, Date[]>> {
  const reminders = new Map<string, Date[]>();
  if (ids.length === 0) return reminders;
  const found = await db
    .select({
      paymentRequestId: paymentRequestReminders.paymentRequestId,
      dateTime: paymentRequestReminders.dateTime,
    })
    .from(paymentRequestReminders)
    .innerJoin(paymentRequests, eq(paymentRequests.id, paymentRequestReminders.paymentRequestId))
    .where(inPractice(paymentRequests, practice, inArray(paymentRequestReminders.paymentRequestId, ids)))
    .orderBy(desc(paymentRequestReminders.dateTime), desc(paymentRequestReminders.id));
  for (const reminder of found) {
    const list = reminders.get(reminder.paymentRequestId) ?? [];
    list.push(reminder.dateTime);
    reminders.set(reminder.paymentRequestId, list);
  }
  return reminders;
}

export type NewPaymentRequest = Omit<typeof paymentRequests.$inferInsert, 'id' | 'companyId'>;

export async function insertRequest(
  tx: Db | Tx,
  practice: PracticeId,
  values: NewPaymentRequest,
): Promise<string> {
  const [created] = await tx
    .insert(paymentRequests)
    .values({ ...values, companyId: practice })
    .returning({ id: paymentRequests.id });
  return created!.id;
}

/** Records a reminder of each of these requests (which the caller found and locked in the practice). */
export async function recordReminders(tx: Tx, practice: PracticeId, ids: string[], at: Date) {
  await tx.insert(paymentRequestReminders).values(ids.map((id) => ({ paymentRequestId: id, dateTime: at })));
  await tx
    .update(paymentRequests)
    .set({ resent: at })
    .where(inPractice(paymentRequests, practice, inArray(paymentRequests.id, ids)));
}

/**
 * Records an automatic reminder's step for the request (which the caller found and locked in the
 * practice), unless that step was recorded already: true when this call recorded it. The step's
 * unique index (request, schedule_day) is the claim that makes two instances send it once.
 */
export async function recordScheduledReminder(
  tx: Tx,
  practice: PracticeId,
  id: string,
  step: { day: number; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentRequestReminders)
    .values({ paymentRequestId: id, dateTime: step.at, scheduleDay: step.day })
    .onConflictDoNothing()
    .returning({ id: paymentRequestReminders.id });
  if (inserted.length === 0) return false;
  await tx
    .update(paymentRequests)
    .set({ resent: step.at })
    .where(inPractice(paymentRequests, practice, eq(paymentRequests.id, id)));
  return true;
}

/** The latest automatic step recorded for the request's current link; null for none. */
export async function lastScheduledStep(tx: Tx, practice: PracticeId, id: string): Promise<number | null> {
  const [row] = await tx
    .select({ day: max(paymentRequestReminders.scheduleDay) })
    .from(paymentRequestReminders)
    .innerJoin(paymentRequests, eq(paymentRequests.id, paymentRequestReminders.paymentRequestId))
    .where(inPractice(paymentRequests, practice, eq(paymentRequests.id, id)));
  return row?.day ?? null;
}

/**
 * Send New Link starts the schedule again, counted from the new link: the old link's automatic
 * reminders stay in the history, but no longer hold their steps.
 */
export async function releaseScheduledSteps(tx: Tx, practice: PracticeId, id: string) {
  await tx
    .update(paymentRequestReminders)
    .set({ scheduleDay: null })
    .where(
      and(
        isNotNull(paymentRequestReminders.scheduleDay),
        inArray(
          paymentRequestReminders.paymentRequestId,
          tx
            .select({ id: paymentRequests.id })
            .from(paymentRequests)
            .where(inPractice(paymentRequests, practice, eq(paymentRequests.id, id))),
        ),
      ),
    );
}

/** One step of a practice's schedule, as the due query takes it. */
export interface ScheduleStep {
  companyId: number;
  day: number;
  /** The practice's payment link days: a link older than these has expired. */
  linkDays: number;
}

/**
 * The unpaid, uncancelled requests whose latest due step has not been sent, across the practices
 * whose steps are given (the reminders' job: no caller, every practice by design), in id order from
 * `after`, at most `limit`. One statement: the open requests come from the partial index
 * payment_requests_company_open, and each request's latest step due is computed here, as
 * domain/payment-requests/scheduledReminders.ts's `stepToSend` does (days of 24 hours from the
 * current link; an expired link gets none; a step at or after it already sent holds it).
 */
export async function dueScheduledReminders(
  db: Db | Tx,
  opts: { steps: ScheduleStep[]; now: Date; after: string | null; limit: number },
): Promise<{ id: string; companyId: number; day: number }[]> {
  if (opts.steps.length === 0) return [];
  const companyIds = [...new Set(opts.steps.map((s) => s.companyId))];
  const now = sql`${opts.now.toISOString()}::timestamptz`;
  const sent = sql`coalesce(${paymentRequests.linkSent}, ${paymentRequests.created})`;
  const steps = sql`jsonb_to_recordset(${JSON.stringify(opts.steps)}::jsonb) as s("companyId" int, "day" int, "linkDays" int)`;
  const day = sql<number>`max(s."day")`;
  const due = db
    .select({ id: paymentRequests.id, companyId: paymentRequests.companyId, day: day.as('day') })
    .from(paymentRequests)
    .innerJoin(steps, sql`s."companyId" = ${paymentRequests.companyId}`)
    .where(
      and(
        inArray(paymentRequests.companyId, companyIds),
        isNull(paymentRequests.paid),
        isNull(paymentRequests.cancelled),
        sql`${sent} + s."day" * interval '86400 seconds' <= ${now}`,
        sql`${sent} + s."linkDays" * interval '86400 seconds' > ${now}`,
        opts.after === null ? undefined : sql`${paymentRequests.id} > ${opts.after}::uuid`,
      ),
    )
    .groupBy(paymentRequests.id, paymentRequests.companyId)
    .as('due');
  const rows = await db
    .select({ id: due.id, companyId: due.companyId, day: due.day })
    .from(due)
    .where(
      sql`not exists (select 1 from ${paymentRequestReminders} where ${paymentRequestReminders.paymentRequestId} = ${due.id} and ${paymentRequestReminders.scheduleDay} >= ${due.day})`,
    )
    .orderBy(due.id)
    .limit(opts.limit);
  return rows.map((r) => ({ id: r.id, companyId: r.companyId, day: Number(r.day) }));
}

/** Cancels these requests of the practice (those not cancelled already). */
export async function cancelRequests(tx: Tx, practice: PracticeId, ids: string[], at: Date) {
  await tx
    .update(paymentRequests)
    .set({ cancelled: at })
    .where(
      inPractice(
        paymentRequests,
        practice,
        inArray(paymentRequests.id, ids),
        isNull(paymentRequests.cancelled),
      ),
    );
}

/** Send New Link: the request's link gets a new token, sent now (the caller found and locked it). */
export async function replaceLinkToken(
  tx: Tx,
  practice: PracticeId,
  id: string,
  link: { token: string; at: Date },
) {
  await tx
    .update(paymentRequests)
    .set({ linkToken: link.token, linkSent: link.at })
    .where(inPractice(paymentRequests, practice, eq(paymentRequests.id, id)));
}

// ── The public payment page ──────────────────────────────────────────────────────────────────

/** The request a payment link opens, in whichever practice: its token is the key. */
export async function requestByLinkToken(db: Db | Tx, token: string): Promise<PaymentRequestRecord | null> {
  const [found] = await db.select().from(paymentRequests).where(eq(paymentRequests.linkToken, token));
  return found ?? null;
}

export async function findRequest(db: Db | Tx, practice: PracticeId, id: string) {
  const [found] = await db
    .select()
    .from(paymentRequests)
    .where(inPractice(paymentRequests, practice, eq(paymentRequests.id, id)));
  return found ?? null;
}

/** The first time the patient opened the page; null when it was recorded before. */
export async function markViewed(db: Db | Tx, practice: PracticeId, id: string, at: Date) {
  const [first] = await db
    .update(paymentRequests)
    .set({ paymentPage: at })
    .where(
      inPractice(paymentRequests, practice, eq(paymentRequests.id, id), isNull(paymentRequests.paymentPage)),
    )
    .returning({ paymentPage: paymentRequests.paymentPage });
  return first?.paymentPage ?? null;
}

/**
 * Takes the request for this payment; false when it is paid, cancelled or held by another payment
 * (a claim older than `staleBefore` is left by a server that stopped, and may be taken over).
 */
export async function claimForPayment(
  db: Db | Tx,
  practice: PracticeId,
  requestId: string,
  claim: { key: string; at: Date; staleBefore: Date },
): Promise<boolean> {
  const claimed = await db
    .update(paymentRequests)
    .set({ paymentStarted: claim.at, paymentKey: claim.key })
    .where(
      inPractice(
        paymentRequests,
        practice,
        eq(paymentRequests.id, requestId),
        isNull(paymentRequests.paid),
        isNull(paymentRequests.cancelled),
        or(
          isNull(paymentRequests.paymentStarted),
          lt(paymentRequests.paymentStarted, claim.staleBefore),
          // The same payment again (its first attempt failed after claiming): it may resume.
          eq(paymentRequests.paymentKey, claim.key),
        ),
      ),
    )
    .returning({ id: paymentRequests.id });
  return claimed.length === 1;
}

export async function releaseClaim(db: Db | Tx, practice: PracticeId, requestId: string, key: string) {
  await db
    .update(paymentRequests)
    .set({ paymentStarted: null, paymentKey: null })
    .where(
      inPractice(
        paymentRequests,
        practice,
        eq(paymentRequests.id, requestId),
        eq(paymentRequests.paymentKey, key),
      ),
    );
}

/** Ends the payment's claim; an approved payment marks the request paid with what was paid. */
export async function recordPaymentOutcome(
  tx: Db | Tx,
  practice: PracticeId,
  requestId: string,
  paid: { at: Date; orderAmount: number; surchargeAmount: number } | null,
) {
  await tx
    .update(paymentRequests)
    .set({
      paymentStarted: null,
      paymentKey: null,
      ...(paid
        ? { paid: paid.at, orderAmount: paid.orderAmount, surchargeAmount: paid.surchargeAmount }
        : {}),
    })
    .where(inPractice(paymentRequests, practice, eq(paymentRequests.id, requestId)));
}
