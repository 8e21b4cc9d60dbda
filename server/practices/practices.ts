/** The caller's practice, or the 404 a flow answers without it. */
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { NotFoundError } from '../errors.js';
import { findPractice, type PracticeRecord } from './store.js';

export async function practiceOrNotFound(ctx: AppContext, practice: PracticeId): Promise<PracticeRecord> {
  const company = await findPractice(ctx.db, practice);
  if (!company) throw new NotFoundError('The practice');
  return company;
}

/** The practice's own row as the contract's current company. */
export async function currentPractice(ctx: AppContext, practice: PracticeId) {
  const company = await ctx.companies.get(practice);
  if (!company) throw new NotFoundError('The practice');
  return company;
}
