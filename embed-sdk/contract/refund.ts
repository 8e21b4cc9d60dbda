/**
 * Refund or void of a payment (part 2, "Refund / Void form" and the refundVoid call). A settled card
 * payment is refunded, an unsettled one voided (in full); cash and checks are refunded. REFUND needs
 * PROCESSREFUND, VOID needs PROCESSVOID. Payment plan and membership payments are refunded in full
 * only. A refund or void of a plan payment makes what it paid owed again (past due once its date has
 * come); a COMPLETE plan becomes ACTIVE again, and a canceled one may be re-activated with
 * `setActive`.
 */
import { z } from 'zod';
import { Cents, PositiveCents, RecordId } from './common.js';
import { post } from './endpoint.js';

export const GiveBackAction = z.enum(['REFUND', 'VOID']);
export type GiveBackAction = z.infer<typeof GiveBackAction>;

export const refundVoid = post('/api/transaction/refundVoid', {
  summary:
    'Refunds (settled card payments, cash, checks) or voids (unsettled card payments) a transaction of the practice.',
  body: z.object({
    /** The transaction's transactionResultId. */
    id: z.string().trim().min(1).max(100),
    /** Surcharge included; a void always gives back the whole payment. */
    refundAmount: z.number().int('The refund amount must be whole cents.').min(1).max(99_999_999),
    action: GiveBackAction,
    /**
     * Re-activate the payment plan if it is canceled, or the membership if it is not active (the
     * form's box, on by default there).
     */
    setActive: z.boolean().default(false),
    /** Open Dental: the payment is split across procedures, and `procedures` says what each gives back. */
    isSplit: z.boolean().optional(),
    /**
     * Open Dental: the refund of each pay split (getOpenDentalPayment), in cents; they add up to the
     * refund less its surcharge. The negative splits are written back to the practice system.
     */
    procedures: z
      .array(z.object({ splitNum: RecordId, amount: PositiveCents }))
      .max(500)
      .optional(),
  }),
  value: z.object({
    isApproved: z.boolean(),
    /** 'Transaction Refunded' or 'Transaction Voided'. */
    statusMessage: z.string(),
    /** The refund's or void's reference id. */
    referenceId: z.string(),
    refundAmount: Cents,
    orderAmount: Cents,
    surchargeAmount: Cents,
    /** The plan's status afterwards, for a plan payment. */
    paymentPlanStatus: z.enum(['ACTIVE', 'INACTIVE', 'COMPLETE']).nullable(),
    /** The membership's status afterwards, for a membership payment. */
    membershipStatus: z.enum(['ACTIVE', 'INACTIVE', 'EXPIRED', 'AWAITINGPATIENT']).nullable(),
  }),
  idempotent: true,
});
