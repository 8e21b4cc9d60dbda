/** Payment plans and cards for the payment plan's tests, shaped as the server answers them. */
import type {
  PaymentLedgerRow,
  PaymentPlan,
  PaymentPlanDetail,
} from '../../../embed-sdk/contract/paymentPlan.js';
import type { SavedCard } from '../../../embed-sdk/contract/savedCard.js';

export const PLAN_ID = 42;
export const CUSTOMER_ID = 11;

export function card(over: Partial<SavedCard> & Pick<SavedCard, 'id'>): SavedCard {
  return {
    cardType: 'VISA',
    description: '•••• 1111',
    expMonth: 12,
    expYear: 2030,
    isDefault: false,
    funding: 'CREDIT',
    ...over,
  };
}

export function detail(
  over: Partial<PaymentPlanDetail> & Pick<PaymentPlanDetail, 'id' | 'cycle'>,
): PaymentPlanDetail {
  return {
    isDownPayment: false,
    billingDate: '2026-12-01',
    amountDue: 20_000,
    surcharge: 0,
    total: 20_000,
    processedToLedger: false,
    disposition: null,
    referenceId: null,
    isSettled: false,
    actions: { edit: true, processNow: false, skip: true },
    minDate: null,
    maxDate: null,
    ...over,
  };
}

export function ledgerRow(over: Partial<PaymentLedgerRow> & Pick<PaymentLedgerRow, 'id'>): PaymentLedgerRow {
  return {
    dateTime: '2026-11-01T15:00:00.000Z',
    description: 'Down Payment',
    kind: 'PAYMENT',
    adjustmentType: null,
    fundingSource: 'CASH',
    cardType: null,
    cardDescription: null,
    amount: 15_000,
    orderAmount: 15_000,
    surcharge: 0,
    hasSurcharge: false,
    status: 'APPROVED',
    refundVoidType: null,
    refundVoidAmount: null,
    reason: null,
    referenceId: 'ref-1',
    checkNum: null,
    note: null,
    transactionId: 1,
    transactionResultId: 'res-1',
    paymentPlanId: PLAN_ID,
    paymentPlanDetailId: 1,
    customerMembershipBillingId: null,
    isSettled: true,
    cantRefund: false,
    actions: { refundCashCheck: true, refundOrVoid: false, moveToEnd: false, remove: false },
    ...over,
  };
}

/** An active cash plan of Maria Garcia: $750.00 in a down payment and 3 monthly cycles, one paid. */
export function plan(over: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
    id: PLAN_ID,
    patientKey: 1001,
    customerId: CUSTOMER_ID,
    firstName: 'Maria',
    lastName: 'Garcia',
    eMail: 'maria.garcia@example.com',
    status: 'ACTIVE',
    statusLabel: 'Active',
    frequency: 'MONTHLY',
    created: '2026-10-01T15:00:00.000Z',
    currentCycle: 1,
    cycleCount: 3,
    progressPercent: 33,
    nextBillingDate: '2026-12-01',
    cancelledDate: null,
    completedDate: null,
    paymentPlanTotal: 75_000,
    paidToDate: 35_000,
    paidToDateSurcharge: 0,
    upcomingPayment: 20_000,
    upcomingSurcharge: 0,
    balanceDue: 40_000,
    balancePastDue: 0,
    adjustments: 0,
    isCash: true,
    isNotifyingForPastDuePayments: true,
    customerSavedCardId: null,
    card: null,
    hasSurcharge: false,
    surchargeRateBps: 0,
    approvedMethod: 'SIGNATURE',
    ipAddress: '203.0.113.24',
    signature: 'Maria Garcia',
    template: 'I agree to pay 3 monthly payments as scheduled.',
    approvedDate: '2026-10-01T15:00:00.000Z',
    chargeInProgress: false,
    ledgerDtos: [
      ledgerRow({ id: 1 }),
      ledgerRow({
        id: 2,
        description: 'Cycle 1 of 3',
        amount: 20_000,
        orderAmount: 20_000,
        paymentPlanDetailId: 2,
      }),
    ],
    paymentPlanDetails: [
      detail({
        id: 1,
        cycle: 0,
        isDownPayment: true,
        amountDue: 15_000,
        processedToLedger: true,
        disposition: 'APPROVED',
        billingDate: '2026-10-01',
      }),
      detail({
        id: 2,
        cycle: 1,
        processedToLedger: true,
        disposition: 'APPROVED',
        billingDate: '2026-11-01',
      }),
      detail({ id: 3, cycle: 2, billingDate: '2026-12-01' }),
      detail({ id: 4, cycle: 3, billingDate: '2027-01-01' }),
    ],
    ...over,
  };
}

/** The same plan paid by a credit card on file at a practice that surcharges 3 %. */
export function cardPlan(over: Partial<PaymentPlan> = {}): PaymentPlan {
  const visa = card({ id: 7, isDefault: true });
  return plan({
    isCash: false,
    customerSavedCardId: visa.id,
    card: { ...visa, isActive: true },
    hasSurcharge: true,
    surchargeRateBps: 300,
    paidToDateSurcharge: 1_050,
    upcomingSurcharge: 600,
    ...over,
  });
}
