/**
 * The payment plan as the contract shows it (the modal's entity and the list's rows): the plan, its
 * patient, its card, its schedule with each row's menu and date bounds, and its ledger with each
 * item's menu. Figures come from the pure rules (domain/planStatus.ts), so the list, the modal and
 * the billing run cannot disagree.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type * as contract from '../../embed-sdk/contract/paymentPlan.js';
import type { AppContext } from '../context.js';
import {
  ledgerOf,
  scheduleOf,
  toScheduleRow,
  type LedgerEntry,
  type PlanRecord,
} from '../db/paymentPlans.js';
import { findCard, toSavedCard } from '../db/savedCards.js';
import { customers, paymentPlanDetails, paymentPlans } from '../db/schema.js';
import { matchSearchTerm } from '../db/searchTerm.js';
import {
  editBounds,
  isPastDue,
  progressPercent,
  rowActions,
  sortRows,
  type ScheduleRow,
} from '../domain/planSchedule.js';
import { planFigures, type LedgerMoney, type PlanStatus } from '../domain/planStatus.js';
import { lineSurcharge } from '../../embed-sdk/rules/surcharge.js';
import { isPastRefundWindow } from '../../embed-sdk/rules/refundWindow.js';
import { NotFoundError } from '../http/errors.js';

type CustomerColumns = { patientKey: number | null; firstName: string; lastName: string; email: string };

function ledgerMoney(entry: LedgerEntry): LedgerMoney {
  const { item, givenBack } = entry;
  return {
    kind: item.kind as LedgerMoney['kind'],
    status: item.status as LedgerMoney['status'],
    removed: item.removed !== null,
    orderAmount: item.orderAmount,
    surcharge: item.surcharge,
    refundedOrderAmount: givenBack?.orderAmount ?? 0,
    refundedSurcharge: givenBack?.surchargeAmount ?? 0,
  };
}

function toLedgerRow(
  entry: LedgerEntry,
  rows: readonly ScheduleRow[],
  plan: PlanRecord,
  now: Date,
): contract.PaymentLedgerRow {
  const { item, transaction: t, givenBack } = entry;
  const isAdjustment = item.kind === 'ADJUSTMENT';
  const fundingSource = isAdjustment
    ? null
    : (item.fundingSource as contract.PaymentLedgerRow['fundingSource']);
  const approvedPayment = !isAdjustment && item.status === 'APPROVED' && t !== null && givenBack === null;
  const row = item.paymentPlanDetailId === null ? null : rows.find((r) => r.id === item.paymentPlanDetailId);
  const stillPastDue =
    !isAdjustment &&
    item.status === 'DECLINED' &&
    row !== undefined &&
    row !== null &&
    isPastDue(row) &&
    row.amountDue > 0;
  const open = plan.status !== 'INACTIVE';
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
    refundVoidType: givenBack?.type ?? null,
    refundVoidAmount: givenBack?.amount ?? null,
    reason: item.reason,
    referenceId: item.referenceId,
    checkNum: item.checkNum,
    note: item.note,
    transactionId: t?.id ?? null,
    transactionResultId: t?.transactionResultId ?? null,
    paymentPlanId: plan.id,
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
  companyId: number,
  planId: number,
): Promise<contract.PaymentPlan> {
  const [found] = await ctx.db
    .select({
      plan: paymentPlans,
      patientKey: customers.patientKey,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(paymentPlans)
    .innerJoin(customers, eq(customers.id, paymentPlans.customerId))
    .where(and(eq(paymentPlans.companyId, companyId), eq(paymentPlans.id, planId)));
  if (!found) throw new NotFoundError('The payment plan');
  const { plan } = found;
  const [rows, ledger] = await Promise.all([scheduleOf(ctx.db, plan.id), ledgerOf(ctx.db, plan.id)]);
  const card = plan.customerSavedCardId ? await findCard(ctx.db, companyId, plan.customerSavedCardId) : null;
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
    ...baseColumns(plan, found),
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
    ledgerDtos: ledger.filter((e) => e.item.removed === null).map((e) => toLedgerRow(e, rows, plan, now)),
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

function listFilter(status: contract.PlanListStatus | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'PAST_DUE':
      return and(
        eq(paymentPlans.status, 'ACTIVE'),
        sql`exists (select 1 from ${paymentPlanDetails}
               where ${paymentPlanDetails.paymentPlanId} = ${paymentPlans.id}
                 and ${paymentPlanDetails.processedToLedger}
                 and ${paymentPlanDetails.disposition} = 'DECLINED'
                 and ${paymentPlanDetails.amountDue} > 0)`,
      );
    default:
      return eq(paymentPlans.status, status);
  }
}

/** The Payment Plans page: newest first, one page, with each row's figures. */
export async function planList(
  ctx: AppContext,
  companyId: number,
  query: {
    status?: contract.PlanListStatus;
    search?: string;
    customerId?: number;
    page: number;
    pageSize: number;
  },
): Promise<{ paymentPlans: contract.PaymentPlanListRow[]; totalCount: number }> {
  const filters: (SQL | undefined)[] = [eq(paymentPlans.companyId, companyId), listFilter(query.status)];
  if (query.customerId !== undefined) filters.push(eq(paymentPlans.customerId, query.customerId));
  if (query.search) {
    filters.push(
      matchSearchTerm(query.search, {
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        cell: customers.cell,
        patNum: customers.patientKey,
      }),
    );
  }
  const where = and(...filters);
  const [total] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentPlans)
    .innerJoin(customers, eq(customers.id, paymentPlans.customerId))
    .where(where);
  const page = await ctx.db
    .select({
      plan: paymentPlans,
      patientKey: customers.patientKey,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(paymentPlans)
    .innerJoin(customers, eq(customers.id, paymentPlans.customerId))
    .where(where)
    .orderBy(desc(paymentPlans.createdAt), desc(paymentPlans.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const byPlan = new Map<number, ScheduleRow[]>();
  if (page.length > 0) {
    const details = await ctx.db
      .select()
      .from(paymentPlanDetails)
      .where(
        inArray(
          paymentPlanDetails.paymentPlanId,
          page.map((p) => p.plan.id),
        ),
      );
    for (const d of details)
      byPlan.set(d.paymentPlanId, [...(byPlan.get(d.paymentPlanId) ?? []), toScheduleRow(d)]);
  }
  return {
    totalCount: Number(total?.n ?? 0),
    paymentPlans: page.map((found) => {
      const rows = sortRows(byPlan.get(found.plan.id) ?? []);
      const figures = planFigures(
        {
          status: found.plan.status as PlanStatus,
          hasSurcharge: found.plan.hasSurcharge,
          surchargeRateBps: found.plan.surchargeRateBps,
        },
        rows,
        [],
      );
      return {
        ...baseColumns(found.plan, found),
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
