/**
 * Which server processes are alive. Each process takes a boot id when it starts; what it leaves in
 * flight in the database (an idempotency key whose request is running) names that boot id, so that
 * another process, or this one after a restart, can tell whether the owner may still finish it.
 *
 * On PGlite there is one process (the data folder's lock keeps a second one out), so every boot id
 * but the current one is dead. On PostgreSQL several instances share the database: each refreshes
 * its row of `server_instances` every `heartbeatMs`, and an instance not seen within `leaseMs` is
 * dead. The times compared are the database's own, so the instances' clocks need not agree. (Wall
 * time, not the sandbox clock: a lease, not a business date.)
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.js';
import { serverInstances } from './db/schema/index.js';

export const HEARTBEAT_MS = 3_000;
export const LEASE_MS = 10_000;
/** Rows of instances gone this long are deleted at start-up, so the table stays the size of the fleet. */
const FORGET_AFTER = sql`interval '1 day'`;

export interface ServerInstance {
  /** This process's boot id. */
  readonly bootId: string;
  /** Whether the process that took this boot id still runs (null: an owner never recorded, gone). */
  isAlive(bootId: string | null): Promise<boolean>;
  /** Stops the heartbeat and removes this instance's row, so that others need not wait its lease out. */
  stop(): Promise<void>;
}

export async function startInstance(
  database: Pick<Database, 'db' | 'kind'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  opts: { heartbeatMs?: number; leaseMs?: number } = {},
): Promise<ServerInstance> {
  const bootId = randomUUID();
  if (database.kind === 'pglite') {
    return { bootId, isAlive: async (id) => id === bootId, stop: async () => undefined };
  }
  const { db } = database;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const lease = sql`make_interval(secs => ${(opts.leaseMs ?? LEASE_MS) / 1000})`;
  await db.delete(serverInstances).where(lt(serverInstances.lastSeen, sql`now() - ${FORGET_AFTER}`));
  const beat = () =>
    db
      .insert(serverInstances)
      .values({ bootId })
      .onConflictDoUpdate({ target: serverInstances.bootId, set: { lastSeen: sql`now()` } });
  await beat();
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // A database that is away stops the heartbeat; the next beat after it returns resumes it.
    beating = beat().catch((error: unknown) =>
      log.warn({ err: error, bootId }, 'the server instance heartbeat could not be written'),
    );
  }, heartbeatMs);
  timer.unref();
  return {
    bootId,
    async isAlive(id) {
      if (id === bootId) return true;
      if (id === null) return false;
      const [row] = await db
        .select({ bootId: serverInstances.bootId })
        .from(serverInstances)
        .where(and(eq(serverInstances.bootId, id), gt(serverInstances.lastSeen, sql`now() - ${lease}`)));
      return row !== undefined;
    },
    async stop() {
      clearInterval(timer);
      await beating;
      await db
        .delete(serverInstances)
        .where(eq(serverInstances.bootId, bootId))
        .catch(() => undefined);
    },
  };
}
