/**
 * Charging a plan's card: a cycle (the billing run, Process Payment, a declined cycle's retry) or a
 * payment toward the balance (Make a Payment with a card on file).
 *
 * Three steps, so that no database transaction is open while the card provider is called (PGlite is
 * one connection, shared with the test provider):
 * 1. claim: the plan's `pendingCharge` records the charge (idempotency key, card, amounts) before
 *    the provider is called. A plan has one charge under way at a time; changes to its schedule, card
 *    or balance wait for it.
 * 2. charge: the provider is called with the claim's key. A cycle's key is its row id and attempt
 *    number (`plan-detail:{id}:{attempt}`; the attempt counts the row's recorded tries), so the same
 *    try is the same charge at the provider whoever makes it.
 * 3. record: the transaction, the ledger row and the schedule's change are written in one
 *    transaction, which clears the claim.
 *
 * If the server stops between 2 and 3, or the provider's answer is lost (timeout, 5xx), the claim
 * stays. Once its lease has run out, the billing run replays the charge with the stored key: the
 * provider answers with the first outcome instead of charging again, and the outcome is recorded.
 * A definite refusal by the provider (4xx) ends the claim at once.
 */
import { CardProviderError } from '../card-provider/gateway.js';
import type { AppContext, ChargeResult } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { findCustomer } from '../patients/store.js';
import { findPractice } from '../practices/store.js';
import {
  addLedgerItem,
  attemptsOf,
  commitSchedule,
  findPlan,
  plansWithPendingCharge,
  raisePastDue,
  scheduleOf,
  updatePlan,
  type PlanRecord,
  type TransactionRecord,
} from './store.js';
import { findCard } from '../saved-cards/store.js';
import type { PendingPlanCharge } from '../db/schema/payment-plans.js';
import { cardSurcharge } from '../../embed-sdk/rules/cardSurcharge.js';
import {
  applyPayment,
  balanceDueOf,
  cycleCountOf,
  isPastDue,
  nextScheduledPayment,
  pastDueOf,
  refuseAboveBalance,
  rowDescription,
  type ScheduleRow,
} from '../domain/payment-plans/scheduleChanges.js';
import { PLAN_REFUSALS, refusalToChange, type PlanStatus } from '../domain/payment-plans/planStatus.js';
import { lineSurcharge } from '../../embed-sdk/rules/surcharge.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { announceTransaction, payerColumns } from '../transactions/announce.js';
import { findTransactionByReference, recordTransactionOnce } from '../transactions/store.js';
import { planOrNotFound, underRules } from './records.js';

/** How long a claim protects a charge under way (wall time: a lease, not a business date). */
export const CHARGE_LEASE_MS = 2 * 60_000;

export type ChargeMode = NonNullable<PendingPlanCharge['mode']>;

export interface RecordedCharge {
  transaction: TransactionRecord;
  approved: boolean;
  reason: string | null;
  status: PlanStatus;
}

const isStale = (pending: PendingPlanCharge) => Date.now() - Date.parse(pending.startedAt) > CHARGE_LEASE_MS;

/** Takes the plan for a charge; a stale claim left by an earlier charge is settled first. */
async function claim(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  build: (tx: Tx, plan: PlanRecord) => Promise<Omit<PendingPlanCharge, 'startedAt'>>,
): Promise<{ plan: PlanRecord; pending: PendingPlanCharge }> {
  for (let round = 0; round < 2; round++) {
    const outcome = await ctx.db.transaction(
      async (tx): Promise<{ plan: PlanRecord; pending: PendingPlanCharge | null }> => {
        const plan = await planOrNotFound(tx, practice, planId, { lock: true });
        if (plan.pendingCharge) {
          if (isStale(plan.pendingCharge)) return { plan, pending: null };
          throw new BusinessError(PLAN_REFUSALS.chargeInProgress);
        }
        const pending: PendingPlanCharge = {
          ...(await build(tx, plan)),
          startedAt: new Date().toISOString(),
        };
        await updatePlan(tx, practice, plan.id, { pendingCharge: pending });
        return { plan, pending };
      },
    );
    if (outcome.pending) return { plan: outcome.plan, pending: outcome.pending };
    await settlePending(ctx, outcome.plan);
  }
  throw new BusinessError(PLAN_REFUSALS.chargeInProgress);
}

async function release(ctx: AppContext, practice: PracticeId, planId: number, key: string) {
  const plan = await findPlan(ctx.db, practice, planId);
  if (plan?.pendingCharge?.key !== key) return;
  await updatePlan(ctx.db, practice, planId, { pendingCharge: null });
}

