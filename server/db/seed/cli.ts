/**
 * `npm run seed -- --scale N [--data-dir DIR] [--reset] [--now ISO-DATE]`
 *
 * Seeds the PGlite data folder (--data-dir, else CHAIRSIDE_DATA_DIR, else .data/pglite) or the
 * PostgreSQL database of DATABASE_URL with the demo data, N times the patients. It refuses a database
 * that already has data unless --reset is given, and never touches a folder a running server holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database, type Db } from '../client.js';
import { DataDirLockedError, lockDataDir } from '../lock.js';
import {
  appointments,
  companies,
  companyNotifications,
  customerMembershipBillings,
  customers,
  patients,
  paymentPlans,
  procedures,
  transactions,
  treatmentPlans,
  users,
} from '../schema/index.js';
import { seedTransactionHistory } from './history.js';
import { MIN_SCALE, seedDatabase } from './index.js';

const USAGE = `Usage: npm run seed -- [--scale N] [--transactions N] [--data-dir DIR] [--reset] [--now ISO-DATE]

  --scale N        multiply the demo patients by N (1 = 2,200; 40 = 88,000). Default 1.
  --transactions N add N past transactions over the last two years (1000000 for the list's
                   benchmark: a minute or two), written by the database from generate_series.
  --data-dir DIR   the PGlite data folder (default: CHAIRSIDE_DATA_DIR, else .data/pglite).
                   Without it, DATABASE_URL selects a PostgreSQL database instead.
  --reset          replace existing data: deletes the PGlite folder, or drops and recreates the
                   public and drizzle schemas of the PostgreSQL database.
  --now ISO-DATE   build the data around this moment instead of now (same moment, same data).`;

/** A problem the person running the command can fix; printed without a stack trace. */
class CliError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: '1' },
      transactions: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale < MIN_SCALE) {
    throw new CliError(`--scale must be a number of at least ${MIN_SCALE}, got "${values.scale}".`, true);
  }
  const transactions = Number(values.transactions);
  if (!Number.isInteger(transactions) || transactions < 0) {
    throw new CliError(`--transactions must be a whole number, got "${values.transactions}".`, true);
  }
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime())) {
    throw new CliError(`--now must be a date such as 2025-03-14T16:30:00Z, got "${values.now}".`, true);
  }
  return { scale, transactions, now, dataDir: values['data-dir'], reset: values.reset, help: values.help };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env);
  if (options.dataDir && config.databaseUrl) {
    throw new CliError(
      'Both DATABASE_URL and --data-dir are set. Unset DATABASE_URL to seed a PGlite folder, or drop --data-dir to seed PostgreSQL.',
    );
  }
  // npm runs scripts from the package root; a relative folder means one relative to where the person typed it.
  const dataDir = options.dataDir
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), options.dataDir)
    : config.dataDir;
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${dataDir}`;

  if (options.reset) {
    if (config.databaseUrl) await resetPostgres(config.databaseUrl);
    else await resetPglite(dataDir);
    console.log(`Reset ${target}.`);
  }

  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  try {
    const tOpen = performance.now();
    const existing = await existingData(database.db);
    if (existing) {
      throw new CliError(`${target} already has data (${existing}). Run again with --reset to replace it.`);
    }
    console.log(`Seeding ${target} at scale ${options.scale} around ${options.now.toISOString()}…`);
    await seedDatabase(database.db, { scale: options.scale, now: options.now });
    if (options.transactions > 0) {
      const tHistory = performance.now();
      console.log(`Adding ${options.transactions.toLocaleString('en-US')} past transactions…`);
      await database.db.transaction(async (tx) => {
        // VACUUM marks a page all-visible only once the commit that wrote it is on disk; a server
        // that commits asynchronously (a test cluster) would leave it unmarked. So this one waits.
        await tx.execute(sql`set local synchronous_commit = on`);
        await seedTransactionHistory(tx as unknown as Db, options.now, options.transactions);
      });
      // Statistics for the planner, and the visibility map that lets a count read an index alone.
      await database.db.execute(sql`vacuum analyze transactions`);
      console.log(`  in ${seconds(performance.now() - tHistory)}.`);
    }
    const tSeed = performance.now();
    await printCounts(database);
    console.log(
      `\nSeeded in ${seconds(tSeed - tOpen)} (opening and migrating took ${seconds(tOpen - t0)}; ${seconds(tSeed - t0)} in all).`,
    );
  } finally {
    await database.close();
  }
}

/** Deletes the folder while holding its lock, so a running server's data is never pulled away. */
async function resetPglite(dataDir: string) {
  if (!fs.existsSync(dataDir)) return;
  const release = await lockDataDir(dataDir);
  try {
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await release();
  }
}

async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

/** A description of what is there already, or null for an empty database. */
async function existingData(db: Db): Promise<string | null> {
  const found: string[] = [];
  for (const [label, table] of [
    ['practices', companies],
    ['users', users],
    ['patients', patients],
  ] as const) {
    const [row] = await db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0) found.push(`${row!.n.toLocaleString('en-US')} ${label}`);
  }
  return found.length > 0 ? found.join(', ') : null;
}

const COUNTED: [string, PgTable & { companyId: PgColumn }][] = [
  ['patients', patients],
  ['customers', customers],
  ['appointments', appointments],
  ['procedures', procedures],
  ['treatment plans', treatmentPlans],
  ['payment plans', paymentPlans],
  ['memberships', customerMembershipBillings],
  ['transactions', transactions],
  ['notifications', companyNotifications],
];

async function printCounts({ db }: Database) {
  const practices = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .orderBy(companies.id);
  const counts = new Map<string, Map<number, number>>();
  for (const [label, table] of COUNTED) {
    const rows = await db
      .select({ companyId: table.companyId, n: count() })
      .from(table)
      .groupBy(table.companyId);
    counts.set(label, new Map(rows.map((r) => [Number(r.companyId), r.n])));
  }
  const [due] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.requiresPayment, true), eq(appointments.status, 'COMPLETE')));

  const nameWidth = Math.max(...practices.map((p) => p.name.length), 'total'.length);
  const header = ['practice'.padEnd(nameWidth), ...COUNTED.map(([label]) => label)].join('  ');
  console.log(`\n${header}`);
  const line = (name: string, value: (label: string) => number) =>
    console.log(
      [
        name.padEnd(nameWidth),
        ...COUNTED.map(([label]) => value(label).toLocaleString('en-US').padStart(label.length)),
      ].join('  '),
    );
  for (const p of practices) line(p.name, (label) => counts.get(label)!.get(p.id) ?? 0);
  line('total', (label) => [...counts.get(label)!.values()].reduce((a, b) => a + b, 0));
  console.log(`(${due?.n ?? 0} completed appointments need payment.)`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code ?? '';
  if (error instanceof CliError) {
    console.error(error.showUsage ? `${error.message}\n\n${USAGE}` : error.message);
  } else if (code.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
  } else if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid server configuration'))
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
