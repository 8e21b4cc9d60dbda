/**
 * Memberships in every status, shaped as the server answers them (each is parsed by the contract's
 * CustomerMembershipBilling, so a fixture that drifts from the contract fails where it is built):
 * for the membership modal's DOM tests and the screenshots' routed answers.
 */
import {
  CustomerMembershipBilling,
  type BillingMembership,
  type MembershipLedgerRow,
} from '../../../embed-sdk/contract/membership.js';
import { reactivationOf } from '../../../embed-sdk/rules/memberships.js';

export const MEMBERSHIP_ID = 501;
export const MEMBER_CUSTOMER_ID = 11;

export function enrolleeLine(
  over: Partial<BillingMembership> & Pick<BillingMembership, 'id'>,
): BillingMembership {
  const line = {
    membershipPlanId: 1,
    label: 'Adult Preventive',
    description: 'Two cleanings, two exams and yearly X-rays, with savings on other treatment.',
    image: null,
    billingMembershipBenefits: [
      { id: 1, label: '2 cleanings a year' },
      { id: 2, label: '20% off fillings' },
    ],
    customerId: MEMBER_CUSTOMER_ID,
    customer: { firstName: 'Maria', lastName: 'Garcia' },
    discountPlan: 'Member Savings 20',
    qty: 1,
    amount: 3_000,
    ...over,
  };
  return { ...line, total: line.qty * line.amount };
}

export function membershipLedgerRow(
  over: Partial<MembershipLedgerRow> & Pick<MembershipLedgerRow, 'id'>,
): MembershipLedgerRow {
  return {
    dateTime: '2026-06-15T14:00:00.000Z',
    description: 'Membership payment',
    kind: 'PAYMENT',
    adjustmentType: null,
    fundingSource: 'CARD',
    cardType: 'VISA',
    cardDescription: '•••• 1111',
    amount: 7_210,
    orderAmount: 7_000,
    surcharge: 210,
    hasSurcharge: true,
    status: 'APPROVED',
    refundVoidType: null,
    refundVoidAmount: null,
    reason: null,
    referenceId: `ref-${over.id}-A`,
    checkNum: null,
    note: null,
    transactionId: 9_000 + over.id,
    transactionResultId: `tr-${over.id}`,
    paymentPlanId: null,
    customerMembershipBillingId: MEMBERSHIP_ID,
    isSettled: true,
    cantRefund: false,
    actions: { refundCashCheck: false, refundOrVoid: true, moveToEnd: false, remove: false },
    ...over,
  };
}

const FAMILY_LINES = [
  enrolleeLine({ id: 1 }),
  enrolleeLine({
    id: 2,
    membershipPlanId: 2,
    label: 'Child Preventive',
    description: 'Cleanings, exams, fluoride and sealants for children under 14.',
    customerId: 12,
    customer: { firstName: 'Sofia', lastName: 'Garcia' },
    discountPlan: '',
    qty: 2,
    amount: 2_000,
    billingMembershipBenefits: [{ id: 3, label: 'Fluoride twice a year' }],
  }),
];

/** Active, monthly, renewing every month until canceled, a credit card at a 3 % practice. */
export function activeMonthly(over: Partial<CustomerMembershipBilling> = {}): CustomerMembershipBilling {
  return CustomerMembershipBilling.parse({
    id: MEMBERSHIP_ID,
    patientKey: 1001,
    customerId: MEMBER_CUSTOMER_ID,
    firstName: 'Maria',
    lastName: 'Garcia',
    eMail: 'maria.garcia@example.com',
    status: 'ACTIVE',
    cycle: 'MONTHLY',
    amount: 7_000,
    balance: 0,
    startDate: '2026-01-15',
    nextBillingDate: '2026-08-15',
    monthlyExpires: null,
    monthExpirationSelection: 1,
    renewalMode: 'YEARLY',
    hasStarted: true,
    displayExpiration: false,
    daysUntilExpiration: 30,
    expirationDate: '2026-08-15',
    awaitingPatientPastStartDate: false,
    cancelledDate: null,
    expiredDate: null,
    reactivation: null,
    customerSavedCardId: 7,
    card: {
      id: 7,
      cardType: 'VISA',
      description: '•••• 1111',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
      funding: 'CREDIT',
      isActive: true,
    },
    yearlyNextCycleAutoRenew: true,
    yearlyAutoRenew: true,
    hasSurcharge: true,
    surchargeRateBps: 300,
    surchargeAmount: 210,
    cardTotal: 7_210,
    nextRetryDate: null,
    retriesExhausted: false,
    enrollment: null,
    chargeInProgress: false,
    authorization: {
      method: 'SIGNATURE',
      ipAddress: '203.0.113.24',
      signature: 'Maria Garcia',
      template: 'I authorize Bright Smiles Dental to charge my card on file each month for this membership.',
      approvedDate: '2026-01-10T16:30:00.000Z',
    },
    billingMemberships: FAMILY_LINES,
    ledgerDtos: [
      membershipLedgerRow({ id: 3, dateTime: '2026-07-15T14:00:00.000Z', isSettled: false }),
      membershipLedgerRow({ id: 2, dateTime: '2026-06-15T14:00:00.000Z' }),
      membershipLedgerRow({
        id: 1,
        dateTime: '2026-05-15T14:00:00.000Z',
        refundVoidType: 'REFUNDED',
        refundVoidAmount: 7_210,
        actions: { refundCashCheck: false, refundOrVoid: false, moveToEnd: false, remove: false },
      }),
    ],
    ...over,
  });
}

