/**
 * The practices' connectors as the platform sees them. Each practice's on-site connector (played by
 * the sandbox) sends a heartbeat every `HEARTBEAT_MS` with its version and latency; the admin area
 * lists them (the Open Dental Service Check), pings one, reads one practice's postings (its connector
 * log) and retries a failed one. The sandbox can make a connector go silent (no heartbeat, no
 * posting: queueStore.ts leaves its postings waiting) or fail every posting (connector.ts).
 *
 * The heartbeats are one statement for every practice, run by the connector's job (jobs/index.ts)
 * under its lock, so several server instances send each heartbeat once. A connector's state is read
 * from its rows when asked: silent after `SILENT_AFTER_MS` without a heartbeat, failing while a
 * posting has failed and waits for a retry.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CONNECTOR_LOG_PAGE_SIZE,
  SILENT_AFTER_MS,
  type ConnectorLogEntry,
  type ConnectorMode,
  type ConnectorRow,
  type ConnectorState,
  type Rollout,
} from '../../embed-sdk/contract/connectors.js';
import { ADMIN_PAGE_SIZE } from '../../embed-sdk/contract/admin.js';
import type { GatewayCode } from '../../embed-sdk/contract/common.js';
import { recordAudit, type AuditActor } from '../admin/audit.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import {
  companies,
  connectorRollouts,
  practiceConnectors,
  practicePostings,
  transactions,
} from '../db/schema/index.js';
import { asPracticeId } from '../db/scope.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { retryPosting } from '../transactions/practiceSync.js';
import { acceptConnectorKey, promotePendingKeysSql } from './tunnelKeys.js';

/** How often a connector sends its heartbeat. */
export const HEARTBEAT_MS = 30_000;
/** The version a connector reports until it is told to upgrade. */
export const CONNECTOR_VERSION = '4.12.0';

/**
 * The latency a connector reports: between 20 and 80 ms, the same for a practice within one
 * heartbeat period and different from one period to the next, so that the screens show a live figure.
 */
function latencySql(companyId: SQL, now: Date): SQL {
  const period = Math.floor(now.getTime() / HEARTBEAT_MS);
  return sql`(20 + ((${companyId} * 37 + ${period}) % 61))::int`;
}

/**
 * Every connector whose heartbeat is due sends it (a practice's first heartbeat makes its row);
 * how many did. A silent one sends none. A connector told to upgrade reports its target version, and
 * one whose tunnel key was rotated presents the new key, which takes effect (tunnelKeys.ts).
 */
export async function sendHeartbeats(db: Db, now: Date): Promise<number> {
  const c = companies;
  const pc = practiceConnectors;
  const due = new Date(now.getTime() - HEARTBEAT_MS);
  const sent = await db.execute(sql`
    with sent as (
      insert into ${pc} (company_id, version, latency_ms, last_heartbeat_at)
      select ${c.id}, ${CONNECTOR_VERSION}, ${latencySql(sql`${c.id}`, now)}, ${now}
        from ${c} left join ${pc} on ${pc.companyId} = ${c.id}
       where ${pc.companyId} is null or (${pc.mode} <> 'SILENT' and ${pc.lastHeartbeatAt} <= ${due})
      on conflict (company_id) do update
         set last_heartbeat_at = excluded.last_heartbeat_at,
             latency_ms = excluded.latency_ms,
             version = coalesce(${pc.targetVersion}, ${pc.version}),
             target_version = null
       where ${pc.mode} <> 'SILENT'
      returning ${pc.companyId}),
    keys as (${promotePendingKeysSql(sql`select company_id from sent`, now)})
    select company_id from sent`);
  return (sent as unknown as { rows: unknown[] }).rows.length;
}

