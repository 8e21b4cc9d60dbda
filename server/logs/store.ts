/**
 * The server log's queries. The log is the platform's, not a practice's: a line names the practice
 * it concerns (`company_id`), and only the admin area reads it (every practice's).
 */
import { and, desc, eq, gt, gte, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverLogs } from '../db/schema/index.js';
import { likeAnywhere } from '../domain/patients/searchTerm.js';

export type LogRow = typeof serverLogs.$inferInsert;
export type StoredLogRow = typeof serverLogs.$inferSelect;

export async function insertLogRows(db: Db, rows: LogRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(serverLogs).values(rows);
}

export interface LogFilter {
  /** pino's number: this level and above. */
  minLevel?: number;
  companyId?: number;
  requestId?: string;
  text?: string;
  from?: Date;
  to?: Date;
  /** Lines stored up to this one (a list's later pages). */
  upTo?: number;
  /** Lines stored after this one (a tail). */
  after?: number;
}

function conditions(f: LogFilter): SQL | undefined {
  const t = serverLogs;
  return and(
    f.minLevel !== undefined ? gte(t.level, f.minLevel) : undefined,
    f.companyId !== undefined ? eq(t.companyId, f.companyId) : undefined,
    f.requestId !== undefined ? eq(t.requestId, f.requestId) : undefined,
    // Exactly the expression of the trigram index server_logs_text.
    f.text
      ? sql`lower(${t.message} || ' ' || ${t.fields}::text) like ${likeAnywhere(f.text.toLowerCase())}`
      : undefined,
    f.from !== undefined ? gte(t.time, f.from) : undefined,
    f.to !== undefined ? lte(t.time, f.to) : undefined,
    f.upTo !== undefined ? lte(t.id, f.upTo) : undefined,
    f.after !== undefined ? gt(t.id, f.after) : undefined,
  );
}

/** Matching lines, newest first. */
export async function findLogLines(
  db: Db,
  filter: LogFilter,
  page: { offset: number; limit: number },
): Promise<StoredLogRow[]> {
  return db
    .select()
    .from(serverLogs)
    .where(conditions(filter))
    .orderBy(desc(serverLogs.time), desc(serverLogs.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many lines match, counted up to `cap` (then `capped`). */
export async function countLogLines(
  db: Db,
  filter: LogFilter,
  cap: number,
): Promise<{ count: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(serverLogs)
    .where(conditions(filter))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = row?.n ?? 0;
  return { count: Math.min(n, cap), capped: n > cap };
}

/** The newest line's id (0 when there is none). */
export async function newestLogId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(serverLogs.id) }).from(serverLogs);
  return Number(row?.id ?? 0);
}

/** Deletes the lines logged before `before`, and the oldest past the newest `keep`; how many. */
export async function deleteOldLogLines(db: Db, before: Date, keep: number): Promise<number> {
  const old = await db.delete(serverLogs).where(lt(serverLogs.time, before)).returning({ id: serverLogs.id });
  const [edge] = await db
    .select({ id: serverLogs.id })
    .from(serverLogs)
    .orderBy(desc(serverLogs.id))
    .offset(keep)
    .limit(1);
  const over = edge
    ? await db.delete(serverLogs).where(lte(serverLogs.id, edge.id)).returning({ id: serverLogs.id })
    : [];
  return old.length + over.length;
}
