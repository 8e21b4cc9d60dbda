/**
 * The demo data: deterministic (a fixed random seed), so every fresh sandbox and every test starts
 * from the same practices, patients and payments. `npm run seed -- --scale N` makes N times the
 * patients for benchmarks.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companies } from '../schema.js';
import { seedPractices, seedUsers } from './practices.js';

export interface SeedOptions {
  /** Multiplies the number of patients (1 = about 2,400). */
  scale: number;
  /** The moment the demo data is built around; defaults to now. */
  now?: Date;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) > 0;
}

export async function seedDatabase(db: Db, opts: SeedOptions) {
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    await seedPractices(tx as unknown as Db, now);
    await seedUsers(tx as unknown as Db, now);
  });
}
