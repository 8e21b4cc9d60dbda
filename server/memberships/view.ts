/**
 * Memberships as the contract shows them: the modal's entity (with its enrollees, card, surcharge,
 * payment history, authorization and retry), the list's rows, the page's tiles and the catalogue.
 * Terms and days come from the shared rules (embed-sdk/rules/memberships.ts), so the list, the modal
 * and the billing run cannot disagree.
 */
import type * as contract from '../../embed-sdk/contract/membership.js';
import { cardSurcharge } from '../../embed-sdk/rules/cardSurcharge.js';
import type { CardFunding } from '../../embed-sdk/rules/surcharge.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { enrollmentLinkSent } from '../domain/memberships/enrollmentLink.js';
import { reactivationOfRecord, termsOf } from '../domain/memberships/terms.js';
import { linkState } from '../domain/outbox/linkExpiry.js';
import {
  awaitingPatientPastStartDate,
  daysUntilTermEnd,
  membershipHasStarted,
  termEnd,
} from '../../embed-sdk/rules/memberships.js';
import { NotFoundError } from '../errors.js';
import { ledgerOf, type LedgerEntry } from '../transactions/paymentLedger.js';
import { toLedgerRow } from '../payment-plans/view.js';
import { customerSummaries, customersMatching, findCustomer } from '../patients/store.js';
import { practiceOrNotFound } from '../practices/practices.js';
import type { PracticeRecord } from '../practices/store.js';
import { findCard } from '../saved-cards/store.js';
import { toSavedCard } from '../saved-cards/view.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import {
  countMemberships,
  findMembership,
  linesOf,
  memberCounts,
  membershipPage,
  membershipPlansByIds,
  membershipTotals,
  plansOf,
  type MembershipLineRecord,
  type MembershipListFilter,
  type MembershipPlanRecord,
  type MembershipRecord,
} from './store.js';

export function toPlan(p: MembershipPlanRecord, memberCount: number): contract.MembershipPlan {
  return {
    id: p.id,
    label: p.label,
    description: p.description,
    image: p.image,
    benefits: p.benefits,
    monthlyAmount: p.monthlyAmount,
    yearlyAmount: p.yearlyAmount,
    discountPlan: p.discountPlan,
    isActive: p.isActive,
    sortOrder: p.sortOrder,
    memberCount,
  };
}

export async function catalogue(ctx: AppContext, practice: PracticeId, includeRetired: boolean) {
  const [plans, counts] = await Promise.all([
    plansOf(ctx.db, practice, { includeRetired }),
    memberCounts(ctx.db, practice),
  ]);
  return plans.map((p) => toPlan(p, counts.get(p.id) ?? 0));
}

/** Days and flags that depend on today and the practice's membershipDays. */
function timing(r: MembershipRecord, today: string, membershipDays: number) {
  const terms = termsOf(r);
  const daysUntilExpiration = daysUntilTermEnd(terms, today);
  return {
    expirationDate: termEnd(terms),
    daysUntilExpiration,
    displayExpiration:
      r.displayExpiration && daysUntilExpiration !== null && daysUntilExpiration <= membershipDays,
    hasStarted: membershipHasStarted(terms, today),
    awaitingPatientPastStartDate: awaitingPatientPastStartDate(terms, today),
  };
}

function toLine(
  line: MembershipLineRecord,
  plan: MembershipPlanRecord | undefined,
  who: { firstName: string; lastName: string } | undefined,
): contract.BillingMembership {
  return {
    id: line.id,
    membershipPlanId: line.membershipPlanId,
    label: plan?.label ?? '',
    description: plan?.description ?? '',
    image: plan?.image ?? null,
    billingMembershipBenefits: plan?.benefits ?? [],
    customerId: line.customerId,
    customer: { firstName: who?.firstName ?? '', lastName: who?.lastName ?? '' },
    discountPlan: plan?.discountPlan ?? '',
    qty: line.qty,
    amount: line.amount,
    total: line.qty * line.amount,
  };
}

