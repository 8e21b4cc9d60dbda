/**
 * The connector: what a practice's on-site connector does, played by the sandbox. It works through
 * the queue of postings (queue.ts) once each is due: it enters a payment with its pay splits, writes a
 * refund's or void's negative splits, moves a payment to another patient. Then it asks transactions/
 * to mark the payment posted (2) and publish `TransactionProcessed`; a posting that fails marks it
 * failed (1) until Retry queues it again.
 *
 * Work is claimed in the database with a lease (store.ts `claimDuePostings`), so several server
 * instances on one PostgreSQL post each item once. Each server polls every `POLL_MS`; tests run due
 * postings themselves with `runDuePostings`.
 */
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { localDate } from '../domain/calendarDates.js';
import { openSplits, refundSplits } from '../domain/practice-system/paySplits.js';
import { findCustomerKey } from '../patients/store.js';
import {
  announcePracticeManagementStatus,
  markPracticeManagementStatus,
  PRACTICE_MANAGEMENT,
} from '../transactions/practiceSync.js';
import { findTransaction, type TransactionRecord } from '../transactions/store.js';
import { writeAllocation } from './allocation.js';
import { connectorFails } from './connectors.js';
import type { MovePosting, PaymentPosting, RefundPosting } from './queue.js';
import {
  hasRefundSplits,
  insertPayment,
  insertSplits,
  movePayment,
  paymentOfTransaction,
  splitsOf,
} from './store.js';
import {
  claimantsOfDuePostings,
  claimDuePostings,
  finishPosting,
  takeFault,
  type PostingRecord,
} from './queueStore.js';

/** How often each server looks for due postings. */
export const POLL_MS = 1_000;
/** How long a claim holds a posting (unless its instance is known to have stopped). */
export const LEASE_MS = 30_000;
const BATCH = 20;

export const POSTING_MESSAGES = {
  fault: 'The practice management system refused the posting (the sandbox was told to fail it).',
  failing: "The practice's connector is failing: it refused the posting (the sandbox was told to fail it).",
  noPatient: 'The payment has no patient in the practice management system.',
  noPayment: 'The payment is not in the practice management system.',
  unexpected: 'The practice management system could not post it.',
} as const;

/** A posting the practice system refuses: it is marked failed with this message. */
class PostingRefused extends Error {}
/** Another worker took the posting over (this one's lease expired): its work is not committed. */
class LeaseLost extends Error {}

/**
 * The payment's splits as the practice system enters them: the surcharge first, as Open Dental's
 * connector does, then the order amount unallocated (an allocation then takes from it).
 */
function paymentSplits(t: TransactionRecord, patNum: number) {
  const surcharge =
    t.surchargeAmount > 0
      ? [{ patNum, procNum: null, amount: t.surchargeAmount, descript: 'Surcharge' }]
      : [];
  return [...surcharge, { patNum, procNum: null, amount: t.orderAmount, descript: 'Unallocated' }];
}

/** Writes the posting to the record; the refund's or void's reference for TransactionProcessed. */
async function apply(
  ctx: AppContext,
  tx: Tx,
  practice: PracticeId,
  posting: PostingRecord,
  t: TransactionRecord,
): Promise<string | null> {
  switch (posting.kind) {
    case 'PAYMENT': {
      const customer = t.customerId === null ? null : await findCustomerKey(tx, practice, t.customerId);
      if (!customer?.patientKey) throw new PostingRefused(POSTING_MESSAGES.noPatient);
      const entered = await insertPayment(
        tx,
        practice,
        {
          patNum: customer.patientKey,
          transactionId: t.id,
          referenceId: t.referenceId,
          payDate: localDate(t.created),
          payAmt: t.amount,
          payNote: `Chairside ${t.source} payment ${t.referenceId.split('-')[0]}`,
          created: t.created,
        },
        paymentSplits(t, customer.patientKey),
      );
      const allocation = (posting.payload as PaymentPosting).allocation ?? [];
      if (entered && allocation.length > 0) {
        // Associate with Allocate Payment: the same code as an allocation saved later. The lines
        // were checked when the payment was associated; should a procedure's Est. Due have been
        // taken meanwhile, the payment stays unallocated (the patient page offers Allocate) rather
        // than failing a posting that Retry could never mend.
        const problem = await writeAllocation(
          tx,
          practice,
          entered,
          allocation.map((a) => ({ patientKey: a.patNum, procNum: a.procNum, amount: a.amount })),
          t.created,
        );
        if (problem) {
          ctx.log.warn(
            { transaction: t.id, problem },
            'the allocation no longer fits: the payment is posted unallocated',
          );
        }
      }
      return null;
    }
    case 'ALLOCATION': {
      // Written when it was saved (queue.ts AllocationPosting): the payment must still be there.
      if (!(await paymentOfTransaction(tx, practice, t.id)))
        throw new PostingRefused(POSTING_MESSAGES.noPayment);
      return null;
    }
    case 'REFUND':
    case 'VOID': {
      const refund = posting.payload as unknown as RefundPosting;
      const payment = await paymentOfTransaction(tx, practice, t.id, { lock: true });
      if (!payment) throw new PostingRefused(POSTING_MESSAGES.noPayment);
      if (await hasRefundSplits(tx, practice, payment.id, refund.refundReferenceId)) {
        return refund.refundReferenceId;
      }
      const lines = await splitsOf(tx, practice, payment.id);
      const back = refundSplits(
        openSplits(lines),
        posting.kind === 'VOID'
          ? { kind: 'VOID' }
          : {
              kind: 'REFUND',
              orderAmount: refund.orderAmount,
              surchargeAmount: refund.surchargeAmount,
              chosen: refund.splits,
            },
      );
      if ('problem' in back) throw new PostingRefused(back.problem);
      const byId = new Map(lines.map((l) => [l.id, l]));
      const descript = posting.kind === 'VOID' ? 'Void' : 'Refund';
      await insertSplits(
        tx,
        practice,
        payment.id,
        back.map((b) => {
          const of = byId.get(b.splitId)!;
          return {
            patNum: of.patNum,
            procNum: of.procNum,
            amount: b.amount,
            descript: `${descript}: ${of.descript}`,
            refundOfSplitId: b.splitId,
            refundReferenceId: refund.refundReferenceId,
          };
        }),
        posting.created,
      );
      return refund.refundReferenceId;
    }
    case 'MOVE': {
      const payment = await paymentOfTransaction(tx, practice, t.id, { lock: true });
      if (!payment) throw new PostingRefused(POSTING_MESSAGES.noPayment);
      await movePayment(tx, practice, payment.id, (posting.payload as unknown as MovePosting).toPatNum);
      return null;
    }
    default:
      throw new PostingRefused(`Unknown posting kind ${posting.kind}.`);
  }
}