interface Row {
  company_id: number;
  company_name: string;
  gateway_code: string;
  state: ConnectorState;
  mode: ConnectorMode | null;
  last_heartbeat_at: Date | string | null;
  version: string | null;
  target_version: string | null;
  latency_ms: number | null;
  pending: number;
  failed: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function connectorOf(r: Row): ConnectorRow {
  return {
    companyId: r.company_id,
    companyName: r.company_name,
    gatewayCode: r.gateway_code as GatewayCode,
    state: r.state,
    mode: r.mode ?? 'RUNNING',
    lastHeartbeatAt: iso(r.last_heartbeat_at),
    version: r.version,
    targetVersion: r.target_version,
    latencyMs: r.latency_ms,
    pending: Number(r.pending),
    failed: Number(r.failed),
  };
}

/**
 * Each practice with its connector's row and its open postings' counts, and the state they make:
 * a statement to select from (`with connector as (…)`), for the list, the counts and one practice.
 */
function connectorsWith(now: Date): SQL {
  const c = companies;
  const pc = practiceConnectors;
  const p = practicePostings;
  const silentBefore = new Date(now.getTime() - SILENT_AFTER_MS);
  return sql`
    with open as (
      select ${p.companyId} as company_id,
             count(*) filter (where ${p.state} = 'PENDING')::int as pending,
             count(*) filter (where ${p.state} = 'FAILED')::int as failed
        from ${p} where ${p.state} <> 'POSTED' group by ${p.companyId}),
    connector as (
      select ${c.id} as company_id, ${c.name} as company_name, ${c.gatewayCode} as gateway_code,
             ${pc.mode} as mode, ${pc.lastHeartbeatAt} as last_heartbeat_at, ${pc.version} as version,
             ${pc.targetVersion} as target_version, ${pc.latencyMs} as latency_ms,
             coalesce(open.pending, 0) as pending, coalesce(open.failed, 0) as failed,
             case when ${pc.companyId} is null then 'NEVER'
                  when ${pc.lastHeartbeatAt} < ${silentBefore} then 'SILENT'
                  when coalesce(open.failed, 0) > 0 then 'FAILING'
                  else 'HEALTHY' end as state
        from ${c} left join ${pc} on ${pc.companyId} = ${c.id}
                  left join open on open.company_id = ${c.id})`;
}

/** Those that need a person first. */
const STATE_ORDER = sql`case state when 'SILENT' then 0 when 'FAILING' then 1 when 'NEVER' then 2 else 3 end`;

function matching(search: string | undefined, state: ConnectorState | undefined): SQL {
  const text = search?.trim() ?? '';
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const found =
    text === ''
      ? sql`true`
      : sql`(strpos(lower(company_name), lower(${text})) > 0${id !== null ? sql` or company_id = ${id}` : sql``})`;
  return state ? sql`${found} and state = ${state}` : found;
}

export async function listConnectors(
  db: Db,
  filter: { search?: string; state?: ConnectorState; page: number },
  now: Date,
): Promise<{ connectors: ConnectorRow[]; totalCount: number; counts: Record<ConnectorState, number> }> {
  const where = matching(filter.search, filter.state);
  const [page, total, counts] = await Promise.all([
    db.execute(sql`${connectorsWith(now)}
      select * from connector where ${where}
       order by ${STATE_ORDER}, lower(company_name), company_id
       limit ${ADMIN_PAGE_SIZE} offset ${(filter.page - 1) * ADMIN_PAGE_SIZE}`),
    db.execute(sql`${connectorsWith(now)} select count(*)::int as n from connector where ${where}`),
    connectorStateCounts(db, now),
  ]);
  return {
    connectors: (page as unknown as { rows: Row[] }).rows.map(connectorOf),
    totalCount: Number((total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0),
    counts,
  };
}

/** How many connectors are in each state (the list's tabs and the overview's figures). */
export async function connectorStateCounts(db: Db, now: Date): Promise<Record<ConnectorState, number>> {
  const states = await db.execute(
    sql`${connectorsWith(now)} select state, count(*)::int as n from connector group by state`,
  );
  const counts: Record<ConnectorState, number> = { HEALTHY: 0, FAILING: 0, SILENT: 0, NEVER: 0 };
  for (const s of (states as unknown as { rows: { state: ConnectorState; n: number }[] }).rows) {
    counts[s.state] = Number(s.n);
  }
  return counts;
}

/** One practice's connector; null when there is no such practice. */
export async function connectorOfPractice(
  db: Db,
  companyId: number,
  now: Date,
): Promise<ConnectorRow | null> {
  const found = await db.execute(
    sql`${connectorsWith(now)} select * from connector where company_id = ${companyId}`,
  );
  const [row] = (found as unknown as { rows: Row[] }).rows;
  return row ? connectorOf(row) : null;
}

/** A practice's connector row as its first heartbeat, now, makes it. */
function firstBeat(companyId: number, now: Date) {
  return {
    companyId,
    version: CONNECTOR_VERSION,
    latencyMs: sql<number>`${latencySql(sql`${companyId}`, now)}`,
    lastHeartbeatAt: now,
  };
}

/**
 * Asks the connector to answer now. A silent one does not; one that answers records a heartbeat with
 * the round trip it measured.
 */
export async function pingConnector(ctx: AppContext, companyId: number) {
  const now = ctx.clock.now();
  const before = await connectorOfPractice(ctx.db, companyId, now);
  if (!before) throw new NotFoundError('The practice');
  if (before.mode === 'SILENT') {
    return { answered: false, latencyMs: null, version: before.version, at: now.toISOString() };
  }
  const beat = await ctx.db.transaction(async (tx) => {
    await tx.execute(promotePendingKeysSql(sql`${companyId}`, now));
    return recordHeartbeat(tx, companyId, now);
  });
  return { answered: true, latencyMs: beat.latencyMs, version: beat.version, at: now.toISOString() };
}

/** A heartbeat of the practice's connector: when, its round trip, and its version (`reported`, or the one it was told to upgrade to). */
async function recordHeartbeat(tx: Tx, companyId: number, now: Date, reported?: string) {
  const pc = practiceConnectors;
  const [beat] = await tx
    .insert(pc)
    .values({ ...firstBeat(companyId, now), ...(reported ? { version: reported } : {}) })
    .onConflictDoUpdate({
      target: pc.companyId,
      set: {
        lastHeartbeatAt: now,
        latencyMs: sql`excluded.latency_ms`,
        version: reported ?? sql`coalesce(${pc.targetVersion}, ${pc.version})`,
        targetVersion: null,
      },
    })
    .returning({ latencyMs: pc.latencyMs, version: pc.version });
  return beat!;
}

/**
 * A heartbeat sent by a connector outside the sandbox, with its tunnel key: the current key, or the
 * rotated one, which this heartbeat makes current. Refused (401) with any other key.
 */
export async function heartbeatWithKey(
  ctx: AppContext,
  beat: { companyId: number; key: string; version?: string | undefined },
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { keyTookEffect } = await acceptConnectorKey(tx, beat.companyId, beat.key, now);
    await recordHeartbeat(tx, beat.companyId, now, beat.version);
    return { at: now.toISOString(), keyTookEffect };
  });
}

