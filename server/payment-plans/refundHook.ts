/**
 * A plan payment refunded or voided (transactions/refundVoid.ts calls this hook): the rows the payment
 * paid are owed again (domain/payment-plans/scheduleChanges.ts revertPayment), so a COMPLETE plan
 * becomes ACTIVE again; `setActive` re-activates a canceled one.
 */
import { practiceOfRecord } from '../db/scope.js';
import { revertPayment, type ScheduleRow } from '../domain/payment-plans/scheduleChanges.js';
import type { PlanStatus } from '../domain/payment-plans/planStatus.js';
import type { SourceHook } from '../transactions/sourceHooks.js';
import { activatePlan } from './changes.js';
import { commitSchedule, findPlan, scheduleOf } from './store.js';
import { ledgerItemOfTransaction } from '../transactions/paymentLedger.js';

export const paymentPlanRefundHook: SourceHook = {
  async afterRefundOrVoid(ctx, { tx, payment: t, setActive, now, today }) {
    if (t.paymentPlanId === null) return { paymentPlanStatus: null, membershipStatus: null };
    const practice = practiceOfRecord(t);
    const plan = await findPlan(tx, practice, t.paymentPlanId, { lock: true });
    const item = await ledgerItemOfTransaction(tx, practice, t.id);
    const before = await scheduleOf(tx, practice, plan!.id);
    // Rows paid by this payment carry its reference; seeded cash cycles only the ledger's link.
    const paidBy = (row: ScheduleRow) =>
      row.referenceId === t.referenceId || (row.referenceId === null && row.id === item?.paymentPlanDetailId);
    const after = revertPayment(before, paidBy, today);
    let { status } = await commitSchedule(tx, plan!, before, after, { now, today });
    if (setActive && status === 'INACTIVE') {
      await activatePlan(ctx, practice, plan!.id, tx);
      const current = await findPlan(tx, practice, plan!.id);
      status = current!.status as PlanStatus;
    }
    return { paymentPlanStatus: status, membershipStatus: null };
  },

  async stateOf(db, practice, t) {
    const plan = t.paymentPlanId === null ? null : await findPlan(db, practice, t.paymentPlanId);
    return { paymentPlanStatus: (plan?.status as PlanStatus | undefined) ?? null, membershipStatus: null };
  },
};
