/**
 * The practice's transactions: the filtered, paged list (the transactions list and a payment
 * request's Payment Activity), and a transaction's settlement as the card provider sees it now.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import * as contract from '../../../embed-sdk/contract/transaction.js';
import { CardProviderError } from '../../card-provider/gateway.js';
import {
  companies,
  customerMembershipBillings,
  customers,
  paymentPlans,
  refunds,
  transactions,
} from '../../db/schema.js';
import { dayRange } from '../../domain/dateRange.js';
import { canRefund, isPastRefundWindow } from '../../../embed-sdk/rules/refundWindow.js';
import { asBusinessError } from '../cardProviderFailure.js';
import { NotFoundError } from '../errors.js';
import { defineRoute, practiceOf } from '../route.js';

type TransactionRow = typeof transactions.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

const SORTS: Record<contract.TransactionSort, SQL[]> = {
  'Date:descending': [desc(transactions.created), desc(transactions.id)],
  'Date:ascending': [asc(transactions.created), asc(transactions.id)],
  'Amount:descending': [desc(transactions.amount), desc(transactions.id)],
  'Amount:ascending': [asc(transactions.amount), asc(transactions.id)],
};

/** What a transaction's refunds (or its void) add up to; null fields when it has none. */
function givenBack(list: RefundRow[]) {
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
  const sum = (pick: (r: RefundRow) => number) => list.reduce((total, r) => total + pick(r), 0);
  return {
    refundVoidType: list.some((r) => r.type === 'VOIDED') ? ('VOIDED' as const) : ('REFUNDED' as const),
    refundVoidAmount: sum((r) => r.amount),
    refundVoidOrderAmount: sum((r) => r.orderAmount),
    refundVoidSurchargeAmount: sum((r) => r.surchargeAmount),
    refundVoidReferenceId: latest.referenceId,
    refundVoidDate: latest.created.toISOString(),
  };
}

function toTransaction(
  row: {
    t: TransactionRow;
    companyName: string;
    customerKey: number | null;
    planStatus: string | null;
    membershipStatus: string | null;
  },
  refundList: RefundRow[],
  rows: number,
  now: Date,
): contract.Transaction {
  const { t } = row;
  const back = givenBack(refundList);
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
    customerKey: row.customerKey,
    companyId: t.companyId,
    companyName: row.companyName,
    paymentPlanId: t.paymentPlanId,
    customerMembershipBillingId: t.customerMembershipBillingId,
    insurancePaymentId: t.insurancePaymentId,
    notificationId: t.notificationId,
    note: t.note,
    noteLabel: t.noteLabel,
    ...back,
    cantRefund: isPastRefundWindow(t.created, now),
    canRefund: canRefund(
      {
        status,
        created: t.created,
        amount: t.amount,
        refundedAmount: back.refundVoidType === 'REFUNDED' ? back.refundVoidAmount : 0,
        voided: back.refundVoidType === 'VOIDED',
      },
      now,
    ),
    isSettled: t.fundingSource !== 'CARD' || t.settledAt !== null,
    associatedAutoMessage: t.associatedAutoMessage,
    associatedManMessage: t.associatedManMessage,
    practiceManagementStatus: t.practiceManagementStatus,
    paymentPlanStatus: row.planStatus === 'INACTIVE' || row.planStatus === 'COMPLETE' ? row.planStatus : null,
    customerMembershipBillingIsActive:
      row.membershipStatus === null ? null : row.membershipStatus === 'ACTIVE',
    rows,
    rowsCapped: false,
    removed: t.orphanRemoved?.toISOString() ?? null,
  };
}

export const transactionRoutes = [
  defineRoute(contract.transactions, { access: 'member' }, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const filters: SQL[] = [eq(transactions.companyId, companyId)];
    if (body.notificationId) filters.push(eq(transactions.notificationId, body.notificationId));
    if (body.customerId !== undefined) filters.push(eq(transactions.customerId, body.customerId));
    if (body.customerKey !== undefined) filters.push(eq(customers.patientKey, body.customerKey));
    if (body.paymentPlanId !== undefined) filters.push(eq(transactions.paymentPlanId, body.paymentPlanId));
    if (body.modules && body.modules.length > 0) filters.push(inArray(transactions.source, body.modules));
    if (body.status) filters.push(eq(transactions.status, body.status));
    const { from, before } = dayRange(body.startDate, body.endDate);
    if (from) filters.push(gte(transactions.created, from));
    if (before) filters.push(lt(transactions.created, before));
    const where = and(...filters);

    const [total] = await ctx.db
      .select({ n: count() })
      .from(transactions)
      .leftJoin(customers, eq(customers.id, transactions.customerId))
      .where(where);
    const rows = total?.n ?? 0;
    if (rows === 0) return [];
    const page = await ctx.db
      .select({
        t: transactions,
        companyName: companies.name,
        customerKey: customers.patientKey,
        planStatus: paymentPlans.status,
        membershipStatus: customerMembershipBillings.status,
      })
      .from(transactions)
      .innerJoin(companies, eq(companies.id, transactions.companyId))
      .leftJoin(customers, eq(customers.id, transactions.customerId))
      .leftJoin(paymentPlans, eq(paymentPlans.id, transactions.paymentPlanId))
      .leftJoin(
        customerMembershipBillings,
        eq(customerMembershipBillings.id, transactions.customerMembershipBillingId),
      )
      .where(where)
      .orderBy(...SORTS[body.sort])
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize);

    const byTransaction = new Map<number, RefundRow[]>();
    if (page.length > 0) {
      const given = await ctx.db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.transactionId,
            page.map((p) => p.t.id),
          ),
        )
        .orderBy(asc(refunds.created), asc(refunds.id));
      for (const refund of given) {
        byTransaction.set(refund.transactionId, [...(byTransaction.get(refund.transactionId) ?? []), refund]);
      }
    }
    const now = ctx.clock.now();
    return page.map((row) => toTransaction(row, byTransaction.get(row.t.id) ?? [], rows, now));
  }),

  defineRoute(contract.getTransaction, { access: 'member' }, async ({ ctx, caller, query }) => {
    const [found] = await ctx.db
      .select({
        referenceId: transactions.referenceId,
        fundingSource: transactions.fundingSource,
        settledAt: transactions.settledAt,
        businessId: companies.businessId,
      })
      .from(transactions)
      .innerJoin(companies, eq(companies.id, transactions.companyId))
      .where(and(eq(transactions.companyId, practiceOf(caller)), eq(transactions.referenceId, query.id)));
    if (!found) throw new NotFoundError('The transaction');
    // Cash and checks have nothing to settle: they are refunded, never voided.
    if (found.fundingSource !== 'CARD') return { referenceId: found.referenceId, isSettled: true };
    try {
      const isSettled = await ctx.cards.isSettled({
        businessId: found.businessId,
        referenceId: found.referenceId,
      });
      return { referenceId: found.referenceId, isSettled };
    } catch (error) {
      // A payment the provider does not know (taken elsewhere, imported): what was recorded here.
      if (error instanceof CardProviderError && error.status === 404) {
        return { referenceId: found.referenceId, isSettled: found.settledAt !== null };
      }
      return asBusinessError(error, ctx.log);
    }
  }),
];
