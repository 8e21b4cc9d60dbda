/**
 * The practices' collections over the last 92 days, up to the seed's now: what the dashboard and the
 * transaction list show. Besides the payment plans' cash payments (paymentPlans.ts) and the
 * memberships' billings (memberships.ts):
 *
 * - at the desk, on weekdays from 08:00 to 17:30 (the practices are closed at weekends): card-present
 *   TERMINAL payments, and VIRTUALTERMINAL payments by card, cash or check;
 * - online, any day from 07:00 to 23:00: TEXTTOPAY (a paid payment request) and PAYMENTPAGE (the
 *   practice's public page; most are matched to the patient by e-mail, some stay unassociated);
 * - insurance reimbursements (INSURANCE) at the Open Dental practice, by virtual card or check, with
 *   their insurance payment, its per-patient details and the claims it paid (RECEIVED, with their
 *   procedures as the carrier paid them); the patients' shares of these were billed by the practice
 *   before Chairside requested them, so none is requested here (the carriers' sent claims, to post
 *   in the demo, are claims.ts's);
 * - a few declined card attempts, most followed by a good card a few minutes later;
 * - refunds (after settlement, some partial) and voids (same day, before the cut-off);
 * - unassociated payments: card payments at the terminal and the virtual terminal, and on the
 *   payment page, that no patient was matched to. Most carry the name, e-mail and phone the payer
 *   gave (often a patient's, so Possible Matches finds them by last name and e-mail); a few were
 *   removed by staff; some associated payments were associated by hand (associatedManMessage).
 *
 * The unassociated payments' own choices draw from streams of their own (`unassociated…`), so the
 * rest of the demo stays as it was before they were added.
 *
 * Volumes grow with the scale, so the transaction list has something to page through in
 * benchmarks; the cases that need attention (open requests, past-due plans and memberships) do not.
 * A patient uses the same card each time (their "wallet" card, which a quarter keep on file).
 */
import type { CardType, TransactionSource } from '../../../embed-sdk/contract/common.js';
import { settlementCutOff } from '../../card-provider/settlement.js';
import type { Funding } from '../../card-provider/test-cards.js';
import { localDate } from '../../domain/calendarDates.js';
import { COVERAGE_PERCENT, PPO_WRITE_OFF_PERCENT, cdt } from './cdt.js';
import type { CustomersByPractice, SeededCustomer } from './customers.js';
import {
  CHIDI_OKAFOR,
  FIXTURE_PATIENTS,
  GRACE_OKAFOR,
  JOHN_SMITH,
  MARIA_GARCIA,
  NOAH_WHITFIELD,
  PRIYA_NATARAJAN,
} from './fixtures.js';
import { seedMemberships } from './memberships.js';
import {
  monthFrom,
  payerOf,
  type MoneyBook,
  type Payer,
  type SeedCard,
  type TransactionRow,
} from './money.js';
import type { PatientsByPractice, SeededPatient } from './patients.js';
import {
  canReceiveRequests,
  openRequests,
  payRequest,
  pick,
  sentRequest,
  type RequestContext,
} from './paymentRequests.js';
import { PRACTICES } from './practices.js';
import { randomFor, weightedPicker, type Random, type SeedTime } from './random.js';

export const COLLECTION_DAYS = 92;

interface CollectionProfile {
  companyId: number;
  /** Desk payments per weekday at scale 1. */
  deskPerDay: number;
  /** Online payments per day at scale 1, weekends included. */
  onlinePerDay: number;
  /** Insurance reimbursements per weekday at scale 1 (Open Dental practices only). */
  insurancePerDay: number;
  /** The card terminal at each clinic. */
  terminals: Record<number, string>;
}

