/** The caller's practice and one of its customers, or the 404 a route answers without them. */
import type { AppContext } from '../context.js';
import { asPracticeId } from '../db/scope.js';
import { customerOrNotFound } from '../patients/customers.js';
import { practiceOrNotFound } from '../practices/practices.js';

export async function practiceRecord(ctx: AppContext, companyId: number) {
  return practiceOrNotFound(ctx, asPracticeId(companyId));
}

/** Another practice's customer answers as one that does not exist. */
export async function customerRecord(ctx: AppContext, companyId: number, customerId: number) {
  return customerOrNotFound(ctx, asPracticeId(companyId), customerId);
}