/** The sandbox's control: the connector goes silent, fails every posting, or runs again. */
export async function setConnectorMode(ctx: AppContext, companyId: number, mode: ConnectorMode) {
  const now = ctx.clock.now();
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new BadRequestError('body.companyId', `There is no practice ${companyId}.`);
  const pc = practiceConnectors;
  await ctx.db
    .insert(pc)
    .values({ ...firstBeat(companyId, now), mode, modeSince: now })
    .onConflictDoUpdate({ target: pc.companyId, set: { mode, modeSince: now } });
  return { companyId, mode };
}

/** Whether the practice's connector was told to fail every posting. */
export async function connectorFails(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ mode: practiceConnectors.mode })
    .from(practiceConnectors)
    .where(eq(practiceConnectors.companyId, companyId));
  return row?.mode === 'FAILING';
}

/** One practice's postings, newest first, and its connector; null when there is no such practice. */
export async function connectorLog(
  db: Db,
  filter: { companyId: number; state?: ConnectorLogEntry['state']; page: number },
  now: Date,
): Promise<{ connector: ConnectorRow; entries: ConnectorLogEntry[]; totalCount: number } | null> {
  const connector = await connectorOfPractice(db, filter.companyId, now);
  if (!connector) return null;
  const p = practicePostings;
  const t = transactions;
  const where = and(eq(p.companyId, filter.companyId), filter.state ? eq(p.state, filter.state) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        postingId: p.id,
        transactionId: p.transactionId,
        referenceId: t.referenceId,
        kind: p.kind,
        state: p.state,
        attempts: p.attempts,
        error: p.error,
        created: p.created,
        dueAt: p.dueAt,
        postedAt: p.postedAt,
      })
      .from(p)
      .leftJoin(t, and(eq(t.id, p.transactionId), eq(t.companyId, p.companyId)))
      .where(where)
      .orderBy(sql`${p.id} desc`)
      .limit(CONNECTOR_LOG_PAGE_SIZE)
      .offset((filter.page - 1) * CONNECTOR_LOG_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
  ]);
  return {
    connector,
    entries: rows.map((r) => ({
      ...r,
      kind: r.kind as ConnectorLogEntry['kind'],
      state: r.state as ConnectorLogEntry['state'],
      created: r.created.toISOString(),
      dueAt: r.dueAt.toISOString(),
      postedAt: iso(r.postedAt),
    })),
    totalCount: Number(counted?.n ?? 0),
  };
}

