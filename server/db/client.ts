/**
 * Opens the database: embedded PGlite in a data folder by default, PostgreSQL when DATABASE_URL is
 * set. Both run the same generated SQL migrations at start-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { lockDataDir } from './lock.js';
import { postgresLocks, processLocks, type NamedLocks } from './namedLocks.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it has the same query surface as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for messages. */
  location: string;
  /** Locks by name, shared by every instance on this database (a job's run). */
  locks: NamedLocks;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * `logger` sees every statement with its parameters (tests/api/practice-scoping.test.ts checks that
 * each one is scoped to the caller's practice).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  logger?: Logger;
  /** Where a lost connection or a taken-over lock is reported (the server's log). */
  log?: DatabaseLog;
  /** Called at the end of each step of opening (the start's phases, server/start.ts). */
  mark?: (step: string) => void;
  /**
   * For a server answering requests: on PostgreSQL, a connection or a statement that takes longer
   * than SERVING_TIMEOUTS fails instead of holding its request (left off for the seed and the
   * benchmarks' bulk loads, whose statements run long on purpose).
   */
  serving?: boolean;
  /**
   * Runs once the migrations are applied, before the database is handed over (the seed of an empty
   * database). On PostgreSQL it runs under the same lock as the migrations, so that of several
   * instances starting together on an empty database one migrates and seeds, and the others find it done.
   */
  prepare?: (db: Db) => Promise<void>;
}): Promise<Database> {
  const mark = opts.mark ?? (() => undefined);
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { ...opts, mark });
  return openPglite(opts.dataDir, mark, opts.logger, opts.log, opts.prepare);
}

export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

async function openPglite(
  dataDir: string,
  mark: (step: string) => void,
  logger?: Logger,
  log?: DatabaseLog,
  prepare?: (db: Db) => Promise<void>,
): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir, log);
  mark('data folder lock');
  let client: PGlite | undefined;
  try {
    // pg_trgm backs Admin Users' search (migration 0023); every open must load it once a migration made it.
    client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    mark('PGlite open');
    const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    mark('migrations');
    await prepare?.(db);
    const opened = client;
    return {
      db,
      kind: 'pglite',
      location: dataDir,
      locks: processLocks(),
      async close() {
        await opened.close();
        await release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await release();
    throw error;
  }
}

/**
 * A request never waits on PostgreSQL past the 5 s: a connection (or a free one of the
 * pool) within 2 s, a statement within 4 s, which the server itself cancels; the client gives up
 * half a second later in case the server cannot even be told (the network, not PostgreSQL, is gone).
 * What then fails answers 503 (db/unavailable.ts).
 */
export const SERVING_TIMEOUTS = { connectMs: 2_000, statementMs: 4_000, clientMs: 4_500 } as const;

/**
 * The session lock (pg_advisory_lock) an instance holds while it migrates and prepares a PostgreSQL
 * database; the number is arbitrary and only has to be this lock's alone.
 */
const PREPARE_LOCK = 2_200_001;

async function openPostgres(
  url: string,
  opts: {
    mark: (step: string) => void;
    logger?: Logger;
    log?: DatabaseLog;
    serving?: boolean;
    prepare?: (db: Db) => Promise<void>;
  },
): Promise<Database> {
  const { logger, log, serving = false } = opts;
  // Migrations run first on a connection of their own, without the serving timeouts (building an
  // index on a large table may take longer than any request should), and under a lock: drizzle's
  // migrator takes none, so two instances starting together on an empty database would both apply
  // the first migration and one would fail. The lock ends with the connection.
  const preparer = new pg.Client({ connectionString: url });
  preparer.on('error', () => undefined);
  await preparer.connect();
  try {
    await preparer.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);
    const db = drizzlePg(preparer, { schema, logger }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    opts.mark('migrations');
    await opts.prepare?.(db);
  } finally {
    await preparer.end().catch(() => undefined);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes a threshold,
    // which a report over a year of payments does, and the compiling took 170 ms of a statement that
    // runs in 300 (a year's collections with a million transactions). Requests here are short.
    options: '-c jit=off',
    ...(serving && {
      connectionTimeoutMillis: SERVING_TIMEOUTS.connectMs,
      statement_timeout: SERVING_TIMEOUTS.statementMs,
      query_timeout: SERVING_TIMEOUTS.clientMs,
      // A server that vanished without closing its sockets is noticed by the kernel's probes.
      keepAlive: true,
    }),
  });
  // An idle connection the server cut (an outage, a restart) is reported here; with no listener,
  // node-postgres would throw it and end the process. The pool opens a new one on the next query.
  pool.on('error', (error) => {
    log?.warn({ cause: error.message }, 'A database connection was lost; a new one opens when needed.');
  });
  keepCutConnectionsQuiet(pool);
  try {
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    // A job's lock is held for its whole run, and a run waits for another instance's: on
    // connections of their own, outside the serving pool's timeouts (and its ten connections).
    const lockPool = new pg.Pool({ connectionString: url, max: 4 });
    lockPool.on('error', (error) => {
      log?.warn({ cause: error.message }, 'A lock connection was lost; its lock ended with it.');
    });
    keepCutConnectionsQuiet(lockPool);
    return {
      db,
      kind: 'postgres',
      location: redact(url),
      locks: postgresLocks(lockPool),
      close: async () => {
        await endPool(lockPool, log);
        await endPool(pool, log);
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/**
 * Every connection of the pool keeps an error listener for its whole life. The pool listens to its
 * idle connections only, and a caller that holds one (a transaction, a job's lock) may let it go
 * between two statements: a connection cut then (an outage, a fast shutdown's "terminating
 * connection") would throw its error with no listener and end the process. Its own next query fails
 * instead, and the pool drops it when it is released.
 */
function keepCutConnectionsQuiet(pool: pg.Pool) {
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
}

/** How long a stop waits for the pool's connections to close. */
const POOL_END_WAIT_MS = 5_000;

/**
 * Ends the pool, waiting at most POOL_END_WAIT_MS: pg's end() waits for every connection to be
 * closed by the server, and after an outage one was seen to take two minutes (its cause not found).
 * A stopping server does not wait on a database that does not answer; what is left ends with the process.
 */
async function endPool(pool: pg.Pool, log: DatabaseLog | undefined) {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    pool.end().then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), POOL_END_WAIT_MS);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
  if (!ended) {
    log?.warn(
      { connections: pool.totalCount, idle: pool.idleCount },
      'Database connections did not close in time; they end with the process.',
    );
  }
}

function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
