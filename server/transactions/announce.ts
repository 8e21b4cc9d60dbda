/**
 * TransactionProcessed to the practice's connections: a payment, or its refund or void. Only
 * transactions/ publishes it, after the transaction it announces is committed.
 */
import type { TransactionProcessed } from '../../embed-sdk/contract/realtime.js';
import type { AppContext } from '../context.js';
import type { TransactionRecord } from './store.js';

export function announceTransaction(
  ctx: AppContext,
  t: TransactionRecord,
  refundVoidReferenceId: string | null = null,
) {
  const event: TransactionProcessed = {
    transactionId: t.id,
    referenceId: t.referenceId,
    refundVoidReferenceId,
    status: t.status as TransactionProcessed['status'],
    source: t.source as TransactionProcessed['source'],
    amount: t.amount,
    customerId: t.customerId,
    notificationId: t.notificationId,
    paymentPlanId: t.paymentPlanId,
    customerMembershipBillingId: t.customerMembershipBillingId,
    practiceManagementStatus: t.practiceManagementStatus,
  };
  ctx.realtime.publish(t.companyId, 'TransactionProcessed', [event]);
}

/** Who paid, as the transaction records it. */
export function payerColumns(customer: {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
}) {
  return {
    customerId: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email || null,
    phone: customer.cell || null,
  };
}
