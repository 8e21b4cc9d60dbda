/**
 * The rows a card charge records: its transaction and, for a plan's or a membership's charge, its
 * item on that record's payment ledger. Built here once, from the claim, the provider's answer and
 * the card charged, for every charge that goes through the claimed-charge protocol
 * (claimedCharge.ts's step 3): the virtual terminal's and the payment page's (requestCharges.ts), a
 * payment plan's (payment-plans/charges.ts) and a membership's (memberships/charges.ts). Each of
 * them says only what its payment is for (`ChargePayment`).
 */
import type { ChargeOutcome } from '../../embed-sdk/contract/paymentPlan.js';
import { displayedTransactionId } from '../card-provider/reference.js';
import type { ChargeResult } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PendingRequestCharge } from '../db/schema/transactions.js';
import type { PracticeId } from '../db/scope.js';
import { addLedgerItem } from './paymentLedger.js';
import { recordTransactionOnce, type TransactionRecord } from './store.js';

/** The card a charge was made on, as its transaction and its ledger item record it. */
export interface ChargedCard {
  cardType: string;
  description: string;
  expMonth: number;
  expYear: number;
  funding: string;
}

/** The payment's ledger: a plan's (with the schedule row the charge pays, if any) or a membership's. */
export type LedgerOwner =
  { paymentPlanId: number; paymentPlanDetailId: number | null } | { customerMembershipBillingId: number };

/**
 * Who paid, as the transaction names them: a request's payer, or `payerColumns` (announce.ts) of a
 * plan's or a membership's patient.
 */
export type Payer = PendingRequestCharge['payer'];

/** What a payment says besides the charge itself: who paid, for what, and its ledger item. */
export interface ChargePayment {
  payer: Payer;
  source: 'VIRTUALTERMINAL' | 'TEXTTOPAY' | 'PAYMENTPLAN' | 'MEMBERSHIP' | 'INSURANCE';
  note: string | null;
  /** The payment request the payment pays (the payment page). */
  notificationId?: string | null;
  /** A plan's or a membership's charge: its ledger, and the item's description. */
  ledger?: LedgerOwner & { description: string };
}

export interface ChargeToRecord {
  pending: { key: string; orderAmount: number; surchargeAmount: number };
  result: ChargeResult;
  card: ChargedCard;
  payment: ChargePayment;
  at: Date;
}

/**
 * Writes a card charge's transaction and its ledger item; null when a replay of the same charge
 * recorded it first (its reference id is taken), and nothing is written.
 */
export async function recordCardCharge(
  tx: Tx,
  practice: PracticeId,
  { pending, result, card, payment, at }: ChargeToRecord,
): Promise<TransactionRecord | null> {
  const amount = pending.orderAmount + pending.surchargeAmount;
  const { ledger } = payment;
  const owner = {
    paymentPlanId: ledger && 'paymentPlanId' in ledger ? ledger.paymentPlanId : null,
    customerMembershipBillingId:
      ledger && 'customerMembershipBillingId' in ledger ? ledger.customerMembershipBillingId : null,
  };
  const transaction = await recordTransactionOnce(tx, practice, {
    ...payment.payer,
    referenceId: result.referenceId,
    transactionResultId: result.transactionResultId,
    status: result.approved ? 'APPROVED' : 'DECLINED',
    reason: result.reason,
    amount,
    orderAmount: pending.orderAmount,
    surchargeAmount: pending.surchargeAmount,
    fundingSource: 'CARD',
    cardType: card.cardType,
    cardDescription: card.description,
    expMonth: String(card.expMonth),
    expYear: String(card.expYear),
    resultMetaData: { funding: card.funding },
    source: payment.source,
    created: at,
    note: payment.note,
    noteLabel: payment.note ? 'Note' : null,
    notificationId: payment.notificationId ?? null,
    ...owner,
    chargeKey: pending.key,
  });
  if (!transaction || !ledger) return transaction;
  await addLedgerItem(tx, practice, {
    ...owner,
    paymentPlanDetailId: 'paymentPlanDetailId' in ledger ? ledger.paymentPlanDetailId : null,
    transactionId: transaction.id,
    kind: 'PAYMENT',
    dateTime: at,
    description: ledger.description,
    fundingSource: 'CARD',
    cardType: card.cardType,
    cardDescription: card.description,
    amount,
    orderAmount: pending.orderAmount,
    surcharge: pending.surchargeAmount,
    status: transaction.status,
    reason: result.reason,
    referenceId: result.referenceId,
    note: payment.note,
  });
  return transaction;
}

/** What staff are told of a recorded charge (a plan's payment, a membership's enrolment at the desk). */
export function outcomeOf(t: TransactionRecord): ChargeOutcome {
  return {
    isApproved: t.status === 'APPROVED',
    reason: t.reason,
    referenceId: t.referenceId,
    transactionId: displayedTransactionId(t.referenceId),
    orderAmount: t.orderAmount,
    surchargeAmount: t.surchargeAmount,
    total: t.amount,
  };
}
