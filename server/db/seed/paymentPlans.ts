/**
 * Payment plans in every state the bell and the plan modal show: current, starting on the next
 * billing date, past due (declined cycles), completed and canceled. Schedules come from the same
 * `generateSchedule` the product uses.
 *
 * Every plan here is a cash plan without a card (isCash, no customerSavedCardId). A processed cycle
 * always has processedToLedger, its disposition and exactly one CASH ledger row with the same status;
 * an unprocessed one has neither. An approved cycle's row points to its cash transaction (source
 * PAYMENTPLAN), so the plan's payments count in the practice's collections; a declined cycle is money
 * that never came, so its row has no transaction. A plan's past-due balance (balancePastDue) is the
 * sum of its declined cycles. The billing run is taken to work at 05:00 on a cycle's billing date; the
 * down payment is taken at the desk when the plan is created.
 */
import { addDays, localDate } from '../../domain/calendarDates.js';
import { addPeriods, generateSchedule, type Frequency } from '../../domain/payment-plans/generateSchedule.js';
import type { Db } from '../client.js';
import { paymentPlanDetails, paymentPlans } from '../schema/index.js';
import type { CustomersByPractice, SeededCustomer } from './customers.js';
import {
  EVELYN_CASTELLANOS,
  JOHN_SMITH,
  MARIA_GARCIA,
  WALTER_LINDGREN,
  type FixturePatient,
} from './fixtures.js';
import { payerOf, type MoneyBook } from './money.js';
import { PRACTICES } from './practices.js';
import { fixturePlanAmount } from './procedures.js';
import { randomFor, sample, type SeedTime } from './random.js';

type PlanStatus = 'ACTIVE' | 'INACTIVE' | 'COMPLETE';

export interface PlanSpec {
  /** What the plan demonstrates. */
  label: string;
  companyId: number;
  /** A fixture patient, or null for a generated guarantor who is a customer. */
  holder: FixturePatient | null;
  frequency: Frequency;
  total: number;
  downPayment: number;
  cycles: number;
  /** When the plan was made: `createdDaysAgo`, or placed so that cycle `declined.at(-1)` bills `lastDeclineDaysAgo` ago. */
  createdDaysAgo?: number;
  lastDeclineDaysAgo?: number;
  /** Cycles whose payment was not received. */
  declined?: number[];
  /** Canceled ten days after this cycle billed. */
  canceledAfterCycle?: number;
  /** Past-due notifications paused from the plan modal. */
  notifying?: boolean;
  /** The status the dates above must produce (checked, so a wrong spec fails the seed loudly). */
  expect: PlanStatus;
}

export const PLAN_SPECS: readonly PlanSpec[] = [
  {
    label: "Maria Garcia's crown, current",
    companyId: PRACTICES.brightSmiles,
    holder: MARIA_GARCIA,
    frequency: 'MONTHLY',
    total: fixturePlanAmount(MARIA_GARCIA.patNum),
    downPayment: 15000,
    cycles: 5,
    createdDaysAgo: 62,
    expect: 'ACTIVE',
  },
  {
    label: 'John Smith, two weekly cycles declined (past due)',
    companyId: PRACTICES.brightSmiles,
    holder: JOHN_SMITH,
    frequency: 'WEEKLY',
    total: 48000,
    downPayment: 0,
    cycles: 8,
    declined: [2, 3],
    lastDeclineDaysAgo: 1,
    expect: 'ACTIVE',
  },
  {
    label: 'biweekly, one cycle declined (past due), notifications paused',
    companyId: PRACTICES.brightSmiles,
    holder: null,
    frequency: 'BIWEEKLY',
    total: 180000,
    downPayment: 30000,
    cycles: 12,
    declined: [3],
    lastDeclineDaysAgo: 4,
    notifying: false,
    expect: 'ACTIVE',
  },
  {
    label: 'monthly, one cycle declined (past due)',
    companyId: PRACTICES.brightSmiles,
    holder: null,
    frequency: 'MONTHLY',
    total: 240000,
    downPayment: 40000,
    cycles: 10,
    declined: [4],
    lastDeclineDaysAgo: 7,
    expect: 'ACTIVE',
  },
  {
    label: 'biweekly, current',
    companyId: PRACTICES.brightSmiles,
    holder: null,
    frequency: 'BIWEEKLY',
    total: 72000,
    downPayment: 0,
    cycles: 6,
    createdDaysAgo: 20,
    expect: 'ACTIVE',
  },
  {
    label: 'made today: starting on the next billing date',
    companyId: PRACTICES.brightSmiles,
    holder: null,
    frequency: 'MONTHLY',
    total: 150000,
    downPayment: 0,
    cycles: 10,
    createdDaysAgo: 0,
    expect: 'ACTIVE',
  },
  {
    label: 'completed',
    companyId: PRACTICES.brightSmiles,
    holder: null,
    frequency: 'MONTHLY',
    total: 60000,
    downPayment: 15000,
    cycles: 3,
    createdDaysAgo: 125,
    expect: 'COMPLETE',
  },
  {
    label: 'canceled after two cycles',
    companyId: PRACTICES.brightSmiles,
    holder: null,
    frequency: 'MONTHLY',
    total: 120000,
    downPayment: 20000,
    cycles: 6,
    createdDaysAgo: 100,
    canceledAfterCycle: 2,
    expect: 'INACTIVE',
  },
  {
    label: 'Cedar: Evelyn Castellanos, current',
    companyId: PRACTICES.cedarFamily,
    holder: EVELYN_CASTELLANOS,
    frequency: 'MONTHLY',
    total: 45000,
    downPayment: 5000,
    cycles: 4,
    createdDaysAgo: 40,
    expect: 'ACTIVE',
  },
  {
    label: 'Cedar: monthly, one cycle declined (past due)',
    companyId: PRACTICES.cedarFamily,
    holder: null,
    frequency: 'MONTHLY',
    total: 90000,
    downPayment: 10000,
    cycles: 8,
    declined: [2],
    lastDeclineDaysAgo: 3,
    expect: 'ACTIVE',
  },
  {
    label: 'Harbor View: Walter Lindgren, one weekly cycle declined (past due)',
    companyId: PRACTICES.harborView,
    holder: WALTER_LINDGREN,
    frequency: 'WEEKLY',
    total: 32000,
    downPayment: 0,
    cycles: 8,
    declined: [2],
    lastDeclineDaysAgo: 6,
    expect: 'ACTIVE',
  },
];