const PROFILES: CollectionProfile[] = [
  {
    companyId: PRACTICES.brightSmiles,
    deskPerDay: 11,
    onlinePerDay: 3,
    insurancePerDay: 0.6,
    terminals: { 1: 'Headquarters Front Desk', 2: 'Northside Front Desk', 3: 'Lakeview Front Desk' },
  },
  {
    companyId: PRACTICES.cedarFamily,
    deskPerDay: 5,
    onlinePerDay: 1.4,
    insurancePerDay: 0,
    terminals: { 0: 'Front Desk' },
  },
  {
    companyId: PRACTICES.harborView,
    deskPerDay: 3.5,
    onlinePerDay: 1,
    insurancePerDay: 0,
    terminals: { 0: 'Front Desk' },
  },
];

type DeskKind = 'TERMINAL' | 'VT_CARD' | 'VT_CASH' | 'VT_CHECK';
const deskKind = weightedPicker<DeskKind>([
  { value: 'TERMINAL', weight: 55 },
  { value: 'VT_CARD', weight: 23 },
  { value: 'VT_CASH', weight: 13 },
  { value: 'VT_CHECK', weight: 9 },
]);
const onlineSource = weightedPicker<'TEXTTOPAY' | 'PAYMENTPAGE'>([
  { value: 'TEXTTOPAY', weight: 60 },
  { value: 'PAYMENTPAGE', weight: 40 },
]);
const brand = weightedPicker<CardType>([
  { value: 'VISA', weight: 50 },
  { value: 'MASTERCARD', weight: 28 },
  { value: 'AMERICAN_EXPRESS', weight: 12 },
  { value: 'DISCOVER', weight: 8 },
  { value: 'DINERS_CLUB', weight: 1 },
  { value: 'JCB', weight: 1 },
]);
/** What a patient pays at the desk: mostly copays and portions, sometimes a large treatment. */
const deskBand = weightedPicker<[number, number]>([
  { value: [25, 150], weight: 50 },
  { value: [150, 600], weight: 35 },
  { value: [600, 2500], weight: 15 },
]);
export const CARRIERS = [
  'Delta Dental',
  'MetLife',
  'Cigna Dental',
  'Aetna Dental',
  'Guardian',
  'United Concordia',
];
const INSURED_CODES = ['D0120', 'D1110', 'D0274', 'D2392', 'D2740', 'D4341', 'D3330', 'D2950'];

const DECLINE_SHARE = 0.04;
const RETRY_AFTER_DECLINE = 0.75;
const REFUND_SHARE = 0.025;
const VOID_SHARE = 0.01;
const UNASSOCIATED_PAGE_SHARE = 0.2;
const UNASSOCIATED_TERMINAL_SHARE = 0.03;
/** Virtual-terminal card payments taken before the patient was chosen. */
const UNASSOCIATED_DESK_SHARE = 0.04;
/** Unassociated payments whose payer left a name (and what else they gave). */
const NAMED_ORPHAN_SHARE = 0.7;
/** Unassociated payments staff removed. */
const REMOVED_ORPHAN_SHARE = 0.1;
/** Associated desk payments that came in unassociated and were associated by hand. */
const MANUALLY_ASSOCIATED_SHARE = 0.06;
/** Who associates payments by hand at each practice (the seeded users). */
const ASSOCIATED_BY: Record<number, string> = {
  [PRACTICES.brightSmiles]: 'Fran Desk',
  [PRACTICES.cedarFamily]: 'Avery Admin',
  [PRACTICES.harborView]: 'Avery Admin',
};
const SAVED_WALLET_SHARE = 0.25;

export interface CollectionsContext {
  book: MoneyBook;
  time: SeedTime;
  scale: number;
  patients: PatientsByPractice;
  customers: CustomersByPractice;
  /** Who sends each practice's payment requests. */
  senders: Map<number, number>;
}

const FIXTURE_KEYS = new Set(FIXTURE_PATIENTS.map((f) => `${f.companyId}:${f.patNum}`));
const isFixture = (customer: SeededCustomer) =>
  FIXTURE_KEYS.has(`${customer.companyId}:${customer.patient.patNum}`);