/**
 * An administrator's Retry of a failed posting: its transaction's failed postings are queued again
 * (they post in order) as staff's Retry does, with the audit entry in the same database transaction.
 */
export async function retryPracticePosting(
  ctx: AppContext,
  actor: AuditActor,
  companyId: number,
  postingId: number,
): Promise<{ requeued: number }> {
  const p = practicePostings;
  const [posting] = await ctx.db
    .select({ transactionId: p.transactionId, state: p.state, kind: p.kind })
    .from(p)
    .where(and(eq(p.companyId, companyId), eq(p.id, postingId)));
  if (!posting) throw new NotFoundError('The posting');
  if (posting.state !== 'FAILED') {
    throw new BadRequestError(
      'body.postingId',
      `Posting ${postingId} has not failed: there is nothing to retry.`,
    );
  }
  let requeued = 0;
  await retryPosting(ctx, asPracticeId(companyId), posting.transactionId, async (tx) => {
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(
        and(eq(p.companyId, companyId), eq(p.transactionId, posting.transactionId), eq(p.state, 'PENDING')),
      );
    requeued = Number(n?.n ?? 0);
    await recordAudit(
      tx,
      actor,
      {
        action: 'posting.retry',
        companyId,
        targetType: 'posting',
        targetId: String(postingId),
        before: { state: 'FAILED' },
        after: { state: 'PENDING', transactionId: posting.transactionId, kind: posting.kind },
      },
      ctx.clock.now(),
    );
  });
  return { requeued };
}

// ── The admin area's queue of postings (server/admin/queues.ts), over every practice ────────────

/** How many postings wait, the oldest's due time, and how many failed. */
export async function postingQueueCounts(db: Db) {
  const p = practicePostings;
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${p.state} = 'PENDING')::int`,
      oldest: sql<Date | string | null>`min(${p.dueAt}) filter (where ${p.state} = 'PENDING')`,
      failed: sql<number>`count(*) filter (where ${p.state} = 'FAILED')::int`,
    })
    .from(p)
    .where(sql`${p.state} <> 'POSTED'`);
  return {
    waiting: Number(row?.waiting ?? 0),
    oldest: iso(row?.oldest ?? null),
    failed: Number(row?.failed ?? 0),
  };
}

/** The postings not posted: failed ones first (newest first), then those waiting, oldest first. */
export async function postingsInQueue(
  db: Db,
  opts: { state?: 'WAITING' | 'FAILED'; offset: number; limit: number },
) {
  const p = practicePostings;
  const t = transactions;
  const rows = await db
    .select({
      id: p.id,
      companyId: p.companyId,
      companyName: companies.name,
      kind: p.kind,
      state: p.state,
      referenceId: t.referenceId,
      amount: t.amount,
      dueAt: p.dueAt,
      error: p.error,
    })
    .from(p)
    .innerJoin(companies, eq(companies.id, p.companyId))
    .leftJoin(t, and(eq(t.id, p.transactionId), eq(t.companyId, p.companyId)))
    .where(
      opts.state === 'FAILED'
        ? eq(p.state, 'FAILED')
        : opts.state === 'WAITING'
          ? eq(p.state, 'PENDING')
          : sql`${p.state} <> 'POSTED'`,
    )
    .orderBy(
      sql`case when ${p.state} = 'FAILED' then 0 else 1 end`,
      sql`case when ${p.state} = 'FAILED' then -${p.id} else 0 end`,
      p.dueAt,
      p.id,
    )
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({ ...r, dueAt: r.dueAt.toISOString() }));
}

/**
 * The anomaly check's "approved payments not posted after 15 minutes": payments whose posting was
 * queued before `queuedBefore` and is still not posted (waiting or failed), with their transaction.
 */
export async function paymentsNotPosted(db: Db, queuedBefore: Date) {
  const p = practicePostings;
  const t = transactions;
  return db
    .select({
      transactionId: p.transactionId,
      companyId: p.companyId,
      customerId: t.customerId,
      referenceId: t.referenceId,
      amount: t.amount,
      state: p.state,
      error: p.error,
      queuedAt: p.created,
    })
    .from(p)
    .innerJoin(t, and(eq(t.id, p.transactionId), eq(t.companyId, p.companyId)))
    .where(
      and(
        eq(p.kind, 'PAYMENT'),
        sql`${p.state} <> 'POSTED'`,
        sql`${p.created} <= ${queuedBefore.toISOString()}::timestamptz`,
      ),
    );
}

// ── Roll-outs (`#/admin/bulkupgrade`) ──────────────────────────────────────────────────────────

