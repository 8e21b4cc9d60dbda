/**
 * What the connector is asked to post (a payment, a refund or void, a move, an allocation). A
 * practice's on-site connector picks up a payment a few seconds
 * after it happens; the sandbox's waits `POSTING_DELAY_MS` too, so that a person sees the sync status
 * go from pending to posted. Each function joins the caller's database transaction: the posting is
 * queued with the change it posts, or not at all.
 */
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { paymentOfTransaction } from './store.js';
import { insertPosting, postingsOf } from './queueStore.js';

export const POSTING_DELAY_MS = 3_000;

/** A split of an allocated payment: an amount (cents) on one procedure of one patient. */
export interface AllocatedSplit {
  patNum: number;
  procNum: number;
  amount: number;
}

export interface PaymentPosting {
  /** The payment's allocation (Associate with Allocate Payment); unallocated when absent. */
  allocation?: AllocatedSplit[];
}

export interface RefundPosting {
  /** The refund's or void's reference id. */
  refundReferenceId: string;
  orderAmount: number;
  surchargeAmount: number;
  /** What each pay split gives back, as the refund form chose; prorated when absent. */
  splits?: { splitNum: number; amount: number }[];
}

export interface MovePosting {
  toPatNum: number;
}

/**
 * An allocation of a payment already in the record. Its splits are written when it is saved (the
 * sandbox's record is the practice system, and the checks of Est. Due and of what is unallocated need
 * them there at once); the posting is the connector's confirmation, which sets the payment posted
 * again and tells the widgets (TransactionProcessed).
 */
export interface AllocationPosting {
  splits: AllocatedSplit[];
}

const dueAfter = (at: Date) => new Date(at.getTime() + POSTING_DELAY_MS);

export function queuePayment(
  tx: Db | Tx,
  practice: PracticeId,
  payment: { transactionId: number; at: Date },
  posting: PaymentPosting = {},
) {
  return insertPosting(tx, practice, {
    transactionId: payment.transactionId,
    kind: 'PAYMENT',
    payload: { ...posting },
    dueAt: dueAfter(payment.at),
  });
}

export function queueRefund(
  tx: Db | Tx,
  practice: PracticeId,
  refund: { transactionId: number; type: 'REFUNDED' | 'VOIDED'; at: Date },
  posting: RefundPosting,
) {
  return insertPosting(tx, practice, {
    transactionId: refund.transactionId,
    kind: refund.type === 'VOIDED' ? 'VOID' : 'REFUND',
    payload: { ...posting },
    dueAt: dueAfter(refund.at),
  });
}

export function queueMove(
  tx: Db | Tx,
  practice: PracticeId,
  move: { transactionId: number; at: Date },
  posting: MovePosting,
) {
  return insertPosting(tx, practice, {
    transactionId: move.transactionId,
    kind: 'MOVE',
    payload: { ...posting },
    dueAt: dueAfter(move.at),
  });
}

export function queueAllocation(
  tx: Db | Tx,
  practice: PracticeId,
  allocation: { transactionId: number; at: Date },
  posting: AllocationPosting,
) {
  return insertPosting(tx, practice, {
    transactionId: allocation.transactionId,
    kind: 'ALLOCATION',
    payload: { ...posting },
    dueAt: dueAfter(allocation.at),
  });
}

/**
 * Whether the payment went to the practice system (it is there, or its posting is queued): only
 * then are its refunds, voids and moves written back there.
 */
export async function wasQueuedForPracticeSystem(
  db: Db | Tx,
  practice: PracticeId,
  transactionId: number,
): Promise<boolean> {
  if (await paymentOfTransaction(db, practice, transactionId)) return true;
  const postings = await postingsOf(db, practice, transactionId);
  return postings.some((p) => p.kind === 'PAYMENT');
}