export function seedCollections(ctx: CollectionsContext) {
  const { book, time } = ctx;
  const cards = randomFor('cards', 0);
  const orphanCards = randomFor('unassociatedCards', 0);
  const wallets = new Map<number, SeedCard>();
  /**
   * The customer's own card, made on first use; a quarter of them kept on file. Never for the named
   * demo patients (fixtures.ts): which customers pay on which day follows today's date, and their
   * cards on file must not change from one day to the next (the README and the tests rely on them).
   */
  const walletCard = (random: Random, customer: SeededCustomer, at: Date): SeedCard => {
    let card = wallets.get(customer.id);
    if (!card) {
      card = newCard(book, cards, customer.companyId, time);
      wallets.set(customer.id, card);
      const saved = random.datatype.boolean({ probability: SAVED_WALLET_SHARE });
      if (saved && !isFixture(customer)) {
        book.saveCard(card, customer.id, at < customer.createdAt ? customer.createdAt : at, true);
      }
    }
    return card;
  };
  const memberships = seedMemberships(book, time, ctx.customers, ctx.scale, walletCard);

  for (const profile of PROFILES) {
    const random = randomFor('collections', profile.companyId);
    const customers = ctx.customers.get(profile.companyId) ?? [];
    const patients = ctx.patients.get(profile.companyId) ?? [];
    const payers = customers.filter((c) => !c.patient.fixture && c.patient.age >= 18);
    const recipients = payers.filter(canReceiveRequests);
    const customerOf = new Map(customers.map((c) => [c.patient.id, c]));
    const nonCustomers = patients.filter((p) => !p.fixture && p.age >= 18 && !customerOf.has(p.id));
    // Reimbursements are of customers' claims: a details row names a customer, and a share asks them.
    const insured = patients.filter((p) => p.insured && customerOf.has(p.id));
    const requests: RequestContext = {
      book,
      time,
      random: randomFor('paymentRequests', profile.companyId),
      senderId: ctx.senders.get(profile.companyId)!,
    };
    const declinedCard = () =>
      newCard(
        book,
        cards,
        profile.companyId,
        time,
        random.helpers.arrayElement(['DECLINE', 'INSUFFICIENT_FUNDS']),
      );
    openRequests(requests, profile.companyId, recipients, declinedCard);

    const orphans = randomFor('unassociated', profile.companyId);
    const adults = patients.filter((p) => !p.fixture && p.age >= 18);
    /** What an unassociated payment knows of its payer, and whether staff removed it later. */
    const orphan = (at: Date, typed?: Payer) => {
      const payer = orphans.datatype.boolean({ probability: NAMED_ORPHAN_SHARE })
        ? (typed ?? typedBy(orphans, orphans.helpers.arrayElement(adults)))
        : NOBODY;
      const removedAt = new Date(at.getTime() + orphans.number.int({ min: 1, max: 72 }) * 3_600_000);
      const removed =
        orphans.datatype.boolean({ probability: REMOVED_ORPHAN_SHARE }) && removedAt <= time.now;
      return { payer, orphanRemoved: removed ? removedAt : undefined };
    };
    const byHand = (customer: SeededCustomer) =>
      orphans.datatype.boolean({ probability: MANUALLY_ASSOCIATED_SHARE })
        ? `Associated with ${customer.patient.firstName} ${customer.patient.lastName} by ${ASSOCIATED_BY[profile.companyId]}.`
        : undefined;

    const payments: TransactionRow[] = [];
    /**
     * A card payment; sometimes a declined card first, then (mostly, or always when `retry` is
     * 'always') the patient's own card a few minutes later.
     */
    const payByCard = (
      customer: SeededCustomer | null,
      at: Date,
      charge: (card: SeedCard, at: Date) => TransactionRow,
      retry: 'mostly' | 'always' = 'mostly',
      cardStream: Random = cards,
    ) => {
      if (random.datatype.boolean({ probability: DECLINE_SHARE })) {
        charge(declinedCard(), at);
        if (retry === 'mostly' && !random.datatype.boolean({ probability: RETRY_AFTER_DECLINE })) return;
        const retryAt = at.getTime() + random.number.int({ min: 2, max: 6 }) * 60_000;
        at = new Date(Math.min(retryAt, time.now.getTime()));
      }
      const card = customer
        ? walletCard(random, customer, at)
        : newCard(book, cardStream, profile.companyId, time);
      payments.push(charge(card, at));
    };
    const payer = (at: Date) => pick(random, payers, (c) => c.createdAt <= at);

    for (let daysAgo = COLLECTION_DAYS - 1; daysAgo >= 0; daysAgo--) {
      const date = time.daysAgo(daysAgo);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      const open = weekday !== 0 && weekday !== 6;

      for (const at of moments(
        random,
        time,
        date,
        open ? timesPerDay(random, profile.deskPerDay, ctx.scale) : 0,
        [8, 17.5],
      )) {
        const customer = payer(at);
        const kind = deskKind(random);
        const orderAmount = amountIn(random, deskBand(random));
        const common = { companyId: profile.companyId, at, payer: payerOf(customer), orderAmount };
        if (kind === 'VT_CASH' || kind === 'VT_CHECK') {
          const tender =
            kind === 'VT_CASH'
              ? ({ kind: 'CASH' } as const)
              : ({ kind: 'CHECK', checkNum: String(random.number.int({ min: 1001, max: 9899 })) } as const);
          payments.push(book.pay({ ...common, source: 'VIRTUALTERMINAL', tender }));
          continue;
        }
        const atTerminal =
          kind === 'TERMINAL' && random.datatype.boolean({ probability: UNASSOCIATED_TERMINAL_SHARE });
        const atDesk =
          kind === 'VT_CARD' && orphans.datatype.boolean({ probability: UNASSOCIATED_DESK_SHARE });
        const unassociated = atTerminal || atDesk ? orphan(at) : null;
        const associatedManMessage = unassociated ? undefined : byHand(customer);
        payByCard(
          unassociated ? null : customer,
          at,
          (card, when) =>
            book.pay({
              ...common,
              at: when,
              payer: unassociated ? unassociated.payer : common.payer,
              orphanRemoved: unassociated?.orphanRemoved,
              associatedManMessage,
              source: kind === 'TERMINAL' ? 'TERMINAL' : 'VIRTUALTERMINAL',
              tender: { kind: 'CARD', card },
              terminalDescription:
                kind === 'TERMINAL'
                  ? (profile.terminals[customer.patient.clinicNum] ?? profile.terminals[0])
                  : undefined,
            }),
          'mostly',
          atDesk ? orphanCards : cards,
        );
      }

      for (const at of moments(
        random,
        time,
        date,
        timesPerDay(random, profile.onlinePerDay, ctx.scale),
        [7, 23],
      )) {
        const source = onlineSource(random);
        const orderAmount = amountIn(random, [40, 900]);
        if (source === 'TEXTTOPAY') {
          // A request the patient pays: with another card if the first is declined, so the open
          // requests stay the named ones (paymentRequests.ts).
          const customer = pick(random, recipients, (c) => c.createdAt <= at);
          const request = sentRequest(requests, customer, at, orderAmount);
          payByCard(
            customer,
            at,
            (card, when) => payRequest(requests, request, customer, card, when),
            'always',
          );
          continue;
        }
        const unassociated =
          nonCustomers.length > 0 && random.datatype.boolean({ probability: UNASSOCIATED_PAGE_SHARE });
        const customer = unassociated ? null : payer(at);
        const typed = unassociated
          ? typedBy(random, random.helpers.arrayElement(nonCustomers))
          : payerOf(customer!);
        const removed = unassociated && orphans.datatype.boolean({ probability: REMOVED_ORPHAN_SHARE });
        const removedAt = new Date(at.getTime() + 2 * 3_600_000);
        payByCard(customer, at, (card, when) =>
          book.pay({
            companyId: profile.companyId,
            at: when,
            source: 'PAYMENTPAGE',
            payer: typed,
            orphanRemoved: removed && removedAt <= time.now ? removedAt : undefined,
            tender: { kind: 'CARD', card },
            orderAmount,
            associatedAutoMessage: customer
              ? `Matched to ${customer.patient.firstName} ${customer.patient.lastName} by e-mail address.`
              : undefined,
          }),
        );
      }

      if (open && profile.insurancePerDay > 0) {
        for (const at of moments(
          random,
          time,
          date,
          timesPerDay(random, profile.insurancePerDay, ctx.scale),
          [9, 16],
        )) {
          reimbursement(ctx, random, cards, profile.companyId, at, insured, customerOf);
        }
      }
    }

    if (profile.companyId === PRACTICES.brightSmiles) {
      fixturePayments(ctx, walletCard, random, customers);
      fixtureUnassociatedPayments(ctx, orphanCards, customers);
    }
    refundSome(book, time, random, payments);
  }
  return memberships;
}

