/**
 * The money rules of an insurance reimbursement (part 2, "Insurance reimbursements"; issue 33),
 * shared by the new-reimbursement form, which shows them as staff type, and the server, which refuses
 * a save that breaks one and writes nothing. Integer cents throughout.
 *
 * - Prefill: the carrier pays its estimate, the practice writes off its write-off estimate, and the
 *   patient owes the rest of the fee (never below zero).
 * - The procedures' reimbursed amounts add up to the check's or the card's amount.
 * - Nothing is negative; the write-off plus the reimbursement never exceeds a procedure's fee.
 * - Each patient with a share to collect has a payment request, and only they do.
 */
import { formatCurrency } from '../format/currency.js';
import { formatDate } from '../format/date.js';

/** A claim procedure as the form and the rules need it. */
export interface ClaimProcedureTerms {
  procCode: string;
  /** YYYY-MM-DD */
  procDate: string;
  fee: number;
  insuranceEstimate: number;
  writeOffEstimate: number;
}

/** What staff enter for one procedure. */
export interface ProcedureAmounts {
  amountToPay: number;
  amountToWriteOff: number;
  amountToCollect: number;
}

/** The amounts a procedure's row starts with: the estimates, and the rest of the fee to collect. */
export function prefillPosting(p: ClaimProcedureTerms): ProcedureAmounts {
  return {
    amountToPay: p.insuranceEstimate,
    amountToWriteOff: p.writeOffEstimate,
    amountToCollect: Math.max(0, p.fee - p.insuranceEstimate - p.writeOffEstimate),
  };
}

/** One procedure of the save: its terms, what staff entered, and the patient (customer) it is for. */
export interface PostedProcedure<
  P extends ClaimProcedureTerms = ClaimProcedureTerms,
> extends ProcedureAmounts {
  procedure: P;
  customerId: number;
  /** Where the error is shown: the field path of the procedure's posting, e.g. `claims.0.procedures.1`. */
  path: string;
}

/** A patient of the save, to name them. */
export interface SharePatient {
  customerId: number;
  firstName: string;
  lastName: string;
}

export interface ReimbursementProblem {
  /** The field, as a path of the save's body (`payment.amount`, `claims.0.procedures.1.amountToPay`). */
  field: string;
  message: string;
}

const AMOUNT_FIELDS = ['amountToPay', 'amountToWriteOff', 'amountToCollect'] as const;
const FIELD_WORDS: Record<(typeof AMOUNT_FIELDS)[number], string> = {
  amountToPay: 'reimbursement',
  amountToWriteOff: 'write-off',
  amountToCollect: 'amount to collect',
};

const nameOf = (p: SharePatient | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : 'The patient');

/** What each patient owes over the save's procedures, by customer id. */
export function sharesToCollect(procedures: readonly PostedProcedure[]): Map<number, number> {
  const shares = new Map<number, number>();
  for (const p of procedures) shares.set(p.customerId, (shares.get(p.customerId) ?? 0) + p.amountToCollect);
  return shares;
}

/**
 * Why the save cannot be posted, first problem first (an empty list when it can): amounts that are
 * negative or not whole cents, a procedure whose write-off and reimbursement exceed its fee,
 * reimbursements that do not add up to the payment's amount, and payment requests missing for a
 * patient with a share or given for one without.
 */
export function reimbursementProblems(save: {
  paymentAmount: number;
  procedures: readonly PostedProcedure[];
  /** The customers the save asks to pay their share, in the order of `requests`. */
  requestCustomerIds: readonly number[];
  patients: readonly SharePatient[];
}): ReimbursementProblem[] {
  const problems: ReimbursementProblem[] = [];
  for (const p of save.procedures) {
    for (const field of AMOUNT_FIELDS) {
      if (!Number.isInteger(p[field]) || p[field] < 0) {
        problems.push({
          field: `${p.path}.${field}`,
          message: `The ${FIELD_WORDS[field]} of ${p.procedure.procCode} on ${formatDate(p.procedure.procDate)} must be zero or more, in whole cents.`,
        });
      }
    }
    if (p.amountToPay + p.amountToWriteOff > p.procedure.fee) {
      problems.push({
        field: `${p.path}.amountToWriteOff`,
        message: `The write-off and the reimbursement of ${p.procedure.procCode} on ${formatDate(p.procedure.procDate)} add up to ${formatCurrency(p.amountToPay + p.amountToWriteOff)}, more than its fee of ${formatCurrency(p.procedure.fee)}.`,
      });
    }
  }
  const reimbursed = save.procedures.reduce((sum, p) => sum + p.amountToPay, 0);
  if (reimbursed !== save.paymentAmount) {
    problems.push({
      field: 'payment.amount',
      message: `The reimbursed amounts add up to ${formatCurrency(reimbursed)}, not the payment's ${formatCurrency(save.paymentAmount)}.`,
    });
  }
  const byId = new Map(save.patients.map((p) => [p.customerId, p]));
  const shares = sharesToCollect(save.procedures);
  const requested = new Set(save.requestCustomerIds);
  for (const [customerId, share] of shares) {
    if (share > 0 && !requested.has(customerId)) {
      problems.push({
        field: 'requests',
        message: `${nameOf(byId.get(customerId))} has ${formatCurrency(share)} to collect: choose how to send their payment request.`,
      });
    }
  }
  save.requestCustomerIds.forEach((customerId, i) => {
    if (!((shares.get(customerId) ?? 0) > 0)) {
      problems.push({
        field: `requests.${i}.customerId`,
        message: `${nameOf(byId.get(customerId))} has nothing to collect in this reimbursement: remove their payment request.`,
      });
    }
  });
  return problems;
}

/**
 * Where a reimbursement's patients' shares stand: POSTED when nobody was asked to pay,
 * AWAITING_PAYMENT while a requested share is unpaid, PAID when every requested share is paid.
 */
export function reimbursementStatus(totals: {
  requestedPayment: number;
  paid: number;
}): 'POSTED' | 'AWAITING_PAYMENT' | 'PAID' {
  if (totals.requestedPayment <= 0) return 'POSTED';
  return totals.paid >= totals.requestedPayment ? 'PAID' : 'AWAITING_PAYMENT';
}
