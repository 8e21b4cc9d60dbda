/**
 * Memberships: each practice's catalogue, and customers' memberships with their whole billing history
 * (a MEMBERSHIP card transaction and a ledger row per billing, surcharged like any credit-card
 * payment). A billing is taken at 05:00 on its date, with the membership's card on file.
 *
 * Most memberships are current. A few named cases are there for the dashboard's "needs attention"
 * (and for the memberships screens); their rule is in embed-sdk/contract/dashboard.ts:
 * - past due: the card on file expired, so this month's billing was declined ("Expired card"); it also
 *   counts as a card problem. And a new member whose first billing was declined ("Insufficient funds");
 * - card expiring: the card on file expires before the next billing date (monthly and yearly);
 * - awaiting the patient: enrollment sent but not completed, and the start date has come.
 * Plus the states that need nothing: enrollment starting later, canceled, expired.
 *
 * A declined billing leaves the membership's `balance` at the amount not collected (before
 * surcharge), as a later "Process Past Due" would charge it.
 */
import type { CardType } from '../../../embed-sdk/contract/common.js';
import { addDays, addMonths } from '../../domain/calendarDates.js';
import { billingDateOnOrAfter, nextRetryDate } from '../../../embed-sdk/rules/memberships.js';
import { withDerivedTerms } from '../../domain/memberships/terms.js';
import type { CustomersByPractice, SeededCustomer } from './customers.js';
import { monthFrom, payerOf, type MoneyBook, type SeedCard } from './money.js';
import { PRACTICES } from './practices.js';
import { randomFor, sample, type Random, type SeedTime } from './random.js';

interface CataloguePlan {
  label: string;
  description: string;
  discountPlan: string;
  monthlyAmount: number | null;
  yearlyAmount: number | null;
  benefits: string[];
  /** For children under 14. */
  forChildren: boolean;
  /** Retired: it keeps nobody new (Membership Administration shows it greyed). */
  retired?: boolean;
}

const PREVENTIVE = ['Two cleanings and exams a year', 'X-rays as needed', 'One emergency exam a year'];

const CATALOGUE: Record<number, CataloguePlan[]> = {
  [PRACTICES.brightSmiles]: [
    {
      label: 'Smile Club Adult',
      description: 'Preventive care for adults without dental insurance.',
      discountPlan: 'Smile Club 15% off treatment',
      monthlyAmount: 3300,
      yearlyAmount: 36000,
      benefits: [...PREVENTIVE, '15% off all other treatment'],
      forChildren: false,
    },
    {
      label: 'Smile Club Kids',
      description: 'Preventive care for children under 14, fluoride and sealants included.',
      discountPlan: 'Smile Club 15% off treatment',
      monthlyAmount: 2300,
      yearlyAmount: 25000,
      benefits: [...PREVENTIVE, 'Fluoride varnish twice a year', 'Sealants on permanent molars'],
      forChildren: true,
    },
    {
      label: 'Perio Maintenance',
      description: 'Four periodontal maintenance visits a year for patients treated for gum disease.',
      discountPlan: 'Smile Club 20% off treatment',
      monthlyAmount: 4900,
      yearlyAmount: 54000,
      benefits: ['Four periodontal maintenance visits a year', 'X-rays as needed', '20% off other treatment'],
      forChildren: false,
    },
    {
      label: 'Smile Club Classic',
      description: 'The original Smile Club plan, replaced by Smile Club Adult.',
      discountPlan: 'Smile Club 10% off treatment',
      monthlyAmount: 2900,
      yearlyAmount: 31500,
      benefits: ['Two cleanings and exams a year'],
      forChildren: false,
      retired: true,
    },
  ],
  [PRACTICES.cedarFamily]: [
    {
      label: 'Cedar Wellness Plan',
      description: 'Cleanings, exams and X-rays for adults, with a discount on treatment.',
      discountPlan: 'Cedar 10% off treatment',
      monthlyAmount: 2900,
      yearlyAmount: 31500,
      benefits: [...PREVENTIVE, '10% off all other treatment'],
      forChildren: false,
    },
    {
      label: 'Cedar Kids Plan',
      description: 'Everything a growing smile needs, for children under 14.',
      discountPlan: 'Cedar 10% off treatment',
      monthlyAmount: 1900,
      yearlyAmount: 20500,
      benefits: [...PREVENTIVE, 'Fluoride varnish twice a year'],
      forChildren: true,
    },
    {
      label: 'Cedar Basic',
      description: 'Cleanings and exams only; replaced by the Cedar Wellness Plan.',
      discountPlan: '',
      monthlyAmount: 2200,
      yearlyAmount: null,
      benefits: ['Two cleanings and exams a year'],
      forChildren: false,
      retired: true,
    },
  ],
  [PRACTICES.harborView]: [
    {
      label: 'Harbor Care',
      description: 'Preventive care and savings for adults.',
      discountPlan: 'Harbor Care 15% off treatment',
      monthlyAmount: 3500,
      yearlyAmount: 38000,
      benefits: [...PREVENTIVE, '15% off all other treatment'],
      forChildren: false,
    },
    {
      label: 'Harbor Care Junior',
      description: 'Preventive care for children under 14.',
      discountPlan: 'Harbor Care 15% off treatment',
      monthlyAmount: 2400,
      yearlyAmount: 26000,
      benefits: [...PREVENTIVE, 'Fluoride varnish twice a year'],
      forChildren: true,
    },
    {
      label: 'Harbor Care Classic',
      description: 'Replaced by Harbor Care.',
      discountPlan: 'Harbor Care 10% off treatment',
      monthlyAmount: null,
      yearlyAmount: 30000,
      benefits: ['Two cleanings and exams a year'],
      forChildren: false,
      retired: true,
    },
  ],
};