/** Active, yearly, set to expire at its term's end, which is within the practice's membershipDays. */
export function activeYearlyExpiring(over: Partial<CustomerMembershipBilling> = {}) {
  return activeMonthly({
    cycle: 'YEARLY',
    amount: 84_000,
    surchargeAmount: 2_520,
    cardTotal: 86_520,
    startDate: '2025-08-27',
    nextBillingDate: '2026-08-27',
    expirationDate: '2026-08-27',
    renewalMode: 'EXPIRING',
    yearlyNextCycleAutoRenew: false,
    yearlyAutoRenew: false,
    displayExpiration: true,
    daysUntilExpiration: 12,
    billingMemberships: [
      enrolleeLine({ id: 1, amount: 36_000, label: 'Adult Preventive (yearly)' }),
      enrolleeLine({
        id: 2,
        customerId: 12,
        customer: { firstName: 'Sofia', lastName: 'Garcia' },
        label: 'Child Preventive (yearly)',
        qty: 2,
        amount: 24_000,
      }),
    ],
    ledgerDtos: [
      membershipLedgerRow({
        id: 4,
        dateTime: '2025-08-27T14:00:00.000Z',
        amount: 86_520,
        orderAmount: 84_000,
        surcharge: 2_520,
      }),
    ],
    ...over,
  });
}

/** Active, monthly, with a declined charge past due and a retry scheduled. */
export function pastDue(over: Partial<CustomerMembershipBilling> = {}) {
  return activeMonthly({
    balance: 7_000,
    nextRetryDate: '2026-07-22',
    ledgerDtos: [
      membershipLedgerRow({
        id: 5,
        dateTime: '2026-07-15T14:00:00.000Z',
        status: 'DECLINED',
        reason: 'Insufficient funds',
        cardDescription: '•••• 9995',
        isSettled: false,
        transactionId: null,
        actions: { refundCashCheck: false, refundOrVoid: false, moveToEnd: false, remove: false },
      }),
      membershipLedgerRow({ id: 2, dateTime: '2026-06-15T14:00:00.000Z' }),
    ],
    ...over,
  });
}

/** Sent by link, not completed, and its start date has passed: it starts on the completion date. */
export function awaiting(over: Partial<CustomerMembershipBilling> = {}) {
  return activeMonthly({
    status: 'AWAITINGPATIENT',
    hasStarted: false,
    awaitingPatientPastStartDate: true,
    startDate: '2026-07-01',
    nextBillingDate: '2026-07-01',
    renewalMode: 'STARTDATE',
    customerSavedCardId: null,
    card: null,
    hasSurcharge: false,
    surchargeRateBps: 0,
    surchargeAmount: 0,
    cardTotal: 7_000,
    authorization: null,
    enrollment: {
      sentBy: ['EMAIL', 'TEXT'],
      lastSent: '2026-07-02T15:00:00.000Z',
      linkSent: '2026-07-02T15:00:00.000Z',
      linkExpires: '2026-07-09T15:00:00.000Z',
      linkExpired: false,
    },
    ledgerDtos: [],
    ...over,
  });
}

/** The day the fixtures' canceled and expired memberships are looked at. */
const FIXTURES_TODAY = '2026-07-25';

/** A canceled monthly membership re-activates free, billing again on its next billing day. */
export const CANCELED_REACTIVATION = { kind: 'REACTIVATE', nextBillingDate: '2026-08-15' } as const;

/** How it becomes active again, by the shared rule the server follows (unless a test sets it). */
function withReactivation(m: CustomerMembershipBilling, over: Partial<CustomerMembershipBilling>) {
  if (over.reactivation !== undefined) return m;
  const ended = (m.status === 'EXPIRED' ? m.expiredDate : m.cancelledDate) ?? FIXTURES_TODAY;
  return { ...m, reactivation: reactivationOf(m, ended.slice(0, 10), FIXTURES_TODAY) };
}

/** Canceled on 07/20/2026. */
export function canceled(over: Partial<CustomerMembershipBilling> = {}) {
  return withReactivation(
    activeMonthly({
      status: 'INACTIVE',
      renewalMode: 'CANCEL',
      nextBillingDate: null,
      expirationDate: null,
      daysUntilExpiration: null,
      cancelledDate: '2026-07-20T15:00:00.000Z',
      ...over,
    }),
    over,
  );
}

/** A yearly membership that expired on 06/01/2026 (it can be restarted). */
export function expired(over: Partial<CustomerMembershipBilling> = {}) {
  return withReactivation(
    activeYearlyExpiring({
      status: 'EXPIRED',
      nextBillingDate: null,
      expirationDate: null,
      daysUntilExpiration: null,
      displayExpiration: false,
      startDate: '2025-06-01',
      expiredDate: '2026-06-01T15:00:00.000Z',
      ...over,
    }),
    over,
  );
}
