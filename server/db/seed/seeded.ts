/**
 * Whether the database holds the demo data, apart from the seed itself: a server starting on a
 * seeded folder asks this and never loads the seed's modules (faker and the builders, about a third
 * of a second of every start).
 */
import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companies } from '../schema/index.js';

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) > 0;
}