type Status = 'ACTIVE' | 'INACTIVE' | 'EXPIRED' | 'AWAITINGPATIENT';
type Cycle = 'MONTHLY' | 'YEARLY';

/** A named membership case. Dates are in days from today (negative is in the past). */
export interface MembershipCase {
  label: string;
  companyId: number;
  cycle: Cycle;
  status: Status;
  start: number;
  /**
   * The card on file: a good one; one that declines for insufficient funds; one that expired before
   * the last billing (good for the earlier ones); one that expires before the next billing; none.
   */
  card?: 'good' | 'insufficientFunds' | 'expiredBeforeLastBilling' | 'expiresBeforeNextBilling' | 'none';
  renewalMode?: 'CANCEL' | 'EXPIRING' | 'YEARLYONCE' | 'YEARLY' | 'STARTDATE';
  /** Canceled on this day. */
  cancelled?: number;
  /** Enrolled with (up to two of) their family, together. */
  family?: boolean;
}

export const MEMBERSHIP_CASES: readonly MembershipCase[] = [
  {
    label: 'past due: its card expired before this month’s billing (also a card problem)',
    companyId: PRACTICES.brightSmiles,
    cycle: 'MONTHLY',
    status: 'ACTIVE',
    start: -155,
    card: 'expiredBeforeLastBilling',
  },
  {
    label: 'past due: a new member whose first billing was declined',
    companyId: PRACTICES.brightSmiles,
    cycle: 'MONTHLY',
    status: 'ACTIVE',
    start: -6,
    card: 'insufficientFunds',
  },
  {
    label: 'card expiring before the next monthly billing',
    companyId: PRACTICES.brightSmiles,
    cycle: 'MONTHLY',
    status: 'ACTIVE',
    start: -120,
    card: 'expiresBeforeNextBilling',
  },
  {
    label: 'card expiring before the yearly renewal',
    companyId: PRACTICES.brightSmiles,
    cycle: 'YEARLY',
    status: 'ACTIVE',
    start: -345,
    card: 'expiresBeforeNextBilling',
  },
  {
    label: 'awaiting the patient past the start date',
    companyId: PRACTICES.brightSmiles,
    cycle: 'MONTHLY',
    status: 'AWAITINGPATIENT',
    start: -3,
    card: 'none',
    renewalMode: 'STARTDATE',
  },
  {
    label: 'awaiting the patient, starting next week (nothing to do yet)',
    companyId: PRACTICES.brightSmiles,
    cycle: 'YEARLY',
    status: 'AWAITINGPATIENT',
    start: 8,
    card: 'none',
    renewalMode: 'STARTDATE',
  },
  {
    label: 'expiring within membershipDays: a yearly membership set to let expire',
    companyId: PRACTICES.brightSmiles,
    cycle: 'YEARLY',
    status: 'ACTIVE',
    start: -345,
    renewalMode: 'EXPIRING',
  },
  {
    label: 'a family enrolled together, billed monthly',
    companyId: PRACTICES.brightSmiles,
    cycle: 'MONTHLY',
    status: 'ACTIVE',
    start: -95,
    family: true,
  },
  {
    label: 'canceled after five months',
    companyId: PRACTICES.brightSmiles,
    cycle: 'MONTHLY',
    status: 'INACTIVE',
    start: -200,
    cancelled: -48,
  },
  {
    label: 'expired after a year, not renewed',
    companyId: PRACTICES.brightSmiles,
    cycle: 'YEARLY',
    status: 'EXPIRED',
    start: -400,
    renewalMode: 'EXPIRING',
  },
  {
    label: 'Cedar: past due, a new member whose first billing was declined',
    companyId: PRACTICES.cedarFamily,
    cycle: 'MONTHLY',
    status: 'ACTIVE',
    start: -9,
    card: 'insufficientFunds',
  },
  {
    label: 'Harbor View: card expiring before the next monthly billing',
    companyId: PRACTICES.harborView,
    cycle: 'MONTHLY',
    status: 'ACTIVE',
    start: -75,
    card: 'expiresBeforeNextBilling',
  },
];

