/**
 * Transactions: every payment attempt of the practice (card, cash, check), from any source. The list
 * call serves the transactions list and the payment request's Payment Activity table alike.
 */
import { z } from 'zod';
import {
  CardType,
  Cents,
  FundingSource,
  IsoDate,
  PageNumber,
  RecordId,
  TransactionSource,
} from './common.js';
import { get, post } from './endpoint.js';

export const TransactionStatus = z.enum(['APPROVED', 'DECLINED']);

/** The spec's Transaction entity (part 2, section 3). Amounts in cents. */
export const Transaction = z.object({
  id: z.number().int(),
  /** Dash-separated; its first segment is the transaction ID people see. A check's number follows a '#'. */
  referenceId: z.string(),
  transactionResultId: z.string(),
  status: TransactionStatus,
  /** Why it was declined. */
  reason: z.string().nullable(),
  /** What was charged, surcharge included. */
  amount: Cents,
  orderAmount: Cents,
  surchargeAmount: Cents,
  /** This payment carries a surcharge. */
  hasSurcharging: z.boolean(),
  fundingSource: FundingSource,
  cardType: CardType.nullable(),
  cardDescription: z.string().nullable(),
  expMonth: z.string().nullable(),
  expYear: z.string().nullable(),
  resultMetaData: z.record(z.string(), z.unknown()).nullable(),
  source: TransactionSource,
  terminalDescription: z.string().nullable(),
  created: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  customerId: z.number().int().nullable(),
  /** The customer's patient number in the practice system. */
  customerKey: z.number().int().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  paymentPlanId: z.number().int().nullable(),
  customerMembershipBillingId: z.number().int().nullable(),
  insurancePaymentId: z.number().int().nullable(),
  /** The payment request it paid (text to pay). */
  notificationId: z.string().nullable(),
  note: z.string().nullable(),
  noteLabel: z.string().nullable(),
  /** VOIDED when voided; REFUNDED when refunded, in part or in full. */
  refundVoidType: z.enum(['REFUNDED', 'VOIDED']).nullable(),
  /** The sum of its refunds (or the void), surcharge included, and its two parts. */
  refundVoidAmount: Cents.nullable(),
  refundVoidOrderAmount: Cents.nullable(),
  refundVoidSurchargeAmount: Cents.nullable(),
  /** The latest refund's (or the void's) reference and time. */
  refundVoidReferenceId: z.string().nullable(),
  refundVoidDate: z.string().nullable(),
  /** Older than the 180-day refund window. */
  cantRefund: z.boolean(),
  /** Approved, not voided, something left to give back, and inside the refund window. */
  canRefund: z.boolean(),
  /**
   * Card payments: whether the provider's batch has settled it, as last known here; ask
   * getTransaction for the provider's current answer. Cash and checks: true.
   */
  isSettled: z.boolean(),
  associatedAutoMessage: z.string().nullable(),
  associatedManMessage: z.string().nullable(),
  /** 0 pending, 1 failed, 2 posted to the practice management system. */
  practiceManagementStatus: z.number().int(),
  /** The plan's status when it is no longer active (INACTIVE or COMPLETE); null otherwise. */
  paymentPlanStatus: z.enum(['INACTIVE', 'COMPLETE']).nullable(),
  customerMembershipBillingIsActive: z.boolean().nullable(),
  /** The number of transactions matching the filter over all pages (the same on every item). */
  rows: z.number().int(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionSort = z.enum([
  'Date:descending',
  'Date:ascending',
  'Amount:descending',
  'Amount:ascending',
]);
export type TransactionSort = z.infer<typeof TransactionSort>;

/** The spec's transaction filter, with the names this API uses (the spec's name in brackets). */
export const TransactionFilter = z
  .object({
    /** Payments of one payment request. */
    notificationId: z.uuid().optional(),
    customerId: RecordId.optional(),
    /** [customerKey] Payments of the customer with this patient number. */
    customerKey: RecordId.optional(),
    paymentPlanId: RecordId.optional(),
    /** [moduleSelected] Any of these sources; all when absent or empty. */
    modules: z.array(TransactionSource).optional(),
    /** [statusSelected] */
    status: TransactionStatus.optional(),
    /** Made on or after this day (the practice's calendar). */
    startDate: IsoDate.optional(),
    /** Made on or before this day. */
    endDate: IsoDate.optional(),
    /** [sortOption] */
    sort: TransactionSort.default('Date:descending'),
    /** [currentPage] From 1. */
    page: PageNumber.default(1),
    /** The spec's page size is 10. */
    pageSize: z.number().int().min(1).max(100).default(10),
  })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, {
    path: ['endDate'],
    message: 'The end date must not be before the start date.',
  });
export type TransactionFilter = z.input<typeof TransactionFilter>;

export const transactions = post('/api/transaction/transactions', {
  writes: 'nothing',
  summary: "The practice's transactions matching the filter, one page, with the total count in `rows`.",
  body: TransactionFilter,
  value: z.array(Transaction),
});

export const getTransaction = get('/api/transaction/getTransaction', {
  summary: 'Whether a transaction (by its reference id) has settled, asked of the card provider.',
  query: z.object({ id: z.string().trim().min(1).max(100) }),
  value: z.object({ referenceId: z.string(), isSettled: z.boolean() }),
});