type RolloutRecord = typeof connectorRollouts.$inferSelect;

/** Each roll-out's progress, read from its practices' connectors now. */
async function withProgress(db: Db | Tx, rows: RolloutRecord[], now: Date): Promise<Rollout[]> {
  if (rows.length === 0) return [];
  const silentBefore = new Date(now.getTime() - SILENT_AFTER_MS);
  const r = connectorRollouts;
  const pc = practiceConnectors;
  const progress = await db.execute(sql`
    select ${r.id} as id,
           count(${pc.companyId}) filter (where ${pc.version} = ${r.version})::int as upgraded,
           count(${pc.companyId}) filter (where ${pc.version} <> ${r.version}
             and (${pc.mode} = 'SILENT' or ${pc.lastHeartbeatAt} < ${silentBefore}))::int as silent
      from ${r} left join ${pc} on ${pc.companyId} = any(${r.companyIds})
     where ${r.id} in (${sql.join(
       rows.map((row) => sql`${row.id}`),
       sql`, `,
     )})
     group by ${r.id}`);
  const byId = new Map(
    (progress as unknown as { rows: { id: number; upgraded: number; silent: number }[] }).rows.map((p) => [
      Number(p.id),
      p,
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    practices: row.companyIds.length,
    upgraded: Number(byId.get(row.id)?.upgraded ?? 0),
    silent: Number(byId.get(row.id)?.silent ?? 0),
  }));
}

export async function listRollouts(ctx: AppContext, page: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(connectorRollouts)
      .orderBy(desc(connectorRollouts.createdAt), desc(connectorRollouts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(connectorRollouts),
  ]);
  return { rollouts: await withProgress(ctx.db, rows, ctx.clock.now()), totalCount: Number(total?.n ?? 0) };
}

/**
 * Tells the chosen practices' connectors the version to upgrade to, and records the roll-out, in one
 * transaction: each connector reports the version at its next heartbeat (`sendHeartbeats`). A practice
 * whose connector has never sent a heartbeat has nothing to upgrade yet, and is refused by name.
 */
export async function upgradeConnectors(
  ctx: AppContext,
  actor: AuditActor,
  rollout: { version: string; companyIds: number[] },
): Promise<Rollout> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const pc = practiceConnectors;
    const known = await tx
      .select({ companyId: companies.id, connector: pc.companyId })
      .from(companies)
      .leftJoin(pc, eq(pc.companyId, companies.id))
      .where(inArray(companies.id, rollout.companyIds));
    const found = new Map(known.map((k) => [k.companyId, k.connector !== null]));
    rollout.companyIds.forEach((id, i) => {
      if (!found.has(id)) throw new BadRequestError(`body.companyIds.${i}`, `There is no practice ${id}.`);
      if (!found.get(id)) {
        throw new BadRequestError(
          `body.companyIds.${i}`,
          `Practice ${id}'s connector has not sent its first heartbeat yet: there is nothing to upgrade.`,
        );
      }
    });
    await tx
      .update(pc)
      .set({ targetVersion: rollout.version })
      .where(inArray(pc.companyId, rollout.companyIds));
    const [row] = await tx
      .insert(connectorRollouts)
      .values({
        version: rollout.version,
        companyIds: rollout.companyIds,
        createdAt: now,
        createdBy: actor.email,
      })
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'connector.upgrade',
        companyId: rollout.companyIds.length === 1 ? rollout.companyIds[0]! : null,
        targetType: 'rollout',
        targetId: row!.id,
        before: null,
        after: { version: rollout.version, practices: rollout.companyIds },
      },
      now,
    );
    return (await withProgress(tx, [row!], now))[0]!;
  });
}
