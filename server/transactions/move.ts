/**
 * Move Payment (part 2, "Move payment" and section 4): an approved payment of a patient moves to
 * another patient of the practice. Plan and membership payments stay with what they paid for. In Open
 * Dental the payment and its pay splits move in the practice system too (a MOVE posting); other
 * systems must be updated by hand, as the dialog warns. Nothing new is announced: the list shows the
 * payment's new patient when it is next read.
 */
import type * as contract from '../../embed-sdk/contract/transaction.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { ensureCustomer, findCustomer, findPatient } from '../patients/store.js';
import { isOpenDental } from '../practice-system/payments.js';
import { queueMove, wasQueuedForPracticeSystem } from '../practice-system/queue.js';
import { payerColumns } from './announce.js';
import { transactionView } from './list.js';
import {
  findTransactionByReference,
  lockTransaction,
  setPayer,
  setPracticeManagementStatus,
  type TransactionRecord,
} from './store.js';

export const MOVE_MESSAGES = {
  notApproved: 'Only an approved payment can be moved to another patient.',
  notAssociated: 'Only a payment associated with a patient can be moved: associate it instead.',
  planOrMembership: 'Payment plan and membership payments cannot be moved to another patient.',
  samePatient: 'The payment already belongs to this patient.',
} as const;

/** Why this payment cannot move (null when it can): section 4's rule. */
export function refusalToMove(t: Pick<TransactionRecord, 'status' | 'customerId' | 'source'>): string | null {
  if (t.status !== 'APPROVED') return MOVE_MESSAGES.notApproved;
  if (t.customerId === null) return MOVE_MESSAGES.notAssociated;
  if (t.source === 'PAYMENTPLAN' || t.source === 'MEMBERSHIP') return MOVE_MESSAGES.planOrMembership;
  return null;
}

export async function movePaymentToPatient(
  ctx: AppContext,
  practice: PracticeId,
  request: { referenceId: string; toPatientKey: number },
): Promise<contract.Transaction> {
  const found = await findTransactionByReference(ctx.db, practice, request.referenceId);
  if (!found) throw new NotFoundError('The transaction');
  const patient = await findPatient(ctx.db, practice, request.toPatientKey);
  if (!patient) throw new NotFoundError('The patient');
  const openDental = await isOpenDental(ctx.db, practice);
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction(async (tx) => {
    await lockTransaction(tx, practice, found.id);
    const t = (await findTransactionByReference(tx, practice, request.referenceId))!;
    const refusal = refusalToMove(t);
    if (refusal) throw new BadRequestError('body.referenceId', refusal);
    await ensureCustomer(tx, practice, request.toPatientKey);
    const customerId = (await findPatient(tx, practice, request.toPatientKey))!.customerId!;
    if (customerId === t.customerId) throw new BadRequestError('body.toPatientId', MOVE_MESSAGES.samePatient);
    const customer = (await findCustomer(tx, practice, customerId))!;
    let row = await setPayer(tx, practice, t.id, payerColumns(customer));
    if (openDental && (await wasQueuedForPracticeSystem(tx, practice, t.id))) {
      await queueMove(tx, practice, { transactionId: t.id, at: now }, { toPatNum: request.toPatientKey });
      row = (await setPracticeManagementStatus(tx, practice, t.id, 0)) ?? row;
    }
    return row;
  });
  return transactionView(ctx, moved);
}