/** Current memberships per practice at scale 1, besides the named cases. */
const CURRENT_MEMBERSHIPS: Record<number, number> = {
  [PRACTICES.brightSmiles]: 30,
  [PRACTICES.cedarFamily]: 12,
  [PRACTICES.harborView]: 6,
};

const BILLING_HOUR = 5;
/** Days ago the oldest membership may have started. */
const OLDEST_START = 420;
const CHILD_AGE = 14;

export interface SeededMemberships {
  memberships: number;
}

export function seedMemberships(
  book: MoneyBook,
  time: SeedTime,
  customersByPractice: CustomersByPractice,
  scale: number,
  walletCard: (random: Random, customer: SeededCustomer, at: Date) => SeedCard,
): SeededMemberships {
  let memberships = 0;
  for (const [companyId, customers] of customersByPractice) {
    const random = randomFor('memberships', companyId);
    const catalogue = CATALOGUE[companyId] ?? [];
    const planIds = catalogue.map((plan, index) => {
      const id = book.id('membershipPlans');
      book.add('membershipPlans', {
        id,
        companyId,
        label: plan.label,
        description: plan.description,
        imageId: null,
        image: null,
        discountPlan: plan.discountPlan,
        monthlyAmount: plan.monthlyAmount,
        yearlyAmount: plan.yearlyAmount,
        benefits: plan.benefits.map((label, i) => ({ id: i + 1, label })),
        isActive: plan.retired !== true,
        sortOrder: index + 1,
      });
      return id;
    });
    if (catalogue.length === 0) continue;

    const cases = MEMBERSHIP_CASES.filter((c) => c.companyId === companyId);
    const current = Math.max(1, Math.round(CURRENT_MEMBERSHIPS[companyId]! * scale));
    const adults = customers.filter(
      (c) => !c.patient.fixture && c.patient.guarantorPatNum === c.patient.patNum && c.patient.age >= 21,
    );
    // Customers since before the oldest membership began, when the practice has enough of them.
    const longStanding = adults.filter((c) => c.createdAt <= time.at(time.daysAgo(OLDEST_START), 0));
    const holders = sample(
      random,
      longStanding.length >= cases.length + current ? longStanding : adults,
      cases.length + current,
    );
    if (holders.length < cases.length) {
      throw new Error(`Too few customers in practice ${companyId} for its demo memberships.`);
    }
    const all: MembershipCase[] = [
      ...cases,
      ...holders.slice(cases.length).map((): MembershipCase => {
        const cycle: Cycle = random.datatype.boolean({ probability: 0.75 }) ? 'MONTHLY' : 'YEARLY';
        return {
          label: 'current',
          companyId,
          cycle,
          status: 'ACTIVE',
          start: -random.number.int({ min: 10, max: cycle === 'MONTHLY' ? 420 : 350 }),
          renewalMode:
            cycle === 'YEARLY' && random.datatype.boolean({ probability: 0.15 }) ? 'EXPIRING' : 'YEARLY',
        };
      }),
    ];
    const byGuarantor = new Map<number, SeededCustomer[]>();
    for (const c of customers) {
      if (c.patient.guarantorPatNum === c.patient.patNum) continue;
      const family = byGuarantor.get(c.patient.guarantorPatNum) ?? [];
      family.push(c);
      byGuarantor.set(c.patient.guarantorPatNum, family);
    }
    for (const [index, spec] of all.entries()) {
      if (spec.family && (byGuarantor.get(holders[index]!.patient.patNum)?.length ?? 0) < 2) {
        // A holder with at least two family members, who holds no other membership.
        const taken = new Set(holders.map((h) => h.id));
        const withFamily = adults.find(
          (a) => !taken.has(a.id) && (byGuarantor.get(a.patient.patNum)?.length ?? 0) >= 2,
        );
        if (withFamily) holders[index] = withFamily;
      }
      const holder = holders[index]!;
      const family = (byGuarantor.get(holder.patient.patNum) ?? []).filter(
        () => spec.family === true || random.datatype.boolean({ probability: 0.6 }),
      );
      seedMembership(book, time, spec, holder, family.slice(0, 2), {
        catalogue,
        planIds,
        index,
        token: random.string.alphanumeric(24),
        cardFor: (schedule) => cardFor(spec, holder, schedule, { random, time, book, walletCard }),
      });
      memberships++;
    }
  }
  return { memberships };
}

