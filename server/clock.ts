/**
 * The sandbox's clock. Business rules read time from here, never from Date.now(), so that a person
 * or a test can move time forward (POST /sandbox/clock/advance) and watch plans bill and requests age.
 * The offset is kept in the database and survives a restart.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { sandboxState } from './db/schema/index.js';
import { localDate } from './domain/calendarDates.js';

const KEY = 'clock.offsetMs';

export interface Clock {
  now(): Date;
  /** Today's calendar date (YYYY-MM-DD) in the server's time zone. */
  today(): string;
  offsetMs(): number;
  advance(ms: number): Promise<void>;
}

export async function createClock(db: Db): Promise<Clock> {
  const [row] = await db.select().from(sandboxState).where(eq(sandboxState.key, KEY));
  let offset = typeof row?.value === 'number' ? row.value : 0;
  const now = () => new Date(Date.now() + offset);
  return {
    now,
    today: () => localDate(now()),
    offsetMs: () => offset,
    async advance(ms: number) {
      offset += ms;
      await db
        .insert(sandboxState)
        .values({ key: KEY, value: offset })
        .onConflictDoUpdate({ target: sandboxState.key, set: { value: offset } });
    },
  };
}
