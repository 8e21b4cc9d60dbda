/**
 * Bulk sends of payment requests in the database: the runs (keyed by the send's Idempotency-Key) and
 * their items, one per patient. Every function takes the practice: a run is found within it, and an
 * item (which has no practice of its own) only through a run of it. The one exception is the job's
 * search for runs left unfinished, which looks across practices by design.
 *
 * The claim on a run is a lease in the database's own time (`now()`), so instances whose clocks
 * disagree still agree on it; it is stored to the millisecond, so that the value an instance got back
 * is the token it renews and releases with.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, sum } from 'drizzle-orm';
import type { BulkItemStatus } from '../../embed-sdk/contract/bulkRequests.js';
import type { Db, Tx } from '../db/client.js';
import { bulkRequestItems, bulkRequestRuns, paymentRequests } from '../db/schema/payment-requests.js';
import { inPractice, type PracticeId } from '../db/scope.js';

export type BulkRunRecord = typeof bulkRequestRuns.$inferSelect;
export type BulkItemRecord = typeof bulkRequestItems.$inferSelect;

/** Rows per insert statement: 1,000 items are written in a few statements, not 1,000. */
const INSERT_CHUNK = 500;

/** The items of this run of the practice (the run's practice is the item's). */
function itemsOf(db: Db | Tx, practice: PracticeId, runId: string) {
  const run = db
    .select({ id: bulkRequestRuns.id })
    .from(bulkRequestRuns)
    .where(inPractice(bulkRequestRuns, practice, eq(bulkRequestRuns.id, runId)));
  return inArray(bulkRequestItems.runId, run);
}

export async function findRun(db: Db | Tx, practice: PracticeId, id: string): Promise<BulkRunRecord | null> {
  const [row] = await db
    .select()
    .from(bulkRequestRuns)
    .where(inPractice(bulkRequestRuns, practice, eq(bulkRequestRuns.id, id)));
  return row ?? null;
}

export async function findRunByKey(db: Db | Tx, practice: PracticeId, key: string) {
  const [row] = await db
    .select()
    .from(bulkRequestRuns)
    .where(inPractice(bulkRequestRuns, practice, eq(bulkRequestRuns.idempotencyKey, key)));
  return row ?? null;
}

export async function latestRun(db: Db | Tx, practice: PracticeId): Promise<BulkRunRecord | null> {
  const [row] = await db
    .select()
    .from(bulkRequestRuns)
    .where(inPractice(bulkRequestRuns, practice))
    .orderBy(desc(bulkRequestRuns.created), desc(bulkRequestRuns.id))
    .limit(1);
  return row ?? null;
}

export interface NewBulkItem {
  customerId: number | null;
  patNum: number;
  name: string;
  amount: number;
}

/**
 * A new run with its items, in the caller's transaction; null when the practice has a run with this
 * key already (the same send again: the caller answers that one).
 */
export async function insertRun(
  tx: Tx,
  practice: PracticeId,
  run: { idempotencyKey: string; createdByUserId: number | null; message: string; created: Date },
  items: readonly NewBulkItem[],
): Promise<string | null> {
  const [created] = await tx
    .insert(bulkRequestRuns)
    .values({ companyId: practice, ...run })
    .onConflictDoNothing()
    .returning({ id: bulkRequestRuns.id });
  if (!created) return null;
  for (let start = 0; start < items.length; start += INSERT_CHUNK) {
    await tx.insert(bulkRequestItems).values(
      items.slice(start, start + INSERT_CHUNK).map((item, i) => ({
        runId: created.id,
        position: start + i + 1,
        customerId: item.customerId,
        patNum: String(item.patNum),
        name: item.name,
        amount: item.amount,
      })),
    );
  }
  return created.id;
}

/** How many items of the run are in each status, and their amounts. */
export async function itemTotals(db: Db | Tx, practice: PracticeId, runId: string) {
  const rows = await db
    .select({
      status: bulkRequestItems.status,
      n: count(),
      amount: sum(bulkRequestItems.amount).mapWith(Number),
    })
    .from(bulkRequestItems)
    .where(itemsOf(db, practice, runId))
    .groupBy(bulkRequestItems.status);
  return rows as { status: BulkItemStatus; n: number; amount: number }[];
}

/** The run's items that got no request (failed or skipped), in the run's order. */
export function itemsNotSent(db: Db | Tx, practice: PracticeId, runId: string) {
  return db
    .select()
    .from(bulkRequestItems)
    .where(
      and(itemsOf(db, practice, runId), inArray(bulkRequestItems.status, ['FAILED', 'SKIPPED'] as const)),
    )
    .orderBy(asc(bulkRequestItems.position));
}

/** The next items still to send, in the run's order. */
export function pendingItems(db: Db | Tx, practice: PracticeId, runId: string, limit: number) {
  return db
    .select()
    .from(bulkRequestItems)
    .where(and(itemsOf(db, practice, runId), eq(bulkRequestItems.status, 'PENDING')))
    .orderBy(asc(bulkRequestItems.position))
    .limit(limit);
}

/** Records the customer an item's patient became (brought into Chairside to be sent a request). */
export async function setItemCustomer(
  tx: Tx,
  practice: PracticeId,
  runId: string,
  position: number,
  customerId: number,
) {
  await tx
    .update(bulkRequestItems)
    .set({ customerId })
    .where(and(itemsOf(tx, practice, runId), eq(bulkRequestItems.position, position)));
}