interface Billing {
  date: string;
  at: Date;
}

/**
 * The case's start date, a day or two earlier if an active membership would otherwise bill tomorrow:
 * the demo's "tomorrow" holds no payment yet (tests/api/dashboard.test.ts moves the clock a day and
 * reads an empty today), as its payment plans' does.
 */
function startNotBillingTomorrow(today: string, spec: MembershipCase): string {
  let start = addDays(today, spec.start);
  if (spec.status !== 'ACTIVE' || spec.start >= 1) return start;
  const tomorrow = addDays(today, 1);
  while (billingDateOnOrAfter({ startDate: start, cycle: spec.cycle }, tomorrow) === tomorrow)
    start = addDays(start, -1);
  return start;
}

/** The membership's card on file, made to do what its case needs at its billings. */
function cardFor(
  spec: MembershipCase,
  holder: SeededCustomer,
  schedule: { billings: Billing[]; next: string | null },
  ctx: {
    random: Random;
    time: SeedTime;
    book: MoneyBook;
    walletCard: (random: Random, customer: SeededCustomer, at: Date) => SeedCard;
  },
): SeedCard | null {
  const { random, time, book } = ctx;
  const kind = spec.card ?? 'good';
  if (kind === 'none') return null;
  const onFileSince = schedule.billings[0]?.at ?? time.at(addDays(time.today, Math.min(spec.start, 0)), 9);
  let card: SeedCard;
  if (kind === 'good') {
    card = ctx.walletCard(random, holder, onFileSince);
  } else {
    // Good through the month before that billing, so it is declined ("Expired card") from it on.
    const until =
      kind === 'expiredBeforeLastBilling'
        ? monthFrom(schedule.billings.at(-1)!.at, -1)
        : kind === 'expiresBeforeNextBilling'
          ? monthFrom(time.at(schedule.next!, 12), -1)
          : monthFrom(time.now, 30);
    card = book.card(random, holder.companyId, {
      brand: random.helpers.arrayElement<CardType>(['VISA', 'MASTERCARD', 'DISCOVER']),
      funding: 'CREDIT',
      behaviour: kind === 'insufficientFunds' ? 'INSUFFICIENT_FUNDS' : 'APPROVE',
      ...until,
    });
  }
  book.saveCard(card, holder.id, onFileSince < holder.createdAt ? holder.createdAt : onFileSince, true);
  return card;
}

