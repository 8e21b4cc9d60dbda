/**
 * Payment plans for the schedule and ledger tests, shaped as the server sends them: each row's
 * `actions` and date bounds follow the server's rules (domain/planSchedule.ts rowActions and
 * editBounds, as tests/api/payment-plans.test.ts shows them for a new plan).
 */
import dayjs from 'dayjs';
import type {
  PaymentLedgerRow,
  PaymentPlan,
  PaymentPlanDetail,
} from '../../../../embed-sdk/contract/paymentPlan.js';
import { surchargeFor } from '../../../../embed-sdk/rules/surcharge.js';

/** The tests' today: the clock is fixed to this day. */
export const TODAY = '2026-03-10';
export const NOW = new Date('2026-03-10T15:30:00');
export const PLAN_ID = 42;

const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

export type RowInput = Pick<PaymentPlanDetail, 'id' | 'cycle' | 'billingDate' | 'amountDue'> &
  Partial<Pick<PaymentPlanDetail, 'isDownPayment' | 'processedToLedger' | 'disposition' | 'referenceId'>>;

/** The rows with what the server would say they allow, for a plan in this state. */
export function details(
  rows: readonly RowInput[],
  plan: { status?: PaymentPlan['status']; isCash?: boolean; surchargeRateBps?: number; today?: string } = {},
): PaymentPlanDetail[] {
  const today = plan.today ?? TODAY;
  const tomorrow = addDays(today, 1);
  const rate = plan.surchargeRateBps ?? 0;
  const firstOpen = rows.find((r) => !r.processedToLedger);
  const next = rows.find((r) => !r.processedToLedger && r.amountDue > 0);
  return rows.map((row, i) => {
    const processed = row.processedToLedger ?? false;
    const editable = (plan.status ?? 'ACTIVE') === 'ACTIVE' && !processed;
    const previous = rows[i - 1];
    const following = rows[i + 1];
    const isFirst = firstOpen?.id === row.id;
    const min =
      isFirst || !previous ? tomorrow : previous.billingDate > tomorrow ? previous.billingDate : tomorrow;
    const surcharge = surchargeFor(row.amountDue, rate);
    return {
      id: row.id,
      cycle: row.cycle,
      isDownPayment: row.isDownPayment ?? row.cycle === 0,
      billingDate: row.billingDate,
      amountDue: row.amountDue,
      surcharge,
      total: row.amountDue + surcharge,
      processedToLedger: processed,
      disposition: row.disposition ?? (processed ? 'APPROVED' : null),
      referenceId: row.referenceId ?? (processed ? `ref-${row.id}` : null),
      isSettled: false,
      actions: editable
        ? {
            edit: true,
            processNow: !plan.isCash && row.amountDue > 0 && next?.id === row.id,
            skip: i < rows.length - 1 && row.amountDue > 0,
          }
        : { edit: false, processNow: false, skip: false },
      minDate: editable ? min : null,
      maxDate: editable ? (following?.billingDate ?? null) : null,
    };
  });
}

/** A card plan of $1,000.00 at 3 %: a $100.00 down payment paid, then four monthly cycles, the first today. */
export const CARD_ROWS: RowInput[] = [
  { id: 100, cycle: 0, billingDate: '2026-02-10', amountDue: 10_000, processedToLedger: true },
  { id: 101, cycle: 1, billingDate: TODAY, amountDue: 22_500 },
  { id: 102, cycle: 2, billingDate: '2026-04-10', amountDue: 22_500 },
  { id: 103, cycle: 3, billingDate: '2026-05-10', amountDue: 22_500 },
  { id: 104, cycle: 4, billingDate: '2026-06-10', amountDue: 22_500 },
];

export function plan(
  over: Partial<PaymentPlan> & { rows?: readonly RowInput[]; ledger?: PaymentLedgerRow[] } = {},
): PaymentPlan {
  const { rows = CARD_ROWS, ledger = [], ...rest } = over;
  const status = rest.status ?? 'ACTIVE';
  const isCash = rest.isCash ?? false;
  const hasSurcharge = rest.hasSurcharge ?? !isCash;
  const surchargeRateBps = rest.surchargeRateBps ?? (hasSurcharge ? 300 : 0);
  const paymentPlanDetails =
    rest.paymentPlanDetails ??
    details(rows, { status, isCash, surchargeRateBps: hasSurcharge ? surchargeRateBps : 0 });
  return {
    id: PLAN_ID,
    patientKey: 1001,
    customerId: 11,
    firstName: 'Maria',
    lastName: 'Garcia',
    eMail: 'maria.garcia@example.com',
    status,
    statusLabel: 'Active',
    frequency: 'MONTHLY',
    created: '2026-02-10T15:00:00.000Z',
    currentCycle: 0,
    cycleCount: 4,
    progressPercent: 0,
    nextBillingDate: TODAY,
    cancelledDate: null,
    completedDate: null,
    paymentPlanTotal: 100_000,
    paidToDate: 10_000,
    paidToDateSurcharge: 300,
    upcomingPayment: 22_500,
    upcomingSurcharge: 675,
    balanceDue: 90_000,
    balancePastDue: 0,
    adjustments: 0,
    isCash,
    isNotifyingForPastDuePayments: true,
    customerSavedCardId: isCash ? null : 7,
    card: isCash
      ? null
      : {
          id: 7,
          cardType: 'VISA',
          description: '•••• 1111',
          expMonth: 12,
          expYear: 2030,
          isDefault: true,
          funding: 'CREDIT',
          isActive: true,
        },
    hasSurcharge,
    surchargeRateBps,
    approvedMethod: 'VERBAL',
    ipAddress: null,
    signature: null,
    template: null,
    approvedDate: null,
    chargeInProgress: false,
    ...rest,
    ledgerDtos: ledger,
    paymentPlanDetails,
  };
}
