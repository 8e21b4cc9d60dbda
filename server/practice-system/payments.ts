/**
 * A transaction's payment in the practice system, as the refund form reads it (getOpenDentalPayment):
 * its pay splits, each with what is left of it to refund. Only Open Dental practices have it (a
 * practice without a gateway code is Open Dental, spec part 2 section 1); others answer null, as does a
 * payment the connector has not posted yet.
 */
import type { OpenDentalPayment, PaySplit } from '../../embed-sdk/contract/transaction.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { chosenSplitsProblem, openSplits } from '../domain/practice-system/paySplits.js';
import { findPractice } from '../practices/store.js';
import { paymentOfTransaction, splitsOf } from './store.js';

/** Whether the practice's system is Open Dental (the default when none is stored). */
export async function isOpenDental(db: Db | Tx, practice: PracticeId): Promise<boolean> {
  const company = await findPractice(db, practice);
  return (company?.gatewayCode || 'OPENDENTAL') === 'OPENDENTAL';
}

/** The payment of one of the practice's transactions (the caller found it in the practice). */
export async function openDentalPayment(
  ctx: AppContext,
  practice: PracticeId,
  transactionId: number,
): Promise<OpenDentalPayment | null> {
  if (!(await isOpenDental(ctx.db, practice))) return null;
  const payment = await paymentOfTransaction(ctx.db, practice, transactionId);
  if (!payment) return null;
  const lines = await splitsOf(ctx.db, practice, payment.id);
  const open = openSplits(lines);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const paySplits: PaySplit[] = open.map((s) => {
    const line = byId.get(s.id)!;
    return {
      splitNum: s.id,
      descript: line.descript,
      ogSplitAmt: s.original,
      splitAmt: s.remaining,
      procNum: line.procNum,
      procCode: line.procCode,
      procDescription: line.procDescription,
      tooth: line.tooth,
      patientKey: line.patNum,
      patientName: [line.firstName, line.lastName].filter(Boolean).join(' '),
    };
  });
  return {
    payNum: payment.id,
    isSplit: open.some((s) => !s.isSurcharge && byId.get(s.id)!.procNum !== null),
    paySplits,
  };
}

export const NOT_POSTED_YET =
  'The payment is not in the practice management system yet: refund it without choosing procedures.';

/**
 * Why the refund form's pay splits cannot be refunded (null when they can): they must be the
 * payment's procedures, within what is left of each, and add up to the refund less its surcharge.
 */
export async function chosenSplitsProblemOf(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
  chosen: readonly { splitNum: number; amount: number }[],
  orderAmount: number,
): Promise<string | null> {
  const payment = await paymentOfTransaction(db, practice, transactionId);
  if (!payment) return NOT_POSTED_YET;
  return chosenSplitsProblem(openSplits(await splitsOf(db, practice, payment.id)), chosen, orderAmount);
}