const NOBODY: Payer = { customerId: null, firstName: null, lastName: null, email: null, phone: null };

/** A new card at the provider, good for years unless it is made to decline. */
function newCard(
  book: MoneyBook,
  random: Random,
  companyId: number,
  time: SeedTime,
  behaviour: 'APPROVE' | 'DECLINE' | 'INSUFFICIENT_FUNDS' = 'APPROVE',
): SeedCard {
  const cardBrand = brand(random);
  const funding: Funding =
    (cardBrand === 'VISA' || cardBrand === 'MASTERCARD') && random.datatype.boolean({ probability: 0.3 })
      ? 'DEBIT'
      : 'CREDIT';
  return book.card(random, companyId, {
    brand: cardBrand,
    funding,
    behaviour,
    ...monthFrom(time.now, random.number.int({ min: 14, max: 60 })),
  });
}

/** How many times something happens today, around `perDay` at scale 1 (randomly rounded). */
function timesPerDay(random: Random, perDay: number, scale: number): number {
  const mean = perDay * scale * random.number.float({ min: 0.6, max: 1.4 });
  return Math.floor(mean + random.number.float({ min: 0, max: 1 }));
}

/** `count` moments of `date` between two hours (decimal), in order, leaving out any after now. */
function moments(random: Random, time: SeedTime, date: string, count: number, [from, to]: [number, number]) {
  const minutes = Array.from({ length: count }, () =>
    random.number.int({ min: from * 60, max: to * 60 - 1 }),
  );
  return minutes
    .sort((a, b) => a - b)
    .map((m) => {
      const at = time.at(date, Math.floor(m / 60), m % 60);
      return new Date(at.getTime() + random.number.int({ min: 0, max: 59 }) * 1000);
    })
    .filter((at) => at <= time.now);
}

