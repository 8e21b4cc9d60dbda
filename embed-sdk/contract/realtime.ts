/**
 * The realtime hub's messages (SignalR JSON hub protocol at /hubs/payments). Server → client
 * invocations by target name, with their argument lists.
 */
import { z } from 'zod';
import { TransactionSource } from './common.js';

export const HUB_PATH = '/hubs/payments';

/** A payment was processed (or refunded or voided) in the caller's practice. */
export const TransactionProcessed = z.object({
  transactionId: z.number().int(),
  referenceId: z.string(),
  /** Set when this event is about a refund or void of the transaction. */
  refundVoidReferenceId: z.string().nullable(),
  status: z.enum(['APPROVED', 'DECLINED']),
  source: TransactionSource,
  amount: z.number().int(),
  customerId: z.number().int().nullable(),
  notificationId: z.string().nullable(),
  paymentPlanId: z.number().int().nullable(),
  customerMembershipBillingId: z.number().int().nullable(),
  /** 2 once posted to the practice management system. */
  practiceManagementStatus: z.number().int(),
});
export type TransactionProcessed = z.infer<typeof TransactionProcessed>;

/** A patient opened a payment request's page for the first time (its Viewed step). */
export const PaymentRequestViewed = z.object({
  notificationId: z.string(),
  /** When it was first viewed. */
  paymentPage: z.string(),
});
export type PaymentRequestViewed = z.infer<typeof PaymentRequestViewed>;

/** A patient stored a card on file through a card request's link: the patient's cards changed. */
export const CardRequestCompleted = z.object({
  cardRequestId: z.number().int(),
  customerId: z.number().int(),
  /** The card now on file (the patient's default). */
  savedCardId: z.number().int(),
  /** When it was stored. */
  completed: z.string(),
});
export type CardRequestCompleted = z.infer<typeof CardRequestCompleted>;

/**
 * A membership changed without staff acting in the modal: the patient completed their enrolment
 * (AWAITINGPATIENT to ACTIVE), or the billing run charged, retried, renewed, expired or canceled it.
 */
export const MembershipChanged = z.object({
  customerMembershipBillingId: z.number().int(),
  customerId: z.number().int(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'EXPIRED', 'AWAITINGPATIENT']),
  /** When it changed. */
  changed: z.string(),
});
export type MembershipChanged = z.infer<typeof MembershipChanged>;

/**
 * A reimbursement's patients' shares changed: a patient paid the payment request of their share, so
 * its details row's `paid` and the list's Request Paid rose (issue 33).
 */
export const InsurancePaymentChanged = z.object({
  insurancePaymentId: z.number().int(),
  /** The patient whose share's request was paid. */
  customerId: z.number().int(),
  /** Request Paid now: what the reimbursement's patients have paid of their shares. */
  paid: z.number().int(),
  /** When it changed. */
  changed: z.string(),
});
export type InsurancePaymentChanged = z.infer<typeof InsurancePaymentChanged>;

/** Every server → client target and the schema of its single argument. */
export const HubEvents = {
  TransactionProcessed,
  PaymentRequestViewed,
  CardRequestCompleted,
  MembershipChanged,
  InsurancePaymentChanged,
} as const;
export type HubEventName = keyof typeof HubEvents;
