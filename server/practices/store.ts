/**
 * The practices themselves (companies): each practice's own row, which every capability reads for its
 * settings (gateway, surcharge, membership days), and the directory of practices a person may enter.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { companies } from '../db/schema/practices.js';
import type { PracticeId } from '../db/scope.js';

export type PracticeRecord = typeof companies.$inferSelect;

/** The practice's own row. */
export async function findPractice(db: Db | Tx, practice: PracticeId): Promise<PracticeRecord | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, practice));
  return company ?? null;
}

// ── The directory: practices by id, across practices ─────────────────────────────────────────
// A person belongs to several practices and an administrator may enter any: these read the
// directory of practices itself, not one practice's records.

/** Whether a practice with this id exists. */
export async function practiceExists(db: Db | Tx, companyId: number): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return company !== undefined;
}

/** These practices, by name. */
export async function practicesNamed(db: Db | Tx, companyIds: number[]): Promise<PracticeRecord[]> {
  if (companyIds.length === 0) return [];
  return db.select().from(companies).where(inArray(companies.id, companyIds)).orderBy(asc(companies.name));
}

/** Every practice, by name (the administrator's list). */
export async function everyPractice(db: Db | Tx): Promise<PracticeRecord[]> {
  return db.select().from(companies).orderBy(asc(companies.name));
}

/** Every practice's id (settings applied to all of them at start-up). */
export async function everyPracticeId(db: Db | Tx): Promise<number[]> {
  const rows = await db.select({ id: companies.id }).from(companies);
  return rows.map((r) => r.id);
}
