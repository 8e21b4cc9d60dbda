/**
 * Memberships in the database: the practice's plan catalogue, customers' memberships (customer
 * membership billings) with their enrollee lines (their payment history is the payment ledger's:
 * transactions/paymentLedger.ts). Every function is scoped to the
 * caller's practice (db/scope.ts), except the billing job's and the public link's look-ups, which say
 * so and hand back the record's practice.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  customerMembershipBillingLines,
  customerMembershipBillings,
  membershipPlans,
  savedCards,
} from '../db/schema/index.js';
import { inPractice, practiceOfRecord, type PracticeId } from '../db/scope.js';
import { reactivationOfRecord, withDerivedTerms } from '../domain/memberships/terms.js';
import type { Reactivation } from '../../embed-sdk/rules/memberships.js';

export type MembershipPlanRecord = typeof membershipPlans.$inferSelect;
export type MembershipRecord = typeof customerMembershipBillings.$inferSelect;
export type MembershipLineRecord = typeof customerMembershipBillingLines.$inferSelect;
export type MembershipChanges = Partial<
  Omit<typeof customerMembershipBillings.$inferInsert, 'id' | 'companyId'>
>;

// ── The catalogue ────────────────────────────────────────────────────────────────────────────

export function plansOf(db: Db | Tx, practice: PracticeId, opts: { includeRetired: boolean }) {
  return db
    .select()
    .from(membershipPlans)
    .where(
      inPractice(
        membershipPlans,
        practice,
        opts.includeRetired ? undefined : eq(membershipPlans.isActive, true),
      ),
    )
    .orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.id));
}

export async function findMembershipPlan(db: Db | Tx, practice: PracticeId, id: number) {
  const [row] = await db
    .select()
    .from(membershipPlans)
    .where(inPractice(membershipPlans, practice, eq(membershipPlans.id, id)));
  return row ?? null;
}

/** These plans of the practice, by id (another practice's are not there). */
export async function membershipPlansByIds(
  db: Db | Tx,
  practice: PracticeId,
  ids: readonly number[],
): Promise<Map<number, MembershipPlanRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(membershipPlans)
    .where(inPractice(membershipPlans, practice, inArray(membershipPlans.id, [...new Set(ids)])));
  return new Map(rows.map((p) => [p.id, p]));
}

type PlanValues = Omit<typeof membershipPlans.$inferInsert, 'id' | 'companyId'>;

export async function insertMembershipPlan(
  tx: Tx,
  practice: PracticeId,
  values: Omit<PlanValues, 'sortOrder'>,
) {
  // Two plans added at once may share a place: the id orders them then.
  const [last] = await tx
    .select({ n: max(membershipPlans.sortOrder) })
    .from(membershipPlans)
    .where(inPractice(membershipPlans, practice));
  const [row] = await tx
    .insert(membershipPlans)
    .values({ ...values, companyId: practice, sortOrder: (last?.n ?? 0) + 1 })
    .returning();
  return row!;
}

export async function updateMembershipPlan(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  values: Partial<PlanValues>,
) {
  const [row] = await db
    .update(membershipPlans)
    .set(values)
    .where(inPractice(membershipPlans, practice, eq(membershipPlans.id, id)))
    .returning();
  return row ?? null;
}

/** Enrollee lines of active or awaiting memberships, per plan. */
export async function memberCounts(db: Db | Tx, practice: PracticeId): Promise<Map<number, number>> {
  const rows = await db
    .select({ planId: customerMembershipBillingLines.membershipPlanId, n: sql<number>`count(*)::int` })
    .from(customerMembershipBillingLines)
    .innerJoin(
      customerMembershipBillings,
      eq(customerMembershipBillings.id, customerMembershipBillingLines.customerMembershipBillingId),
    )
    .where(
      inPractice(
        customerMembershipBillings,
        practice,
        inArray(customerMembershipBillings.status, ['ACTIVE', 'AWAITINGPATIENT']),
      ),
    )
    .groupBy(customerMembershipBillingLines.membershipPlanId);
  return new Map(rows.map((r) => [r.planId, Number(r.n)]));
}

// ── Memberships ──────────────────────────────────────────────────────────────────────────────

/** The membership a New Membership request made (its Idempotency-Key); null when it made none. */
export async function membershipByEnrollKey(db: Db | Tx, practice: PracticeId, enrollKey: string) {
  const [row] = await db
    .select()
    .from(customerMembershipBillings)
    .where(
      inPractice(customerMembershipBillings, practice, eq(customerMembershipBillings.enrollKey, enrollKey)),
    );
  return row ?? null;
}

