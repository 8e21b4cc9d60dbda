/**
 * The sandbox's clock. Business rules read time from here, never from Date.now(), so that a person
 * or a test can move time forward (POST /sandbox/clock/advance) and watch plans bill and requests age.
 * The offset is kept in the database and survives a restart.
 *
 * Every instance on one PostgreSQL keeps the same time: moving the clock adds to the stored offset in
 * one statement (two instances moving it at once both count), and each instance reads the offset
 * again before a request (http/app.ts) and before a job's run (jobs/jobClaim.ts), so an instance
 * never bills or answers in a past another one has left. One indexed read of one row, shared by the
 * calls that arrive while it is under way, is cheaper than a change notice would be to keep right.
 * On PGlite one process holds the data folder, so its own offset is always the current one.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { sandboxState } from './db/schema/index.js';
import { localDate } from './domain/calendarDates.js';
import { nextRun } from './nextRun.js';

const KEY = 'clock.offsetMs';

export interface Clock {
  now(): Date;
  /** Today's calendar date (YYYY-MM-DD) in the server's time zone. */
  today(): string;
  offsetMs(): number;
  advance(ms: number): Promise<void>;
  /** Reads the offset other instances may have moved (nothing to read when the clock is not shared). */
  refresh(): Promise<void>;
  /**
   * This clock with the offset it has now, kept whoever moves the clock later (time still flows): a
   * job's run bills as of one date, so a move in the middle of it is the next run's.
   */
  pinned(): Clock;
}

const offsetOf = (value: unknown) => (typeof value === 'number' ? value : 0);

export async function createClock(db: Db, opts: { shared: boolean }): Promise<Clock> {
  const read = async () => {
    const [row] = await db.select().from(sandboxState).where(eq(sandboxState.key, KEY));
    return offsetOf(row?.value);
  };
  let offset = await read();
  const pinnedAt = (fixed: number): Clock => {
    const at = () => new Date(Date.now() + fixed);
    return {
      now: at,
      today: () => localDate(at()),
      offsetMs: () => fixed,
      advance: (ms) => clock.advance(ms),
      refresh: async () => undefined,
      pinned: () => pinnedAt(fixed),
    };
  };
  // Counts this instance's moves, so that a read begun before one cannot put the clock back after it.
  let moves = 0;
  const now = () => new Date(Date.now() + offset);
  const refresh = nextRun(async () => {
    const before = moves;
    const stored = await read();
    if (moves === before) offset = stored;
  });
  const clock: Clock = {
    now,
    today: () => localDate(now()),
    offsetMs: () => offset,
    async advance(ms: number) {
      const [row] = await db
        .insert(sandboxState)
        .values({ key: KEY, value: ms })
        .onConflictDoUpdate({
          target: sandboxState.key,
          set: { value: sql`to_jsonb((${sandboxState.value} #>> '{}')::bigint + ${ms}::bigint)` },
        })
        .returning({ value: sandboxState.value });
      moves++;
      offset = offsetOf(row?.value);
    },
    refresh: opts.shared ? refresh : async () => undefined,
    pinned: () => pinnedAt(offset),
  };
  return clock;
}
