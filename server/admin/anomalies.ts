/**
 * The anomaly checks: what needs a person across every practice, found by four rules, each asked of
 * the capability that owns its records:
 *
 * - UNPOSTED_PAYMENT: an approved payment whose posting is not done 15 minutes after it was queued;
 * - DOUBLE_CHARGE: the same card charged the same amount twice within 2 minutes (the later payment);
 * - PAUSED_PAST_DUE: a plan past due whose notifications were paused over 30 days ago;
 * - RETIRED_PLAN_BILLING: an active membership billing a plan its practice retired.
 *
 * The checks run as a job (jobs/index.ts: once across instances, under its lock) and on demand. A
 * finding is a row keyed by its rule and record, so a check run again adds nothing twice. A finding
 * that no longer holds (the payment posted, the plan paid) is resolved by the check; a double charge
 * stays until a person looks at it. A person resolves one with a note, audited.
 */
import { and, count, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '../../embed-sdk/contract/admin.js';
import {
  DOUBLE_CHARGE_WITHIN_MS,
  PAUSED_PAST_DUE_DAYS,
  UNPOSTED_AFTER_MS,
  type Anomaly,
  type AnomalyKind,
  type AnomalyRecordType,
  type AnomalyState,
} from '../../embed-sdk/contract/anomalies.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { anomalies, sandboxState } from '../db/schema/index.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { runJob, type Job } from '../jobs/jobClaim.js';
import { membershipsBillingRetiredPlans } from '../memberships/store.js';
import { pastDuePlansPausedBefore } from '../payment-plans/store.js';
import { paymentsNotPosted } from '../practice-system/connectors.js';
import { practicesNamed } from '../practices/store.js';
import { sameCardChargedTwice } from '../transactions/store.js';
import { recordAudit, type AuditActor } from './audit.js';

interface Finding {
  key: string;
  kind: AnomalyKind;
  companyId: number;
  recordType: AnomalyRecordType;
  recordId: number;
  recordLabel: string;
  customerId: number | null;
  summary: string;
}

/** How far back the double-charge rule looks at each run: a run missed for a day still sees them. */
const DOUBLE_CHARGE_LOOKBACK_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const CHECKED_AT = 'anomalyChecksAt';

const shownId = (referenceId: string) => referenceId.split('-')[0]!;

/** Every rule's findings now. */
async function findings(db: Db, now: Date): Promise<Finding[]> {
  const [unposted, doubles, paused, retired] = await Promise.all([
    paymentsNotPosted(db, new Date(now.getTime() - UNPOSTED_AFTER_MS)),
    sameCardChargedTwice(db, {
      since: new Date(now.getTime() - DOUBLE_CHARGE_LOOKBACK_MS),
      withinMs: DOUBLE_CHARGE_WITHIN_MS,
    }),
    pastDuePlansPausedBefore(db, new Date(now.getTime() - PAUSED_PAST_DUE_DAYS * DAY_MS)),
    membershipsBillingRetiredPlans(db),
  ]);
  const found: Finding[] = [];
  for (const p of unposted) {
    found.push({
      key: `UNPOSTED_PAYMENT:${p.transactionId}`,
      kind: 'UNPOSTED_PAYMENT',
      companyId: p.companyId,
      recordType: 'transaction',
      recordId: p.transactionId,
      recordLabel: `Transaction ${shownId(p.referenceId)}`,
      customerId: p.customerId,
      summary: `${formatCurrency(p.amount)} approved ${formatDate(p.queuedAt)} is ${
        p.state === 'FAILED' ? `not posted: ${p.error ?? 'the posting failed'}` : 'still waiting to be posted'
      }.`,
    });
  }
  const seen = new Set<number>();
  for (const d of doubles) {
    if (seen.has(d.id)) continue;
    seen.add(d.id);
    found.push({
      key: `DOUBLE_CHARGE:${d.id}`,
      kind: 'DOUBLE_CHARGE',
      companyId: d.company_id,
      recordType: 'transaction',
      recordId: d.id,
      recordLabel: `Transaction ${shownId(d.reference_id)}`,
      customerId: d.customer_id,
      summary: `${d.card_description} was charged ${formatCurrency(d.amount)} by ${shownId(
        d.earlier_reference_id,
      )} and again by ${shownId(d.reference_id)} within 2 minutes.`,
    });
  }
  for (const p of paused) {
    found.push({
      key: `PAUSED_PAST_DUE:${p.id}`,
      kind: 'PAUSED_PAST_DUE',
      companyId: p.companyId,
      recordType: 'paymentPlan',
      recordId: p.id,
      recordLabel: `Payment plan ${p.id}`,
      customerId: p.customerId,
      summary: `${formatCurrency(p.amount)} past due; its notifications were paused on ${formatDate(p.pausedAt)}.`,
    });
  }
  for (const r of retired) {
    found.push({
      key: `RETIRED_PLAN_BILLING:${r.id}:${r.planId}`,
      kind: 'RETIRED_PLAN_BILLING',
      companyId: r.companyId,
      recordType: 'membership',
      recordId: r.id,
      recordLabel: `Membership ${r.id}`,
      customerId: r.customerId,
      summary: `Still billing “${r.planLabel}”, which the practice retired.`,
    });
  }
  return found;
}

/**
 * One run of the checks: new findings added, open ones that no longer hold resolved (a double charge
 * excepted: it stays until a person looks at it).
 */
export async function runAnomalyChecks(
  ctx: AppContext,
): Promise<{ found: number; cleared: number; checkedAt: string }> {
  const now = ctx.clock.now();
  const current = await findings(ctx.db, now);
  return ctx.db.transaction(async (tx) => {
    const added =
      current.length === 0
        ? []
        : await tx
            .insert(anomalies)
            .values(current.map((f) => ({ ...f, foundAt: now })))
            .onConflictDoNothing({ target: anomalies.key })
            .returning({ id: anomalies.id });
    const holding = current.map((f) => f.key);
    const cleared = await tx
      .update(anomalies)
      .set({ resolvedAt: now, resolvedBy: null, note: 'No longer holds: the check found it mended.' })
      .where(
        and(
          isNull(anomalies.resolvedAt),
          sql`${anomalies.kind} <> 'DOUBLE_CHARGE'`,
          holding.length > 0 ? notInArray(anomalies.key, holding) : undefined,
        ),
      )
      .returning({ id: anomalies.id });
    await tx
      .insert(sandboxState)
      .values({ key: CHECKED_AT, value: now.toISOString() })
      .onConflictDoUpdate({ target: sandboxState.key, set: { value: now.toISOString() } });
    return { found: added.length, cleared: cleared.length, checkedAt: now.toISOString() };
  });
}

export const anomalyChecksJob: Job = {
  name: 'anomaly checks',
  async run(ctx) {
    await runAnomalyChecks(ctx);
  },
};

/** An administrator's "Run the checks now": the job's run, under its lock like every other. */
export async function checkAnomaliesNow(ctx: AppContext) {
  let result: Awaited<ReturnType<typeof runAnomalyChecks>> | undefined;
  await runJob(
    ctx,
    { name: anomalyChecksJob.name, run: async (c) => void (result = await runAnomalyChecks(c)) },
    { wait: true },
  );
  return result!;
}

type Row = typeof anomalies.$inferSelect;

async function withNames(db: Db, rows: Row[]): Promise<Anomaly[]> {
  const names = new Map(
    (await practicesNamed(db, [...new Set(rows.map((r) => r.companyId))])).map((c) => [c.id, c.name]),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as AnomalyKind,
    companyId: r.companyId,
    companyName: names.get(r.companyId) ?? `Practice ${r.companyId}`,
    recordType: r.recordType as AnomalyRecordType,
    recordId: r.recordId,
    recordLabel: r.recordLabel,
    customerId: r.customerId,
    summary: r.summary,
    foundAt: r.foundAt.toISOString(),
    resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
    resolvedBy: r.resolvedBy,
    note: r.note,
  }));
}

