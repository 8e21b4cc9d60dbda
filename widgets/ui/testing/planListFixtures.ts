/** Plans, list rows and previews for the New Payment Plan's and the Payment Plans page's tests. */
import type { PaymentPlan, PaymentPlanListRow, PreviewRow } from '../../../embed-sdk/contract/paymentPlan.js';
import { splitEvenly } from '../../../embed-sdk/rules/proration.js';
import { surchargeFor } from '../../../embed-sdk/rules/surcharge.js';

export function plan(over: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
    id: 41,
    patientKey: 1001,
    customerId: 11,
    firstName: 'Maria',
    lastName: 'Garcia',
    eMail: 'maria.garcia@example.com',
    status: 'ACTIVE',
    statusLabel: 'Starting on next billing date',
    frequency: 'MONTHLY',
    created: '2026-11-21T15:00:00.000Z',
    currentCycle: 0,
    cycleCount: 4,
    progressPercent: 0,
    nextBillingDate: '2026-12-21',
    cancelledDate: null,
    completedDate: null,
    paymentPlanTotal: 120_000,
    paidToDate: 20_000,
    paidToDateSurcharge: 600,
    upcomingPayment: 25_000,
    upcomingSurcharge: 750,
    balanceDue: 100_000,
    balancePastDue: 0,
    adjustments: 0,
    isCash: false,
    isNotifyingForPastDuePayments: true,
    customerSavedCardId: 2,
    card: null,
    hasSurcharge: true,
    surchargeRateBps: 300,
    approvedMethod: 'VERBAL',
    ipAddress: '127.0.0.1',
    signature: null,
    template: null,
    approvedDate: '2026-11-21T15:00:00.000Z',
    chargeInProgress: false,
    ledgerDtos: [],
    paymentPlanDetails: [],
    ...over,
  };
}

export function listRow(
  over: Partial<PaymentPlanListRow> & Pick<PaymentPlanListRow, 'id'>,
): PaymentPlanListRow {
  return {
    patientKey: 1001,
    customerId: 11,
    firstName: 'Maria',
    lastName: 'Garcia',
    status: 'ACTIVE',
    statusLabel: 'Active',
    frequency: 'MONTHLY',
    created: '2026-09-20T15:00:00.000Z',
    currentCycle: 2,
    cycleCount: 5,
    nextBillingDate: '2026-12-20',
    cancelledDate: null,
    completedDate: null,
    paymentPlanTotal: 90_000,
    balanceDue: 45_000,
    balancePastDue: 0,
    upcomingPayment: 15_000,
    isCash: true,
    ...over,
  };
}

/**
 * The preview the sandbox would answer for these terms: the down payment today, then equal cycles a
 * month apart with the remainder on the last, and a 3 % surcharge when `surcharged`.
 */
export function previewOf(
  body: { total: number; downPayment?: number; cycleCount: number; firstBillingDate: string },
  surcharged = false,
) {
  const down = body.downPayment ?? 0;
  const amounts = splitEvenly(body.total - down, body.cycleCount);
  const line = (cycle: number, billingDate: string, amountDue: number): PreviewRow => {
    const surcharge = surchargeFor(amountDue, surcharged ? 300 : 0);
    return {
      cycle,
      isDownPayment: cycle === 0,
      billingDate,
      amountDue,
      surcharge,
      total: amountDue + surcharge,
    };
  };
  const [y, m, d] = body.firstBillingDate.split('-').map(Number) as [number, number, number];
  const rows: PreviewRow[] = down > 0 ? [line(0, '2026-11-21', down)] : [];
  for (let i = 1; i <= body.cycleCount; i += 1) {
    const month = m - 1 + (i - 1);
    const date = `${y + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    rows.push(line(i, date, amounts[i - 1]!));
  }
  return { rows, hasSurcharge: surcharged, surchargeRateBps: surcharged ? 300 : 0 };
}
