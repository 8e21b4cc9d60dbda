/**
 * Changes to a plan that move no money at the provider: schedule edits and skips, a declined item
 * moved to the end or removed as a credit, the card on file, past-due notifications, cancel and
 * re-activation, the decline reminder. Each is one database transaction on the locked plan.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { sendToOutbox } from '../db/outbox.js';
import {
  commitSchedule,
  customerOf,
  lastGivenBackOf,
  scheduleOf,
  type LedgerRecord,
  type PlanRecord,
} from '../db/paymentPlans.js';
import { findCompany } from '../db/practice.js';
import { findCard } from '../db/savedCards.js';
import { cardRequests, paymentLedger, paymentPlans } from '../db/schema.js';
import { planDeclineReminderMessages } from '../domain/patientMessages.js';
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
} from '../domain/planSchedule.js';
import {
  PLAN_REFUSALS,
  refusalToCancel,
  refusalToReactivate,
  statusForBalance,
  type PlanStatus,
} from '../domain/planStatus.js';
import type { Frequency } from '../domain/schedule.js';
import { effectiveSurchargeBps, isSurcharged } from '../../embed-sdk/rules/surcharge.js';
import { senderOf } from '../http/channels.js';
import { BusinessError, NotFoundError } from '../http/errors.js';
import { cardRequestLink, newLinkToken } from '../http/links.js';
import { planForChange, planOrNotFound, underRules } from './records.js';

type Rules = (rows: ScheduleRow[], terms: { frequency: Frequency; today: string }) => ScheduleRow[];

/** Runs a schedule rule on the locked plan and writes its outcome. */
async function changeSchedule(
  ctx: AppContext,
  companyId: number,
  planId: number,
  rules: Rules,
  extra?: (tx: Tx, plan: PlanRecord, before: ScheduleRow[]) => Promise<void>,
) {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  await ctx.db.transaction(async (tx) => {
    const plan = await planForChange(tx, companyId, planId);
    const before = await scheduleOf(tx, plan.id);
    const after = underRules(() => rules(before, { frequency: plan.frequency as Frequency, today }));
    await extra?.(tx, plan, before);
    await commitSchedule(tx, plan, before, after, { now, today });
  });
}

export function editDetail(ctx: AppContext, companyId: number, planId: number, edit: DetailEdit) {
  return changeSchedule(ctx, companyId, planId, (rows, terms) => updateDetail(rows, edit, terms));
}

export function skipDetail(
  ctx: AppContext,
  companyId: number,
  planId: number,
  id: number,
  action: SkipAction,
) {
  return changeSchedule(ctx, companyId, planId, (rows, terms) => moveDetail(rows, id, action, terms));
}

/** A declined item of the plan's ledger and the row it was for; 404 when it is not the plan's. */
function declinedRowOf(item: LedgerRecord): number {
  if (item.kind !== 'PAYMENT' || item.status !== 'DECLINED' || item.paymentPlanDetailId === null) {
    throw new BusinessError('Only a declined payment can be removed or moved to the end.');
  }
  return item.paymentPlanDetailId;
}

/** The declined items of the row leave the ledger. */
async function removeDeclinedItems(tx: Tx, detailId: number, at: Date) {
  await tx
    .update(paymentLedger)
    .set({ removed: at })
    .where(and(eq(paymentLedger.paymentPlanDetailId, detailId), eq(paymentLedger.status, 'DECLINED')));
}

/** 'Remove and Create New Cycle'. */
export function moveLedgerItemToEnd(ctx: AppContext, companyId: number, item: LedgerRecord) {
  const detailId = declinedRowOf(item);
  return changeSchedule(
    ctx,
    companyId,
    item.paymentPlanId!,
    (rows, terms) => moveDeclinedToEnd(rows, detailId, terms),
    (tx) => removeDeclinedItems(tx, detailId, ctx.clock.now()),
  );
}