const refundReferenceOf = (posting: PostingRecord) =>
  posting.kind === 'REFUND' || posting.kind === 'VOID'
    ? ((posting.payload as unknown as RefundPosting).refundReferenceId ?? null)
    : null;

/** Posts one claimed posting; true when posted. */
async function post(ctx: AppContext, posting: PostingRecord, worker: string, now: Date): Promise<boolean> {
  const practice = practiceOfRecord(posting);
  const claim = { id: posting.id, worker };
  let failure: string;
  try {
    // Used up on its own, so that the posting's failure below does not put it back.
    if (await takeFault(ctx.db, practice)) throw new PostingRefused(POSTING_MESSAGES.fault);
    if (await connectorFails(ctx.db, practice)) throw new PostingRefused(POSTING_MESSAGES.failing);
    const done = await ctx.db.transaction(async (tx) => {
      const t = await findTransaction(tx, practice, posting.transactionId);
      if (!t) throw new PostingRefused(POSTING_MESSAGES.noPayment);
      const refundReference = await apply(ctx, tx, practice, posting, t);
      if (!(await finishPosting(tx, practice, claim, { state: 'POSTED', at: now }))) throw new LeaseLost();
      const marked = await markPracticeManagementStatus(
        tx,
        practice,
        posting.transactionId,
        PRACTICE_MANAGEMENT.posted,
      );
      return { marked, refundReference };
    });
    if (done.marked) announcePracticeManagementStatus(ctx, done.marked, done.refundReference);
    return true;
  } catch (error) {
    if (error instanceof LeaseLost) return false;
    if (error instanceof PostingRefused) {
      failure = error.message;
    } else {
      ctx.log.error({ err: error, posting: posting.id }, 'posting to the practice system failed');
      failure = POSTING_MESSAGES.unexpected;
    }
  }
  const marked = await ctx.db.transaction(async (tx) => {
    if (!(await finishPosting(tx, practice, claim, { state: 'FAILED', at: now, error: failure })))
      return null;
    return markPracticeManagementStatus(tx, practice, posting.transactionId, PRACTICE_MANAGEMENT.failed);
  });
  if (marked) announcePracticeManagementStatus(ctx, marked, refundReferenceOf(posting));
  return false;
}

/**
 * Posts every posting due by `now` (the sandbox clock's now by default) and returns how many were
 * posted and how many failed. The claimant is this server instance (its boot id); a posting claimed
 * by an instance that has stopped (server/instances.ts) is taken over at once, not after its lease,
 * as a charge's claim is (transactions/claimedCharge.ts).
 */
export async function runDuePostings(
  ctx: AppContext,
  opts: { now?: Date } = {},
): Promise<{ posted: number; failed: number }> {
  const worker = ctx.instance.bootId;
  const tally = { posted: 0, failed: 0 };
  for (;;) {
    const now = opts.now ?? ctx.clock.now();
    const deadClaimants: string[] = [];
    for (const claimant of await claimantsOfDuePostings(ctx.db, now, worker)) {
      if (!(await ctx.instance.isAlive(claimant))) deadClaimants.push(claimant);
    }
    if (deadClaimants.length > 0) {
      ctx.log.warn({ deadClaimants }, 'taking over the postings of a server that stopped while posting them');
    }
    const claimed = await claimDuePostings(ctx.db, {
      worker,
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: BATCH,
      deadClaimants,
    });
    if (claimed.length === 0) return tally;
    for (const posting of claimed) {
      if (await post(ctx, posting, worker, now)) tally.posted++;
      else tally.failed++;
    }
  }
}
