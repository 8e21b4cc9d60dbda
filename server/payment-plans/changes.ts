/**
 * Changes to a plan that move no money at the provider: schedule edits and skips, a declined item
 * moved to the end or removed as a credit, the card on file, past-due notifications, cancel and
 * re-activation, the decline reminder. Each is one database transaction on the locked plan.
 */
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { findCustomer } from '../patients/store.js';
import { sendToOutbox } from '../outbox/store.js';
import {
  commitSchedule,
  lastRefundOf,
  planOfDetail,
  scheduleOf,
  updatePlan,
  type PlanRecord,
} from './store.js';
import { addLedgerItem, removeDeclinedItems, type LedgerRecord } from '../transactions/paymentLedger.js';
import type { PracticeId } from '../db/scope.js';
import { findPractice } from '../practices/store.js';
import { createCardRequest, findCard } from '../saved-cards/store.js';
import { planDeclineReminderMessages } from '../domain/outbox/patientMessages.js';
import {
  balanceDueOf,
  moveDeclinedToEnd,
  moveDetail,
  pastDueOf,
  removeDeclined,
  rowDescription,
  updateDetail,
  type DetailEdit,
  type ScheduleRow,
  type SkipAction,
} from '../domain/payment-plans/scheduleChanges.js';
import {
  PLAN_REFUSALS,
  refusalToCancel,
  refusalToReactivate,
  statusForBalance,
  type PlanStatus,
} from '../domain/payment-plans/planStatus.js';
import type { Frequency } from '../domain/payment-plans/generateSchedule.js';
import { surchargeRateFor, type CardFunding } from '../../embed-sdk/rules/surcharge.js';
import { senderOf } from '../outbox/recipients.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { cardRequestLink, newLinkToken } from '../outbox/links.js';
import { planForChange, planOrNotFound, underRules } from './records.js';

type Rules = (rows: ScheduleRow[], terms: { frequency: Frequency; today: string }) => ScheduleRow[];

/** Runs a schedule rule on the locked plan and writes its outcome. */
async function changeSchedule(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  rules: Rules,
  extra?: (tx: Tx, plan: PlanRecord, before: ScheduleRow[]) => Promise<void>,
) {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  await ctx.db.transaction(async (tx) => {
    const plan = await planForChange(tx, practice, planId);
    const before = await scheduleOf(tx, practice, plan.id);
    const after = underRules(() => rules(before, { frequency: plan.frequency as Frequency, today }));
    await extra?.(tx, plan, before);
    await commitSchedule(tx, plan, before, after, { now, today });
  });
}

/** Edits a row of the plan's schedule; 404 when the row is not the plan's (or not the practice's). */
export async function editDetail(ctx: AppContext, practice: PracticeId, planId: number, edit: DetailEdit) {
  if ((await planOfDetail(ctx.db, practice, edit.id)) !== planId) {
    throw new NotFoundError('The payment plan detail');
  }
  return changeSchedule(ctx, practice, planId, (rows, terms) => updateDetail(rows, edit, terms));
}

export function skipDetail(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  id: number,
  action: SkipAction,
) {
  return changeSchedule(ctx, practice, planId, (rows, terms) => moveDetail(rows, id, action, terms));
}

/** A declined item of the plan's ledger and the row it was for; 404 when it is not the plan's. */
function declinedRowOf(item: LedgerRecord): number {
  if (item.kind !== 'PAYMENT' || item.status !== 'DECLINED' || item.paymentPlanDetailId === null) {
    throw new BusinessError('Only a declined payment can be removed or moved to the end.');
  }
  return item.paymentPlanDetailId;
}

/** 'Remove and Create New Cycle'. */
export function moveLedgerItemToEnd(ctx: AppContext, practice: PracticeId, item: LedgerRecord) {
  const detailId = declinedRowOf(item);
  return changeSchedule(
    ctx,
    practice,
    item.paymentPlanId!,
    (rows, terms) => moveDeclinedToEnd(rows, detailId, terms),
    (tx) => removeDeclinedItems(tx, practice, detailId, ctx.clock.now()),
  );
}

/** 'Remove Ledger Item': the declined amount becomes a credit on the account (a CREDIT adjustment). */
export function removeLedgerItem(ctx: AppContext, practice: PracticeId, item: LedgerRecord) {
  const detailId = declinedRowOf(item);
  let credit = 0;
  return changeSchedule(
    ctx,
    practice,
    item.paymentPlanId!,
    (rows) => {
      const removed = removeDeclined(rows, detailId);
      credit = removed.credit;
      return removed.rows;
    },
    async (tx, plan, before) => {
      const now = ctx.clock.now();
      const row = before.find((r) => r.id === detailId)!;
      await removeDeclinedItems(tx, practice, detailId, now);
      await addLedgerItem(tx, practice, {
        paymentPlanId: plan.id,
        paymentPlanDetailId: detailId,
        kind: 'ADJUSTMENT',
        dateTime: now,
        description: `Credit: ${rowDescription(row, plan.cycleCount)} removed`,
        amount: credit,
        orderAmount: credit,
        surcharge: 0,
        status: 'APPROVED',
      });
    },
  );
}