/** Whole dollars half the time, otherwise with cents, between two dollar amounts. */
function amountIn(random: Random, [min, max]: [number, number]): number {
  const cents = random.datatype.boolean({ probability: 0.5 }) ? 0 : random.number.int({ min: 1, max: 99 });
  return random.number.int({ min, max: max - 1 }) * 100 + cents;
}

/** What someone who is not a customer types on the payment page. */
function typedBy(random: Random, patient: SeededPatient): Payer {
  return {
    customerId: null,
    firstName: patient.firstName,
    lastName: patient.lastName,
    email:
      patient.email ||
      `${patient.firstName}.${patient.lastName}${random.number.int({ min: 1, max: 99 })}@example.net`.toLowerCase(),
    phone: patient.cell || null,
  };
}

/** An insurance carrier's payment for one to three patients' procedures, by virtual card or check. */
function reimbursement(
  ctx: CollectionsContext,
  random: Random,
  cards: Random,
  companyId: number,
  at: Date,
  insured: SeededPatient[],
  customerOf: Map<number, SeededCustomer>,
) {
  const { book } = ctx;
  const carrierName = random.helpers.arrayElement(CARRIERS);
  const byCard = random.datatype.boolean({ probability: 0.6 });
  const checkNum = String(random.number.int({ min: 100_000, max: 999_999 }));
  const insurancePaymentId = book.id('insurancePayments');
  const covered = [
    ...new Set(
      Array.from({ length: random.number.int({ min: 1, max: 3 }) }, () =>
        random.helpers.arrayElement(insured),
      ),
    ),
  ];
  let total = 0;
  let writtenOff = 0;
  const planName = `${carrierName} PPO`;
  const claimIds: number[] = [];
  for (const patient of covered) {
    const procedures = random.helpers
      .arrayElements(INSURED_CODES, random.number.int({ min: 1, max: 3 }))
      .map((code) => {
        const { fee, description, category } = cdt(code);
        const amountToWriteOff = Math.round((fee * PPO_WRITE_OFF_PERCENT) / 100);
        const amountToPay = Math.round(((fee - amountToWriteOff) * COVERAGE_PERCENT[category]) / 100);
        return {
          procDate: ctx.time.daysAgo(random.number.int({ min: 14, max: 45 })),
          procCode: code,
          descript: description,
          amountToPay,
          amountToWriteOff,
          // Posted before the practice asked patients through Chairside: no share was requested
          // (the details row's requestedPayment is 0), so no procedure shows one either.
          amountToCollect: 0,
          fee,
        };
      });
    const reimbursed = procedures.reduce((sum, p) => sum + p.amountToPay, 0);
    const patientWrittenOff = procedures.reduce((sum, p) => sum + p.amountToWriteOff, 0);
    total += reimbursed;
    writtenOff += patientWrittenOff;
    book.add('insurancePaymentDetails', {
      id: book.id('insurancePaymentDetails'),
      insurancePaymentId,
      patientId: patient.id,
      procCodeCount: procedures.length,
      deductible: 0,
      reimbursed,
      writtenOff: patientWrittenOff,
      requestedPayment: 0,
      paid: 0,
      procedureJson: procedures.map(({ fee: _fee, ...p }) => p),
      notificationId: null,
    });
    // The claim it paid: one per patient, dated by its first procedure, received with the payment.
    const claimId = book.id('claims');
    claimIds.push(claimId);
    book.add('claims', {
      id: claimId,
      companyId,
      patientId: patient.id,
      claimNumber: `CLM-${companyId}-${String(claimId).padStart(6, '0')}`,
      carrierName,
      planName,
      dateService: procedures.map((p) => p.procDate).sort()[0]!,
      status: 'RECEIVED',
      insurancePaymentId,
      receivedAt: at,
    });
    for (const p of procedures) {
      book.add('claimProcedures', {
        id: book.id('claimProcedures'),
        companyId,
        claimId,
        procedureId: null,
        procDate: p.procDate,
        procCode: p.procCode,
        descript: p.descript,
        fee: p.fee,
        insuranceEstimate: p.amountToPay,
        deductibleApplied: 0,
        writeOffEstimate: p.amountToWriteOff,
        insurancePaid: p.amountToPay,
        writtenOff: p.amountToWriteOff,
        status: 'RECEIVED',
      });
    }
  }
  const card = byCard
    ? book.card(cards, companyId, {
        brand: random.helpers.arrayElement<CardType>(['VISA', 'MASTERCARD']),
        funding: 'CREDIT',
        ...monthFrom(ctx.time.now, 24),
      })
    : null;
  const payment = book.add('insurancePayments', {
    id: insurancePaymentId,
    companyId,
    date: localDate(at),
    fundingSource: byCard ? 'CARD' : 'CHECK',
    cardDescription: card ? `•••• ${card.last4}` : null,
    cardType: card?.brand ?? null,
    referenceId: byCard ? null : checkNum,
    carrierName,
    planName,
    json: { carrierName, planName },
    reimbursed: total,
    writtenOff,
    requestedPayment: 0,
    paid: 0,
    patientCount: covered.length,
    createdAt: at,
  });
  const only = covered.length === 1 ? covered[0]! : null;
  const customer = only ? customerOf.get(only.id) : undefined;
  const transaction = book.pay({
    companyId,
    at,
    source: 'INSURANCE',
    payer: customer
      ? payerOf(customer)
      : only
        ? { ...NOBODY, firstName: only.firstName, lastName: only.lastName }
        : { ...NOBODY, firstName: 'Multiple', lastName: 'Customers' },
    tender: card ? { kind: 'CARD', card } : { kind: 'CHECK', checkNum },
    orderAmount: total,
    noSurcharge: true,
    insurancePaymentId,
    practiceManagementStatus: 2,
  });
  payment.transactionId = transaction.id;
  if (card) payment.referenceId = transaction.referenceId;
}

