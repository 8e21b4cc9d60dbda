/**
 * The practice's transactions as the transactions list and a payment request's Payment Activity show
 * them: the filtered, sorted page, each with what its refunds or its void add up to, whether it may
 * still be refunded, and the state of the patient, plan and membership it belongs to (asked of those
 * capabilities).
 */
import type * as contract from '../../embed-sdk/contract/transaction.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { canRefund, isPastRefundWindow } from '../../embed-sdk/rules/refundWindow.js';
import { membershipStatuses } from '../memberships/store.js';
import { customerSummaries, customersWithPatientKey } from '../patients/store.js';
import { planStatuses } from '../payment-plans/store.js';
import { findPractice } from '../practices/store.js';
import {
  countTransactions,
  refundsOf,
  transactionPage,
  type RefundRecord,
  type TransactionRecord,
} from './store.js';

/** What a transaction's refunds (or its void) add up to; null fields when it has none. */
function refundedOf(list: RefundRecord[]) {
  if (list.length === 0) {
    return {
      refundVoidType: null,
      refundVoidAmount: null,
      refundVoidOrderAmount: null,
      refundVoidSurchargeAmount: null,
      refundVoidReferenceId: null,
      refundVoidDate: null,
    };
  }
  const latest = list.at(-1)!;
  const sum = (pick: (r: RefundRecord) => number) => list.reduce((total, r) => total + pick(r), 0);
  return {
    refundVoidType: list.some((r) => r.type === 'VOIDED') ? ('VOIDED' as const) : ('REFUNDED' as const),
    refundVoidAmount: sum((r) => r.amount),
    refundVoidOrderAmount: sum((r) => r.orderAmount),
    refundVoidSurchargeAmount: sum((r) => r.surchargeAmount),
    refundVoidReferenceId: latest.referenceId,
    refundVoidDate: latest.created.toISOString(),
  };
}

interface Related {
  companyName: string;
  customerKey: number | null;
  planStatus: string | null;
  membershipStatus: string | null;
}

function toTransaction(
  t: TransactionRecord,
  related: Related,
  refundList: RefundRecord[],
  rows: number,
  now: Date,
): contract.Transaction {
  const refunded = refundedOf(refundList);
  const status = t.status as contract.Transaction['status'];
  return {
    id: t.id,
    referenceId: t.referenceId,
    transactionResultId: t.transactionResultId,
    status,
    reason: t.reason,
    amount: t.amount,
    orderAmount: t.orderAmount,
    surchargeAmount: t.surchargeAmount,
    hasSurcharging: t.surchargeAmount > 0,
    fundingSource: t.fundingSource as contract.Transaction['fundingSource'],
    cardType: t.cardType as contract.Transaction['cardType'],
    cardDescription: t.cardDescription,
    expMonth: t.expMonth,
    expYear: t.expYear,
    resultMetaData: t.resultMetaData ?? null,
    source: t.source as contract.Transaction['source'],
    terminalDescription: t.terminalDescription,
    created: t.created.toISOString(),
    firstName: t.firstName,
    lastName: t.lastName,
    email: t.email,
    phone: t.phone,
    customerId: t.customerId,
    customerKey: related.customerKey,
    companyId: t.companyId,
    companyName: related.companyName,
    paymentPlanId: t.paymentPlanId,
    customerMembershipBillingId: t.customerMembershipBillingId,
    insurancePaymentId: t.insurancePaymentId,
    notificationId: t.notificationId,
    note: t.note,
    noteLabel: t.noteLabel,
    ...refunded,
    cantRefund: isPastRefundWindow(t.created, now),
    canRefund: canRefund(
      {
        status,
        created: t.created,
        amount: t.amount,
        refundedAmount: refunded.refundVoidType === 'REFUNDED' ? refunded.refundVoidAmount : 0,
        voided: refunded.refundVoidType === 'VOIDED',
      },
      now,
    ),
    isSettled: t.fundingSource !== 'CARD' || t.settledAt !== null,
    associatedAutoMessage: t.associatedAutoMessage,
    associatedManMessage: t.associatedManMessage,
    practiceManagementStatus: t.practiceManagementStatus,
    paymentPlanStatus:
      related.planStatus === 'INACTIVE' || related.planStatus === 'COMPLETE' ? related.planStatus : null,
    customerMembershipBillingIsActive:
      related.membershipStatus === null ? null : related.membershipStatus === 'ACTIVE',
    rows,
    rowsCapped: false,
    removed: t.orphanRemoved?.toISOString() ?? null,
  };
}

const present = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);

export async function transactionList(
  ctx: AppContext,
  practice: PracticeId,
  body: contract.TransactionFilter & { sort: contract.TransactionSort; page: number; pageSize: number },
): Promise<contract.Transaction[]> {
  const filter = {
    ...body,
    customerKey: undefined,
    ...(body.customerKey !== undefined
      ? { customers: customersWithPatientKey(ctx.db, practice, body.customerKey) }
      : {}),
  };
  const rows = await countTransactions(ctx.db, practice, filter);
  if (rows === 0) return [];
  const page = await transactionPage(ctx.db, practice, filter, body);
  const ids = page.map((t) => t.id);
  const [refunds, customers, plans, memberships, company] = await Promise.all([
    refundsOf(ctx.db, practice, ids),
    customerSummaries(ctx.db, practice, present(page.map((t) => t.customerId))),
    planStatuses(ctx.db, practice, present(page.map((t) => t.paymentPlanId))),
    membershipStatuses(ctx.db, practice, present(page.map((t) => t.customerMembershipBillingId))),
    findPractice(ctx.db, practice),
  ]);
  const byTransaction = new Map<number, RefundRecord[]>();
  for (const refund of refunds) {
    byTransaction.set(refund.transactionId, [...(byTransaction.get(refund.transactionId) ?? []), refund]);
  }
  const now = ctx.clock.now();
  return page.map((t) =>
    toTransaction(
      t,
      {
        companyName: company!.name,
        customerKey: t.customerId === null ? null : (customers.get(t.customerId)?.patientKey ?? null),
        planStatus: t.paymentPlanId === null ? null : (plans.get(t.paymentPlanId) ?? null),
        membershipStatus:
          t.customerMembershipBillingId === null
            ? null
            : (memberships.get(t.customerMembershipBillingId) ?? null),
      },
      byTransaction.get(t.id) ?? [],
      rows,
      now,
    ),
  );
}

/** One of the practice's transactions as the list shows it (after a move or an association). */
export async function transactionView(
  ctx: AppContext,
  practice: PracticeId,
  t: TransactionRecord,
): Promise<contract.Transaction> {
  const [refunds, customers, plans, memberships, company] = await Promise.all([
    refundsOf(ctx.db, practice, [t.id]),
    customerSummaries(ctx.db, practice, present([t.customerId])),
    planStatuses(ctx.db, practice, present([t.paymentPlanId])),
    membershipStatuses(ctx.db, practice, present([t.customerMembershipBillingId])),
    findPractice(ctx.db, practice),
  ]);
  return toTransaction(
    t,
    {
      companyName: company!.name,
      customerKey: t.customerId === null ? null : (customers.get(t.customerId)?.patientKey ?? null),
      planStatus: t.paymentPlanId === null ? null : (plans.get(t.paymentPlanId) ?? null),
      membershipStatus:
        t.customerMembershipBillingId === null
          ? null
          : (memberships.get(t.customerMembershipBillingId) ?? null),
    },
    refunds,
    1,
    ctx.clock.now(),
  );
}
