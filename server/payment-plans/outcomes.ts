/**
 * What staff see of a plan payment: the outcome of a card charge or desk payment, and Process Declines
 * (every declined cycle charged again, one by one, stopping at the first decline).
 */
import * as contract from '../../embed-sdk/contract/paymentPlan.js';
import { asBusinessError } from '../cardProviderFailure.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { isPastDue } from '../domain/payment-plans/scheduleChanges.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { chargeDetail, requestedDetailKey, type RecordedCharge } from './charges.js';
import { planOrNotFound } from './records.js';
import { transactionsByChargeKeys } from '../transactions/store.js';
import { planOfDetail, scheduleOf } from './store.js';
import { outcomeOf } from '../transactions/chargeRecord.js';
import { findLedgerItem } from '../transactions/paymentLedger.js';

/** A card charge's outcome; a provider that refused or failed is answered in the front desk's words. */
export async function charged(
  ctx: AppContext,
  charge: Promise<RecordedCharge>,
): Promise<contract.ChargeOutcome> {
  let recorded: RecordedCharge;
  try {
    recorded = await charge;
  } catch (error) {
    return asBusinessError(error, ctx.log);
  }
  return outcomeOf(recorded.transaction);
}

/** The plan a row of the schedule belongs to; 404 for another practice's row. */
export async function planOfDetailOrNotFound(ctx: AppContext, practice: PracticeId, detailId: number) {
  const planId = await planOfDetail(ctx.db, practice, detailId);
  if (planId === null) throw new NotFoundError('The payment plan detail');
  return planId;
}

/** An item of a plan's ledger; 404 for another practice's. */
export async function ledgerItemOrNotFound(ctx: AppContext, practice: PracticeId, ledgerId: number) {
  const item = await findLedgerItem(ctx.db, practice, ledgerId);
  if (!item) throw new NotFoundError('The ledger item');
  return item;
}

/**
 * Process Declines: each past-due cycle charged again; the first decline stops the run. Each charge is
 * the request's own (its key from the request's Idempotency-Key): run again after its server stopped,
 * the request goes over the rows its first run charged too, whose payments (or claims) answer.
 */
export async function retryDeclines(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  requestKey: string,
) {
  const plan = await planOrNotFound(ctx.db, practice, planId);
  const rows = await scheduleOf(ctx.db, practice, plan.id);
  const ownKeys = rows.map((r) => requestedDetailKey('RETRY', r.id!, requestKey));
  // What a first run of this request charged: recorded, or claimed when its server stopped.
  const chargedBefore = new Set(
    (await transactionsByChargeKeys(ctx.db, practice, ownKeys)).map((t) => t.chargeKey),
  );
  if (plan.pendingCharge) chargedBefore.add(plan.pendingCharge.key);
  const declined = rows.filter((r, i) => (isPastDue(r) && r.amountDue > 0) || chargedBefore.has(ownKeys[i]!));
  const results: (contract.ChargeOutcome & { paymentPlanDetailId: number })[] = [];
  for (const row of declined) {
    let outcome: contract.ChargeOutcome;
    try {
      outcome = await charged(ctx, chargeDetail(ctx, practice, plan.id, row.id!, 'RETRY', requestKey));
    } catch (error) {
      if (error instanceof BusinessError) throw new BusinessError(contract.PLAN_MESSAGES.declinesFailed);
      throw error;
    }
    results.push({ ...outcome, paymentPlanDetailId: row.id! });
    // The card declined again: the others would too.
    if (!outcome.isApproved) throw new BusinessError(contract.PLAN_MESSAGES.declinesFailed);
  }
  return { results, planId: plan.id };
}
