/**
 * What the plan's money flows share: the refusals as business errors, the plan a handler works on
 * (404 for another practice's), the transaction and ledger rows a payment writes, and the realtime
 * event every transaction pushes to the practice.
 */
import type { TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import type { AppContext } from '../context.js';
import { findPlan, type PlanRecord, type TransactionRecord } from '../db/paymentPlans.js';
import type { Db, Tx } from '../db/client.js';
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
  companyId: number,
  planId: number,
  opts: { lock?: boolean } = {},
) {
  const plan = await findPlan(db, companyId, planId, opts);
  if (!plan) throw new NotFoundError('The payment plan');
  return plan;
}

/**
 * The plan, locked, for a change of its schedule, card or balance: not canceled, and no card charge
 * under way (it was priced from the schedule as it was).
 */
export async function planForChange(tx: Tx, companyId: number, planId: number): Promise<PlanRecord> {
  const plan = await planOrNotFound(tx, companyId, planId, { lock: true });
  const refusal = refusalToChange(plan.status as PlanStatus);
  if (refusal) throw new BusinessError(refusal);
  if (plan.pendingCharge) throw new BusinessError(PLAN_REFUSALS.chargeInProgress);
  return plan;
}

/** Who paid, as the transaction records it. */
export function payerColumns(customer: {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}) {
  return {
    customerId: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email || null,
    phone: customer.cell || null,
  };
}

/** TransactionProcessed to the practice's connections: a payment, or its refund or void. */
export function publishTransaction(
  ctx: AppContext,
  t: TransactionRecord,
  refundVoidReferenceId: string | null = null,
) {
  const event: TransactionProcessed = {
    transactionId: t.id,
    referenceId: t.referenceId,
    refundVoidReferenceId,
    status: t.status as TransactionProcessed['status'],
    source: t.source as TransactionProcessed['source'],
    amount: t.amount,
    customerId: t.customerId,
    notificationId: t.notificationId,
    paymentPlanId: t.paymentPlanId,
    customerMembershipBillingId: t.customerMembershipBillingId,
    practiceManagementStatus: t.practiceManagementStatus,
  };
  ctx.realtime.publish(t.companyId, 'TransactionProcessed', [event]);
}
