/** Helpers for the database tests: a private PGlite folder, and a fingerprint of the seeded data. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../server/db/client.js';

/** A migrated, empty PGlite database in its own temporary folder; `dispose` closes and deletes it. */
export async function openScratchPglite(): Promise<Database & { dispose(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chairside-seed-test-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'data') });
  return {
    ...database,
    async dispose() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every table the seed fills, with an order that makes its rows comparable. Users are left out: their password hashes are salted. */
const SEEDED_TABLES = [
  ['companies', 'id'],
  ['clinics', 'id'],
  ['patients', 'id'],
  ['customers', 'id'],
  ['appointments', 'id'],
  ['treatment_plans', 'id'],
  ['procedures', 'id'],
  ['payment_plans', 'id'],
  ['payment_plan_details', 'id'],
  ['payment_ledger', 'id'],
  ['practice_payments', 'id'],
  ['pay_splits', 'id'],
  ['insurance_payments', 'id'],
  ['insurance_payment_details', 'id'],
  ['claims', 'id'],
  ['claim_procedures', 'id'],
  ['company_notifications', 'id'],
  ['user_notifications', 'id'],
  ['user_notification_dismissals', 'user_id, user_notification_id'],
] as const;

/** An md5 of every seeded row per table, with times written in UTC so the two drivers agree. */
export async function seedDigest(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const digest: Record<string, string> = {};
    for (const [table, order] of SEEDED_TABLES) {
      const result = (await tx.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by ${order}), '')) as md5 from ${table} t`,
        ),
      )) as unknown as { rows: { n: number; md5: string }[] };
      digest[table] = `${result.rows[0]!.n}:${result.rows[0]!.md5}`;
    }
    return digest;
  });
}

/** Rows of a raw query, on either driver. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
