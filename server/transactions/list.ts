/**
 * The practice's transactions as the transactions list and a payment request's Payment Activity show
 * them: the filtered, sorted page, each with what its refunds or its void add up to, whether it may
 * still be refunded, and the state of the patient, plan and membership it belongs to (asked of those
 * capabilities). An administrator's company-wide view reads every practice's.
 *
 * The total count stops at `COUNT_CAP` (listStore.ts): `rowsCapped` then says the list has more.
 */
import type * as contract from '../../embed-sdk/contract/transaction.js';
import type { AppContext } from '../context.js';
import { unallocatedOfTransactions } from '../practice-system/store.js';
import { asPracticeId, practiceOfRecord, type PracticeId } from '../db/scope.js';
import { canRefund, isPastRefundWindow } from '../../embed-sdk/rules/refundWindow.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { membershipStatuses } from '../memberships/store.js';
import { customerSummaries, customersWithPatientKey } from '../patients/store.js';
import { cyclePayments, planStatuses } from '../payment-plans/store.js';
import { findTransaction, refundsOf, type RefundRecord, type TransactionRecord } from './store.js';
import {
  EVERY_PRACTICE,
  findTransactionInAnyPractice,
  transactionPage,
  type ListScope,
  type TransactionListFilter,
} from './listStore.js';

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
  /** What of the payment is on no procedure yet (a customer's list, Open Dental); null otherwise. */
  unallocated: number | null;
  companyName: string;
  customerKey: number | null;
  planStatus: string | null;
  membershipStatus: string | null;
  membershipReactivation: 'REACTIVATE' | 'RESTART' | null;
}

function toTransaction(
  t: TransactionRecord,
  related: Related,
  refundList: RefundRecord[],
  count: { rows: number; capped: boolean },
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
    customerMembershipBillingReactivation: related.membershipReactivation,
    rows: count.rows,
    rowsCapped: count.capped,
    removed: t.orphanRemoved?.toISOString() ?? null,
    unallocated: related.unallocated,
  };
}

const present = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);

/** Who is asking: the caller's current practice, and whether they are an administrator. */
export interface Reader {
  practice: PracticeId;
  isAdmin: boolean;
}

type ListBody = contract.TransactionFilter & { sort: contract.TransactionSort };

/** Sources of the two kinds of unassociated payments the list can show. */
const PAYMENT_PAGE_ORPHANS = ['PAYMENTPAGE'];
const OTHER_ORPHANS = ['TERMINAL', 'VIRTUALTERMINAL'];

/**
 * The list's filter as the store takes it, and whose transactions it reads; null when it names a
 * record the practice does not have (a plan cycle), so nothing can match.
 */
export async function listFilterOf(
  ctx: AppContext,
  reader: Reader,
  body: ListBody,
): Promise<{ scope: ListScope; filter: TransactionListFilter } | null> {
  if ((body.companyWide || body.companyId !== undefined) && !reader.isAdmin) {
    throw new ForbiddenError('The company-wide view is for administrators only.');
  }
  const { practice } = reader;
  const orphans = [
    ...(body.viewPaymentPageOrphans ? PAYMENT_PAGE_ORPHANS : []),
    ...(body.viewOtherOrphans ? OTHER_ORPHANS : []),
  ];
  let cycle: TransactionListFilter['cycle'];
  if (body.paymentPlanDetailId !== undefined) {
    const found = await cyclePayments(ctx.db, practice, body.paymentPlanDetailId);
    if (!found) return null;
    cycle = found;
  }
  return {
    // The company-wide view, of every practice or of the one asked for (the dentist column stays).
    scope: !body.companyWide
      ? practice
      : body.companyId !== undefined
        ? asPracticeId(Number(body.companyId))
        : EVERY_PRACTICE,
    filter: {
      notificationId: body.notificationId,
      customerId: body.customerId,
      // A patient number is the practice system's, so it names a patient of the caller's practice.
      customers:
        body.customerKey !== undefined
          ? customersWithPatientKey(ctx.db, practice, body.customerKey)
          : undefined,
      paymentPlanId: body.paymentPlanId,
      cycle,
      transactionId: body.transactionId,
      unassociatedSources: orphans.length > 0 ? orphans : undefined,
      modules: body.modules,
      status: body.status,
      methods: body.methods,
      clinicNums: body.clinicNums,
      providers: body.providers,
      startDate: body.startDate,
      endDate: body.endDate,
    },
  };
}

