/**
 * Transactions: every payment attempt of the practice (card, cash, check), from any source. The list
 * call serves the transactions list and the payment request's Payment Activity table alike.
 */
import { z } from 'zod';
import {
  CardType,
  Cents,
  eachOnce,
  FundingSource,
  Id,
  IsoDate,
  PageNumber,
  PositiveCents,
  QueryBool,
  RecordId,
  TransactionSource,
  type Role,
} from './common.js';
import { PaymentMethod } from './dashboard.js';
import { get, post } from './endpoint.js';
import { Funding, Nonce } from './savedCard.js';

export const TransactionStatus = z.enum(['APPROVED', 'DECLINED']);

/**
 * What the list's Status filter asks for, in the spec's states (part 2, section 4): an approved
 * payment may become REFUNDED (in full or in part) or VOIDED. APPROVED is an approved payment with
 * neither; REFUNDED one with a refund and no void; VOIDED one with a void. PAID is every approved
 * payment, whatever was given back since (the three together): the payments a report's collections
 * count on the day they were made (reportCollections.ts).
 */
export const TransactionStatusFilter = z.enum(['APPROVED', 'DECLINED', 'REFUNDED', 'VOIDED', 'PAID']);
export type TransactionStatusFilter = z.infer<typeof TransactionStatusFilter>;

/**
 * Who acts on the practice's payments beyond refunds and voids: takes a payment at the desk (the
 * virtual terminal), moves a payment to another patient, associates or removes an unassociated one,
 * and retries a failed posting. The spec names no role for these: the front desk's editing and money
 * roles, never a viewer's.
 */
export const TRANSACTION_EDIT_ROLES: readonly Role[] = [
  'EDITPAYMENTREQUESTS',
  'EDITPAYMENTPLANS',
  'EDITMEMBERSHIPS',
  'PROCESSREFUND',
  'PROCESSVOID',
];

/**
 * Allocating a payment to procedures needs one of the roles that take payments (as associating one
 * does). Here rather than in allocation.ts: the transactions list's menu reads it, and importing
 * allocation.ts would bring its schemas into that list's code.
 */
export const ALLOCATION_ROLES: readonly Role[] = [
  'EDITPAYMENTREQUESTS',
  'EDITPAYMENTPLANS',
  'EDITMEMBERSHIPS',
];

/** The count stops here: `rowsCapped` says there are more ("10,000+"). */
export const TRANSACTION_COUNT_CAP = 10_000;

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
  /**
   * A membership payment whose membership is canceled or expired: how it becomes active again
   * (embed-sdk/rules/memberships.ts `reactivationOf`). The refund form offers its box for REACTIVATE
   * only: a RESTART one starts again with a new year's charge (Restart Membership). Null otherwise.
   */
  customerMembershipBillingReactivation: z.enum(['REACTIVATE', 'RESTART']).nullable(),
  /** The number of transactions matching the filter over all pages (the same on every item). */
  rows: z.number().int(),
  /**
   * `rows` is a lower bound: counting stopped there (a huge range shows "10,000+"). The same on every
   * item.
   */
  rowsCapped: z.boolean(),
  /** Removed from the unassociated payments (it can never be associated); null otherwise. */
  removed: z.string().nullable(),
  /**
   * Open Dental, on a list of one patient's payments (customerId or customerKey): what of this
   * approved payment is not on procedures yet (its unallocated pay splits, less refunds), 0 when
   * allocated in full or voided. Null on other lists, in other systems, and for a payment not in the
   * practice system (declined, or not posted yet).
   */
  unallocated: Cents.nullable(),
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
    /** [paymentPlanDetailId] The payments of one cycle of a payment plan. */
    paymentPlanDetailId: RecordId.optional(),
    /**
     * A transaction ID as people see it (the referenceId's first segment, e.g. "R47NVR"), or a whole
     * referenceId; case does not matter.
     */
    transactionId: z.string().trim().min(1).max(60).optional(),
    /**
     * [viewPaymentPageOrphans] Unassociated payments made on the payment page. With
     * `viewOtherOrphans`, the list holds only unassociated payments, of the kinds asked for.
     */
    viewPaymentPageOrphans: z.boolean().optional(),
    /** [viewOtherOrphans] Unassociated terminal and virtual-terminal payments. */
    viewOtherOrphans: z.boolean().optional(),
    /** Administrators only: every practice's transactions (the company-wide view). */
    companyWide: z.boolean().optional(),
    /** Administrators only, with `companyWide`: one practice's (a practice's page in the admin area). */
    companyId: Id.optional(),
    /** [moduleSelected] Any of these sources; all when absent or empty. */
    modules: z.array(TransactionSource).optional(),
    /** [statusSelected] */
    status: TransactionStatusFilter.optional(),
    /**
     * Any of these payment methods, the dashboard's and the reports' (dashboard.ts `PaymentMethod`):
     * a card's brand, CARD for a card of unknown brand, CASH or CHECK. All when absent or empty.
     */
    methods: eachOnce(z.array(PaymentMethod).max(20), {
      keyOf: (method) => method,
      message: 'names a payment method twice',
    }).optional(),
    /**
     * Any of these clinics: the clinic of the transaction's patient (the customer's clinic number);
     * a transaction with no patient is clinic 0, as a patient with no clinic is. All when absent or
     * empty. A clinic that is not the practice's matches nothing.
     */
    clinicNums: eachOnce(z.array(z.number().int().min(0).max(2_147_483_647)).max(100), {
      keyOf: (clinicNum) => clinicNum,
      message: 'names a clinic twice',
    }).optional(),
    /**
     * Payments with a pay split on a procedure of one of these providers (the practice system's
     * procedure provider, e.g. "DOC1"). All when absent or empty.
     */
    providers: eachOnce(z.array(z.string().trim().min(1).max(100)).max(100), {
      keyOf: (provider) => provider,
      message: 'names a provider twice',
    }).optional(),
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

