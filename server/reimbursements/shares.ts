/**
 * A patient paid their reimbursement share's payment request (the part-1 payment page): the share's
 * details row's `paid` and the reimbursement's Request Paid rise in the transaction that records the
 * payment (transactions/requestCharges.ts), and InsurancePaymentChanged is announced once it is
 * committed, so an open details modal and the list refresh with no reload.
 */
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { patientsWithCustomers } from '../patients/store.js';
import { publishInsurancePaymentChanged } from './events.js';
import { addSharePaid, type InsurancePaymentRecord } from './store.js';

export interface SharePaid {
  payment: InsurancePaymentRecord;
  customerId: number;
}

/** Adds a paid request's amount to its share; null when the request is no reimbursement's share. */
export async function sharePaid(
  tx: Tx,
  practice: PracticeId,
  paymentRequestId: string,
  amount: number,
): Promise<SharePaid | null> {
  const paid = await addSharePaid(tx, practice, paymentRequestId, amount);
  if (!paid) return null;
  const person = (await patientsWithCustomers(tx, practice, [paid.patientId])).get(paid.patientId);
  return { payment: paid.payment, customerId: person?.customerId ?? 0 };
}

export function announceSharePaid(ctx: AppContext, share: SharePaid) {
  publishInsurancePaymentChanged(ctx, share.payment, share.customerId);
}