export interface SeededPlan {
  id: number;
  companyId: number;
  spec: PlanSpec;
  status: PlanStatus;
  /** The sum of declined cycles not yet made up. */
  pastDue: number;
  /** Each decline, in order, with the past-due amount right after it. */
  declines: { at: Date; pastDue: number }[];
  notifying: boolean;
}

const BILLING_HOUR = 5;
const DECLINE_REASON = 'Payment not received by the billing date.';

export async function seedPaymentPlans(
  db: Db,
  time: SeedTime,
  customersByPractice: CustomersByPractice,
  book: MoneyBook,
) {
  const holders = chooseHolders(customersByPractice);
  const seeded: SeededPlan[] = [];
  for (const [index, spec] of PLAN_SPECS.entries()) {
    seeded.push(await seedPlan(db, time, spec, holders.get(spec)!, index, book));
  }
  return seeded;
}

/** Fixture holders as named; the others are generated adult guarantors with an e-mail, one plan each. */
function chooseHolders(customersByPractice: CustomersByPractice) {
  const holders = new Map<PlanSpec, SeededCustomer>();
  for (const [companyId, customers] of customersByPractice) {
    const specs = PLAN_SPECS.filter((s) => s.companyId === companyId);
    const candidates = customers.filter(
      (c) =>
        !c.patient.fixture &&
        c.patient.guarantorPatNum === c.patient.patNum &&
        c.patient.age >= 21 &&
        c.patient.email,
    );
    const generated = sample(
      randomFor('paymentPlans', companyId),
      candidates,
      specs.filter((s) => !s.holder).length,
    );
    for (const spec of specs) {
      const holder = spec.holder
        ? customers.find((c) => c.patient.patNum === spec.holder!.patNum)
        : generated.shift();
      if (!holder) throw new Error(`No customer can hold the plan "${spec.label}".`);
      holders.set(spec, holder);
    }
  }
  return holders;
}

