/**
 * Allocating an approved payment to procedures after the fact (part 2, "Procedure allocation modal",
 * saved from the patient page's Allocate): the lines are checked against the practice-system record
 * and written as its pay splits, under the payment's lock, with a posting queued for the connector;
 * the payment is pending until the connector has confirmed it (queue.ts AllocationPosting).
 *
 * A payment the connector has not posted yet (or whose refund, move or allocation it has not posted
 * yet) is refused: its splits are not in the record to take from, and the record is what the checks
 * read. Associate with Allocate Payment allocates a payment before it is posted instead: its lines
 * travel with its posting (associate.ts).
 */
import { ALLOCATION_MESSAGES, type AllocationStatus } from '../../embed-sdk/contract/allocation.js';
import type { AssociateProcedure } from '../../embed-sdk/contract/transaction.js';
import type { AppContext } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { requireAllocation } from '../allocation/records.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { allocationOfSplits, writeAllocation } from '../practice-system/allocation.js';
import { openDentalPayment } from '../practice-system/payments.js';
import { queueAllocation } from '../practice-system/queue.js';
import { paymentOfTransaction, splitsOf } from '../practice-system/store.js';
import { postingsOf } from '../practice-system/queueStore.js';
import { findCustomerKey } from '../patients/store.js';
import { PRACTICE_MANAGEMENT } from './practiceSync.js';
import {
  findTransaction,
  lockTransaction,
  refundTotalsOf,
  setPracticeManagementStatus,
  type TransactionRecord,
} from './store.js';

interface Facts {
  t: TransactionRecord;
  /** The payment less its surcharge, less what its refunds gave back of it. */
  allocatable: number;
  allocated: number;
  unallocated: number;
  patientKey: number | null;
  posted: boolean;
  refusal: string | null;
}

async function factsOf(db: Db | Tx, practice: PracticeId, t: TransactionRecord): Promise<Facts> {
  const refunded = (await refundTotalsOf(db, practice, [t.id])).get(t.id);
  const payment = await paymentOfTransaction(db, practice, t.id);
  const inRecord = payment ? allocationOfSplits(await splitsOf(db, practice, payment.id)) : null;
  const left = t.orderAmount - (refunded?.orderAmount ?? 0);
  const allocated = inRecord?.allocated ?? 0;
  const unallocated = inRecord ? inRecord.unallocated : Math.max(0, left);
  const customer = t.customerId === null ? null : await findCustomerKey(db, practice, t.customerId);
  const patientKey = payment?.patNum ?? customer?.patientKey ?? null;
  const posted = payment !== null && t.practiceManagementStatus === PRACTICE_MANAGEMENT.posted;
  // A payment in the record whose latest change is still on its way there: which change it is.
  const waiting =
    payment !== null && !posted
      ? (await postingsOf(db, practice, t.id)).filter((p) => p.state === 'PENDING').map((p) => p.kind)
      : [];
  const refusal = ((): string | null => {
    if (t.status !== 'APPROVED') return ALLOCATION_MESSAGES.notApproved;
    if (refunded?.type === 'VOIDED' || left <= 0) return ALLOCATION_MESSAGES.refundedOrVoided;
    if (patientKey === null) return ALLOCATION_MESSAGES.noPatient;
    if (waiting.includes('ALLOCATION')) return ALLOCATION_MESSAGES.allocationPending;
    if (waiting.length > 0) return ALLOCATION_MESSAGES.changePending;
    if (!posted) return ALLOCATION_MESSAGES.notPosted;
    if (unallocated === 0) return ALLOCATION_MESSAGES.fullyAllocated;
    return null;
  })();
  return { t, allocatable: allocated + unallocated, allocated, unallocated, patientKey, posted, refusal };
}

async function transactionOf(db: Db | Tx, practice: PracticeId, transactionId: number) {
  const t = await findTransaction(db, practice, transactionId);
  if (!t) throw new NotFoundError('The transaction');
  return t;
}

export async function allocationStatusOf(
  ctx: AppContext,
  practice: PracticeId,
  transactionId: number,
): Promise<AllocationStatus> {
  await requireAllocation(ctx, practice);
  const facts = await factsOf(ctx.db, practice, await transactionOf(ctx.db, practice, transactionId));
  return {
    transactionId,
    allocatable: facts.allocatable,
    allocated: facts.allocated,
    unallocated: facts.unallocated,
    patientKey: facts.patientKey,
    refusal: facts.refusal,
    payment: await openDentalPayment(ctx, practice, transactionId),
  };
}

export async function allocatePayment(
  ctx: AppContext,
  practice: PracticeId,
  request: { transactionId: number; procedures: AssociateProcedure[] },
): Promise<AllocationStatus> {
  await requireAllocation(ctx, practice);
  await transactionOf(ctx.db, practice, request.transactionId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // The transaction's lock orders this with refunds, moves and other allocations of the payment.
    await lockTransaction(tx, practice, request.transactionId);
    const facts = await factsOf(tx, practice, await transactionOf(tx, practice, request.transactionId));
    // Two allocations sent at once wait here for each other: the second finds the first's pending.
    if (facts.refusal === ALLOCATION_MESSAGES.allocationPending) {
      throw new BadRequestError('body.transactionId', ALLOCATION_MESSAGES.allocatedMeanwhile);
    }
    if (facts.refusal) throw new BadRequestError('body.transactionId', facts.refusal);
    const payment = (await paymentOfTransaction(tx, practice, request.transactionId, { lock: true }))!;
    const lines = request.procedures.map((p) => ({
      patientKey: p.patientKey,
      procNum: p.procedureLogCodeNum,
      amount: p.amount,
    }));
    const problem = await writeAllocation(tx, practice, payment, lines, now);
    // Thrown inside the database transaction: nothing of it is written.
    if (problem) throw new BadRequestError(problem.field, problem.message);
    await queueAllocation(
      tx,
      practice,
      { transactionId: request.transactionId, at: now },
      { splits: lines.map((l) => ({ patNum: l.patientKey, procNum: l.procNum, amount: l.amount })) },
    );
    // Pending until the connector has confirmed the allocation.
    await setPracticeManagementStatus(tx, practice, request.transactionId, PRACTICE_MANAGEMENT.pending);
  });
  return allocationStatusOf(ctx, practice, request.transactionId);
}