/** A payment history row: the plans' ledger row, with no schedule behind it. */
function toMembershipLedgerRow(entry: LedgerEntry, now: Date): contract.MembershipLedgerRow {
  const { paymentPlanDetailId: _none, ...row } = toLedgerRow(entry, now, null);
  return row;
}

/** What a cycle costs on this card at this practice. */
export function cycleSurcharge(amount: number, company: PracticeRecord, funding: string | null) {
  return cardSurcharge(amount, company, funding === null ? null : (funding as CardFunding));
}

/** The modal's membership. Another practice's membership is not found. */
export async function membershipView(
  ctx: AppContext,
  practice: PracticeId,
  id: number,
): Promise<contract.CustomerMembershipBilling> {
  const r = await findMembership(ctx.db, practice, id);
  const customer = r && (await findCustomer(ctx.db, practice, r.customerId));
  if (!r || !customer) throw new NotFoundError('The membership');
  const company = await practiceOrNotFound(ctx, practice);
  const [lines, ledger, card] = await Promise.all([
    linesOf(ctx.db, practice, [r.id]),
    ledgerOf(ctx.db, practice, { customerMembershipBillingId: r.id }),
    r.customerSavedCardId ? findCard(ctx.db, practice, r.customerSavedCardId) : Promise.resolve(null),
  ]);
  const [plans, people] = await Promise.all([
    membershipPlansByIds(
      ctx.db,
      practice,
      lines.map((l) => l.membershipPlanId),
    ),
    customerSummaries(
      ctx.db,
      practice,
      lines.map((l) => l.customerId),
    ),
  ]);
  const today = ctx.clock.today();
  const now = ctx.clock.now();
  const surcharge = card ? cycleSurcharge(r.amount, company, card.funding) : null;
  const enrollmentLinkDays = await linkDaysOf(ctx.db, practice, 'ENROLLMENT');
  return {
    id: r.id,
    patientKey: customer.patientKey,
    customerId: r.customerId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    eMail: customer.email,
    status: r.status as contract.MembershipStatus,
    cycle: r.cycle as contract.MembershipCycle,
    amount: r.amount,
    balance: r.balance,
    startDate: r.startDate,
    nextBillingDate: r.nextBillingDate,
    monthlyExpires: r.monthlyExpires,
    monthExpirationSelection: r.monthExpirationSelection,
    renewalMode: r.renewalMode as contract.RenewalMode,
    ...timing(r, today, company.membershipDays),
    cancelledDate: r.cancelledDate?.toISOString() ?? null,
    expiredDate: r.expiredDate?.toISOString() ?? null,
    reactivation: reactivationOfRecord(r, today),
    customerSavedCardId: r.customerSavedCardId,
    card: card ? { ...toSavedCard(card), isActive: card.isActive } : null,
    yearlyNextCycleAutoRenew: r.yearlyNextCycleAutoRenew,
    yearlyAutoRenew: r.yearlyAutoRenew,
    hasSurcharge: (surcharge?.rateBps ?? 0) > 0,
    surchargeRateBps: surcharge?.rateBps ?? 0,
    surchargeAmount: surcharge?.surchargeAmount ?? 0,
    cardTotal: surcharge?.total ?? r.amount,
    nextRetryDate: r.nextRetryDate,
    retriesExhausted: r.retriesExhausted,
    enrollment:
      r.status === 'AWAITINGPATIENT'
        ? {
            sentBy: [
              ...(r.enrollmentPhone ? (['TEXT'] as const) : []),
              ...(r.enrollmentEmail ? (['EMAIL'] as const) : []),
            ],
            lastSent: r.enrollmentSentAt?.toISOString() ?? null,
            ...linkState(enrollmentLinkSent(r), enrollmentLinkDays, now),
          }
        : null,
    chargeInProgress: r.pendingCharge !== null,
    authorization:
      r.approvedMethod && r.approvedDate
        ? {
            method: r.approvedMethod as contract.MembershipApprovalMethod,
            ipAddress: r.ipAddress,
            signature: r.signature,
            template: r.template,
            approvedDate: r.approvedDate.toISOString(),
          }
        : null,
    billingMemberships: lines.map((l) => toLine(l, plans.get(l.membershipPlanId), people.get(l.customerId))),
    // Newest first, as every other list (the ledger reads oldest first for the plans' figures).
    ledgerDtos: ledger
      .filter((e) => e.item.removed === null)
      .reverse()
      .map((e) => toMembershipLedgerRow(e, now)),
  };
}

