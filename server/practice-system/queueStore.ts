/**
 * The connector's queue of postings in the database, and the sandbox's armed faults. This is the
 * only code that writes these tables (connectors.ts reads them for the admin area). Every function but the connector's claim takes the practice
 * and scopes each statement to it (db/scope.ts).
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { practiceConnectors, practicePostingFaults, practicePostings } from '../db/schema/practice-system.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import { queuePausedSql } from '../jobs/pause.js';

export type PostingRecord = typeof practicePostings.$inferSelect;
export type PostingKind = 'PAYMENT' | 'REFUND' | 'VOID' | 'MOVE' | 'ALLOCATION';

export async function insertPosting(
  db: Db | Tx,
  practice: PracticeId,
  posting: { transactionId: number; kind: PostingKind; payload: Record<string, unknown>; dueAt: Date },
) {
  await db.insert(practicePostings).values({ ...posting, companyId: practice });
}

/**
 * Who holds a lease on a posting that is due, other than `worker`: the connector asks which of them
 * are still alive (server/instances.ts), and takes a dead one's postings over at once.
 */
export async function claimantsOfDuePostings(db: Db, now: Date, worker: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ claimedBy: practicePostings.claimedBy })
    .from(practicePostings)
    .where(
      and(
        eq(practicePostings.state, 'PENDING'),
        lte(practicePostings.dueAt, now),
        gte(practicePostings.leaseUntil, now),
        isNotNull(practicePostings.claimedBy),
        ne(practicePostings.claimedBy, worker),
      ),
    );
  return rows.map((r) => r.claimedBy!);
}

/**
 * Claims up to `limit` postings that are due, for one worker, until `leaseUntil`: those of every
 * practice (the connector runs without a caller, by design). A posting is claimed only when every
 * earlier posting of its transaction is posted, so a refund never overtakes its payment. The claim is
 * one statement: `FOR UPDATE SKIP LOCKED` lets two workers on one PostgreSQL pass each other's rows
 * by, and the lease (re-checked on the row's latest version) keeps a claimed row from being taken
 * again until it expires, unless its claimant is one of `deadClaimants` (a stopped instance, which
 * will never finish it): those are taken over at once.
 */
export async function claimDuePostings(
  db: Db,
  claim: { worker: string; now: Date; leaseUntil: Date; limit: number; deadClaimants: string[] },
): Promise<PostingRecord[]> {
  const earlier = sql`exists (select 1 from ${practicePostings} as e where e.transaction_id = ${practicePostings.transactionId} and e.id < ${practicePostings.id} and e.state <> 'POSTED')`;
  // A silent connector (the sandbox's control, connectors.ts) takes nothing: its postings wait.
  const silent = sql`exists (select 1 from ${practiceConnectors} as pc where pc.company_id = ${practicePostings.companyId} and pc.mode = 'SILENT')`;
  const free = or(
    isNull(practicePostings.leaseUntil),
    lt(practicePostings.leaseUntil, claim.now),
    claim.deadClaimants.length > 0 ? inArray(practicePostings.claimedBy, claim.deadClaimants) : undefined,
  );
  const due = db
    .select({ id: practicePostings.id })
    .from(practicePostings)
    .where(
      and(
        eq(practicePostings.state, 'PENDING'),
        lte(practicePostings.dueAt, claim.now),
        free,
        sql`not ${earlier}`,
        sql`not ${silent}`,
        // The admin area's Queues paused the postings: nothing is taken, on any instance.
        sql`not ${queuePausedSql('POSTINGS')}`,
      ),
    )
    .orderBy(asc(practicePostings.id))
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  return (
    db
      .update(practicePostings)
      .set({
        leaseUntil: claim.leaseUntil,
        claimedBy: claim.worker,
        attempts: sql`${practicePostings.attempts} + 1`,
      })
      // Re-checked on the row's latest version when another worker's claim committed first: a dead
      // claimant's row that a live worker took over first is no longer free.
      .where(and(inArray(practicePostings.id, due), free))
      .returning()
  );
}

/**
 * Ends a claimed posting (POSTED or FAILED) if this worker still holds its lease; false when the
 * lease was lost (expired and taken by another worker), and the caller must not commit its work.
 */
export async function finishPosting(
  tx: Db | Tx,
  practice: PracticeId,
  posting: { id: number; worker: string },
  outcome: { state: 'POSTED' | 'FAILED'; at: Date; error?: string },
): Promise<boolean> {
  const done = await tx
    .update(practicePostings)
    .set({
      state: outcome.state,
      postedAt: outcome.state === 'POSTED' ? outcome.at : null,
      error: outcome.error ?? null,
      leaseUntil: null,
    })
    .where(
      inPractice(
        practicePostings,
        practice,
        eq(practicePostings.id, posting.id),
        eq(practicePostings.claimedBy, posting.worker),
        eq(practicePostings.state, 'PENDING'),
      ),
    )
    .returning({ id: practicePostings.id });
  return done.length > 0;
}

/** Puts the transaction's failed postings back in the queue; how many. */
export async function requeueFailed(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  dueAt: Date,
): Promise<number> {
  const again = await db
    .update(practicePostings)
    .set({ state: 'PENDING', dueAt, leaseUntil: null, claimedBy: null, error: null })
    .where(
      inPractice(
        practicePostings,
        practice,
        eq(practicePostings.transactionId, transactionId),
        eq(practicePostings.state, 'FAILED'),
      ),
    )
    .returning({ id: practicePostings.id });
  return again.length;
}

/** The transaction's postings, oldest first. */
export function postingsOf(db: Db | Tx, practice: PracticeId, transactionId: number) {
  return db
    .select()
    .from(practicePostings)
    .where(inPractice(practicePostings, practice, eq(practicePostings.transactionId, transactionId)))
    .orderBy(asc(practicePostings.id));
}

export async function armFault(db: Db | Tx, practice: PracticeId, at: Date) {
  await db
    .insert(practicePostingFaults)
    .values({ companyId: practice, armedAt: at })
    .onConflictDoUpdate({ target: practicePostingFaults.companyId, set: { armedAt: at } });
}

/** Whether the next posting of the practice was to fail; the switch is used up (one posting only). */
export async function takeFault(tx: Db | Tx, practice: PracticeId): Promise<boolean> {
  const taken = await tx
    .delete(practicePostingFaults)
    .where(inPractice(practicePostingFaults, practice))
    .returning({ companyId: practicePostingFaults.companyId });
  return taken.length > 0;
}
