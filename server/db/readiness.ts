/**
 * Whether this instance may be sent traffic: its database answers, and every migration this code
 * ships is applied to it. A load balancer asks often, while the database may be hanging, so the
 * answer comes within READINESS_TIMEOUT_MS whatever the database does, and callers that ask while a
 * check is under way share it instead of piling more queries onto a pool that may be stuck.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Readiness } from '../../embed-sdk/contract/health.js';
import { migrationsFolder, type Database } from './client.js';

/** Well under the 5 s: a probe never waits for a database that does not answer. */
export const READINESS_TIMEOUT_MS = 2_000;

export const DATABASE_UNREACHABLE = 'The database cannot be reached.';
export const migrationsMissing = (tags: string[]) => `Migrations are not applied: ${tags.join(', ')}.`;

export type ReadinessAnswer = ({ ready: true } & Readiness) | { ready: false; problem: string };

interface Migration {
  tag: string;
  /** The journal's `when`, which drizzle's migrator stores as `created_at` of the applied row. */
  when: number;
}

let shipped: Migration[] | undefined;
/** The migrations of this code, read once: the folder is what this process migrated at start-up. */
function shippedMigrations(): Migration[] {
  shipped ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Migration[];
    }
  ).entries.map(({ tag, when }) => ({ tag, when }));
  return shipped;
}

/** PostgreSQL's codes for "no such table" and "no such schema": a database never migrated. */
const NOT_MIGRATED = new Set(['42P01', '3F000']);

async function check(database: Database): Promise<ReadinessAnswer> {
  let applied: Set<number>;
  try {
    const result = (await database.db.execute(
      sql`select created_at from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { created_at: string | number | bigint }[] };
    applied = new Set(result.rows.map((r) => Number(r.created_at)));
  } catch (error) {
    if (!NOT_MIGRATED.has(codeOf(error) ?? '')) throw error;
    applied = new Set();
  }
  const migrations = shippedMigrations();
  const missing = migrations.filter((m) => !applied.has(m.when)).map((m) => m.tag);
  if (missing.length > 0) return { ready: false, problem: migrationsMissing(missing) };
  return {
    ready: true,
    database: database.kind,
    migrations: migrations.length,
    lastMigration: migrations.at(-1)?.tag ?? '',
  };
}

interface State {
  inFlight?: Promise<ReadinessAnswer>;
  /** The last problem logged, so that a probe every second logs a change once, not every time. */
  lastProblem: string | null;
}
const states = new WeakMap<Database, State>();

export interface ReadinessLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

export function checkReadiness(
  database: Database,
  log?: ReadinessLog,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<ReadinessAnswer> {
  let state = states.get(database);
  if (!state) states.set(database, (state = { lastProblem: null }));
  if (state.inFlight) return state.inFlight;
  const current = state;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const run = Promise.race([check(database), timedOut])
    .catch((error: unknown): ReadinessAnswer & { cause?: string } => ({
      ready: false,
      problem: DATABASE_UNREACHABLE,
      cause: messageOf(error),
    }))
    .then(({ cause, ...answer }: ReadinessAnswer & { cause?: string }): ReadinessAnswer => {
      const problem = answer.ready ? null : answer.problem;
      if (problem !== null && problem !== current.lastProblem) log?.warn({ cause }, `Not ready: ${problem}`);
      if (problem === null && current.lastProblem !== null) log?.info('Ready again: the database answers.');
      current.lastProblem = problem;
      return answer;
    })
    .finally(() => {
      clearTimeout(timer);
      current.inFlight = undefined;
    });
  current.inFlight = run;
  return run;
}

/** The driver's error under drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
function codeOf(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { message, code } = e as { message?: string; code?: string };
    parts.push([code, message?.split('\n')[0]].filter(Boolean).join(' '));
  }
  return parts.join(': ') || String(error);
}
