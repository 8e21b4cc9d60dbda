/**
 * Opens the database: embedded PGlite in a data folder by default, PostgreSQL when DATABASE_URL is
 * set. Both run the same generated SQL migrations at start-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
}): Promise<Database> {
  const mark = opts.mark ?? (() => undefined);
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, mark, opts.logger, opts.log);
  return openPglite(opts.dataDir, mark, opts.logger, opts.log);
}

export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

async function openPglite(
  dataDir: string,
  mark: (step: string) => void,
  logger?: Logger,
  log?: DatabaseLog,
): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir, log);
  mark('data folder lock');
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir);
    mark('PGlite open');
    const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    mark('migrations');
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

async function openPostgres(
  url: string,
  mark: (step: string) => void,
  logger?: Logger,
  log?: DatabaseLog,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server cut (an outage, a restart) is reported here; with no listener,
  // node-postgres would throw it and end the process. The pool opens a new one on the next query.
  pool.on('error', (error) => {
    log?.warn({ cause: error.message }, 'A database connection was lost; a new one opens when needed.');
  });
  try {
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    mark('migrations');
    return {
      db,
      kind: 'postgres',
      location: redact(url),
      locks: postgresLocks(pool),
      close: () => pool.end(),
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
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