async function seedPlan(
  db: Db,
  time: SeedTime,
  spec: PlanSpec,
  holder: SeededCustomer,
  index: number,
  book: MoneyBook,
): Promise<SeededPlan> {
  const { createdDate, firstBillingDate } = planDates(time, spec);
  // A plan made today was made a little earlier today (never in the future, even just after midnight).
  const createdAt =
    createdDate === time.today
      ? new Date(Math.max(time.at(time.today, 0, 1).getTime(), time.minutesAgo(180).getTime()))
      : time.at(createdDate, 10, 30 + index);
  const schedule = generateSchedule({
    total: spec.total,
    downPayment: spec.downPayment,
    cycles: spec.cycles,
    firstBillingDate,
    createdDate,
    frequency: spec.frequency,
  });
  const billedAt = (cycle: (typeof schedule)[number]) =>
    cycle.isDownPayment ? createdAt : time.at(cycle.billingDate, BILLING_HOUR, index);
  const canceledAfter = spec.canceledAfterCycle;
  const cancelledAt =
    canceledAfter === undefined
      ? null
      : time.at(addDays(schedule.find((c) => c.cycle === canceledAfter)!.billingDate, 10), 14, 0);

  const processed = schedule.map((cycle) => {
    const at = billedAt(cycle);
    const isProcessed = at <= time.now && (cancelledAt === null || at < cancelledAt);
    const declined = isProcessed && (spec.declined ?? []).includes(cycle.cycle);
    return {
      ...cycle,
      at,
      isProcessed,
      disposition: isProcessed ? (declined ? 'DECLINED' : 'APPROVED') : null,
    };
  });
  const allPaid = processed.every((c) => c.disposition === 'APPROVED');
  const status: PlanStatus = cancelledAt ? 'INACTIVE' : allPaid ? 'COMPLETE' : 'ACTIVE';
  if (status !== spec.expect) {
    throw new Error(
      `The seeded plan "${spec.label}" came out ${status}, not ${spec.expect}: check its dates.`,
    );
  }
  const declinedCycles = processed.filter((c) => c.disposition === 'DECLINED');
  if (declinedCycles.length !== (spec.declined ?? []).length) {
    throw new Error(`The seeded plan "${spec.label}" has declined cycles that have not billed yet.`);
  }

  const notifying = spec.notifying ?? true;
  const holderIsFixture = spec.holder !== null;
  const [plan] = await db
    .insert(paymentPlans)
    .values({
      companyId: spec.companyId,
      customerId: holder.id,
      status,
      frequency: spec.frequency,
      total: spec.total,
      cycleCount: spec.cycles,
      isCash: true,
      isNotifyingForPastDuePayments: notifying,
      notificationsPausedAt: notifying ? null : createdAt,
      customerSavedCardId: null,
      hasSurcharge: false,
      surchargeRateBps: 0,
      // The fixtures' plans were signed at the front desk, so their Authorization tab has content.
      ...(holderIsFixture
        ? {
            approvedMethod: 'SIGNATURE',
            ipAddress: '203.0.113.24',
            signature: `${holder.patient.firstName} ${holder.patient.lastName}`,
            template: `I agree to pay ${spec.cycles} ${spec.frequency.toLowerCase()} payments as scheduled.`,
            approvedDate: createdAt,
          }
        : {}),
      cancelledDate: cancelledAt,
      completedDate: status === 'COMPLETE' ? processed.at(-1)!.at : null,
      createdAt,
    })
    .returning({ id: paymentPlans.id });
  const planId = plan!.id;

  const details = await db
    .insert(paymentPlanDetails)
    .values(
      processed.map((c) => ({
        paymentPlanId: planId,
        cycle: c.cycle,
        isDownPayment: c.isDownPayment,
        billingDate: c.billingDate,
        amountDue: c.amountDue,
        processedToLedger: c.isProcessed,
        disposition: c.disposition,
        referenceId: null,
      })),
    )
    .returning({ id: paymentPlanDetails.id, cycle: paymentPlanDetails.cycle });
  const detailIds = new Map(details.map((d) => [d.cycle, d.id]));

  for (const c of processed.filter((cycle) => cycle.isProcessed)) {
    const link = {
      paymentPlanId: planId,
      paymentPlanDetailId: detailIds.get(c.cycle)!,
      description: c.isDownPayment ? 'Down Payment' : `Cycle ${c.cycle} of ${spec.cycles}`,
    };
    if (c.disposition === 'APPROVED') {
      const payment = book.pay({
        companyId: spec.companyId,
        at: c.at,
        source: 'PAYMENTPLAN',
        payer: payerOf(holder),
        tender: { kind: 'CASH' },
        orderAmount: c.amountDue,
        paymentPlanId: planId,
      });
      book.ledgerFor(payment, link);
    } else {
      book.missedCashPayment(link, {
        companyId: spec.companyId,
        at: c.at,
        amount: c.amountDue,
        reason: DECLINE_REASON,
      });
    }
  }

  let pastDue = 0;
  const declines = declinedCycles.map((c) => ({ at: c.at, pastDue: (pastDue += c.amountDue) }));
  return { id: planId, companyId: spec.companyId, spec, status, pastDue, declines, notifying };
}

function planDates(time: SeedTime, spec: PlanSpec) {
  if (spec.lastDeclineDaysAgo !== undefined) {
    const cycle = spec.declined!.at(-1)!;
    const firstBillingDate = addPeriods(time.daysAgo(spec.lastDeclineDaysAgo), spec.frequency, -(cycle - 1));
    return { firstBillingDate, createdDate: addPeriods(firstBillingDate, spec.frequency, -1) };
  }
  const createdDate =
    spec.createdDaysAgo === 0 ? localDate(time.minutesAgo(180)) : time.daysAgo(spec.createdDaysAgo!);
  return { createdDate, firstBillingDate: addPeriods(createdDate, spec.frequency, 1) };
}