function seedMembership(
  book: MoneyBook,
  time: SeedTime,
  spec: MembershipCase,
  holder: SeededCustomer,
  family: SeededCustomer[],
  ctx: {
    catalogue: CataloguePlan[];
    planIds: number[];
    index: number;
    /** A random part for an awaiting membership's enrolment link. */
    token: string;
    cardFor: (schedule: { billings: Billing[]; next: string | null }) => SeedCard | null;
  },
): SeedCard | null {
  const id = book.id('customerMembershipBillings');
  const startDate = startNotBillingTomorrow(time.today, spec);
  const cancelledAt = spec.cancelled === undefined ? null : time.at(addDays(time.today, spec.cancelled), 15);
  const members = [holder, ...family];
  const lines = members.map((member) => {
    const fits = ctx.catalogue.filter((p) => !p.retired && p.forChildren === member.patient.age < CHILD_AGE);
    // Adults mostly take the first (general) plan; a few the maintenance plan when there is one.
    const plan =
      fits[member === holder && ctx.index % 7 === 3 && fits.length > 1 ? 1 : 0] ?? ctx.catalogue[0]!;
    return {
      planIndex: ctx.catalogue.indexOf(plan),
      member,
      amount: (spec.cycle === 'MONTHLY' ? plan.monthlyAmount : plan.yearlyAmount) ?? 0,
    };
  });
  const amount = lines.reduce((sum, l) => sum + l.amount, 0);

  // The patient signs at the desk on the start date (never later than a moment ago), and the first
  // cycle is charged as they sign, as New Membership does; later cycles by the billing job at 05:00.
  // (The signature was stamped 10:MM and the first charge 05:MM the same day: approved after paid.)
  const signedAt = new Date(
    Math.min(time.at(startDate, 10, ctx.index % 60).getTime(), time.now.getTime() - 2 * 60_000),
  );
  // Billings from the start date, one per cycle, while due by now (and before any cancellation).
  const step = spec.cycle === 'MONTHLY' ? 1 : 12;
  const billings: Billing[] = [];
  let next: string | null = spec.status === 'AWAITINGPATIENT' ? null : startDate;
  for (let n = 0; next !== null; n++) {
    const date = addMonths(startDate, step * n);
    // The billing job bills by date (memberships/billing.ts): today's cycle is billed already, before
    // 05:00 too (then a minute ago, within today).
    const billedAt =
      n === 0 ? new Date(signedAt.getTime() + 60_000) : time.at(date, BILLING_HOUR, ctx.index % 60);
    const at =
      billedAt > time.now
        ? new Date(Math.max(time.at(date, 0, 0).getTime(), time.now.getTime() - 60_000))
        : billedAt;
    const ended =
      (cancelledAt !== null && at >= cancelledAt) ||
      (spec.status === 'EXPIRED' && n >= 1) ||
      date > time.today;
    if (ended) {
      next = date;
      break;
    }
    billings.push({ date, at });
  }
  const expiredAt = spec.status === 'EXPIRED' ? time.at(addMonths(startDate, 12), BILLING_HOUR) : null;
  const card = ctx.cardFor({ billings, next });

  let balance = 0;
  let declinedOn: string | null = null;
  for (const billing of billings) {
    const payment = book.pay({
      companyId: holder.companyId,
      at: billing.at,
      source: 'MEMBERSHIP',
      payer: payerOf(holder),
      tender: { kind: 'CARD', card: card! },
      orderAmount: amount,
      customerMembershipBillingId: id,
    });
    book.ledgerFor(payment, {
      customerMembershipBillingId: id,
      description: `${spec.cycle === 'MONTHLY' ? 'Monthly' : 'Yearly'} membership payment`,
    });
    if (payment.status === 'DECLINED') {
      balance += amount;
      declinedOn ??= billing.date;
    }
  }

  // A declined cycle is retried on the schedule (embed-sdk/rules/memberships.ts): the retries whose day
  // has passed were made (and declined, the card being what it is); the next one is scheduled.
  let retryCount = 0;
  let retryDate: string | null = null;
  if (declinedOn !== null) {
    for (;;) {
      retryDate = nextRetryDate(declinedOn, retryCount + 1);
      if (retryDate === null || retryDate >= time.today) break;
      const payment = book.pay({
        companyId: holder.companyId,
        at: time.at(retryDate, BILLING_HOUR + 1, ctx.index % 60),
        source: 'MEMBERSHIP',
        payer: payerOf(holder),
        tender: { kind: 'CARD', card: card! },
        orderAmount: balance,
        customerMembershipBillingId: id,
      });
      book.ledgerFor(payment, {
        customerMembershipBillingId: id,
        description: 'Past-due membership payment (retry)',
      });
      retryCount++;
    }
  }

  const signed = spec.status !== 'AWAITINGPATIENT';
  book.add(
    'customerMembershipBillings',
    withDerivedTerms({
      id,
      companyId: holder.companyId,
      customerId: holder.id,
      status: spec.status,
      cycle: spec.cycle,
      amount,
      balance,
      startDate,
      nextBillingDate:
        spec.status === 'ACTIVE' || spec.status === 'AWAITINGPATIENT' ? (next ?? startDate) : null,
      monthlyExpires: null,
      monthExpirationSelection: 1,
      renewalMode: spec.renewalMode ?? 'YEARLY',
      displayExpiration: true,
      customerSavedCardId: card?.savedCardId ?? null,
      approvedMethod: signed ? 'SIGNATURE' : null,
      ipAddress: signed ? '203.0.113.24' : null,
      signature: signed ? `${holder.patient.firstName} ${holder.patient.lastName}` : null,
      template: signed
        ? `I authorize the practice to charge my card on file ${spec.cycle === 'MONTHLY' ? 'every month' : 'every year'} for this membership until I cancel it.`
        : null,
      approvedDate: signed ? signedAt : null,
      cancelledDate: cancelledAt,
      expiredDate: expiredAt,
      declinedBillingDate: declinedOn,
      retryCount,
      nextRetryDate: retryDate,
      retriesExhausted: declinedOn !== null && retryDate === null,
      enrollmentToken: signed ? null : `enroll-demo-${id}-${ctx.token}`,
      enrollmentPhone: signed ? '' : holder.patient.cell,
      enrollmentEmail: signed ? '' : holder.patient.email,
      enrollmentSentAt: signed ? null : time.at(addDays(time.today, Math.min(spec.start, 0) - 2), 11),
      createdAt: signed ? signedAt : time.at(addDays(time.today, Math.min(spec.start, 0) - 2), 11),
    }),
  );
  for (const line of lines) {
    book.add('customerMembershipBillingLines', {
      id: book.id('customerMembershipBillingLines'),
      customerMembershipBillingId: id,
      membershipPlanId: ctx.planIds[line.planIndex]!,
      customerId: line.member.id,
      qty: 1,
      amount: line.amount,
    });
  }
  return card;
}
