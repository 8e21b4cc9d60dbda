/**
 * The money the demo practices moved. A `MoneyBook` collects every row of the money tables in memory
 * (cards, charges, transactions, refunds, ledger rows and the records they point to) and writes them
 * at the end with bulk inserts, parents first. Ids are set here, so rows can point to each other
 * before anything is written.
 *
 * The rows agree with each other the way the running product would make them:
 * - a card payment is a SALE at the test card provider with the transaction's reference id, approved
 *   or declined by the provider's own rule (`saleOutcome`: the card's behaviour and expiry then);
 * - a card sale is settled at the provider's first daily cut-off after it (`settledAt` is set when
 *   that cut-off is before the seed's now); a voided sale never settles; cash and checks have none;
 * - surcharges apply to credit cards at practices that surcharge, at the capped rate;
 * - a card refund comes after settlement (a REFUND charge), a void before it (a VOID charge for the
 *   whole sale); cash and check refunds have no provider charge;
 * - amounts are integer cents: `amount` is what was charged, `orderAmount + surchargeAmount`.
 */
import type { InferInsertModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CardType, TransactionSource } from '../../../embed-sdk/contract/common.js';
import { maskedDescription } from '../../card-provider/mask.js';
import { monthOf, saleOutcome } from '../../card-provider/outcome.js';
import { referenceIdFor, transactionResultIdFor } from '../../card-provider/reference.js';
import { settlementCutOff } from '../../card-provider/settlement.js';
import type { Behaviour, Funding } from '../../card-provider/test-cards.js';
import { cardSurcharge } from '../../../embed-sdk/rules/cardSurcharge.js';
import { refundSurcharge } from '../../../embed-sdk/rules/refundAmounts.js';
import type { Db } from '../client.js';
import {
  claimProcedures,
  claims,
  customerMembershipBillingLines,
  customerMembershipBillings,
  insurancePaymentDetails,
  insurancePayments,
  membershipPlans,
  paymentLedger,
  paymentRequestReminders,
  paymentRequests,
  providerCards,
  providerCharges,
  refunds,
  savedCards,
  transactions,
} from '../schema/index.js';
import { insertMany, nextId, syncSequence } from './batch.js';
import { CARD_SETTINGS } from './practices.js';
import type { Random, SeedTime } from './random.js';

type Row<T extends PgTable> = InferInsertModel<T>;
export type TransactionRow = Row<typeof transactions> & { id: number };

/** A card the test provider has vaulted; `savedCardId` when it is also a card on file. */
export interface SeedCard {
  companyId: number;
  token: string;
  brand: CardType;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: Funding;
  behaviour: Behaviour;
  savedCardId: number | null;
}

/** Who paid, as the transaction records it: a customer, or only a name typed on a page. */
export interface Payer {
  customerId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

export type Tender =
  { kind: 'CARD'; card: SeedCard } | { kind: 'CASH' } | { kind: 'CHECK'; checkNum: string };

export interface Payment {
  companyId: number;
  at: Date;
  source: TransactionSource;
  payer: Payer;
  tender: Tender;
  /** Cents before any surcharge. */
  orderAmount: number;
  /** Insurance carriers' payments are never surcharged. */
  noSurcharge?: boolean;
  paymentPlanId?: number;
  customerMembershipBillingId?: number;
  insurancePaymentId?: number;
  notificationId?: string;
  terminalDescription?: string;
  note?: string;
  noteLabel?: string;
  associatedAutoMessage?: string;
  /** A payment that came in unassociated and that staff associated by hand. */
  associatedManMessage?: string;
  /** An unassociated payment staff removed (it can never be associated). */
  orphanRemoved?: Date;
  /** Not yet posted to the practice system (0 pending, 2 posted). */
  practiceManagementStatus?: 0 | 2;
}

/** What a ledger row belongs to. */
export interface LedgerLink {
  paymentPlanId?: number | null;
  customerMembershipBillingId?: number | null;
  paymentPlanDetailId?: number | null;
  description: string;
}

/** Serial tables the book fills, in the order their rows must be written (parents first). */
const TABLES = {
  membershipPlans,
  providerCards,
  savedCards,
  customerMembershipBillings,
  customerMembershipBillingLines,
  paymentRequests,
  paymentRequestReminders,
  insurancePayments,
  insurancePaymentDetails,
  claims,
  claimProcedures,
  transactions,
  providerCharges,
  refunds,
  paymentLedger,
} as const;

type TableName = keyof typeof TABLES;
type Rows = { [K in TableName]: Row<(typeof TABLES)[K]>[] };

/** Tables whose `id` is a serial the book sets (the others have text or uuid keys). */
const SERIAL: TableName[] = [
  'membershipPlans',
  'savedCards',
  'customerMembershipBillings',
  'customerMembershipBillingLines',
  'paymentRequestReminders',
  'insurancePayments',
  'insurancePaymentDetails',
  'claims',
  'claimProcedures',
  'transactions',
  'refunds',
  'paymentLedger',
];

export class MoneyBook {
  readonly rows: Rows = {
    membershipPlans: [],
    providerCards: [],
    savedCards: [],
    customerMembershipBillings: [],
    customerMembershipBillingLines: [],
    paymentRequests: [],
    paymentRequestReminders: [],
    insurancePayments: [],
    insurancePaymentDetails: [],
    claims: [],
    claimProcedures: [],
    transactions: [],
    providerCharges: [],
    refunds: [],
    paymentLedger: [],
  };
  private keys = 0;
  /** The card token of each sale, by its reference id, for refunds and voids. */
  private saleTokens = new Map<string, string>();
  /** Each customer's default card on file, by customer id (saveCard). */
  private defaultCards = new Map<number, { row: Row<typeof savedCards>; id: number; at: Date }>();

