/**
 * Money taken at the desk (cash and checks) and adjustments of the balance. Nothing leaves the
 * server, so each is one database transaction: the transaction and ledger rows and the schedule's
 * change are written together or not at all.
 */
import { referenceIdFor, transactionResultIdFor } from '../card-provider/reference.js';
import type { AppContext } from '../context.js';
import { commitSchedule, scheduleOf, type TransactionRecord } from './store.js';
import { addLedgerItem } from '../transactions/paymentLedger.js';
import type { PracticeId } from '../db/scope.js';
import { findCustomer } from '../patients/store.js';
import { findPractice } from '../practices/store.js';
import { applyCredit, applyDebit, applyPayment } from '../domain/payment-plans/scheduleChanges.js';
import type { Frequency } from '../domain/payment-plans/generateSchedule.js';
import { announceTransaction, payerColumns } from '../transactions/announce.js';
import { findTransactionByReference, recordTransaction } from '../transactions/store.js';
import { planForChange, underRules } from './records.js';

export interface DeskPayment {
  type: 'CASH' | 'CHECK';
  amount: number;
  checkNum: string | null;
  note: string | null;
  /** The request's Idempotency-Key: the payment's reference is derived from it, so a repeat is one payment. */
  requestKey: string;
}

/** A cash or check payment toward the plan: past due first, then the coming cycles. */
export async function payAtDesk(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  payment: DeskPayment,
): Promise<TransactionRecord> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const company = await findPractice(ctx.db, practice);
  // The same format as the provider's references, from our own key: people read one kind of id.
  const base = referenceIdFor(company!.businessId, 'SALE', `plan-desk:${planId}:${payment.requestKey}`);
  const referenceId = payment.type === 'CHECK' && payment.checkNum ? `${base}#${payment.checkNum}` : base;
  // The request run again after its server stopped (http/route.ts): its payment is the answer.
  const recorded = await findTransactionByReference(ctx.db, practice, referenceId);
  if (recorded) return recorded;
  const transaction = await ctx.db.transaction(async (tx) => {
    const plan = await planForChange(tx, practice, planId);
    const before = await scheduleOf(tx, practice, plan.id);
    const after = underRules(() => applyPayment(before, payment.amount, referenceId));
    const customer = (await findCustomer(tx, practice, plan.customerId))!;
    const t = await recordTransaction(tx, practice, {
      ...payerColumns(customer),
      referenceId,
      transactionResultId: transactionResultIdFor(base),
      status: 'APPROVED',
      amount: payment.amount,
      orderAmount: payment.amount,
      surchargeAmount: 0,
      fundingSource: payment.type,
      source: 'PAYMENTPLAN',
      created: now,
      paymentPlanId: plan.id,
      note: payment.note,
      noteLabel: payment.note ? 'Note' : null,
    });
    await addLedgerItem(tx, practice, {
      paymentPlanId: plan.id,
      transactionId: t.id,
      kind: 'PAYMENT',
      dateTime: now,
      description: 'Payment',
      fundingSource: payment.type,
      amount: payment.amount,
      orderAmount: payment.amount,
      surcharge: 0,
      status: 'APPROVED',
      referenceId,
      checkNum: payment.type === 'CHECK' ? payment.checkNum : null,
      note: payment.note,
    });
    await commitSchedule(tx, plan, before, after, { now, today });
    return t;
  });
  announceTransaction(ctx, transaction);
  return transaction;
}

/**
 * An adjustment: CREDIT removes the amount from the balance (the coming cycles shrink from the last
 * one back), DEBIT adds it (to the last cycle, or a new one). The ledger shows it with its sign.
 */
export async function adjust(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
  adjustment: { type: 'CREDIT' | 'DEBIT'; amount: number; description: string },
) {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  await ctx.db.transaction(async (tx) => {
    const plan = await planForChange(tx, practice, planId);
    const before = await scheduleOf(tx, practice, plan.id);
    const terms = { frequency: plan.frequency as Frequency, today };
    const after = underRules(() =>
      adjustment.type === 'CREDIT'
        ? applyCredit(before, adjustment.amount)
        : applyDebit(before, adjustment.amount, terms),
    );
    const signed = adjustment.type === 'CREDIT' ? adjustment.amount : -adjustment.amount;
    await addLedgerItem(tx, practice, {
      paymentPlanId: plan.id,
      kind: 'ADJUSTMENT',
      dateTime: now,
      description: adjustment.description,
      amount: signed,
      orderAmount: signed,
      surcharge: 0,
      status: 'APPROVED',
    });
    await commitSchedule(tx, plan, before, after, { now, today });
  });
}