// ── One transaction, its practice-system payment, and what staff do to it (part 2) ─────────────

export const transaction = get('/api/transaction/transaction', {
  summary:
    "One of the practice's transactions, for its details; with `companyWide` (administrators only), any practice's.",
  query: z.object({ id: Id, companyWide: QueryBool.optional() }),
  value: Transaction,
});

/** A pay split of the practice system's payment: an amount on one procedure of one patient. */
export const PaySplit = z.object({
  splitNum: z.number().int(),
  /** What the practice system calls it; the leading surcharge split says 'surcharge'. */
  descript: z.string(),
  /** The split as it was posted. */
  ogSplitAmt: Cents,
  /** What is left of it to refund (the original less refunds already written back). */
  splitAmt: Cents,
  /** The procedure it pays; null for an unallocated split. */
  procNum: z.number().int().nullable(),
  procCode: z.string().nullable(),
  procDescription: z.string().nullable(),
  tooth: z.string().nullable(),
  patientKey: z.number().int(),
  patientName: z.string(),
});
export type PaySplit = z.infer<typeof PaySplit>;

/** The spec's Open Dental payment: its pay splits, and whether it is split across procedures. */
export const OpenDentalPayment = z.object({
  payNum: z.number().int(),
  isSplit: z.boolean(),
  paySplits: z.array(PaySplit),
});
export type OpenDentalPayment = z.infer<typeof OpenDentalPayment>;

export const getOpenDentalPayment = get('/api/transaction/getOpenDentalPayment', {
  summary:
    'The practice-system payment of a transaction and its pay splits (Open Dental practices); null until the connector has posted it.',
  query: z.object({ transactionId: Id }),
  value: z.object({ payment: OpenDentalPayment.nullable() }),
});

export const movePatient = post('/api/transaction/move-patient', {
  summary:
    'Moves an approved payment to another patient of the practice (never a plan or membership payment); in Open Dental its pay splits move with it.',
  body: z.object({
    referenceId: z.string().trim().min(1).max(100),
    /** The patient it moves to: their patient number (key) in the practice system. */
    toPatientId: RecordId,
  }),
  value: Transaction,
});

export const remove = post('/api/transaction/remove', {
  summary:
    'Removes an unassociated payment for good: it can never be associated. It is neither voided nor refunded.',
  body: z.object({ id: RecordId }),
  value: z.object({ id: z.number().int(), removed: z.string() }),
});

/** A procedure's status in the practice system: 'C' completed, 'TP' treatment-planned. */
export const ProcStatus = z.enum(['C', 'TP']);
export type ProcStatus = z.infer<typeof ProcStatus>;

/** The spec's associate payload procedure: an amount (cents) on one procedure. */
export const AssociateProcedure = z.object({
  /** The procedure's status, as the procedures list gives it. */
  procStatus: ProcStatus,
  patientKey: RecordId,
  /** The procedure's number in the practice system (ProcNum). */
  procedureLogCodeNum: RecordId,
  amount: PositiveCents,
});
export type AssociateProcedure = z.infer<typeof AssociateProcedure>;

export const associate = post('/api/transaction/associate', {
  summary:
    'Attaches an unassociated payment to a patient: optionally allocated to procedures, a receipt e-mailed, and posted to the practice system.',
  body: z.object({
    transactionId: RecordId,
    /** The patient's Chairside customer id (a patient is brought in with customer/transition first). */
    customerId: RecordId,
    /** Post to Practice Management System. */
    post: z.boolean().default(true),
    /** Send Receipt (an e-mail to the patient's address). */
    sendEmail: z.boolean().default(false),
    /** Allocate Payment: the splits, which must add up to the payment less its surcharge. */
    procedures: z.array(AssociateProcedure).max(500).default([]),
  }),
  value: Transaction,
});

