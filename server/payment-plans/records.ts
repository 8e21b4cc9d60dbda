/**
 * What the plan's money flows share: the refusals as business errors, and the plan a handler works on
 * (404 for another practice's).
 */
import { findPlan, type PlanRecord } from './store.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { ScheduleRuleError } from '../domain/payment-plans/scheduleChanges.js';
import { PLAN_REFUSALS, refusalToChange, type PlanStatus } from '../domain/payment-plans/planStatus.js';
import { BusinessError, NotFoundError } from '../errors.js';

/** Runs pure schedule rules; their refusals become business refusals (200, shown in a banner). */
export function underRules<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof ScheduleRuleError) throw new BusinessError(error.message);
    throw error;
  }
}

export async function planOrNotFound(
  db: Db | Tx,
  practice: PracticeId,
  planId: number,
  opts: { lock?: boolean } = {},
) {
  const plan = await findPlan(db, practice, planId, opts);
  if (!plan) throw new NotFoundError('The payment plan');
  return plan;
}

/**
 * The plan, locked, for a change of its schedule, card or balance: not canceled, and no card charge
 * under way (it was priced from the schedule as it was).
 */
export async function planForChange(tx: Tx, practice: PracticeId, planId: number): Promise<PlanRecord> {
  const plan = await planOrNotFound(tx, practice, planId, { lock: true });
  const refusal = refusalToChange(plan.status as PlanStatus);
  if (refusal) throw new BusinessError(refusal);
  if (plan.pendingCharge) throw new BusinessError(PLAN_REFUSALS.chargeInProgress);
  return plan;
}
