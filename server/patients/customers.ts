/** One of the practice's customers for another capability's flow, or the 404 it answers without one. */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';
import { findCustomer, type CustomerRecord } from './store.js';

/** Another practice's customer answers as one that does not exist. */
export async function customerOrNotFound(
  ctx: AppContext,
  practice: PracticeId,
  customerId: number,
): Promise<CustomerRecord> {
  const customer = await findCustomer(ctx.db, practice, customerId);
  if (!customer) throw new NotFoundError('The customer');
  return customer;
}
