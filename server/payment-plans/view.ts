/**
 * The payment plan as the contract shows it (the modal's entity and the list's rows): the plan, its
 * patient, its card, its schedule with each row's menu and date bounds, and its ledger with each
 * item's menu. Figures come from the pure rules (domain/payment-plans/planStatus.ts), so the list, the modal and
 * the billing run cannot disagree.
 */
import type * as contract from '../../embed-sdk/contract/paymentPlan.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { customerSummaries, customersMatching, findCustomer } from '../patients/store.js';
import {
  countPlans,
  findPlan,
  planPage,
  scheduleOf,
  schedulesOf,
  type PlanListFilter,
  type PlanRecord,
} from './store.js';
import { ledgerOf, type LedgerEntry } from '../transactions/paymentLedger.js';
import { findCard } from '../saved-cards/store.js';
import { toSavedCard } from '../saved-cards/view.js';
import {
  editBounds,
  isPastDue,
  progressPercent,
  rowActions,
  type ScheduleRow,
} from '../domain/payment-plans/scheduleChanges.js';
import { planFigures, type LedgerMoney, type PlanStatus } from '../domain/payment-plans/planStatus.js';
import { isPastRefundWindow } from '../../embed-sdk/rules/refundWindow.js';
import { lineSurcharge } from '../../embed-sdk/rules/surcharge.js';
import { NotFoundError } from '../errors.js';

type CustomerColumns = { patientKey: number | null; firstName: string; lastName: string; email: string };

function ledgerMoney(entry: LedgerEntry): LedgerMoney {
  const { item, refunded } = entry;
  return {
    kind: item.kind as LedgerMoney['kind'],
    status: item.status as LedgerMoney['status'],
    removed: item.removed !== null,
    orderAmount: item.orderAmount,
    surcharge: item.surcharge,
    refundedOrderAmount: refunded?.orderAmount ?? 0,
    refundedSurcharge: refunded?.surchargeAmount ?? 0,
  };
}

/**
 * A payment history row as the contract has it: a plan's (with its schedule, whose past-due rows may
 * be moved to the end or removed), or a membership's (no schedule: `plan` null).
 */
export function toLedgerRow(
  entry: LedgerEntry,
  now: Date,
  plan: { record: PlanRecord; rows: readonly ScheduleRow[] } | null,
): Omit<contract.PaymentLedgerRow, 'paymentPlanId'> & { paymentPlanId: number | null } {
  const { item, transaction: t, refunded } = entry;
  const isAdjustment = item.kind === 'ADJUSTMENT';
  const fundingSource = isAdjustment
    ? null
    : (item.fundingSource as contract.PaymentLedgerRow['fundingSource']);
  const approvedPayment = !isAdjustment && item.status === 'APPROVED' && t !== null && refunded === null;
  const row =
    item.paymentPlanDetailId === null ? undefined : plan?.rows.find((r) => r.id === item.paymentPlanDetailId);
  const stillPastDue =
    !isAdjustment && item.status === 'DECLINED' && row !== undefined && isPastDue(row) && row.amountDue > 0;
  const open = plan !== null && plan.record.status !== 'INACTIVE';
  return {
    id: item.id,
    dateTime: item.dateTime.toISOString(),
    description: item.description,
    kind: item.kind as contract.PaymentLedgerRow['kind'],
    adjustmentType: isAdjustment ? (item.amount >= 0 ? 'CREDIT' : 'DEBIT') : null,
    fundingSource,
    cardType: item.cardType as contract.PaymentLedgerRow['cardType'],
    cardDescription: item.cardDescription,
    amount: Math.abs(item.amount),
    orderAmount: Math.abs(item.orderAmount),
    surcharge: item.surcharge,
    hasSurcharge: item.surcharge > 0,
    status: item.status as contract.PaymentLedgerRow['status'],
    refundVoidType: refunded?.type ?? null,
    refundVoidAmount: refunded?.amount ?? null,
    reason: item.reason,
    referenceId: item.referenceId,
    checkNum: item.checkNum,
    note: item.note,
    transactionId: t?.id ?? null,
    transactionResultId: t?.transactionResultId ?? null,
    paymentPlanId: item.paymentPlanId,
    paymentPlanDetailId: item.paymentPlanDetailId,
    customerMembershipBillingId: item.customerMembershipBillingId,
    isSettled: fundingSource !== 'CARD' || t?.settledAt != null,
    cantRefund: t !== null && isPastRefundWindow(t.created, now),
    actions: {
      refundCashCheck: approvedPayment && (fundingSource === 'CASH' || fundingSource === 'CHECK'),
      refundOrVoid: approvedPayment && fundingSource === 'CARD',
      moveToEnd: stillPastDue && open,
      remove: stillPastDue && open,
    },
  };
}

