/**
 * The attempt counters (`rate_limits`), shared by every server instance on one database. Each
 * attempt is counted before it is tried, in one upsert that also decides whether the key is
 * blocked, so that attempts sent at once from several instances cannot slip past the limit between
 * a read and a write. An attempt that turns out well is given back (`forgive`) or clears the key.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import type { AttemptRule } from '../domain/attemptLimits.js';

export interface CountedAttempt {
  /** This attempt's number in the key's window (1-based); over the rule's failures when blocked. */
  attempt: number;
  /** Set once the key is blocked (by this attempt or an earlier one). */
  blockedUntil: Date | null;
  /** The key was blocked before this attempt: refuse it without trying. */
  refused: boolean;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function countAttempt(
  db: Db,
  key: string,
  rule: AttemptRule,
  now: Date,
): Promise<CountedAttempt> {
  const t = rateLimits;
  const blockEnds = new Date(now.getTime() + rule.blockMs);
  // A block that has ended, or a window that has passed, starts the count again.
  const startsOver = sql`((${t.blockedUntil} IS NOT NULL AND ${t.blockedUntil} <= ${ts(now)})
    OR (${t.blockedUntil} IS NULL AND ${t.windowStartedAt} <= ${ts(new Date(now.getTime() - rule.windowMs))}))`;
  const [row] = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      blockedUntil: rule.failures <= 1 ? blockEnds : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`CASE WHEN ${startsOver} THEN 1 ELSE ${t.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${startsOver} THEN ${ts(now)} ELSE ${t.windowStartedAt} END`,
        // A running block is never lengthened: after it, the right password works again.
        blockedUntil: sql`CASE
          WHEN ${startsOver} THEN CASE WHEN ${rule.failures} <= 1 THEN ${ts(blockEnds)} END
          WHEN ${t.blockedUntil} IS NOT NULL THEN ${t.blockedUntil}
          WHEN ${t.failures} + 1 >= ${rule.failures} THEN ${ts(blockEnds)}
          END`,
      },
    })
    .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
  const attempt = row!.failures;
  return { attempt, blockedUntil: row!.blockedUntil, refused: attempt > rule.failures };
}

/** Gives back an attempt that was not a failure; a block it alone started is lifted. */
export async function forgive(db: Db, key: string, rule: AttemptRule) {
  const t = rateLimits;
  await db
    .update(t)
    .set({
      failures: sql`GREATEST(${t.failures} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${t.failures} - 1 < ${rule.failures} THEN NULL ELSE ${t.blockedUntil} END`,
    })
    .where(eq(t.key, key));
}

/** Forgets a key (an account's failures after its owner signed in). */
export async function clearAttempts(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops counters that no longer matter: no block running and no failure in the last day. */
export async function purgeStaleAttempts(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.windowStartedAt} < ${ts(dayAgo)} AND (${rateLimits.blockedUntil} IS NULL OR ${rateLimits.blockedUntil} < ${ts(now)})`,
    );
}

const PURGE_EVERY_MS = 60 * 60_000;

/** Purges stale counters now and then, so that guessed e-mails do not pile up. */
export function schedulePurge(db: Db, clock: { now(): Date }) {
  const timer = setInterval(
    () => void purgeStaleAttempts(db, clock.now()).catch(() => undefined),
    PURGE_EVERY_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}
