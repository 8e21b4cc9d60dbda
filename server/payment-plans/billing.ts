/**
 * The billing run: what the sandbox does on its own for payment plans, by the sandbox clock. It runs
 * on the server's timer (every minute) and whenever the clock is moved forward.
 *
 * - Charges whose claim outlived its lease are replayed and recorded first (see charges.ts).
 * - Each ACTIVE card plan is charged for its due cycles (billed on or before today, not processed),
 *   one at a time, oldest first, with the plan's surcharge. An approval pays the cycle; a decline
 *   makes it past due and raises the bell's past-due notification.
 * - A cash or check plan's cycle that was not paid at the desk by the end of its billing day is
 *   missed: past due, with the same notification. A card plan whose card is gone (or that the
 *   provider refuses outright) misses its due cycles the same way.
 * - Rows with nothing due are skipped when their day comes; a plan with nothing owed is COMPLETE.
 * - Each morning from 07:00 the bell repeats the past due of every plan still past due whose
 *   notifications are not paused.
 *
 * Running twice bills nothing twice: a processed cycle is never due again, and a charge's key is its
 * row and attempt, so even a charge repeated at the provider is the first one.
 */
import { CardProviderError } from '../card-provider/gateway.js';
import type { AppContext } from '../context.js';
import { practiceOfRecord } from '../db/scope.js';
import {
  commitSchedule,
  findPlan,
  pastDuePlansToRemind,
  plansDueBy,
  raisePastDue,
  scheduleOf,
  type PlanRecord,
} from './store.js';
import { addLedgerItem } from '../transactions/paymentLedger.js';
import { findCard } from '../saved-cards/store.js';
import { cycleCountOf, dueRows, pastDueOf, rowDescription } from '../domain/payment-plans/scheduleChanges.js';
import { chargeDetail, recoverStaleCharges } from './charges.js';

export const MISSED_CASH_REASON = 'Payment not received by the billing date.';
export const NO_CARD_REASON = 'No card on file.';
export const CARD_REFUSED_REASON = 'The card processor refused the card on file.';
/** The hour of the morning past-due reminder in the bell. */
export const PAST_DUE_SWEEP_HOUR = 7;

/**
 * Rows that cannot be charged become past due: a cash plan's rows once their billing day has passed,
 * a card plan's due rows when it has no usable card. Rows with nothing due are skipped on their day.
 */
async function recordMissed(
  ctx: AppContext,
  planOf: PlanRecord,
  why: 'CASH' | 'NO_CARD' | 'REFUSED' | 'NONE',
) {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const practice = practiceOfRecord(planOf);
  await ctx.db.transaction(async (tx) => {
    const plan = await findPlan(tx, practice, planOf.id, { lock: true });
    if (!plan || plan.status !== 'ACTIVE' || plan.pendingCharge) return;
    const before = await scheduleOf(tx, practice, plan.id);
    const missed = before.filter(
      (r) =>
        !r.processedToLedger &&
        r.amountDue > 0 &&
        (why === 'CASH' ? r.billingDate < today : why !== 'NONE' && r.billingDate <= today),
    );
    const ids = new Set(missed.map((r) => r.id));
    const after = before.map((r) =>
      ids.has(r.id) ? { ...r, processedToLedger: true, disposition: 'DECLINED' as const } : r,
    );
    for (const row of missed) {
      await addLedgerItem(tx, practice, {
        paymentPlanId: plan.id,
        paymentPlanDetailId: row.id,
        kind: 'PAYMENT',
        dateTime: now,
        description: rowDescription(row, cycleCountOf(before)),
        fundingSource: why === 'CASH' ? 'CASH' : 'CARD',
        amount: row.amountDue,
        orderAmount: row.amountDue,
        surcharge: 0,
        status: 'DECLINED',
        reason:
          why === 'CASH' ? MISSED_CASH_REASON : why === 'NO_CARD' ? NO_CARD_REASON : CARD_REFUSED_REASON,
      });
    }
    const { rows } = await commitSchedule(tx, plan, before, after, { now, today });
    if (missed.length > 0) await raisePastDue(tx, plan, pastDueOf(rows), now);
  });
}

/** Bills one plan for what is due by the sandbox clock's today. */
export async function billPlan(ctx: AppContext, plan: PlanRecord) {
  if (plan.status !== 'ACTIVE') return;
  const card =
    !plan.isCash && plan.customerSavedCardId
      ? await findCard(ctx.db, practiceOfRecord(plan), plan.customerSavedCardId)
      : null;
  const chargeable = card?.isActive === true;
  await recordMissed(ctx, plan, plan.isCash ? 'CASH' : chargeable ? 'NONE' : 'NO_CARD');
  if (!chargeable) return;
  for (const row of dueRows(await scheduleOf(ctx.db, practiceOfRecord(plan), plan.id), ctx.clock.today())) {
    try {
      await chargeDetail(ctx, practiceOfRecord(plan), plan.id, row.id!, 'BILLING');
    } catch (error) {
      if (error instanceof CardProviderError && error.status < 500) {
        // The provider will not charge this card (unknown to it): the cycles are missed, not retried forever.
        ctx.log.warn(
          { err: error, planId: plan.id, detailId: row.id },
          'card provider refused a plan charge',
        );
        await recordMissed(ctx, plan, 'REFUSED');
        return;
      }
      // Another charge of the plan under way, or the provider unreachable: the next run takes it up.
      ctx.log.info({ err: error, planId: plan.id, detailId: row.id }, 'plan cycle not charged');
      return;
    }
  }
}

/** The morning repeat of each past due in the bell, once a day per plan. */
async function pastDueSweep(ctx: AppContext) {
  const now = ctx.clock.now();
  const sweep = new Date(now.getFullYear(), now.getMonth(), now.getDate(), PAST_DUE_SWEEP_HOUR);
  if (now < sweep) return;
  const pastDue = await pastDuePlansToRemind(ctx.db, sweep);
  for (const { plan, amount } of pastDue) {
    await ctx.db.transaction((tx) => raisePastDue(tx, plan, amount, now));
  }
}

/** The billing job: every ACTIVE plan with something due by today. */
export async function runPlanBilling(ctx: AppContext) {
  await recoverStaleCharges(ctx);
  const today = ctx.clock.today();
  const due = await plansDueBy(ctx.db, today);
  for (const { id, companyId } of due) {
    try {
      const plan = await findPlan(ctx.db, practiceOfRecord({ companyId }), id);
      if (plan) await billPlan(ctx, plan);
    } catch (error) {
      ctx.log.error({ err: error, planId: id }, 'billing a payment plan failed');
    }
  }
  await pastDueSweep(ctx);
}

export const planBillingJob = { name: 'payment plan billing', run: runPlanBilling };