/**
 * Attaches a card to the plan (changing the card, or Automate with Card for a cash plan): the plan is
 * charged automatically with it from now on, with the practice's surcharge if it is a credit card.
 */
export async function attachCard(ctx: AppContext, practice: PracticeId, planId: number, cardId: number) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForChange(tx, practice, planId);
    const card = await findCard(tx, practice, cardId);
    if (!card?.isActive || card.customerId !== plan.customerId) throw new NotFoundError('The card');
    const company = await findPractice(tx, practice);
    const surchargeRateBps = surchargeRateFor(company!, card.funding as CardFunding);
    await updatePlan(tx, practice, plan.id, {
      isCash: false,
      customerSavedCardId: card.id,
      hasSurcharge: surchargeRateBps > 0,
      surchargeRateBps,
    });
  });
}

export async function setPastDueNotifications(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  notifying: boolean,
) {
  const plan = await planOrNotFound(ctx.db, practice, planId);
  if (plan.isNotifyingForPastDuePayments === notifying) return;
  await updatePlan(ctx.db, practice, plan.id, {
    isNotifyingForPastDuePayments: notifying,
    // Since when they are paused: the anomaly check flags a plan past due and paused over 30 days.
    notificationsPausedAt: notifying ? null : ctx.clock.now(),
  });
}

/** Cancel Plan: INACTIVE for good (a canceled plan stays as it is). */
export async function cancelPlan(ctx: AppContext, practice: PracticeId, planId: number) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planOrNotFound(tx, practice, planId, { lock: true });
    if (plan.status === 'INACTIVE') return;
    const refusal = refusalToCancel(plan.status as PlanStatus);
    if (refusal) throw new BusinessError(refusal);
    if (plan.pendingCharge) throw new BusinessError(PLAN_REFUSALS.chargeInProgress);
    await updatePlan(tx, practice, plan.id, { status: 'INACTIVE', cancelledDate: ctx.clock.now() });
  });
}

/** Re-activation of a canceled plan after one of its payments was voided or refunded. */
export async function activatePlan(ctx: AppContext, practice: PracticeId, planId: number, tx?: Tx) {
  const run = async (tx: Tx) => {
    const plan = await planOrNotFound(tx, practice, planId, { lock: true });
    if (plan.status === 'ACTIVE') return;
    if (plan.status === 'COMPLETE') throw new BusinessError(PLAN_REFUSALS.isComplete);
    const refusal = refusalToReactivate(
      { status: plan.status as PlanStatus, cancelledDate: plan.cancelledDate },
      await lastRefundOf(tx, practice, plan.id),
    );
    if (refusal) throw new BusinessError(refusal);
    const status = statusForBalance('ACTIVE', balanceDueOf(await scheduleOf(tx, practice, plan.id)));
    await updatePlan(tx, practice, plan.id, {
      status,
      cancelledDate: null,
      completedDate: status === 'COMPLETE' ? ctx.clock.now() : null,
    });
  };
  if (tx) return run(tx);
  return ctx.db.transaction(run);
}

/**
 * Send Reminder for declines: the patient gets a text and/or an e-mail about the past-due balance
 * with a link to store a new card on file (a card request).
 */
export async function sendDeclineReminder(ctx: AppContext, practice: PracticeId, planId: number) {
  const plan = await planOrNotFound(ctx.db, practice, planId);
  const pastDue = pastDueOf(await scheduleOf(ctx.db, practice, plan.id));
  if (pastDue === 0) throw new BusinessError('This payment plan has no past-due balance.');
  const customer = (await findCustomer(ctx.db, practice, plan.customerId))!;
  if (!customer.cell && !customer.email) {
    throw new BusinessError('This patient has no mobile phone or e-mail address to send a reminder to.');
  }
  const company = await findPractice(ctx.db, practice);
  const linkToken = newLinkToken();
  const now = ctx.clock.now();
  const messages = planDeclineReminderMessages(
    { toPhone: customer.cell, eMail: customer.email, firstName: customer.firstName },
    senderOf(company!),
    { pastDue, link: cardRequestLink(ctx.publicUrl, linkToken) },
  );
  await ctx.db.transaction(async (tx) => {
    await createCardRequest(tx, practice, {
      customerId: customer.id,
      linkToken,
      eMail: customer.email,
      toPhone: customer.cell,
      created: now,
    });
    await sendToOutbox(tx, practice, messages, now);
  });
  return { sentBy: messages.map((m) => (m.channel === 'SMS' ? ('TEXT' as const) : ('EMAIL' as const))) };
}
