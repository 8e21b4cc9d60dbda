/**
 * The charges a request makes on a card entered for it: the virtual terminal's (virtualTerminal.ts),
 * the public payment page's (payment-requests/paymentPage.ts) and a carrier's virtual card for a
 * reimbursement (reimbursements/create.ts). They go through the claimed-charge
 * protocol (claimedCharge.ts) as the charges on file do. Having no record of their own until their
 * payment is written, they keep their claim on a row of `request_charges`, one per request's provider
 * key (derived from its Idempotency-Key), which holds everything the payment will say.
 *
 * So a server stopped at any point of such a request leaves either nothing (the request did not get
 * to its claim: run again, it charges once), a claim (its next start, or the request run again,
 * replays it with the same key: one charge at the provider, recorded once), or the payment (run
 * again, the request answers it).
 */
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PendingRequestCharge } from '../db/schema/transactions.js';
import { practiceOfRecord, type PracticeId } from '../db/scope.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { findRequest, recordPaymentOutcome } from '../payment-requests/store.js';
import { announceSharePaid, sharePaid, type SharePaid } from '../reimbursements/shares.js';
import { storeCard } from '../saved-cards/store.js';
import { announceTransaction } from './announce.js';
import { claimedCharges, type ChargeCard, type ChargeSeams, type Recording } from './claimedCharge.js';
import { findTransactionByChargeKey, type TransactionRecord } from './store.js';
import {
  endRequestChargeClaim,
  findRequestCharge,
  findRequestChargeById,
  openRequestCharge,
  requestChargesWithPending,
  setRequestChargePending,
} from './requestChargeStore.js';

export type { PendingRequestCharge };

export interface RecordedRequestCharge {
  transaction: TransactionRecord;
  /** A reimbursement's share the payment paid (its Request Paid rose), to announce once committed. */
  share?: SharePaid | null;
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
  (
    tx: Tx,
    practice: PracticeId,
    pending: PendingRequestCharge,
    t: TransactionRecord,
  ) => Promise<SharePaid | null | void>
> = {
  async VIRTUALTERMINAL(tx, practice, pending, t) {
    const { customerId } = pending.payer;
    if (!pending.storeCard || t.status !== 'APPROVED' || customerId === null || !pending.card.fromNonce)
      return;
    await storeCard(tx, practice, { customerId, card: pending.card, isDefault: false, at: t.created });
  },
  async TEXTTOPAY(tx, practice, pending, t) {
    const approved = t.status === 'APPROVED';
    await recordPaymentOutcome(
      tx,
      practice,
      pending.paymentRequestId!,
      approved ? { at: t.created, orderAmount: t.orderAmount, surchargeAmount: t.surchargeAmount } : null,
    );
    // A reimbursement's share: its details row's paid and its Request Paid rise with the payment.
    return approved ? sharePaid(tx, practice, pending.paymentRequestId!, t.orderAmount) : null;
  },
  // A carrier's virtual card: the reimbursement that charged it is written after the charge, and
  // links its transaction then (reimbursements/create.ts).
  INSURANCE: async () => undefined,
};

/**
 * What the request's payment is for: the payer and note it was asked with, and the payment request
 * it pays (the payment page). A request paid by another payment meanwhile (its claim had run out)
 * is recorded all the same, as the request's second payment, not as what paid it.
 */
async function recording(
  tx: Tx,
  practice: PracticeId,
  pending: PendingRequestCharge,
): Promise<Recording<RecordedRequestCharge>> {
  const request =
    pending.source === 'TEXTTOPAY' ? await findRequest(tx, practice, pending.paymentRequestId!) : null;
  const paidByAnother = request !== null && request.paid !== null;
  return {
    payment: {
      payer: pending.payer,
      source: pending.source,
      note: pending.note,
      notificationId: pending.source === 'TEXTTOPAY' && !paidByAnother ? pending.paymentRequestId : null,
    },
    async apply({ transaction }) {
      if (paidByAnother) return { transaction };
      const share = await AFTER_RECORD[pending.source](tx, practice, pending, transaction);
      return { transaction, share: share ?? null };
    },
  };
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
  endClaim: endRequestChargeClaim,
  recording: (_ctx, tx, row, pending) => recording(tx, practiceOfRecord(row), pending),
  announce: (ctx, recorded) => {
    announceTransaction(ctx, recorded.transaction);
    if (recorded.share) announceSharePaid(ctx, recorded.share);
  },
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
    () => Promise.reject<never>(new BusinessError(REFUSALS.chargeInProgress)),
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
      return { charge: pending };
    },
    pending.key,
  );
}

/**
 * Whether a card may have been charged under this provider key: its charge is claimed (under way, or
 * cut off by a stopped server), or recorded approved. False when it never began, was declined, or the
 * provider refused it (its claim let go, nothing charged).
 */
export async function requestChargeMayHaveCharged(ctx: AppContext, practice: PracticeId, key: string) {
  const row = await findRequestCharge(ctx.db, practice, key);
  if (!row) return false;
  if (row.pendingCharge) return true;
  return (await findTransactionByChargeKey(ctx.db, practice, key))?.status === 'APPROVED';
}

/** The recovery pass: claims whose server stopped, or whose lease ran out, replayed and recorded. */
export const recoverStaleRequestCharges = (ctx: AppContext) => claimed.recoverStale(ctx);