/** Calls the provider for a claimed charge and records its outcome. */
async function runCharge(
  ctx: AppContext,
  plan: PlanRecord,
  pending: PendingPlanCharge,
): Promise<RecordedCharge> {
  const practice = practiceOfRecord(plan);
  const company = await findPractice(ctx.db, practice);
  const card = await findCard(ctx.db, practice, pending.savedCardId);
  if (!company || !card) {
    await release(ctx, practice, plan.id, pending.key);
    throw new BusinessError(PLAN_REFUSALS.noCard);
  }
  let result: ChargeResult;
  try {
    result = await ctx.cards.charge({
      businessId: company.businessId,
      token: card.providerToken,
      amount: pending.orderAmount + pending.surchargeAmount,
      idempotencyKey: pending.key,
    });
  } catch (error) {
    // A refusal is final; a lost answer may hide a charge, so the claim waits for a replay.
    if (error instanceof CardProviderError && error.status < 500)
      await release(ctx, practice, plan.id, pending.key);
    throw error;
  }
  const recorded = await recordCharge(ctx, practice, plan.id, pending, result, card);
  announceTransaction(ctx, recorded.transaction);
  return recorded;
}

type CardRecord = NonNullable<Awaited<ReturnType<typeof findCard>>>;

async function recordCharge(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  pending: PendingPlanCharge,
  result: ChargeResult,
  card: CardRecord,
): Promise<RecordedCharge> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  return ctx.db.transaction(async (tx) => {
    const plan = await findPlan(tx, practice, planId, { lock: true });
    const recorded = async () => {
      const t = await findTransactionByReference(tx, practice, result.referenceId);
      if (!t) throw new BusinessError(PLAN_REFUSALS.chargeInProgress);
      return {
        transaction: t,
        approved: result.approved,
        reason: result.reason,
        status: plan!.status as PlanStatus,
      };
    };
    // Recorded meanwhile (a replay of the same charge finished first): the same answer.
    if (plan?.pendingCharge?.key !== pending.key) return recorded();

    const customer = (await findCustomer(tx, practice, plan.customerId))!;
    const before = await scheduleOf(tx, practice, plan.id);
    const row = pending.detailId === null ? null : (before.find((r) => r.id === pending.detailId) ?? null);
    const orderAmount = pending.orderAmount;
    const amount = orderAmount + pending.surchargeAmount;
    const inserted = await recordTransactionOnce(tx, practice, {
      ...payerColumns(customer),
      referenceId: result.referenceId,
      transactionResultId: result.transactionResultId,
      status: result.approved ? 'APPROVED' : 'DECLINED',
      reason: result.reason,
      amount,
      orderAmount,
      surchargeAmount: pending.surchargeAmount,
      fundingSource: 'CARD',
      cardType: card.cardType,
      cardDescription: card.description,
      expMonth: String(card.expMonth),
      expYear: String(card.expYear),
      resultMetaData: { funding: card.funding },
      source: 'PAYMENTPLAN',
      created: now,
      paymentPlanId: plan.id,
      note: pending.note,
      noteLabel: pending.note ? 'Note' : null,
    });
    if (!inserted) {
      await updatePlan(tx, practice, plan.id, { pendingCharge: null });
      return recorded();
    }
    await addLedgerItem(tx, practice, {
      paymentPlanId: plan.id,
      paymentPlanDetailId: row?.id ?? null,
      transactionId: inserted.id,
      kind: 'PAYMENT',
      dateTime: now,
      description: row ? rowDescription(row, cycleCountOf(before)) : 'Payment',
      fundingSource: 'CARD',
      cardType: card.cardType,
      cardDescription: card.description,
      amount,
      orderAmount,
      surcharge: pending.surchargeAmount,
      status: inserted.status,
      reason: result.reason,
      referenceId: result.referenceId,
      note: pending.note,
    });

    let after: ScheduleRow[] = before;
    let becamePastDue = false;
    const mark = (changes: Partial<ScheduleRow>) =>
      before.map((r) => (r.id === row?.id ? { ...r, ...changes } : r));
    if (row && result.approved) {
      after = mark({ processedToLedger: true, disposition: 'APPROVED', referenceId: result.referenceId });
    } else if (row && pending.mode === 'RETRY') {
      after = mark({ referenceId: result.referenceId });
    } else if (row && !row.processedToLedger && (pending.mode === 'BILLING' || row.billingDate <= today)) {
      // A cycle declined on (or after) its date is past due; Process Payment ahead of it leaves it scheduled.
      after = mark({ processedToLedger: true, disposition: 'DECLINED', referenceId: result.referenceId });
      becamePastDue = true;
    } else if (!row && result.approved) {
      // Paid while the claim was held, the balance cannot have dropped; the guard keeps a surprise harmless.
      const applied = Math.min(orderAmount, balanceDueOf(before));
      if (applied > 0) after = applyPayment(before, applied, result.referenceId);
    }
    const { status, rows } = await commitSchedule(tx, plan, before, after, { now, today });
    if (becamePastDue) await raisePastDue(tx, plan, pastDueOf(rows), now);
    await updatePlan(tx, practice, plan.id, { pendingCharge: null });
    return { transaction: inserted, approved: result.approved, reason: result.reason, status };
  });
}