/**
 * What the fixture patients paid at the desk, matching their procedures (procedures.ts): John's $100
 * toward root planing 40 days ago in cash, Priya's $100 toward her night guard 20 days ago by card,
 * and Maria's $150 yesterday, before her visit (unallocated: the demo's payment to allocate).
 */
function fixturePayments(
  ctx: CollectionsContext,
  walletCard: (random: Random, customer: SeededCustomer, at: Date) => SeedCard,
  random: Random,
  customers: SeededCustomer[],
) {
  const { book, time } = ctx;
  const find = (patNum: number) => customers.find((c) => c.patient.patNum === patNum)!;
  const john = find(JOHN_SMITH.patNum);
  const priya = find(PRIYA_NATARAJAN.patNum);
  const maria = find(MARIA_GARCIA.patNum);
  // Before today's visit: posted, and left unallocated (no procedure of hers was due by then), so
  // staff allocate it to the family's procedures by hand.
  const mariaAt = time.at(time.daysAgo(1), 16, 45);
  book.pay({
    companyId: maria.companyId,
    at: mariaAt,
    source: 'TERMINAL',
    payer: payerOf(maria),
    // Its own random stream, so that the rest of the demo stays as it was.
    tender: {
      kind: 'CARD',
      card: walletCard(randomFor('allocationFixture', maria.companyId), maria, mariaAt),
    },
    orderAmount: 15_000,
    terminalDescription: 'Headquarters Front Desk',
    practiceManagementStatus: 2,
  });
  book.pay({
    companyId: john.companyId,
    at: time.at(time.daysAgo(40), 10, 5),
    source: 'VIRTUALTERMINAL',
    payer: payerOf(john),
    tender: { kind: 'CASH' },
    orderAmount: 10_000,
  });
  const priyaAt = time.at(time.daysAgo(20), 11, 20);
  book.pay({
    companyId: priya.companyId,
    at: priyaAt,
    source: 'TERMINAL',
    payer: payerOf(priya),
    tender: { kind: 'CARD', card: walletCard(random, priya, priyaAt) },
    orderAmount: 10_000,
    terminalDescription: 'Northside Front Desk',
  });
}

