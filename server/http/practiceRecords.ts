/** The caller's practice and one of its customers, or the 404 a route answers without them. */
import type { AppContext } from '../context.js';
import { findCompany, findCustomer } from '../db/practice.js';
import { NotFoundError } from '../errors.js';

export async function practiceRecord(ctx: AppContext, companyId: number) {
  const company = await findCompany(ctx.db, companyId);
  if (!company) throw new NotFoundError('The practice');
  return company;
}

/** Another practice's customer answers as one that does not exist. */
export async function customerRecord(ctx: AppContext, companyId: number, customerId: number) {
  const customer = await findCustomer(ctx.db, companyId, customerId);
  if (!customer) throw new NotFoundError('The customer');
  return customer;
}