/** The card that pays the plan, active; a refusal otherwise. */
async function planCard(tx: Db | Tx, plan: PlanRecord) {
  if (plan.isCash) throw new BusinessError(PLAN_REFUSALS.cash);
  const card = plan.customerSavedCardId
    ? await findCard(tx, practiceOfRecord(plan), plan.customerSavedCardId)
    : null;
  if (!card?.isActive) throw new BusinessError(PLAN_REFUSALS.noCard);
  return card;
}

/**
 * Charges one row of the schedule: a due cycle (BILLING), the next scheduled payment ahead of its date
 * (NOW), or a declined cycle again (RETRY).
 */
export async function chargeDetail(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  detailId: number,
  mode: ChargeMode,
): Promise<RecordedCharge> {
  const today = ctx.clock.today();
  const { plan, pending } = await claim(ctx, practice, planId, async (tx, plan) => {
    const refusal = refusalToChange(plan.status as PlanStatus);
    if (refusal) throw new BusinessError(refusal);
    const card = await planCard(tx, plan);
    const rows = await scheduleOf(tx, practice, plan.id);
    const row = rows.find((r) => r.id === detailId);
    if (!row) throw new NotFoundError('The payment plan detail');
    const chargeable =
      mode === 'RETRY'
        ? isPastDue(row) && row.amountDue > 0
        : mode === 'NOW'
          ? nextScheduledPayment(rows)?.id === row.id
          : !row.processedToLedger && row.amountDue > 0 && row.billingDate <= today;
    if (!chargeable) {
      throw new BusinessError(
        mode === 'NOW'
          ? 'Only the next scheduled payment can be processed now.'
          : 'This payment has already been processed.',
      );
    }
    const attempt = (await attemptsOf(tx, practice, row.id!)) + 1;
    return {
      key: `plan-detail:${row.id}:${attempt}`,
      kind: 'DETAIL',
      mode,
      detailId: row.id,
      savedCardId: card.id,
      orderAmount: row.amountDue,
      surchargeAmount: lineSurcharge(row.amountDue, plan),
      note: null,
    };
  });
  return runCharge(ctx, plan, pending);
}

/** Make a Payment with a card on file: the practice's surcharge on a credit card, none on a debit card. */
export async function chargeBalance(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  input: { amount: number; savedCardId: number; note: string | null; requestKey: string },
): Promise<RecordedCharge> {
  const { plan, pending } = await claim(ctx, practice, planId, async (tx, plan) => {
    const refusal = refusalToChange(plan.status as PlanStatus);
    if (refusal) throw new BusinessError(refusal);
    const card = await findCard(tx, practice, input.savedCardId);
    if (!card?.isActive || card.customerId !== plan.customerId) throw new NotFoundError('The card');
    const rows = await scheduleOf(tx, practice, plan.id);
    underRules(() => refuseAboveBalance(rows, input.amount, 'payment'));
    const company = await findPractice(tx, practice);
    const { surchargeAmount } = cardSurcharge(input.amount, company!, card.funding as 'CREDIT' | 'DEBIT');
    return {
      key: `plan-balance:${plan.id}:${input.requestKey}`,
      kind: 'BALANCE',
      mode: null,
      detailId: null,
      savedCardId: card.id,
      orderAmount: input.amount,
      surchargeAmount,
      note: input.note,
    };
  });
  return runCharge(ctx, plan, pending);
}

/** Replays a claimed charge with its key and records it (a provider that still fails leaves it claimed). */
async function settlePending(ctx: AppContext, plan: PlanRecord) {
  const pending = plan.pendingCharge;
  if (!pending) return;
  try {
    await runCharge(ctx, plan, pending);
  } catch (error) {
    ctx.log.warn({ err: error, planId: plan.id, key: pending.key }, 'replaying a plan charge failed');
  }
}

/** The billing run's first step: charges whose claim outlived its lease are replayed and recorded. */
export async function recoverStaleCharges(ctx: AppContext) {
  const claimed = await plansWithPendingCharge(ctx.db);
  for (const plan of claimed) {
    if (plan.pendingCharge && isStale(plan.pendingCharge)) await settlePending(ctx, plan);
  }
}