/**
 * These transactions as the contract has them, with what their practices' other capabilities say of
 * their patients, plans and memberships (asked of each practice for its own rows).
 */
export async function describeTransactions(
  ctx: AppContext,
  page: TransactionRecord[],
  count: { rows: number; capped: boolean },
  opts: { unallocated?: boolean } = {},
): Promise<contract.Transaction[]> {
  const byPractice = new Map<number, TransactionRecord[]>();
  for (const t of page) byPractice.set(t.companyId, [...(byPractice.get(t.companyId) ?? []), t]);
  const related = new Map<number, Related>();
  const refundsByTransaction = new Map<number, RefundRecord[]>();
  for (const [companyId, rows] of byPractice) {
    const practice = practiceOfRecord({ companyId });
    const [refunds, customers, plans, memberships, company, unallocated] = await Promise.all([
      refundsOf(
        ctx.db,
        practice,
        rows.map((t) => t.id),
      ),
      customerSummaries(ctx.db, practice, present(rows.map((t) => t.customerId))),
      planStatuses(ctx.db, practice, present(rows.map((t) => t.paymentPlanId))),
      membershipStatuses(
        ctx.db,
        practice,
        present(rows.map((t) => t.customerMembershipBillingId)),
        ctx.clock.today(),
      ),
      ctx.companies.get(practice),
      // The patient page offers Allocate on what is not allocated yet: one grouped statement a page.
      opts.unallocated
        ? ctx.companies.get(practice).then((c) =>
            (c?.gatewayCode || 'OPENDENTAL') === 'OPENDENTAL'
              ? unallocatedOfTransactions(
                  ctx.db,
                  practice,
                  rows.filter((t) => t.status === 'APPROVED' && t.customerId !== null).map((t) => t.id),
                )
              : null,
          )
        : null,
    ]);
    for (const refund of refunds) {
      refundsByTransaction.set(refund.transactionId, [
        ...(refundsByTransaction.get(refund.transactionId) ?? []),
        refund,
      ]);
    }
    for (const t of rows) {
      related.set(t.id, {
        unallocated: unallocated?.get(t.id) ?? null,
        companyName: company?.name ?? '',
        customerKey: t.customerId === null ? null : (customers.get(t.customerId)?.patientKey ?? null),
        planStatus: t.paymentPlanId === null ? null : (plans.get(t.paymentPlanId) ?? null),
        membershipStatus:
          t.customerMembershipBillingId === null
            ? null
            : (memberships.get(t.customerMembershipBillingId)?.status ?? null),
        membershipReactivation:
          t.customerMembershipBillingId === null
            ? null
            : (memberships.get(t.customerMembershipBillingId)?.reactivation ?? null),
      });
    }
  }
  const now = ctx.clock.now();
  return page.map((t) =>
    toTransaction(t, related.get(t.id)!, refundsByTransaction.get(t.id) ?? [], count, now),
  );
}

export async function transactionList(
  ctx: AppContext,
  reader: Reader,
  body: ListBody & { page: number; pageSize: number },
): Promise<contract.Transaction[]> {
  const list = await listFilterOf(ctx, reader, body);
  if (!list) return [];
  const { page, count } = await transactionPage(ctx.db, list.scope, list.filter, body);
  return describeTransactions(ctx, page, count, {
    unallocated: body.customerId !== undefined || body.customerKey !== undefined,
  });
}

/**
 * One transaction for its details: the practice's, or (an administrator's company-wide view) any
 * practice's. Another practice's answers as missing.
 */
export async function transactionDetails(
  ctx: AppContext,
  reader: Reader,
  request: { id: number; companyWide: boolean },
): Promise<contract.Transaction> {
  if (request.companyWide && !reader.isAdmin) {
    throw new ForbiddenError('The company-wide view is for administrators only.');
  }
  const t = request.companyWide
    ? await findTransactionInAnyPractice(ctx.db, request.id)
    : await findTransaction(ctx.db, reader.practice, request.id);
  if (!t) throw new NotFoundError('The transaction');
  const [one] = await describeTransactions(ctx, [t], { rows: 1, capped: false });
  return one!;
}

/** One of the practice's transactions as the list shows it (after a move or an association). */
export async function transactionView(ctx: AppContext, t: TransactionRecord): Promise<contract.Transaction> {
  const [one] = await describeTransactions(ctx, [t], { rows: 1, capped: false });
  return one!;
}
