/**
 * The rules a reimbursement's amounts follow (issue 33), in integer cents: the reimbursed amounts add
 * up to the check's or the card's amount; nothing is negative; a procedure's write-off plus its
 * reimbursement never exceed its fee. The server refuses what breaks them, with the same words; this
 * one function is what the form asks, so that it can read the rule from the SDK's rules
 * (embed-sdk/rules/reimbursement.ts) once the server's side has it there, without the form changing.
 */
import { formatCurrency } from '../../../embed-sdk/format/currency.js';

export interface ProcedureAmounts {
  fee: number;
  amountToPay: number;
  amountToWriteOff: number;
  amountToCollect: number;
}

export type AmountField = 'amountToPay' | 'amountToWriteOff' | 'amountToCollect';

export type ReimbursementProblem =
  | { where: 'payment'; message: string }
  | { where: 'procedure'; index: number; field: AmountField; message: string };

const NAMES: Record<AmountField, string> = {
  amountToPay: 'reimbursement',
  amountToWriteOff: 'write-off',
  amountToCollect: 'patient’s share',
};

export function reimbursedTotal(procedures: readonly Pick<ProcedureAmounts, 'amountToPay'>[]): number {
  return procedures.reduce((sum, p) => sum + p.amountToPay, 0);
}

/** What breaks the rules: at the payment's amount, or at one procedure's field (by its index). */
export function reimbursementProblems(
  paymentAmount: number,
  procedures: readonly ProcedureAmounts[],
): ReimbursementProblem[] {
  const problems: ReimbursementProblem[] = [];
  procedures.forEach((p, index) => {
    for (const field of ['amountToPay', 'amountToWriteOff', 'amountToCollect'] as const) {
      if (p[field] < 0)
        problems.push({
          where: 'procedure',
          index,
          field,
          message: `The ${NAMES[field]} must not be negative.`,
        });
    }
    if (p.amountToPay >= 0 && p.amountToWriteOff >= 0 && p.amountToPay + p.amountToWriteOff > p.fee)
      problems.push({
        where: 'procedure',
        index,
        field: 'amountToWriteOff',
        message: `The reimbursement and the write-off (${formatCurrency(p.amountToPay + p.amountToWriteOff)}) are more than the procedure’s fee (${formatCurrency(p.fee)}).`,
      });
  });
  const total = reimbursedTotal(procedures);
  if (total !== paymentAmount)
    problems.push({
      where: 'payment',
      message: `The reimbursed amounts add up to ${formatCurrency(total)}, not the payment’s ${formatCurrency(paymentAmount)}.`,
    });
  return problems;
}