function toDetail(
  row: ScheduleRow,
  rows: readonly ScheduleRow[],
  plan: PlanRecord,
  today: string,
  settled: ReadonlySet<string>,
): contract.PaymentPlanDetail {
  const surcharge = lineSurcharge(row.amountDue, plan);
  const editable = plan.status === 'ACTIVE' && !row.processedToLedger;
  const actions = editable
    ? rowActions(rows, row, plan.isCash)
    : { edit: false, processNow: false, skip: false };
  const bounds = editable ? editBounds(rows, row, today) : null;
  return {
    id: row.id!,
    cycle: row.cycle,
    isDownPayment: row.isDownPayment,
    billingDate: row.billingDate,
    amountDue: row.amountDue,
    surcharge,
    total: row.amountDue + surcharge,
    processedToLedger: row.processedToLedger,
    disposition: row.disposition,
    referenceId: row.referenceId,
    isSettled: row.disposition === 'APPROVED' && row.referenceId !== null && settled.has(row.referenceId),
    actions,
    minDate: bounds?.min ?? null,
    maxDate: bounds?.max ?? null,
  };
}

/** The modal's plan entity. Another practice's plan is not found. */
export async function planView(
  ctx: AppContext,
  practice: PracticeId,
  planId: number,
): Promise<contract.PaymentPlan> {
  const plan = await findPlan(ctx.db, practice, planId);
  const customer = plan && (await findCustomer(ctx.db, practice, plan.customerId));
  if (!plan || !customer) throw new NotFoundError('The payment plan');
  const [rows, ledger] = await Promise.all([
    scheduleOf(ctx.db, practice, plan.id),
    ledgerOf(ctx.db, practice, { paymentPlanId: plan.id }),
  ]);
  const card = plan.customerSavedCardId ? await findCard(ctx.db, practice, plan.customerSavedCardId) : null;
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  // Cash and checks have nothing to settle; card payments as last recorded.
  const settled = new Set(
    ledger.flatMap(({ transaction: t }) =>
      t && (t.fundingSource !== 'CARD' || t.settledAt !== null) ? [t.referenceId] : [],
    ),
  );
  const figures = planFigures(
    {
      status: plan.status as PlanStatus,
      hasSurcharge: plan.hasSurcharge,
      surchargeRateBps: plan.surchargeRateBps,
    },
    rows,
    ledger.map(ledgerMoney),
  );
  return {
    ...baseColumns(plan, customer),
    ...figures,
    progressPercent: progressPercent(figures.currentCycle, figures.cycleCount),
    isNotifyingForPastDuePayments: plan.isNotifyingForPastDuePayments,
    customerSavedCardId: plan.customerSavedCardId,
    card: card ? { ...toSavedCard(card), isActive: card.isActive } : null,
    hasSurcharge: plan.hasSurcharge,
    surchargeRateBps: plan.surchargeRateBps,
    approvedMethod: plan.approvedMethod as contract.PaymentPlan['approvedMethod'],
    ipAddress: plan.ipAddress,
    signature: plan.signature,
    template: plan.template,
    approvedDate: plan.approvedDate?.toISOString() ?? null,
    chargeInProgress: plan.pendingCharge !== null,
    ledgerDtos: ledger
      .filter((e) => e.item.removed === null)
      .map((e) => ({ ...toLedgerRow(e, now, { record: plan, rows }), paymentPlanId: plan.id })),
    paymentPlanDetails: rows.map((row) => toDetail(row, rows, plan, today, settled)),
  };
}

function baseColumns(plan: PlanRecord, customer: CustomerColumns) {
  return {
    id: plan.id,
    patientKey: customer.patientKey,
    customerId: plan.customerId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    eMail: customer.email,
    status: plan.status as PlanStatus,
    frequency: plan.frequency as contract.Frequency,
    created: plan.createdAt.toISOString(),
    cancelledDate: plan.cancelledDate?.toISOString() ?? null,
    completedDate: plan.completedDate?.toISOString() ?? null,
    paymentPlanTotal: plan.total,
    isCash: plan.isCash,
  };
}

/** The Payment Plans page: newest first, one page, with each row's figures. */
export async function planList(
  ctx: AppContext,
  practice: PracticeId,
  query: {
    status?: contract.PlanListStatus;
    search?: string;
    customerId?: number;
    page: number;
    pageSize: number;
  },
): Promise<{ paymentPlans: contract.PaymentPlanListRow[]; totalCount: number }> {
  const filter: PlanListFilter = {
    status: query.status,
    customerId: query.customerId,
    ...(query.search ? { customers: customersMatching(ctx.db, practice, query.search) } : {}),
  };
  const [totalCount, page] = await Promise.all([
    countPlans(ctx.db, practice, filter),
    planPage(ctx.db, practice, filter, query),
  ]);
  const [schedules, customers] = await Promise.all([
    schedulesOf(
      ctx.db,
      practice,
      page.map((p) => p.id),
    ),
    customerSummaries(
      ctx.db,
      practice,
      page.map((p) => p.customerId),
    ),
  ]);
  return {
    totalCount,
    paymentPlans: page.map((plan) => {
      const rows = schedules.get(plan.id) ?? [];
      const figures = planFigures(
        {
          status: plan.status as PlanStatus,
          hasSurcharge: plan.hasSurcharge,
          surchargeRateBps: plan.surchargeRateBps,
        },
        rows,
        [],
      );
      return {
        ...baseColumns(plan, customers.get(plan.customerId)!),
        statusLabel: figures.statusLabel,
        currentCycle: figures.currentCycle,
        cycleCount: figures.cycleCount,
        nextBillingDate: figures.nextBillingDate,
        balanceDue: figures.balanceDue,
        balancePastDue: figures.balancePastDue,
        upcomingPayment: figures.upcomingPayment,
      };
    }),
  };
}