/**
 * Locks the item while it is still PENDING, until the transaction ends; false when it is not (an
 * instance that worked the run at the same time settled it first). A second locker waits, then
 * finds it settled: each item is sent once, whoever holds the run's claim.
 */
export async function lockPendingItem(tx: Tx, practice: PracticeId, runId: string, position: number) {
  const rows = await tx
    .select({ position: bulkRequestItems.position })
    .from(bulkRequestItems)
    .where(
      and(
        itemsOf(tx, practice, runId),
        eq(bulkRequestItems.position, position),
        eq(bulkRequestItems.status, 'PENDING'),
      ),
    )
    .for('update');
  return rows.length > 0;
}

/** Settles a PENDING item; false when it was settled already. */
export async function settleItem(
  db: Db | Tx,
  practice: PracticeId,
  runId: string,
  position: number,
  outcome: { status: Exclude<BulkItemStatus, 'PENDING'>; reason?: string; paymentRequestId?: string },
): Promise<boolean> {
  const rows = await db
    .update(bulkRequestItems)
    .set({
      status: outcome.status,
      reason: outcome.reason ?? null,
      paymentRequestId: outcome.paymentRequestId ?? null,
    })
    .where(
      and(
        itemsOf(db, practice, runId),
        eq(bulkRequestItems.position, position),
        eq(bulkRequestItems.status, 'PENDING'),
      ),
    )
    .returning({ position: bulkRequestItems.position });
  return rows.length > 0;
}

/**
 * Whether the customer has an open request for this amount, sent by another bulk send since `since`
 * (the repeat rule of contract/bulkRequests.ts).
 */
export async function hasOpenBulkRequest(
  db: Db | Tx,
  practice: PracticeId,
  query: { customerId: number; amount: number; since: Date; runId: string },
) {
  const rows = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .innerJoin(bulkRequestItems, eq(bulkRequestItems.paymentRequestId, paymentRequests.id))
    .where(
      inPractice(
        paymentRequests,
        practice,
        eq(paymentRequests.customerId, query.customerId),
        eq(paymentRequests.amount, query.amount),
        isNull(paymentRequests.paid),
        isNull(paymentRequests.cancelled),
        gte(paymentRequests.created, query.since),
        ne(bulkRequestItems.runId, query.runId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

const leaseEnd = (ms: number) => sql`date_trunc('milliseconds', now() + make_interval(secs => ${ms / 1000}))`;

/**
 * Claims the unfinished run for `ms` unless another instance's claim is still running: the claim's
 * end (the token to renew and release it with), or null.
 */
export async function claimRun(db: Db | Tx, practice: PracticeId, runId: string, ms: number) {
  const [row] = await db
    .update(bulkRequestRuns)
    .set({ claimedUntil: leaseEnd(ms) })
    .where(
      inPractice(
        bulkRequestRuns,
        practice,
        eq(bulkRequestRuns.id, runId),
        isNull(bulkRequestRuns.finished),
        or(isNull(bulkRequestRuns.claimedUntil), lt(bulkRequestRuns.claimedUntil, sql`now()`)),
      ),
    )
    .returning({ claimedUntil: bulkRequestRuns.claimedUntil });
  return row?.claimedUntil ?? null;
}

/** Extends the claim this instance holds (`held`); null when it lost it (it lapsed and was taken). */
export async function renewClaim(db: Db | Tx, practice: PracticeId, runId: string, held: Date, ms: number) {
  const [row] = await db
    .update(bulkRequestRuns)
    .set({ claimedUntil: leaseEnd(ms) })
    .where(
      inPractice(
        bulkRequestRuns,
        practice,
        eq(bulkRequestRuns.id, runId),
        eq(bulkRequestRuns.claimedUntil, held),
      ),
    )
    .returning({ claimedUntil: bulkRequestRuns.claimedUntil });
  return row?.claimedUntil ?? null;
}

/** Lets the claim go (this instance stops), so that another may take the run at once. */
export async function releaseClaim(db: Db | Tx, practice: PracticeId, runId: string, held: Date) {
  await db
    .update(bulkRequestRuns)
    .set({ claimedUntil: null })
    .where(
      inPractice(
        bulkRequestRuns,
        practice,
        eq(bulkRequestRuns.id, runId),
        eq(bulkRequestRuns.claimedUntil, held),
      ),
    );
}

/** Marks the run finished once no item is pending. */
export async function finishRun(db: Db | Tx, practice: PracticeId, runId: string, at: Date) {
  const pending = db
    .select({ runId: bulkRequestItems.runId })
    .from(bulkRequestItems)
    .where(and(eq(bulkRequestItems.runId, runId), eq(bulkRequestItems.status, 'PENDING')));
  await db
    .update(bulkRequestRuns)
    .set({ finished: at, claimedUntil: null })
    .where(
      inPractice(
        bulkRequestRuns,
        practice,
        eq(bulkRequestRuns.id, runId),
        isNull(bulkRequestRuns.finished),
        sql`not exists (${pending})`,
      ),
    );
}

/**
 * The unfinished runs no instance holds (never claimed, or the claim lapsed: its server stopped), of
 * every practice: the job takes them over. Across practices by design (db/scope.ts).
 */
export function unclaimedRuns(db: Db) {
  return db
    .select({ id: bulkRequestRuns.id, companyId: bulkRequestRuns.companyId })
    .from(bulkRequestRuns)
    .where(
      and(
        isNull(bulkRequestRuns.finished),
        or(isNull(bulkRequestRuns.claimedUntil), lt(bulkRequestRuns.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(bulkRequestRuns.created));
}