/**
 * Unassociated payments the demo and the browser tests can name: Noah Whitfield (a patient who is
 * not a customer yet) paid at the Headquarters terminal two days ago and Chidi Okafor (a customer)
 * at the virtual terminal yesterday, each leaving their name, e-mail and phone, so Possible Matches
 * finds them by last name and e-mail; a card-present payment without any name; a payment-page
 * payment staff removed; and Grace Okafor's terminal payment, associated by hand.
 */
function fixtureUnassociatedPayments(ctx: CollectionsContext, cards: Random, customers: SeededCustomer[]) {
  const { book, time } = ctx;
  const companyId = PRACTICES.brightSmiles;
  const typed = (f: { firstName: string; lastName: string; email: string; cell: string }): Payer => ({
    customerId: null,
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    phone: f.cell,
  });
  const card = () => newCard(book, cards, companyId, time);
  book.pay({
    companyId,
    at: time.at(time.daysAgo(2), 10, 15),
    source: 'TERMINAL',
    payer: typed(NOAH_WHITFIELD),
    tender: { kind: 'CARD', card: card() },
    orderAmount: 18_500,
    terminalDescription: 'Headquarters Front Desk',
  });
  book.pay({
    companyId,
    at: time.at(time.daysAgo(1), 9, 40),
    source: 'VIRTUALTERMINAL',
    payer: typed(CHIDI_OKAFOR),
    tender: { kind: 'CARD', card: card() },
    orderAmount: 7_500,
    note: 'Paid by phone before the visit',
    noteLabel: 'Note',
  });
  book.pay({
    companyId,
    at: time.at(time.daysAgo(1), 15, 5),
    source: 'TERMINAL',
    payer: NOBODY,
    tender: { kind: 'CARD', card: card() },
    orderAmount: 4_000,
    terminalDescription: 'Northside Front Desk',
  });
  const pageAt = time.at(time.daysAgo(3), 20, 30);
  book.pay({
    companyId,
    at: pageAt,
    source: 'PAYMENTPAGE',
    payer: {
      customerId: null,
      firstName: 'Test',
      lastName: 'Payment',
      email: 'test@example.net',
      phone: null,
    },
    tender: { kind: 'CARD', card: card() },
    orderAmount: 100,
    orphanRemoved: new Date(pageAt.getTime() + 14 * 3_600_000),
  });
  const grace = customers.find((c) => c.patient.patNum === GRACE_OKAFOR.patNum)!;
  book.pay({
    companyId,
    at: time.at(time.daysAgo(4), 11, 50),
    source: 'TERMINAL',
    payer: payerOf(grace),
    tender: { kind: 'CARD', card: card() },
    orderAmount: 12_000,
    terminalDescription: 'Lakeview Front Desk',
    associatedManMessage: `Associated with ${grace.patient.firstName} ${grace.patient.lastName} by Fran Desk.`,
  });
}

