/**
 * What the patient still owes on a procedure (part 2, "Procedure allocation modal": the Est. Due
 * column). Pure, and the one place the figure is computed: it is derived on every read from the
 * procedure's money and its pay splits, never stored.
 *
 * - Insurance counts what it paid and what a sent claim still waits for; until claims cover the
 *   estimate, the estimate stands (an estimate is what the patient is not asked for yet).
 * - Adjustments are signed as Open Dental's are: a negative one (a courtesy discount) lowers what is
 *   due, a positive one raises it.
 * - What the patient paid is the sum of the pay splits on the procedure, refunds (negative splits)
 *   included; pending payment-plan amounts are promised and not asked for again.
 */
export interface ProcedureMoney {
  fee: number;
  insuranceEst: number;
  paidFromInsurance: number;
  waitingFromInsurance: number;
  writeOff: number;
  /** Signed cents. */
  adjustment: number;
  paymentPlanPending: number;
}

export interface ProcedureDue {
  /** What insurance covers: paid and waiting, or the estimate while that is larger. */
  insurance: number;
  /** What the patient paid on it (the sum of its pay splits). */
  patientPaid: number;
  estDue: number;
}

export function procedureDue(money: ProcedureMoney, patientPaid: number): ProcedureDue {
  const insurance = Math.max(money.insuranceEst, money.paidFromInsurance + money.waitingFromInsurance);
  const owed =
    money.fee - money.writeOff - insurance + money.adjustment - patientPaid - money.paymentPlanPending;
  return { insurance, patientPaid, estDue: Math.max(0, owed) };
}
