/** A practice's own records that many routes read: the practice itself and its customers. */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { companies, customers } from './schema.js';

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