  private constructor(
    readonly time: SeedTime,
    private ids: Record<TableName, number>,
  ) {}

  static async open(db: Db, time: SeedTime): Promise<MoneyBook> {
    const ids = {} as Record<TableName, number>;
    for (const name of SERIAL) ids[name] = await nextId(db, TABLES[name] as never);
    return new MoneyBook(time, ids);
  }

  /** The next id of a serial table. */
  id(table: TableName): number {
    return this.ids[table]++;
  }

  /** Adds a row to a table the book writes (one with an id set by `id()`, or a text/uuid key). */
  add<K extends TableName>(table: K, row: Row<(typeof TABLES)[K]>) {
    (this.rows[table] as Row<(typeof TABLES)[K]>[]).push(row);
    return row;
  }

  /** A card vaulted at the provider for a practice. Tokens come from the seeded random stream. */
  card(
    random: Random,
    companyId: number,
    opts: { brand: CardType; funding: Funding; expMonth: number; expYear: number; behaviour?: Behaviour },
  ): SeedCard {
    const card: SeedCard = {
      companyId,
      token: `tok_${random.string.alphanumeric(24)}`,
      brand: opts.brand,
      last4: random.string.numeric(4),
      expMonth: opts.expMonth,
      expYear: opts.expYear,
      funding: opts.funding,
      behaviour: opts.behaviour ?? 'APPROVE',
      savedCardId: null,
    };
    this.add('providerCards', {
      token: card.token,
      businessId: CARD_SETTINGS[companyId]!.businessId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      funding: card.funding,
      behaviour: card.behaviour,
      createdAt: this.time.now,
    });
    return card;
  }