/** 'Remove Ledger Item': the declined amount becomes a credit on the account (a CREDIT adjustment). */
export function removeLedgerItem(ctx: AppContext, companyId: number, item: LedgerRecord) {
  const detailId = declinedRowOf(item);
  let credit = 0;
  return changeSchedule(
    ctx,
    companyId,
    item.paymentPlanId!,
    (rows) => {
      const removed = removeDeclined(rows, detailId);
      credit = removed.credit;
      return removed.rows;
    },
    async (tx, plan, before) => {
      const now = ctx.clock.now();
      const row = before.find((r) => r.id === detailId)!;
      await removeDeclinedItems(tx, detailId, now);
      await tx.insert(paymentLedger).values({
        companyId,
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
export async function attachCard(ctx: AppContext, companyId: number, planId: number, cardId: number) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForChange(tx, companyId, planId);
    const card = await findCard(tx, companyId, cardId);
    if (!card?.isActive || card.customerId !== plan.customerId) throw new NotFoundError('The card');
    const company = await findCompany(tx, companyId);
    const surcharged = isSurcharged(company!, card.funding as 'CREDIT' | 'DEBIT');
    await tx
      .update(paymentPlans)
      .set({
        isCash: false,
        customerSavedCardId: card.id,
        hasSurcharge: surcharged,
        surchargeRateBps: surcharged ? effectiveSurchargeBps(company!.surchargeRateBps) : 0,
      })
      .where(eq(paymentPlans.id, plan.id));
  });
}

export async function setPastDueNotifications(
  ctx: AppContext,
  companyId: number,
  planId: number,
  notifying: boolean,
) {
  const plan = await planOrNotFound(ctx.db, companyId, planId);
  await ctx.db
    .update(paymentPlans)
    .set({ isNotifyingForPastDuePayments: notifying })
    .where(eq(paymentPlans.id, plan.id));
}

/** Cancel Plan: INACTIVE for good (a canceled plan stays as it is). */
export async function cancelPlan(ctx: AppContext, companyId: number, planId: number) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planOrNotFound(tx, companyId, planId, { lock: true });
    if (plan.status === 'INACTIVE') return;
    const refusal = refusalToCancel(plan.status as PlanStatus);
    if (refusal) throw new BusinessError(refusal);
    if (plan.pendingCharge) throw new BusinessError(PLAN_REFUSALS.chargeInProgress);
    await tx
      .update(paymentPlans)
      .set({ status: 'INACTIVE', cancelledDate: ctx.clock.now() })
      .where(eq(paymentPlans.id, plan.id));
  });
}

/** Re-activation of a canceled plan after one of its payments was voided or refunded. */
export async function activatePlan(ctx: AppContext, companyId: number, planId: number, tx?: Tx) {
  const run = async (tx: Tx) => {
    const plan = await planOrNotFound(tx, companyId, planId, { lock: true });
    if (plan.status === 'ACTIVE') return;
    if (plan.status === 'COMPLETE') throw new BusinessError(PLAN_REFUSALS.isComplete);
    const refusal = refusalToReactivate(
      { status: plan.status as PlanStatus, cancelledDate: plan.cancelledDate },
      await lastGivenBackOf(tx, plan.id),
    );
    if (refusal) throw new BusinessError(refusal);
    const status = statusForBalance('ACTIVE', balanceDueOf(await scheduleOf(tx, plan.id)));
    await tx
      .update(paymentPlans)
      .set({
        status,
        cancelledDate: null,
        completedDate: status === 'COMPLETE' ? ctx.clock.now() : null,
      })
      .where(eq(paymentPlans.id, plan.id));
  };
  if (tx) return run(tx);
  return ctx.db.transaction(run);
}

/**
 * Send Reminder for declines: the patient gets a text and/or an e-mail about the past-due balance
 * with a link to store a new card on file (a card request).
 */
export async function sendDeclineReminder(ctx: AppContext, companyId: number, planId: number) {
  const plan = await planOrNotFound(ctx.db, companyId, planId);
  const pastDue = pastDueOf(await scheduleOf(ctx.db, plan.id));
  if (pastDue === 0) throw new BusinessError('This payment plan has no past-due balance.');
  const customer = await customerOf(ctx.db, plan);
  if (!customer.cell && !customer.email) {
    throw new BusinessError('This patient has no mobile phone or e-mail address to send a reminder to.');
  }
  const company = await findCompany(ctx.db, companyId);
  const linkToken = newLinkToken();
  const now = ctx.clock.now();
  const messages = planDeclineReminderMessages(
    { toPhone: customer.cell, eMail: customer.email, firstName: customer.firstName },
    senderOf(company!),
    { pastDue, link: cardRequestLink(ctx.publicUrl, linkToken) },
  );
  await ctx.db.transaction(async (tx) => {
    await tx.insert(cardRequests).values({
      companyId,
      customerId: customer.id,
      linkToken,
      eMail: customer.email,
      toPhone: customer.cell,
      created: now,
    });
    await sendToOutbox(tx, companyId, messages, now);
  });
  return { sentBy: messages.map((m) => (m.channel === 'SMS' ? ('TEXT' as const) : ('EMAIL' as const))) };
}