/** A patient the Associate Transaction dialog suggests, and what matched. */
export const PossibleMatch = z.object({
  key: z.number().int(),
  /** The Chairside customer id, or null for a patient not yet brought in. */
  customerId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  cell: z.string(),
  /** The date of birth (YYYY-MM-DD), null when unknown: names repeat. */
  birthdate: IsoDate.nullable().optional(),
  /** What matched the payer's: the last name or the e-mail, and the phone when it matches too. */
  matchedOn: z.array(z.enum(['LASTNAME', 'EMAIL', 'PHONE'])),
});
export type PossibleMatch = z.infer<typeof PossibleMatch>;

export const possibleMatches = get('/api/transaction/possibleMatches', {
  summary:
    "Patients who may have made an unassociated payment (by its name, e-mail and phone), best first: the dialog's 'Possible Matches'.",
  query: z.object({ transactionId: Id }),
  value: z.object({ patients: z.array(PossibleMatch) }),
});

export const retryPosting = post('/api/transaction/retryPosting', {
  summary: 'Queues a failed posting to the practice system again.',
  body: z.object({ id: RecordId }),
  value: z.object({ practiceManagementStatus: z.number().int() }),
});

// ── New payments at the desk (virtual terminal) ──────────────────────────────────────────────

/** The card a virtual-terminal payment takes: one on file, or a new one from the card-entry frame. */
const DeskPayment = z.object({
  /** An optional patient (a customer id); without one the payment is unassociated. */
  customerId: RecordId.optional(),
  /** Before any surcharge. */
  amount: PositiveCents,
  /** A card on file (it names its patient when `customerId` is absent). */
  customerSavedCardId: RecordId.optional(),
  nonce: Nonce.optional(),
});
const oneCard = {
  check: (b: { customerSavedCardId?: number; nonce?: string }) =>
    (b.customerSavedCardId === undefined) !== (b.nonce === undefined),
  params: { path: ['customerSavedCardId'], message: 'Choose a card on file or enter a new card.' },
};

export const VirtualTerminalQuote = z.object({
  orderAmount: Cents,
  surchargeAmount: Cents,
  total: Cents,
  cardType: CardType,
  /** The masked number. */
  cardDescription: z.string(),
  funding: Funding,
});
export type VirtualTerminalQuote = z.infer<typeof VirtualTerminalQuote>;

export const virtualTerminalQuote = post('/api/transaction/virtualTerminal/quote', {
  writes: 'nothing',
  summary:
    'The surcharge and total a virtual-terminal payment would charge this card, to show before charging.',
  body: DeskPayment.refine(oneCard.check, oneCard.params),
  value: VirtualTerminalQuote,
});

export const VirtualTerminalResult = z.object({
  isApproved: z.boolean(),
  reason: z.string().nullable(),
  referenceId: z.string(),
  /** The transaction ID people see: the reference id's first segment. */
  transactionId: z.string(),
  orderAmount: Cents,
  surchargeAmount: Cents,
  total: Cents,
  transaction: Transaction,
});
export type VirtualTerminalResult = z.infer<typeof VirtualTerminalResult>;

export const virtualTerminal = post('/api/transaction/virtualTerminal', {
  summary:
    'Charges a card at the desk (VIRTUALTERMINAL) the quoted total; a different total is refused, uncharged. Without a patient the payment is unassociated.',
  body: DeskPayment.extend({
    /** The total the person was shown (from the quote): the surcharge was disclosed. */
    total: PositiveCents,
    note: z.string().trim().max(500).optional(),
    /** With a patient and a new card: keep the card on file. */
    storeCard: z.boolean().default(false),
  })
    .refine(oneCard.check, oneCard.params)
    .refine((b) => !b.storeCard || (b.nonce !== undefined && b.customerId !== undefined), {
      path: ['storeCard'],
      message: 'A new card is kept on file for a patient: choose the patient, or do not keep the card.',
    }),
  value: VirtualTerminalResult,
  idempotent: true,
});

// ── Export ───────────────────────────────────────────────────────────────────────────────────

export const exportTransactions = post('/api/transaction/export', {
  writes: 'nothing',
  summary:
    'A short-lived link that downloads every transaction matching the filter as CSV (not only one page); the browser streams it to a file.',
  body: TransactionFilter,
  value: z.object({ url: z.string(), expires: z.string() }),
});

export const exportCsv = get('/api/transaction/export.csv', {
  summary: "The CSV an export link names (the link's token is its credential, for one minute).",
  query: z.object({
    /** The link's payload and its signature, base64url, one dot between: nothing before, between or after. */
    token: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'This export link is not valid. Export the list again.'),
  }),
  binary: true,
});
