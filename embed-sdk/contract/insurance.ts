/**
 * Insurance reimbursements (part 2, "Insurance reimbursements"; issue 33): a carrier's payment of
 * claims (a check, or a virtual card charged through the card-entry frame) posted to the claims'
 * procedures in the practice system, with each patient's remaining share requested by a payment
 * request. Open Dental practices only: at another practice system every call answers 404, as for a
 * screen that does not exist.
 *
 * The spec shows only `getInsurancePayment`; the list, carriers, claims and create calls are ours
 * (the README's "Insurance reimbursements" says why they are shaped so).
 *
 * Roles (section 6): VIEWINSURANCEREIMBURSEMENT or PROCESSINSURANCEREIMBURSEMENT list and open
 * reimbursements (either shows the sidebar item); PROCESSINSURANCEREIMBURSEMENT creates one;
 * VIEWINSURANCEPAYMENTS opens one from an INSURANCE transaction's source link.
 */
import { z } from 'zod';
import { NotifyFields, checkChannels } from './channels.js';
import {
  CalendarDay,
  CardType,
  Cents,
  Id,
  IsoDate,
  PageNumber,
  PositiveCents,
  RecordId,
  type Role,
} from './common.js';
import { get, post } from './endpoint.js';
import { Nonce } from './savedCard.js';

/** List and open reimbursements; either role shows the Reimbursements sidebar item. */
export const REIMBURSEMENT_VIEW_ROLES: readonly Role[] = [
  'VIEWINSURANCEREIMBURSEMENT',
  'PROCESSINSURANCEREIMBURSEMENT',
];
/** Create a reimbursement. */
export const REIMBURSEMENT_PROCESS_ROLES: readonly Role[] = ['PROCESSINSURANCEREIMBURSEMENT'];
/** Open one reimbursement: from the list, or from an INSURANCE transaction's source link. */
export const REIMBURSEMENT_DETAIL_ROLES: readonly Role[] = [
  ...REIMBURSEMENT_VIEW_ROLES,
  'VIEWINSURANCEPAYMENTS',
];

export const InsuranceFundingSource = z.enum(['CARD', 'CHECK']);
export type InsuranceFundingSource = z.infer<typeof InsuranceFundingSource>;

/**
 * Where the patients' shares stand: POSTED when nobody was asked to pay, AWAITING_PAYMENT while a
 * requested share is unpaid, PAID when every requested share is paid.
 */
export const InsurancePaymentStatus = z.enum(['POSTED', 'AWAITING_PAYMENT', 'PAID']);
export type InsurancePaymentStatus = z.infer<typeof InsurancePaymentStatus>;

/** The spec's Insurance request procedureJson item: one claim procedure as it was paid. */
export const PaidProcedure = z.object({
  procDate: CalendarDay,
  procCode: z.string(),
  descript: z.string(),
  /** What the carrier paid. */
  amountToPay: Cents,
  /** What the practice wrote off. */
  amountToWriteOff: Cents,
  /** The patient's share, requested from them. */
  amountToCollect: Cents,
  /** The practice system's patient number it belongs to. */
  patientKey: z.number().int().nullable(),
});
export type PaidProcedure = z.infer<typeof PaidProcedure>;

/** The spec's details row: one patient of a reimbursement. */
export const InsurancePaymentDetail = z.object({
  /** The practice system's patient number. */
  key: z.number().int().nullable(),
  customerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** How many of the patient's procedures this payment covers. */
  procCodeCount: z.number().int(),
  deductible: Cents,
  reimbursed: Cents,
  writtenOff: Cents,
  requestedPayment: Cents,
  /** What the patient has paid of `requestedPayment` (their payment request's payment). */
  paid: Cents,
  /** The patient's payment request, when a share was requested. */
  notificationId: z.string().nullable(),
});
export type InsurancePaymentDetail = z.infer<typeof InsurancePaymentDetail>;

/** The four totals of a reimbursement, its patients and where their shares stand. */
const Totals = z.object({
  /** Reimbursement: what the carrier paid, the check's or the card's amount. */
  reimbursed: Cents,
  writtenOff: Cents,
  requestedPayment: Cents,
  /** Request Paid. */
  paid: Cents,
  patientCount: z.number().int(),
  status: InsurancePaymentStatus,
});

/** One row of the Reimbursements list. */
export const InsurancePaymentSummary = z
  .object({
    id: z.number().int(),
    date: CalendarDay,
    carrierName: z.string(),
    planName: z.string(),
    fundingSource: InsuranceFundingSource,
    /** A card's masked number as its transaction shows it, e.g. "•••• 4242" (the brand is `cardType`); null for a check. */
    cardDescription: z.string().nullable(),
    cardType: CardType.nullable(),
    /** The check number for a check (the spec's referenceId); the card payment's reference for a card. */
    referenceId: z.string().nullable(),
    /** The INSURANCE transaction of a card payment; null for a check. */
    transactionId: z.number().int().nullable(),
  })
  .extend(Totals.shape);
export type InsurancePaymentSummary = z.infer<typeof InsurancePaymentSummary>;

/** The spec's Insurance payment: the summary with its json (carrier, plan, procedures) and details. */
export const InsurancePayment = InsurancePaymentSummary.extend({
  json: z.object({
    carrierName: z.string(),
    planName: z.string(),
    procedures: z.array(PaidProcedure),
  }),
  details: z.array(InsurancePaymentDetail),
});
export type InsurancePayment = z.infer<typeof InsurancePayment>;