/** List rows for these memberships, in their order. */
async function listRows(
  ctx: AppContext,
  practice: PracticeId,
  records: MembershipRecord[],
  membershipDays: number,
): Promise<contract.MembershipListRow[]> {
  const ids = records.map((r) => r.id);
  const [lines, customers] = await Promise.all([
    linesOf(ctx.db, practice, ids),
    customerSummaries(
      ctx.db,
      practice,
      records.map((r) => r.customerId),
    ),
  ]);
  const plans = await membershipPlansByIds(
    ctx.db,
    practice,
    lines.map((l) => l.membershipPlanId),
  );
  const today = ctx.clock.today();
  return records.map((r) => {
    const own = lines.filter((l) => l.customerMembershipBillingId === r.id);
    const customer = customers.get(r.customerId);
    return {
      id: r.id,
      patientKey: customer?.patientKey ?? null,
      customerId: r.customerId,
      firstName: customer?.firstName ?? '',
      lastName: customer?.lastName ?? '',
      status: r.status as contract.MembershipStatus,
      cycle: r.cycle as contract.MembershipCycle,
      amount: r.amount,
      balance: r.balance,
      startDate: r.startDate,
      nextBillingDate: r.nextBillingDate,
      monthlyExpires: r.monthlyExpires,
      renewalMode: r.renewalMode as contract.RenewalMode,
      ...timing(r, today, membershipDays),
      yearlyAutoRenew: r.yearlyAutoRenew,
      yearlyNextCycleAutoRenew: r.yearlyNextCycleAutoRenew,
      cancelledDate: r.cancelledDate?.toISOString() ?? null,
      expiredDate: r.expiredDate?.toISOString() ?? null,
      nextRetryDate: r.nextRetryDate,
      plans: own.map((l) => plans.get(l.membershipPlanId)?.label ?? ''),
      enrolleeCount: new Set(own.map((l) => l.customerId)).size,
    };
  });
}

/** The Memberships page: newest first, one page. */
export async function membershipList(
  ctx: AppContext,
  practice: PracticeId,
  query: { status?: contract.MembershipListStatus; search?: string; page: number; pageSize: number },
) {
  const company = await practiceOrNotFound(ctx, practice);
  const filter: MembershipListFilter = {
    status: query.status,
    today: ctx.clock.today(),
    membershipDays: company.membershipDays,
    ...(query.search ? { customers: customersMatching(ctx.db, practice, query.search) } : {}),
  };
  const [totalCount, page] = await Promise.all([
    countMemberships(ctx.db, practice, filter),
    membershipPage(ctx.db, practice, filter, query),
  ]);
  return { totalCount, memberships: await listRows(ctx, practice, page, company.membershipDays) };
}

/** The memberships a patient holds or is enrolled in, newest first (404 for another practice's patient). */
export async function customerMemberships(ctx: AppContext, practice: PracticeId, customerId: number) {
  if (!(await findCustomer(ctx.db, practice, customerId))) throw new NotFoundError('The patient');
  const company = await practiceOrNotFound(ctx, practice);
  const filter: MembershipListFilter = {
    customerId,
    today: ctx.clock.today(),
    membershipDays: company.membershipDays,
  };
  const page = await membershipPage(ctx.db, practice, filter, { page: 1, pageSize: 100 });
  return listRows(ctx, practice, page, company.membershipDays);
}

export function membershipSummary(ctx: AppContext, practice: PracticeId) {
  return membershipTotals(ctx.db, practice, ctx.clock.today());
}