const REFUNDABLE: ReadonlySet<string> = new Set<TransactionSource>([
  'TERMINAL',
  'VIRTUALTERMINAL',
  'PAYMENTPAGE',
  'TEXTTOPAY',
]);

/**
 * Refunds a few payments after they settled (some in part, in whole dollars) and voids a few card
 * payments within the hour, before the day's cut-off. Plan and membership payments are left alone (a
 * void there would make the plan past due), as are insurance payments.
 */
function refundSome(book: MoneyBook, time: SeedTime, random: Random, payments: TransactionRow[]) {
  const HOUR = 60 * 60_000;
  for (const payment of payments) {
    if (payment.status !== 'APPROVED' || !REFUNDABLE.has(payment.source)) continue;
    const created = payment.created!;
    const roll = random.number.float({ min: 0, max: 1 });
    if (roll < VOID_SHARE && payment.fundingSource === 'CARD') {
      const at = new Date(created.getTime() + random.number.int({ min: 5, max: 50 }) * 60_000);
      if (at <= time.now && at < settlementCutOff(created)) book.void(payment, at);
    } else if (roll < VOID_SHARE + REFUND_SHARE) {
      const settled = payment.fundingSource === 'CARD' ? payment.settledAt : created;
      if (!settled) continue;
      const at = new Date(settled.getTime() + random.number.int({ min: 1, max: 14 * 24 }) * HOUR);
      if (at > time.now) continue;
      const partial = random.datatype.boolean({ probability: 0.4 }) && payment.orderAmount >= 4000;
      const orderRefund = partial
        ? Math.round((payment.orderAmount * random.number.float({ min: 0.3, max: 0.7 })) / 100) * 100
        : payment.orderAmount;
      book.refund(payment, at, orderRefund);
    }
  }
}