export const list = post('/api/insurance/list', {
  writes: 'nothing',
  summary:
    "The practice's reimbursements, newest first, filtered by date and carrier, and paged (the Reimbursements list).",
  body: z
    .object({
      /** Paid on or after this day. */
      startDate: IsoDate.optional(),
      /** Paid on or before this day. */
      endDate: IsoDate.optional(),
      /** One carrier, by name; all when absent. */
      carrierName: z.string().trim().min(1).max(100).optional(),
      page: PageNumber.default(1),
      pageSize: z.number().int().min(1).max(100).default(10),
    })
    .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, {
      path: ['endDate'],
      message: 'The end date must not be before the start date.',
    }),
  value: z.object({
    payments: z.array(InsurancePaymentSummary),
    /** How many match the filter, over all pages. */
    totalCount: z.number().int(),
  }),
});

export const carriers = get('/api/insurance/carriers', {
  summary: 'The carriers of the practice: those of its claims and of its reimbursements, by name.',
  value: z.object({ carriers: z.array(z.string()) }),
});

export const getInsurancePayment = get('/api/insurance/getInsurancePayment', {
  summary:
    'One reimbursement of the current practice, with its json and details rows (Reimbursement Details).',
  query: z.object({ id: Id }),
  value: InsurancePayment,
});

export const ClaimStatus = z.enum(['SENT', 'RECEIVED']);
export type ClaimStatus = z.infer<typeof ClaimStatus>;

/** A claim procedure as the practice system keeps it. */
export const ClaimProcedure = z.object({
  claimProcedureId: z.number().int(),
  procDate: CalendarDay,
  procCode: z.string(),
  descript: z.string(),
  fee: Cents,
  /** What the carrier was expected to pay. */
  insuranceEstimate: Cents,
  /** The deductible the estimate applied. */
  deductibleApplied: Cents,
  /** What the carrier was expected to leave to the practice's write-off. */
  writeOffEstimate: Cents,
  /** Once received: what the carrier paid and what was written off; 0 while sent. */
  insurancePaid: Cents,
  writtenOff: Cents,
  status: ClaimStatus,
});
export type ClaimProcedure = z.infer<typeof ClaimProcedure>;

/** A claim sent to a carrier, with its patient and procedures. */
export const Claim = z.object({
  claimId: z.number().int(),
  claimNumber: z.string(),
  carrierName: z.string(),
  planName: z.string(),
  dateService: CalendarDay,
  status: ClaimStatus,
  customerId: z.number().int(),
  patientKey: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** The patient's mobile and e-mail, to prefill where their share's request goes. */
  cell: z.string(),
  email: z.string(),
  procedures: z.array(ClaimProcedure),
});
export type Claim = z.infer<typeof Claim>;

export const claims = get('/api/insurance/claims', {
  summary:
    "A carrier's claims that are sent and not yet paid, oldest service date first, with their patients and procedures.",
  query: z.object({ carrierName: z.string().trim().min(1, 'Choose a carrier.').max(100) }),
  value: z.object({ claims: z.array(Claim) }),
});

/** How the carrier paid: a check (its number), or a virtual card typed into the card-entry frame. */
export const ReimbursementPayment = z.discriminatedUnion('fundingSource', [
  z.object({
    fundingSource: z.literal('CHECK'),
    checkNumber: z
      .string()
      .trim()
      .min(1, 'Enter the check number.')
      .max(40, 'The check number can be at most 40 characters.'),
    amount: PositiveCents,
  }),
  z.object({
    fundingSource: z.literal('CARD'),
    nonce: Nonce,
    amount: PositiveCents,
  }),
]);
export type ReimbursementPayment = z.infer<typeof ReimbursementPayment>;

/** What the carrier paid for one claim procedure, what is written off and what the patient owes. */
export const ProcedurePosting = z.object({
  claimProcedureId: RecordId,
  amountToPay: z.number().int('must be whole cents').min(0, 'must not be negative'),
  amountToWriteOff: z.number().int('must be whole cents').min(0, 'must not be negative'),
  amountToCollect: z.number().int('must be whole cents').min(0, 'must not be negative'),
});
export type ProcedurePosting = z.infer<typeof ProcedurePosting>;

/** Where one patient's share is requested: the part-1 payment request's channels. */
export const ShareRequest = NotifyFields.extend({
  customerId: RecordId,
  message: z.string().trim().max(500, 'The message can be at most 500 characters.').default(''),
}).superRefine(checkChannels);
export type ShareRequest = z.infer<typeof ShareRequest>;

export const createInsurancePayment = post('/api/insurance/createInsurancePayment', {
  summary:
    "Posts a carrier's payment to its claims' procedures: takes the check or charges the virtual card (an INSURANCE transaction), posts the claim payment to the practice system, turns the procedures received and requests each patient's share. All or nothing; a claim is paid once.",
  body: z.object({
    date: IsoDate,
    carrierName: z.string().trim().min(1, 'Choose a carrier.').max(100),
    payment: ReimbursementPayment,
    claims: z
      .array(
        z.object({
          claimId: RecordId,
          procedures: z.array(ProcedurePosting).min(1, 'Choose at least one procedure of the claim.'),
        }),
      )
      .min(1, 'Choose at least one claim.')
      .max(200),
    /** One per patient with an amount to collect. */
    requests: z.array(ShareRequest).max(200).default([]),
  }),
  value: InsurancePayment,
  idempotent: true,
});
