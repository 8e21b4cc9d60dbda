/**
 * Bulk inserts for the seed's big tables (patients, customers, procedures).
 *
 * A multi-row VALUES insert through Drizzle costs about as much to build (one parameter per cell,
 * 5,000 per chunk) as PGlite takes to run it. Passing one array per column to `unnest` sends eleven
 * parameters per chunk instead and halves the time of the big tables; it works the same on PGlite and
 * PostgreSQL. Rows still go 500 at a time so no statement grows without bound.
 *
 * The seed sets the ids itself (it is the only writer, inside its transaction), so nothing needs
 * RETURNING; `syncSequence` moves each serial past the ids used.
 */
import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.js';

export const CHUNK_SIZE = 500;

export function* chunks<T>(rows: readonly T[], size = CHUNK_SIZE): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Inserts `rows` (all with the same keys) in chunks, one `unnest` array per column. */
export async function insertMany<T extends PgTable>(db: Db, table: T, rows: readonly InferInsertModel<T>[]) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!).filter((k) => columns[k]);
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  for (const chunk of chunks(rows)) {
    const arrays = keys.map((k) => {
      const column = columns[k]!;
      const values = chunk.map((row) => {
        const value = (row as Record<string, unknown>)[k];
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      });
      return sql`${sql.param(values)}::${sql.raw(arrayType(column))}`;
    });
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

function arrayType(column: PgColumn): string {
  const type = column.getSQLType();
  // A serial is an integer with a sequence; the array of it is an integer array.
  if (type === 'serial') return 'integer[]';
  if (type === 'bigserial') return 'bigint[]';
  return `${type}[]`;
}

/** The first free id of a table with a serial `id` (1 on a fresh database). */
export async function nextId(db: Db, table: PgTable & { id: PgColumn }): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${table.id})` }).from(table);
  return Number(row?.max ?? 0) + 1;
}

/** Moves a table's id sequence past the ids the seed set, so the next insert gets a free one. */
export async function syncSequence(db: Db, table: PgTable) {
  const name = getTableName(table);
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
  );
}