  /**
   * Keeps a vaulted card on file for a customer (their default when `isDefault`). A customer has one
   * default at most (saved_cards_one_default): of the cards saved as default, the one saved last by
   * the clock is it, as when staff add one card after another; a customer's first card is the default
   * whatever was asked, as `storeCard` makes it. The seed saves cards out of time order (a
   * membership's card, then a wallet card of an earlier payment), so the order of calls cannot decide.
   */
  saveCard(card: SeedCard, customerId: number, createdAt: Date, isDefault: boolean): number {
    if (card.savedCardId !== null) return card.savedCardId;
    const id = this.id('savedCards');
    const row = this.add('savedCards', {
      id,
      companyId: card.companyId,
      customerId,
      providerToken: card.token,
      cardType: card.brand,
      description: maskedDescription(card.last4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      funding: card.funding,
      isDefault: false,
      isActive: true,
      createdAt,
    });
    const current = this.defaultCards.get(customerId);
    const later =
      current !== undefined && (createdAt > current.at || (+createdAt === +current.at && id > current.id));
    if (!current || (isDefault && later)) {
      if (current) current.row.isDefault = false;
      row.isDefault = true;
      this.defaultCards.set(customerId, { row, id, at: createdAt });
    }
    card.savedCardId = id;
    return id;
  }

  /** Records a payment attempt; card payments are approved or declined by the provider's rule. */
  pay(p: Payment): TransactionRow {
    if (p.at > this.time.now) throw new Error(`A seeded payment is in the future (${p.at.toISOString()}).`);
    const settings = CARD_SETTINGS[p.companyId]!;
    const key = `seed:${p.companyId}:${++this.keys}`;
    const saleReference = referenceIdFor(settings.businessId, 'SALE', key);
    const card = p.tender.kind === 'CARD' ? p.tender.card : null;
    const outcome = card ? saleOutcome(card, p.at) : { approved: true, reason: null };
    const surchargeAmount =
      card && !p.noSurcharge ? cardSurcharge(p.orderAmount, settings, card.funding).surchargeAmount : 0;
    const amount = p.orderAmount + surchargeAmount;
    const cutOff = settlementCutOff(p.at);
    const row: TransactionRow = {
      id: this.id('transactions'),
      companyId: p.companyId,
      customerId: p.payer.customerId,
      referenceId: p.tender.kind === 'CHECK' ? `${saleReference}#${p.tender.checkNum}` : saleReference,
      transactionResultId: transactionResultIdFor(saleReference),
      status: outcome.approved ? 'APPROVED' : 'DECLINED',
      reason: outcome.reason,
      amount,
      orderAmount: p.orderAmount,
      surchargeAmount,
      fundingSource: p.tender.kind,
      cardType: card?.brand ?? null,
      cardDescription: card ? maskedDescription(card.last4) : null,
      expMonth: card ? String(card.expMonth) : null,
      expYear: card ? String(card.expYear) : null,
      resultMetaData: null,
      source: p.source,
      terminalDescription: p.terminalDescription ?? null,
      created: p.at,
      settledAt: card && outcome.approved && cutOff <= this.time.now ? cutOff : null,
      firstName: p.payer.firstName,
      lastName: p.payer.lastName,
      email: p.payer.email,
      phone: p.payer.phone,
      paymentPlanId: p.paymentPlanId ?? null,
      customerMembershipBillingId: p.customerMembershipBillingId ?? null,
      insurancePaymentId: p.insurancePaymentId ?? null,
      notificationId: p.notificationId ?? null,
      note: p.note ?? null,
      noteLabel: p.noteLabel ?? null,
      associatedAutoMessage: p.associatedAutoMessage ?? null,
      associatedManMessage: p.associatedManMessage ?? null,
      practiceManagementStatus:
        p.practiceManagementStatus ?? (outcome.approved && p.payer.customerId !== null ? 2 : 0),
      orphanRemoved: p.orphanRemoved ?? null,
    };
    this.add('transactions', row);
    if (card) {
      this.saleTokens.set(saleReference, card.token);
      this.add('providerCharges', {
        referenceId: saleReference,
        businessId: settings.businessId,
        token: card.token,
        kind: 'SALE',
        amount,
        approved: outcome.approved,
        parentReferenceId: null,
        createdAt: p.at,
      });
    }
    return row;
  }

  /**
   * Gives back `orderRefund` cents of a payment's order amount (all of it by default) with its share
   * of the surcharge. A card payment must have settled by `at`.
   */
  refund(payment: TransactionRow, at: Date, orderRefund = payment.orderAmount) {
    const isCard = payment.fundingSource === 'CARD';
    if (payment.status !== 'APPROVED') throw new Error('Only an approved payment can be refunded.');
    if (isCard && at < settlementCutOff(payment.created!)) {
      throw new Error('A card payment is refunded only once settled: void it instead.');
    }
    const surchargeAmount = refundSurcharge(orderRefund, {
      orderAmount: payment.orderAmount,
      surchargeAmount: payment.surchargeAmount ?? 0,
    });
    return this.giveBack(payment, at, 'REFUNDED', orderRefund, surchargeAmount);
  }

  /** Cancels an unsettled card sale in full before the provider's cut-off. */
  void(payment: TransactionRow, at: Date) {
    if (payment.fundingSource !== 'CARD' || payment.status !== 'APPROVED') {
      throw new Error('Only an approved card payment can be voided.');
    }
    if (at >= settlementCutOff(payment.created!)) throw new Error('A settled sale cannot be voided.');
    payment.settledAt = null;
    return this.giveBack(payment, at, 'VOIDED', payment.orderAmount, payment.surchargeAmount ?? 0);
  }

  private giveBack(
    payment: TransactionRow,
    at: Date,
    type: 'REFUNDED' | 'VOIDED',
    orderAmount: number,
    surchargeAmount: number,
  ) {
    if (at > this.time.now) throw new Error('A seeded refund is in the future.');
    const settings = CARD_SETTINGS[payment.companyId]!;
    const kind = type === 'VOIDED' ? 'VOID' : 'REFUND';
    const referenceId = referenceIdFor(settings.businessId, kind, `seed:${payment.companyId}:${++this.keys}`);
    const amount = orderAmount + surchargeAmount;
    const saleReference = payment.referenceId.split('#')[0]!;
    if (payment.fundingSource === 'CARD') {
      this.add('providerCharges', {
        referenceId,
        businessId: settings.businessId,
        token: this.saleTokens.get(saleReference)!,
        kind,
        amount,
        approved: true,
        parentReferenceId: saleReference,
        createdAt: at,
      });
    }
    return this.add('refunds', {
      id: this.id('refunds'),
      companyId: payment.companyId,
      transactionId: payment.id,
      type,
      amount,
      orderAmount,
      surchargeAmount,
      referenceId,
      created: at,
      createdByUserId: null,
    });
  }

  /** A payment-plan or membership ledger row for a payment attempt (same amounts and status). */
  ledgerFor(payment: TransactionRow, link: LedgerLink) {
    return this.ledgerRow(link, {
      companyId: payment.companyId,
      transactionId: payment.id,
      dateTime: payment.created!,
      fundingSource: payment.fundingSource,
      cardType: payment.cardType ?? null,
      cardDescription: payment.cardDescription ?? null,
      amount: payment.amount,
      orderAmount: payment.orderAmount,
      surcharge: payment.surchargeAmount ?? 0,
      status: payment.status,
      reason: payment.reason ?? null,
      referenceId: payment.referenceId,
      checkNum: payment.referenceId.includes('#') ? payment.referenceId.split('#')[1]! : null,
    });
  }

  /** A cash cycle whose money never came: a declined ledger row with no transaction behind it. */
  missedCashPayment(
    link: LedgerLink,
    missed: { companyId: number; at: Date; amount: number; reason: string },
  ) {
    return this.ledgerRow(link, {
      companyId: missed.companyId,
      transactionId: null,
      dateTime: missed.at,
      fundingSource: 'CASH',
      cardType: null,
      cardDescription: null,
      amount: missed.amount,
      orderAmount: missed.amount,
      surcharge: 0,
      status: 'DECLINED',
      reason: missed.reason,
      referenceId: null,
      checkNum: null,
    });
  }

  private ledgerRow(
    link: LedgerLink,
    money: Omit<
      Row<typeof paymentLedger>,
      keyof LedgerLink | 'id' | 'kind' | 'note' | 'removed' | 'description'
    >,
  ) {
    return this.add('paymentLedger', {
      id: this.id('paymentLedger'),
      paymentPlanId: link.paymentPlanId ?? null,
      customerMembershipBillingId: link.customerMembershipBillingId ?? null,
      paymentPlanDetailId: link.paymentPlanDetailId ?? null,
      description: link.description,
      kind: 'PAYMENT',
      note: null,
      removed: null,
      ...money,
    });
  }

  /** Writes every row, parents first, and moves the id sequences past the ids used. */
  async write(db: Db) {
    for (const name of Object.keys(TABLES) as TableName[]) {
      await insertMany(db, TABLES[name] as PgTable, this.rows[name] as never);
    }
    for (const name of SERIAL) await syncSequence(db, TABLES[name] as PgTable & { id: PgColumn });
  }

  /** The rows written for one table, for the seed summary. */
  count(table: TableName): number {
    return this.rows[table].length;
  }
}

/** A customer as a transaction names them. */
export function payerOf(customer: {
  id: number;
  patient: { firstName: string; lastName: string; email: string; cell: string };
}): Payer {
  return {
    customerId: customer.id,
    firstName: customer.patient.firstName,
    lastName: customer.patient.lastName,
    email: customer.patient.email || null,
    phone: customer.patient.cell || null,
  };
}

/** The calendar month `months` after the month of `at` (negative goes back), as a card's expiry. */
export function monthFrom(at: Date, months: number): { expMonth: number; expYear: number } {
  const { year, month } = monthOf(at);
  const index = year * 12 + (month - 1) + months;
  return { expMonth: (index % 12) + 1, expYear: Math.floor(index / 12) };
}
