/**
 * The charges a request makes on a card entered for it: the virtual terminal's (virtualTerminal.ts)
 * and the public payment page's (payment-requests/paymentPage.ts). They go through the claimed-charge
 * protocol (claimedCharge.ts) as the charges on file do. Having no record of their own until their
 * payment is written, they keep their claim on a row of `request_charges`, one per request's provider
 * key (derived from its Idempotency-Key), which holds everything the payment will say.
 *
 * So a server stopped at any point of such a request leaves either nothing (the request did not get
 * to its claim: run again, it charges once), a claim (its next start, or the request run again,
 * replays it with the same key: one charge at the provider, recorded once), or the payment (run
 * again, the request answers it).
 */
import type { AppContext, ChargeResult } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PendingRequestCharge } from '../db/schema/transactions.js';
import type { PracticeId } from '../db/scope.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { findRequest, recordPaymentOutcome } from '../payment-requests/store.js';
import { storeCard } from '../saved-cards/store.js';
import { announceTransaction } from './announce.js';
import { claimedCharges, type ChargeCard, type ChargeSeams } from './claimedCharge.js';
import {
  findRequestCharge,
  findRequestChargeById,
  findTransactionByChargeKey,
  findTransactionByReference,
  openRequestCharge,
  recordTransactionOnce,
  requestChargesWithPending,
  setRequestChargePending,
  type TransactionRecord,
} from './store.js';

export type { PendingRequestCharge };

export interface RecordedRequestCharge {
  transaction: TransactionRecord;
}

const REFUSALS = {
  // A row holds one request's charge, so another charge never waits on it; kept for the protocol.
  chargeInProgress: 'This payment is being processed. Please try again in a moment.',
  noCard: 'The card could not be charged.',
};

/** Test seam: the API tests stop these charges where a killed server would (claimedCharge.ts). */
export const chargeSeam: Required<ChargeSeams<PendingRequestCharge>> = {
  afterClaim: null,
  afterCharge: null,
  afterRecord: null,
};

/** What the payment's source changes with it, in the transaction that records it. */
const AFTER_RECORD: Record<
  PendingRequestCharge['source'],
  (tx: Tx, practice: PracticeId, pending: PendingRequestCharge, t: TransactionRecord) => Promise<unknown>
> = {
  async VIRTUALTERMINAL(tx, practice, pending, t) {
    const { customerId } = pending.payer;
    if (!pending.storeCard || t.status !== 'APPROVED' || customerId === null || !pending.card.fromNonce)
      return;
    await storeCard(tx, practice, { customerId, card: pending.card, isDefault: false, at: t.created });
  },
  TEXTTOPAY: (tx, practice, pending, t) =>
    recordPaymentOutcome(
      tx,
      practice,
      pending.paymentRequestId!,
      t.status === 'APPROVED'
        ? { at: t.created, orderAmount: t.orderAmount, surchargeAmount: t.surchargeAmount }
        : null,
    ),
};

async function recordCharge(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
  pending: PendingRequestCharge,
  result: ChargeResult,
  card: ChargeCard,
): Promise<RecordedRequestCharge> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await findRequestChargeById(tx, practice, id, { lock: true });
    const recorded = async () => {
      const transaction = await findTransactionByReference(tx, practice, result.referenceId);
      if (!transaction) throw new BusinessError(REFUSALS.chargeInProgress);
      return { transaction };
    };
    // Recorded meanwhile (a replay of the same charge finished first): the same answer.
    if (row?.pendingCharge?.key !== pending.key) return recorded();
    // A request paid by another payment meanwhile (its claim had run out): this charge is recorded
    // all the same, as the request's second payment, not as what paid it.
    const request =
      pending.source === 'TEXTTOPAY' ? await findRequest(tx, practice, pending.paymentRequestId!) : null;
    const paidByAnother = request !== null && request.paid !== null;
    const inserted = await recordTransactionOnce(tx, practice, {
      ...pending.payer,
      referenceId: result.referenceId,
      transactionResultId: result.transactionResultId,
      status: result.approved ? 'APPROVED' : 'DECLINED',
      reason: result.reason,
      amount: pending.orderAmount + pending.surchargeAmount,
      orderAmount: pending.orderAmount,
      surchargeAmount: pending.surchargeAmount,
      fundingSource: 'CARD',
      cardType: card.cardType,
      cardDescription: card.description,
      expMonth: String(card.expMonth),
      expYear: String(card.expYear),
      resultMetaData: { funding: card.funding },
      source: pending.source,
      created: now,
      note: pending.note,
      noteLabel: pending.note ? 'Note' : null,
      notificationId: pending.source === 'TEXTTOPAY' && !paidByAnother ? pending.paymentRequestId : null,
      chargeKey: pending.key,
    });
    await setRequestChargePending(tx, practice, id, null);
    if (!inserted) return recorded();
    if (!paidByAnother) await AFTER_RECORD[pending.source](tx, practice, pending, inserted);
    return { transaction: inserted };
  });
}

const claimed = claimedCharges({
  name: 'request',
  async lock(tx, practice, id) {
    const row = await findRequestChargeById(tx, practice, id, { lock: true });
    if (!row) throw new NotFoundError('The payment');
    return row;
  },
  find: (db, practice, id) => findRequestChargeById(db, practice, id),
  setPending: setRequestChargePending,
  withPending: requestChargesWithPending,
  refusals: REFUSALS,
  card: async (_db, _practice, pending): Promise<ChargeCard> => ({
    ...pending.card,
    providerToken: pending.card.token,
  }),
  record: recordCharge,
  announce: (ctx, recorded) => announceTransaction(ctx, recorded.transaction),
  recordedOutcome: (_row, transaction) => ({ transaction }),
  seams: chargeSeam,
});

/**
 * The request's charge under this provider key when the request runs again (its server stopped
 * under it): the payment it recorded, or its claim replayed and recorded; null when it never got
 * to its claim, and should run as new. Asked before anything else, since what the first run used
 * may be gone (a nonce is good once).
 */
export async function resumeRequestCharge(
  ctx: AppContext,
  practice: PracticeId,
  key: string,
): Promise<RecordedRequestCharge | null> {
  const row = await findRequestCharge(ctx.db, practice, key);
  if (!row) return null;
  if (!row.pendingCharge && !(await findTransactionByChargeKey(ctx.db, practice, key))) return null;
  return claimed.charge(
    ctx,
    practice,
    row.id,
    () => Promise.reject(new BusinessError(REFUSALS.chargeInProgress)),
    key,
  );
}

/**
 * Claims, charges and records the request's charge `pending` describes. `claim` runs in the
 * claim's database transaction, under its row's lock: what else the charge must hold (the payment
 * request it pays) is taken with it or not at all.
 */
export async function chargeForRequest(
  ctx: AppContext,
  practice: PracticeId,
  pending: Omit<PendingRequestCharge, 'startedAt' | 'owner'>,
  claim?: (tx: Tx) => Promise<void>,
): Promise<RecordedRequestCharge> {
  const row = await openRequestCharge(ctx.db, practice, pending.key);
  return claimed.charge(
    ctx,
    practice,
    row.id,
    async (tx) => {
      await claim?.(tx);
      return pending;
    },
    pending.key,
  );
}

/** The recovery pass: claims whose server stopped, or whose lease ran out, replayed and recorded. */
export const recoverStaleRequestCharges = (ctx: AppContext) => claimed.recoverStale(ctx);
