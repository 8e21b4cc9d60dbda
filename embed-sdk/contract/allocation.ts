/**
 * Procedure allocation (part 2, "Procedure allocation modal"): a payment split across the dental
 * procedures it pays for, written back to the practice system as pay splits. Open Dental practices
 * with the setting doesAllocateProcedures only; elsewhere these calls answer 400 saying why.
 *
 * Money is integer cents here as everywhere in the contract; the modal shows and takes dollars with
 * 2 decimals (section 9) and converts at its edge.
 */
import { z } from 'zod';
import { CalendarDay, Cents, Id, QueryBool, RecordId } from './common.js';
import { get, post } from './endpoint.js';
import { AssociateProcedure, OpenDentalPayment, ProcStatus } from './transaction.js';

// Beside the transaction's roles, so that the transactions list reads it without this file's schemas.
export { ALLOCATION_ROLES } from './transaction.js';

export { ALLOCATION_UNAVAILABLE, allocationUnavailable } from '../rules/allocationAvailability.js';

/** Why a payment cannot be allocated (the allocate call's 400 on `body.transactionId`). */
export const ALLOCATION_MESSAGES = {
  notApproved: 'Only an approved payment can be allocated to procedures.',
  refundedOrVoided: 'This payment was voided or refunded in full: there is nothing left to allocate.',
  noPatient: 'This payment has no patient yet: associate it with a patient first.',
  notPosted:
    'This payment is not in the practice management system yet: allocate it once it has been posted.',
  /** Its status while an allocation of it waits for the practice management system's confirmation. */
  allocationPending:
    'The last allocation of this payment is waiting for the practice management system to confirm it: allocate more once it is confirmed.',
  /** Its status while a refund, void or move of it waits for the practice management system. */
  changePending:
    'A refund or move of this payment is waiting for the practice management system: allocate it once that is done.',
  /** The allocate call's answer when another allocation of the payment was saved since it was loaded. */
  allocatedMeanwhile:
    'This payment was allocated meanwhile, by someone else or in another window. Reload it to see its allocation and what is left to allocate.',
  fullyAllocated: 'This payment is allocated in full already.',
  /** A line (`body.procedures.N.…`) names another patient's procedure, or none of the practice's. */
  unknownProcedure: (procNum: number, patientKey: number) =>
    `Procedure ${procNum} is not one of patient ${patientKey}'s procedures.`,
  notOfFamily: (procNum: number) =>
    `Procedure ${procNum} is not a procedure of the payment's patient or their family.`,
  twice: (procNum: number) => `Procedure ${procNum} appears more than once.`,
  overDue: (procNum: number, estDue: string) =>
    `The allocation to procedure ${procNum} is more than its Est. Due of ${estDue}.`,
  overUnallocated: (unallocated: string) =>
    `The allocation total is more than what is left to allocate of this payment (${unallocated}).`,
} as const;

/** A procedure of the practice system with what is owed on it (the spec's Procedure entity). */
export const Procedure = z.object({
  /** The row's id in Chairside's copy of the record. */
  procedureId: z.number().int(),
  /** Its number in the practice system (ProcNum): what a pay split names. */
  procNum: z.number().int(),
  procCode: z.string(),
  procedureDescription: z.string(),
  tooth: z.string(),
  provider: z.string(),
  /** The day it was done (completed) or planned for. */
  date: CalendarDay,
  /** Treatment-planned procedures: the plan's day, heading, status (0 Saved, 1 Active, 2 Inactive) and number. */
  dateTP: CalendarDay.nullable(),
  tpHeading: z.string().nullable(),
  tpStatus: z.number().int().nullable(),
  treatPlanNum: z.number().int().nullable(),
  /** 'C' completed, 'TP' treatment-planned. */
  procStatus: ProcStatus,
  procStatusFriendly: z.string(),
  patientKey: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** The fee. */
  originalAmount: Cents,
  /** What the patient has paid on it so far (pay splits). */
  customerOutOfPocketPaidToDate: Cents,
  /** Amounts of payment plans still to come on it. */
  paymentPlanPending: Cents,
  /** Insurance: paid plus write-off (the Ins./Writeoff column). */
  insurance: Cents,
  insuranceEst: Cents,
  waitingFromInsurance: Cents,
  paidFromInsurance: Cents,
  writeOff: Cents,
  procAdjustment: Cents,
  /**
   * Est. Due: the fee less patient payments, pending plan amounts, insurance (paid, waiting or
   * estimated), write-off and adjustments, never below 0. Derived on every read, never stored.
   */
  estDue: Cents,
});
export type Procedure = z.infer<typeof Procedure>;

export const TreatmentPlan = z.object({
  treatPlanNum: z.number().int(),
  tpHeading: z.string(),
  dateTP: CalendarDay,
  note: z.string(),
  /** 0 Saved, 1 Active, 2 Inactive; another value is shown as it is. */
  tpStatus: z.number().int(),
  patientKey: z.number().int(),
});
export type TreatmentPlan = z.infer<typeof TreatmentPlan>;

/** A patient of the family (the spec's patient list item with isGuarantor). */
export const FamilyMember = z.object({
  key: z.number().int(),
  /** The Chairside customer id, or null while the patient has none yet. */
  customerId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isGuarantor: z.boolean(),
});
export type FamilyMember = z.infer<typeof FamilyMember>;

export const getProceduresDue = get('/api/patient/getProceduresDue', {
  summary:
    "A patient's procedures with what is due on each (with family=true, every procedure of the patient's family), completed and treatment-planned.",
  query: z.object({
    /** The patient's key (their number in the practice system). */
    id: Id,
    family: QueryBool.optional(),
  }),
  value: z.array(Procedure),
});

export const treatmentplans = get('/api/patient/treatmentplans', {
  summary: "A patient's treatment plans (with family=true, the family's), newest first.",
  query: z.object({
    patNum: Id,
    family: QueryBool.optional(),
  }),
  value: z.array(TreatmentPlan),
});

export const family = get('/api/patient/family', {
  summary: "The patients of a patient's family, the guarantor first.",
  query: z.object({ patNum: Id }),
  value: z.array(FamilyMember),
});

/** A payment's allocation so far: what it can still be split across. */
export const AllocationStatus = z.object({
  transactionId: z.number().int(),
  /** The payment less its surcharge and less what was refunded of it: what procedures can be paid with. */
  allocatable: Cents,
  /** How much of that is already on procedures. */
  allocated: Cents,
  /** What is still unallocated (allocatable less allocated): what an allocation may add up to. */
  unallocated: Cents,
  /** The patient the payment is entered for (their key), or null when it has no patient yet. */
  patientKey: z.number().int().nullable(),
  /** Why it cannot be allocated now (one of ALLOCATION_MESSAGES), or null when it can. */
  refusal: z.string().nullable(),
  /** The practice system's payment, or null until the connector has posted it. */
  payment: OpenDentalPayment.nullable(),
});
export type AllocationStatus = z.infer<typeof AllocationStatus>;

export const allocationStatus = get('/api/transaction/allocation', {
  summary: "A payment's allocation: what it can pay, what is already on procedures, and its pay splits.",
  query: z.object({ transactionId: Id }),
  value: AllocationStatus,
});

export const allocate = post('/api/transaction/allocate', {
  summary:
    "Splits an approved payment across procedures of its patient or their family, written to the practice system in one step. Each line at most the procedure's Est. Due; together at most what is left unallocated.",
  body: z.object({
    transactionId: RecordId,
    procedures: z.array(AssociateProcedure).min(1, 'Choose at least one procedure to allocate.').max(500),
  }),
  value: AllocationStatus,
  idempotent: true,
});