export async function findMembership(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<MembershipRecord | null> {
  const query = db
    .select()
    .from(customerMembershipBillings)
    .where(inPractice(customerMembershipBillings, practice, eq(customerMembershipBillings.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The columns a membership's terms are made of: a change to one brings its derived columns up to date. */
const TERM_COLUMNS = [
  'status',
  'cycle',
  'renewalMode',
  'startDate',
  'nextBillingDate',
  'monthlyExpires',
] as const;

const changesTerms = (changes: MembershipChanges) => TERM_COLUMNS.some((column) => column in changes);

/** The change with the derived columns of the terms it gives `current`. */
function withDerivedColumns(current: MembershipRecord, changes: MembershipChanges) {
  const { renewsOn, endsOn, yearlyAutoRenew, yearlyNextCycleAutoRenew } = withDerivedTerms({
    ...current,
    ...changes,
  } as MembershipRecord);
  return { ...changes, renewsOn, endsOn, yearlyAutoRenew, yearlyNextCycleAutoRenew };
}

export async function updateMembership(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  changes: MembershipChanges,
) {
  const where = inPractice(customerMembershipBillings, practice, eq(customerMembershipBillings.id, id));
  if (!changesTerms(changes)) {
    const [row] = await db.update(customerMembershipBillings).set(changes).where(where).returning();
    return row ?? null;
  }
  // The new terms depend on columns the change may not name: one statement reads them under the
  // row's lock, the next writes the change with its derived columns (a savepoint when `db` is a transaction).
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(customerMembershipBillings).where(where).for('update');
    if (!current) return null;
    const [row] = await tx
      .update(customerMembershipBillings)
      .set(withDerivedColumns(current, changes))
      .where(where)
      .returning();
    return row ?? null;
  });
}

/**
 * `updateMembership` of a row this transaction holds under its lock as `locked`, and has not written
 * since: the columns the change does not name are that row's, so the derived ones come from it in
 * the one statement that writes, with no read again (the billing run writes a row so at each
 * charge). No change, no statement.
 */
export async function updateLockedMembership(tx: Tx, locked: MembershipRecord, changes: MembershipChanges) {
  if (Object.keys(changes).length === 0) return locked;
  const [row] = await tx
    .update(customerMembershipBillings)
    .set(changesTerms(changes) ? withDerivedColumns(locked, changes) : changes)
    .where(
      inPractice(
        customerMembershipBillings,
        practiceOfRecord(locked),
        eq(customerMembershipBillings.id, locked.id),
      ),
    )
    .returning();
  return row!;
}

/**
 * Ends the membership's charge claim `key` (transactions/claimedCharge.ts, step 3) and answers the
 * row, now under its lock; null when the membership holds that claim no more.
 */
export async function endMembershipClaim(tx: Tx, practice: PracticeId, id: number, key: string) {
  const [row] = await tx
    .update(customerMembershipBillings)
    .set({ pendingCharge: null })
    .where(
      inPractice(
        customerMembershipBillings,
        practice,
        eq(customerMembershipBillings.id, id),
        sql`${customerMembershipBillings.pendingCharge}->>'key' = ${key}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertMembership(
  tx: Tx,
  practice: PracticeId,
  values: Omit<typeof customerMembershipBillings.$inferInsert, 'id' | 'companyId'>,
  lines: Omit<typeof customerMembershipBillingLines.$inferInsert, 'id' | 'customerMembershipBillingId'>[],
) {
  const [row] = await tx
    .insert(customerMembershipBillings)
    .values(withDerivedTerms({ ...values, companyId: practice }))
    .returning();
  await tx
    .insert(customerMembershipBillingLines)
    .values(lines.map((l) => ({ ...l, customerMembershipBillingId: row!.id })));
  return row!;
}

/** The enrollee lines of these memberships of the practice, in line order. */
export async function linesOf(
  db: Db | Tx,
  practice: PracticeId,
  membershipIds: readonly number[],
): Promise<MembershipLineRecord[]> {
  if (membershipIds.length === 0) return [];
  const rows = await db
    .select({ line: customerMembershipBillingLines })
    .from(customerMembershipBillingLines)
    .innerJoin(
      customerMembershipBillings,
      eq(customerMembershipBillings.id, customerMembershipBillingLines.customerMembershipBillingId),
    )
    .where(
      inPractice(
        customerMembershipBillings,
        practice,
        inArray(customerMembershipBillingLines.customerMembershipBillingId, [...new Set(membershipIds)]),
      ),
    )
    .orderBy(asc(customerMembershipBillingLines.id));
  return rows.map((r) => r.line);
}

/** Sets a line's quantity and amount (the line must be one of the membership's: the caller checked). */
export async function updateLine(
  tx: Tx,
  membershipId: number,
  lineId: number,
  values: { qty: number; amount: number },
) {
  await tx
    .update(customerMembershipBillingLines)
    .set(values)
    .where(
      and(
        eq(customerMembershipBillingLines.id, lineId),
        eq(customerMembershipBillingLines.customerMembershipBillingId, membershipId),
      ),
    );
}

/** The membership behind an enrolment link, in whichever practice (the link's token is the key). */
export async function membershipByEnrollmentToken(db: Db | Tx, token: string) {
  const [row] = await db
    .select()
    .from(customerMembershipBillings)
    .where(eq(customerMembershipBillings.enrollmentToken, token));
  return row ?? null;
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────

export type MembershipListStatus =
  'ACTIVE' | 'AWAITING' | 'PAST_DUE' | 'CARD_EXPIRING' | 'ATTENTION' | 'EXPIRING' | 'EXPIRED' | 'CANCELED';

const m = customerMembershipBillings;

/**
 * The memberships that need attention, by reason: one condition each, read by the Memberships
 * page's filters of the same name and by the dashboard's figures (reports/store.ts), so a figure and
 * its filter cannot disagree. The reasons do not overlap (each membership counts once, under its
 * most pressing one), so the parts add up to the whole:
 * - past due: active, with a balance left by a declined payment;
 * - card expiring: active, not past due, billed again, and no active card on file that lasts to the
 *   next billing date (it would be declined);
 * - awaiting: the patient has not completed the enrollment.
 */
export const ATTENTION = {
  pastDue: () => and(eq(m.status, 'ACTIVE'), sql`${m.balance} > 0`)!,
  cardExpiring: () =>
    and(
      eq(m.status, 'ACTIVE'),
      sql`${m.balance} <= 0`,
      isNotNull(m.nextBillingDate),
      // Named in full (not by an alias): the card is the membership's practice's (db/scope.ts's rule,
      // which tests/api/practice-scoping.test.ts reads in every statement).
      sql`not exists (select 1 from ${savedCards}
            where ${savedCards.companyId} = ${m.companyId} and ${savedCards.id} = ${m.customerSavedCardId}
              and ${savedCards.isActive}
              and ${m.nextBillingDate} < make_date(${savedCards.expYear}, ${savedCards.expMonth}, 1) + interval '1 month')`,
    )!,
  awaiting: () => eq(m.status, 'AWAITINGPATIENT'),
  any: () => or(ATTENTION.pastDue(), ATTENTION.cardExpiring(), ATTENTION.awaiting())!,
};

function statusCondition(
  status: MembershipListStatus | undefined,
  today: string,
  membershipDays: number,
): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'ACTIVE':
      return eq(m.status, 'ACTIVE');
    case 'AWAITING':
      return ATTENTION.awaiting();
    case 'PAST_DUE':
      return ATTENTION.pastDue();
    case 'CARD_EXPIRING':
      return ATTENTION.cardExpiring();
    case 'ATTENTION':
      return ATTENTION.any();
    case 'EXPIRING':
      // The rules' isExpiringWithin, through the stored `endsOn` (termDates).
      return and(eq(m.status, 'ACTIVE'), sql`${m.endsOn} <= ${today}::date + ${membershipDays}::int`);
    case 'EXPIRED':
      return eq(m.status, 'EXPIRED');
    case 'CANCELED':
      return eq(m.status, 'INACTIVE');
  }
}

export interface MembershipListFilter {
  status?: MembershipListStatus;
  /** The patients searched for, as a subquery of their customers' ids (patients' `customersMatching`). */
  customers?: SQL | { getSQL(): SQL };
  /** Memberships this customer holds or is enrolled in. */
  customerId?: number;
  today: string;
  membershipDays: number;
}

function listWhere(practice: PracticeId, f: MembershipListFilter) {
  return inPractice(
    m,
    practice,
    statusCondition(f.status, f.today, f.membershipDays),
    f.customers === undefined ? undefined : inArray(m.customerId, f.customers as SQL),
    f.customerId === undefined
      ? undefined
      : or(
          eq(m.customerId, f.customerId),
          sql`exists (select 1 from ${customerMembershipBillingLines} l
                where l.customer_membership_billing_id = ${m.id} and l.customer_id = ${f.customerId})`,
        ),
  );
}

export async function countMemberships(db: Db | Tx, practice: PracticeId, filter: MembershipListFilter) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .where(listWhere(practice, filter));
  return Number(row?.n ?? 0);
}

/** One page of the practice's memberships, newest first. */
export function membershipPage(
  db: Db | Tx,
  practice: PracticeId,
  filter: MembershipListFilter,
  page: { page: number; pageSize: number },
): Promise<MembershipRecord[]> {
  return db
    .select()
    .from(m)
    .where(listWhere(practice, filter))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

/** The Memberships page's tiles. */
export async function membershipTotals(db: Db | Tx, practice: PracticeId, today: string) {
  const [row] = await db
    .select({
      activeMemberships: sql<number>`count(*) filter (where ${m.status} = 'ACTIVE')::int`,
      monthlyRecurringRevenue: sql<number>`coalesce(sum(case when ${m.cycle} = 'MONTHLY' then ${m.amount} else round(${m.amount} / 12.0) end) filter (where ${m.status} = 'ACTIVE'), 0)::int`,
      renewalsNext30Days: sql<number>`count(*) filter (where ${m.status} = 'ACTIVE' and ${m.renewsOn} between ${today}::date and ${today}::date + 30)::int`,
      pastDueTotal: sql<number>`coalesce(sum(${m.balance}) filter (where ${m.status} = 'ACTIVE'), 0)::int`,
      pastDueCount: sql<number>`count(*) filter (where ${m.status} = 'ACTIVE' and ${m.balance} > 0)::int`,
    })
    .from(m)
    .where(inPractice(m, practice));
  const [members] = await db
    .select({ n: sql<number>`count(distinct ${customerMembershipBillingLines.customerId})::int` })
    .from(customerMembershipBillingLines)
    .innerJoin(m, eq(m.id, customerMembershipBillingLines.customerMembershipBillingId))
    .where(inPractice(m, practice, eq(m.status, 'ACTIVE')));
  return {
    activeMembers: Number(members?.n ?? 0),
    activeMemberships: Number(row?.activeMemberships ?? 0),
    monthlyRecurringRevenue: Number(row?.monthlyRecurringRevenue ?? 0),
    renewalsNext30Days: Number(row?.renewalsNext30Days ?? 0),
    pastDueTotal: Number(row?.pastDueTotal ?? 0),
    pastDueCount: Number(row?.pastDueCount ?? 0),
  };
}

// ── For other capabilities ───────────────────────────────────────────────────────────────────

/**
 * The status of each of these memberships (customer membership billings), by id, and for one that is
 * not active how it becomes active again (`reactivationOfRecord`: the refund form offers its box
 * only when that is free).
 */
export async function membershipStatuses(
  db: Db | Tx,
  practice: PracticeId,
  membershipIds: readonly number[],
  today: string,
): Promise<Map<number, { status: string; reactivation: Reactivation['kind'] | null }>> {
  const ids = [...new Set(membershipIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: m.id,
      status: m.status,
      cycle: m.cycle,
      renewalMode: m.renewalMode,
      startDate: m.startDate,
      cancelledDate: m.cancelledDate,
      expiredDate: m.expiredDate,
    })
    .from(m)
    .where(inPractice(m, practice, inArray(m.id, ids)));
  return new Map(
    rows.map((r) => [r.id, { status: r.status, reactivation: reactivationOfRecord(r, today)?.kind ?? null }]),
  );
}

/** The customers of these memberships of the practice, by membership id (the bell's names). */
export async function membershipCustomers(
  db: Db | Tx,
  practice: PracticeId,
  membershipIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(membershipIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: m.id, customerId: m.customerId })
    .from(m)
    .where(inPractice(m, practice, inArray(m.id, ids)));
  return new Map(rows.map((r) => [r.id, r.customerId]));
}

/** Whether an active membership of the practice is billed to this card. */
export async function hasActiveMembershipWithCard(db: Db | Tx, practice: PracticeId, cardId: number) {
  const [membership] = await db
    .select({ id: m.id })
    .from(m)
    .where(inPractice(m, practice, eq(m.customerSavedCardId, cardId), eq(m.status, 'ACTIVE')))
    .limit(1);
  return membership !== undefined;
}

// ── The billing job's look-ups, over every practice ──────────────────────────────────────────

/**
 * Every ACTIVE membership with something to do by `today`: a billing date or a term's end come, a
 * retry due, a charge claimed, or a term ending within `horizonDays` (the largest membershipDays) whose
 * notice was not raised. The job re-reads each under its own lock and practice.
 */
export function membershipsDueBy(
  db: Db | Tx,
  today: string,
  horizonDays: number,
): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: m.id, companyId: m.companyId })
    .from(m)
    .where(
      and(
        eq(m.status, 'ACTIVE'),
        or(
          lte(m.nextBillingDate, today),
          lte(m.nextRetryDate, today),
          isNotNull(m.pendingCharge),
          and(
            sql`${m.endsOn} <= ${today}::date + ${horizonDays}::int`,
            sql`${m.expiringNoticeFor} is distinct from ${m.endsOn}`,
          ),
        ),
      ),
    )
    .orderBy(asc(m.id));
}

/** Memberships (any status) with a card charge claimed: some may have outlived their lease. */
export function membershipsWithPendingCharge(db: Db | Tx): Promise<MembershipRecord[]> {
  return db.select().from(m).where(isNotNull(m.pendingCharge));
}

// ── The admin area's billing queue (server/admin/queues.ts), over every practice ────────────────

/** A membership waits to be billed: its billing date or its retry's day has come. */
const waitingToBill = (today: string) =>
  and(eq(m.status, 'ACTIVE'), or(lte(m.nextBillingDate, today), lte(m.nextRetryDate, today)));
/** A membership failed: a declined cycle whose balance is still owed. */
const declined = and(eq(m.status, 'ACTIVE'), isNotNull(m.declinedBillingDate), sql`${m.balance} > 0`);

export async function membershipsInBillingQueueCounts(db: Db | Tx, today: string) {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${waitingToBill(today)})::int`,
      oldest: sql<
        string | null
      >`min(least(${m.nextBillingDate}, ${m.nextRetryDate})) filter (where ${waitingToBill(today)})`,
      failed: sql<number>`count(*) filter (where ${declined})::int`,
    })
    .from(m)
    .where(eq(m.status, 'ACTIVE'));
  return {
    waiting: Number(row?.waiting ?? 0),
    oldest: row?.oldest ? String(row.oldest).slice(0, 10) : null,
    failed: Number(row?.failed ?? 0),
  };
}

/** The billing queue's memberships: declined first, then those due, oldest first; `limit` of each. */
export async function membershipsInBillingQueue(
  db: Db | Tx,
  today: string,
  opts: { state?: 'WAITING' | 'FAILED'; limit: number },
) {
  const cols = { id: m.id, companyId: m.companyId, balance: m.balance, amount: m.amount };
  const [f, w] = await Promise.all([
    opts.state === 'WAITING'
      ? []
      : db
          .select({ ...cols, since: sql<string>`${m.declinedBillingDate}::text` })
          .from(m)
          .where(declined)
          .orderBy(asc(m.declinedBillingDate), asc(m.id))
          .limit(opts.limit),
    opts.state === 'FAILED'
      ? []
      : db
          .select({ ...cols, since: sql<string>`least(${m.nextBillingDate}, ${m.nextRetryDate})::text` })
          .from(m)
          .where(waitingToBill(today))
          .orderBy(sql`least(${m.nextBillingDate}, ${m.nextRetryDate})`, asc(m.id))
          .limit(opts.limit),
  ]);
  return [
    ...f.map((r) => ({
      id: r.id,
      companyId: r.companyId,
      amount: r.balance,
      since: r.since,
      state: 'FAILED' as const,
    })),
    ...w.map((r) => ({
      id: r.id,
      companyId: r.companyId,
      amount: r.amount,
      since: r.since,
      state: 'WAITING' as const,
    })),
  ];
}

/** The anomaly check's active memberships still billing a plan the practice retired. */
export async function membershipsBillingRetiredPlans(db: Db | Tx) {
  return db
    .selectDistinctOn([m.id, membershipPlans.id], {
      id: m.id,
      companyId: m.companyId,
      customerId: m.customerId,
      planId: membershipPlans.id,
      planLabel: membershipPlans.label,
    })
    .from(m)
    .innerJoin(
      customerMembershipBillingLines,
      eq(customerMembershipBillingLines.customerMembershipBillingId, m.id),
    )
    .innerJoin(membershipPlans, eq(membershipPlans.id, customerMembershipBillingLines.membershipPlanId))
    .where(and(eq(m.status, 'ACTIVE'), eq(membershipPlans.isActive, false)));
}
