/** A practice's own records that many routes read: the practice itself and its customers. */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { companies, customers } from './schema/index.js';

export async function findCompany(db: Db | Tx, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  return company ?? null;
}

/** A customer of this practice; null for another practice's (as for one that does not exist). */
export async function findCustomer(db: Db | Tx, companyId: number, customerId: number) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return customer ?? null;
}

/**
 * Practices' rows by id, kept in memory: every widget reads its practice when it starts (the
 * server-rendered first view too), and a practice's settings change only when it is seeded. Code
 * that ever updates a practice's row calls `forget` for it.
 */
export class CompanyCache {
  private rows = new Map<number, Promise<typeof companies.$inferSelect | null>>();
  constructor(private db: Db) {}

  get(companyId: number) {
    let row = this.rows.get(companyId);
    if (!row) {
      row = findCompany(this.db, companyId);
      this.rows.set(companyId, row);
      // A failed read is not remembered.
      row.catch(() => this.rows.delete(companyId));
    }
    return row;
  }

  forget(companyId: number) {
    this.rows.delete(companyId);
  }
}
