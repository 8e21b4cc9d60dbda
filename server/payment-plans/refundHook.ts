/**
 * A plan payment refunded or voided (transactions/refundVoid.ts calls this hook): the rows the payment
 * paid are owed again (domain/payment-plans/scheduleChanges.ts revertPayment), so a COMPLETE plan
 * becomes ACTIVE again; `setActive` re-activates a canceled one.
 */
import { eq } from 'drizzle-orm';
import { paymentLedger, paymentPlans } from '../db/schema/index.js';
import { revertPayment, type ScheduleRow } from '../domain/payment-plans/scheduleChanges.js';
import type { PlanStatus } from '../domain/payment-plans/planStatus.js';
import type { SourceHook } from '../transactions/sourceHooks.js';
import { activatePlan } from './changes.js';
import { commitSchedule, scheduleOf } from './store.js';

export const paymentPlanRefundHook: SourceHook = {
  async afterRefundOrVoid(ctx, { tx, payment: t, setActive, now, today }) {
    if (t.paymentPlanId === null) return { paymentPlanStatus: null };
    const [plan] = await tx
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.id, t.paymentPlanId))
      .for('update');
    const [item] = await tx
      .select({ detailId: paymentLedger.paymentPlanDetailId })
      .from(paymentLedger)
      .where(eq(paymentLedger.transactionId, t.id));
    const before = await scheduleOf(tx, plan!.id);
    // Rows paid by this payment carry its reference; seeded cash cycles only the ledger's link.
    const paidBy = (row: ScheduleRow) =>
      row.referenceId === t.referenceId || (row.referenceId === null && row.id === item?.detailId);
    const after = revertPayment(before, paidBy, today);
    let { status } = await commitSchedule(tx, plan!, before, after, { now, today });
    if (setActive && status === 'INACTIVE') {
      await activatePlan(ctx, plan!.companyId, plan!.id, tx);
      const [current] = await tx
        .select({ status: paymentPlans.status })
        .from(paymentPlans)
        .where(eq(paymentPlans.id, plan!.id));
      status = current!.status as PlanStatus;
    }
    return { paymentPlanStatus: status };
  },
};