export async function listAnomalies(
  db: Db,
  filter: { state: AnomalyState; kind?: AnomalyKind; page: number },
) {
  const where = and(
    filter.state === 'OPEN' ? isNull(anomalies.resolvedAt) : isNotNull(anomalies.resolvedAt),
    filter.kind ? eq(anomalies.kind, filter.kind) : undefined,
  );
  const [rows, [total], open] = await Promise.all([
    db
      .select()
      .from(anomalies)
      .where(where)
      .orderBy(
        filter.state === 'OPEN' ? desc(anomalies.foundAt) : desc(anomalies.resolvedAt),
        desc(anomalies.id),
      )
      .limit(ADMIN_PAGE_SIZE)
      .offset((filter.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(anomalies).where(where),
    openAnomalies(db),
  ]);
  const { openCounts, checkedAt } = open;
  return { anomalies: await withNames(db, rows), totalCount: Number(total?.n ?? 0), openCounts, checkedAt };
}

/** The open anomalies of each kind, how many in all, and when the checks last ran (the overview's figures). */
export async function openAnomalies(db: Db) {
  const [open, checked] = await Promise.all([
    db
      .select({ kind: anomalies.kind, n: count() })
      .from(anomalies)
      .where(isNull(anomalies.resolvedAt))
      .groupBy(anomalies.kind),
    db.select().from(sandboxState).where(eq(sandboxState.key, CHECKED_AT)),
  ]);
  const openCounts: Record<AnomalyKind, number> = {
    UNPOSTED_PAYMENT: 0,
    DOUBLE_CHARGE: 0,
    PAUSED_PAST_DUE: 0,
    RETIRED_PLAN_BILLING: 0,
  };
  for (const o of open) openCounts[o.kind as AnomalyKind] = Number(o.n);
  return {
    openCount: Object.values(openCounts).reduce((a, b) => a + b, 0),
    openCounts,
    checkedAt: (checked[0]?.value as string | undefined) ?? null,
  };
}

export async function resolveAnomaly(
  ctx: AppContext,
  actor: AuditActor,
  resolution: { id: number; note: string },
): Promise<Anomaly> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(anomalies)
      .set({ resolvedAt: now, resolvedBy: actor.email, note: resolution.note })
      .where(and(eq(anomalies.id, resolution.id), isNull(anomalies.resolvedAt)))
      .returning();
    if (!done) {
      const [exists] = await tx
        .select({ id: anomalies.id })
        .from(anomalies)
        .where(eq(anomalies.id, resolution.id));
      if (!exists) throw new NotFoundError('The anomaly');
      throw new BadRequestError('body.id', `Anomaly ${resolution.id} is already resolved.`);
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'anomaly.resolve',
        companyId: done.companyId,
        targetType: 'anomaly',
        targetId: done.id,
        before: { resolved: false },
        after: {
          resolved: true,
          kind: done.kind,
          record: `${done.recordType} ${done.recordId}`,
          note: resolution.note,
        },
      },
      now,
    );
    return done;
  });
  return (await withNames(ctx.db, [row]))[0]!;
}
