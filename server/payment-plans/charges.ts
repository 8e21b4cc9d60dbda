/**
 * Charging a plan's card: a cycle (the billing run, Process Payment, a declined cycle's retry) or a
 * payment toward the balance (Make a Payment with a card on file).
 *
 * Each is a claimed charge (transactions/claimedCharge.ts: claim, charge, record, with a lease and a
 * replay by the stored key), as memberships charge. A plan has one charge under way at a time;
 * changes to its schedule, card or balance wait for it. A cycle's key is its row id and attempt
 * number (`plan-detail:{id}:{attempt}`; the attempt counts the row's recorded tries), so the same try
 * is the same charge at the provider whoever makes it; Process Payment's is its request's own (see
 * chargeDetail). Here: what each charge claims, and how its
 * outcome changes the schedule.
 */
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { findCustomer } from '../patients/store.js';
import { findPractice } from '../practices/store.js';
import {
  commitSchedule,
  endPlanClaim,
  findPlan,
  plansWithPendingCharge,
  raisePastDue,
  scheduleOf,
  updatePlan,
  type PlanRecord,
  type TransactionRecord,
} from './store.js';
import { attemptsOf } from '../transactions/paymentLedger.js';
import { findCard } from '../saved-cards/store.js';
import {
  cardOnFile,
  claimedCharges,
  type ChargeSeams,
  type Recording,
} from '../transactions/claimedCharge.js';
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
import { lineSurcharge, type CardFunding } from '../../embed-sdk/rules/surcharge.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { announceTransaction, payerColumns } from '../transactions/announce.js';
import { planOrNotFound, underRules } from './records.js';

export type ChargeMode = NonNullable<PendingPlanCharge['mode']>;

export interface RecordedCharge {
  transaction: TransactionRecord;
  approved: boolean;
  reason: string | null;
  status: PlanStatus;
}

/**
 * What a plan's charge pays (its ledger item: the row it charges, or a payment toward the balance),
 * and how its outcome changes the schedule.
 */
async function recording(
  ctx: AppContext,
  tx: Tx,
  plan: PlanRecord,
  pending: PendingPlanCharge,
): Promise<Recording<RecordedCharge>> {
  const practice = practiceOfRecord(plan);
  const today = ctx.clock.today();
  const customer = (await findCustomer(tx, practice, plan.customerId))!;
  const before = await scheduleOf(tx, practice, plan.id);
  const row = pending.detailId === null ? null : (before.find((r) => r.id === pending.detailId) ?? null);
  return {
    payment: {
      payer: payerColumns(customer),
      source: 'PAYMENTPLAN',
      note: pending.note,
      ledger: {
        paymentPlanId: plan.id,
        paymentPlanDetailId: row?.id ?? null,
        description: row ? rowDescription(row, cycleCountOf(before)) : 'Payment',
      },
    },
    async apply({ transaction, result, at: now }) {
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
        const applied = Math.min(pending.orderAmount, balanceDueOf(before));
        if (applied > 0) after = applyPayment(before, applied, result.referenceId);
      }
      const { status, rows } = await commitSchedule(tx, plan, before, after, { now, today });
      if (becamePastDue) await raisePastDue(tx, plan, pastDueOf(rows), now);
      return { transaction, approved: result.approved, reason: result.reason, status };
    },
  };
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

/** Test seam: the tests stop a plan's charge where a killed server would (transactions/claimedCharge.ts). */
export const chargeSeam: Required<ChargeSeams<PendingPlanCharge>> = {
  afterClaim: null,
  afterCharge: null,
  afterRecord: null,
};

const claimed = claimedCharges({
  name: 'plan',
  lock: (tx, practice, id) => planOrNotFound(tx, practice, id, { lock: true }),
  find: (db, practice, id) => findPlan(db, practice, id),
  setPending: (db, practice, id, pendingCharge) => updatePlan(db, practice, id, { pendingCharge }),
  withPending: plansWithPendingCharge,
  refusals: PLAN_REFUSALS,
  card: cardOnFile,
  endClaim: endPlanClaim,
  recording,
  announce: (ctx, recorded) => announceTransaction(ctx, recorded.transaction),
  recordedOutcome: (plan, transaction) => ({
    transaction,
    approved: transaction.status === 'APPROVED',
    reason: transaction.reason,
    status: plan.status as PlanStatus,
  }),
  seams: chargeSeam,
});

/** The provider key of a row's charge that a request asked for (Process Payment, Process Declines). */
export const requestedDetailKey = (mode: 'NOW' | 'RETRY', detailId: number, requestKey: string) =>
  `${mode === 'NOW' ? 'plan-now' : 'plan-retry'}:${detailId}:${requestKey}`;

/**
 * Charges one row of the schedule: a due cycle (BILLING), the next scheduled payment ahead of its date
 * (NOW), or a declined cycle again (RETRY).
 *
 * `requestKey`: Process Payment's or Process Declines' Idempotency-Key. Its charge is then the
 * request's own (`requestedDetailKey`), found again by a run of the same request after its server
 * stopped, as Make a Payment's is; the claim still serializes it with the billing run's charge of
 * the same row.
 */
export async function chargeDetail(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  detailId: number,
  mode: ChargeMode,
  requestKey?: string,
): Promise<RecordedCharge> {
  const today = ctx.clock.today();
  const ownKey =
    requestKey === undefined || mode === 'BILLING'
      ? undefined
      : requestedDetailKey(mode, detailId, requestKey);
  return claimed.charge(
    ctx,
    practice,
    planId,
    async (tx, plan) => {
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
        charge: {
          key: ownKey ?? `plan-detail:${row.id}:${attempt}`,
          kind: 'DETAIL',
          mode,
          detailId: row.id,
          savedCardId: card.id,
          orderAmount: row.amountDue,
          surchargeAmount: lineSurcharge(row.amountDue, plan),
          note: null,
        },
        card,
      };
    },
    ownKey,
  );
}

/** Make a Payment with a card on file: the practice's surcharge on a credit card, none on a debit card. */
export async function chargeBalance(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  input: { amount: number; savedCardId: number; note: string | null; requestKey: string },
): Promise<RecordedCharge> {
  const key = `plan-balance:${planId}:${input.requestKey}`;
  return claimed.charge(
    ctx,
    practice,
    planId,
    async (tx, plan) => {
      const refusal = refusalToChange(plan.status as PlanStatus);
      if (refusal) throw new BusinessError(refusal);
      const card = await findCard(tx, practice, input.savedCardId);
      if (!card?.isActive || card.customerId !== plan.customerId) throw new NotFoundError('The card');
      const rows = await scheduleOf(tx, practice, plan.id);
      underRules(() => refuseAboveBalance(rows, input.amount, 'payment'));
      const company = await findPractice(tx, practice);
      const { surchargeAmount } = cardSurcharge(input.amount, company!, card.funding as CardFunding);
      return {
        charge: {
          key,
          kind: 'BALANCE',
          mode: null,
          detailId: null,
          savedCardId: card.id,
          orderAmount: input.amount,
          surchargeAmount,
          note: input.note,
        },
        card,
        practice: company!,
      };
    },
    key,
  );
}

/** The billing run's first step: charges whose claim outlived its lease are replayed and recorded. */
export const recoverStaleCharges = (ctx: AppContext) => claimed.recoverStale(ctx);
