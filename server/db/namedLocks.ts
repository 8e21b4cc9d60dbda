/**
 * Locks by name, held across every server instance that shares the database: what lets a background
 * job run on one instance at a time (jobs/jobClaim.ts).
 *
 * On PostgreSQL a lock is a session-level advisory lock on a connection of its own, kept out of the
 * pool while held. The database releases it when that connection ends, so an instance killed mid-run
 * (kill -9, a lost host) leaves nothing to clean up or wait out. On PGlite one process holds the data
 * folder (db/lock.ts), so the lock is the process's own.
 */
import type pg from 'pg';

/** Gives the lock back; safe to call twice. */
export type ReleaseLock = () => Promise<void>;

export interface NamedLocks {
  /** Takes the lock `name`: waits for it (`wait`), or answers null at once when it is held. */
  acquire(name: string, opts: { wait: boolean }): Promise<ReleaseLock | null>;
}

/** The namespace of the lock keys, so that a lock of ours never meets another application's on the same server. */
const keyOf = (name: string) => `chairside:${name}`;

export function postgresLocks(pool: pg.Pool): NamedLocks {
  return {
    async acquire(name, { wait }) {
      const client = await pool.connect();
      // A held connection is outside the pool, whose listener reports only idle ones' failures: with
      // no listener of its own, a connection cut under a held lock would end the process.
      const onError = () => undefined;
      client.on('error', onError);
      const done = (error?: Error) => {
        client.off('error', onError);
        client.release(error);
      };
      try {
        if (wait) {
          await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [keyOf(name)]);
        } else {
          const { rows } = await client.query<{ got: boolean }>(
            'select pg_try_advisory_lock(hashtextextended($1, 0)) as got',
            [keyOf(name)],
          );
          if (!rows[0]?.got) {
            done();
            return null;
          }
        }
      } catch (error) {
        done(error as Error);
        throw error;
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        try {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [keyOf(name)]);
          done();
        } catch (error) {
          // The connection is gone, and the lock with it: the connection is discarded, not pooled.
          done(error as Error);
        }
      };
    },
  };
}

/**
 * One process's locks (PGlite). Hand-written: a promise chain per name, since no dependency of ours
 * offers a mutex; a name is in `tails` while anyone holds it or waits for it.
 */
export function processLocks(): NamedLocks {
  const tails = new Map<string, Promise<void>>();
  return {
    async acquire(name, { wait }) {
      if (!wait && tails.has(name)) return null;
      const before = tails.get(name) ?? Promise.resolve();
      let open!: () => void;
      const mine = new Promise<void>((resolve) => (open = resolve));
      const tail = before.then(() => mine);
      tails.set(name, tail);
      await before;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        if (tails.get(name) === tail) tails.delete(name);
        open();
      };
    },
  };
}
