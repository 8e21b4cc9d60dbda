/**
 * Money movement: every payment (a transaction) and its refunds and voids. Only server/transactions/
 * writes them.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './identity.js';
import { customerMembershipBillings } from './memberships.js';
import { customers } from './patients.js';
import { paymentPlanDetails, paymentPlans } from './payment-plans.js';
import { paymentRequests } from './payment-requests.js';
import { companies } from './practices.js';
import { insurancePayments } from './reimbursements.js';

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id').references(() => customers.id),
    /** Dash-separated provider reference; the first segment is the displayed transaction ID. */
    referenceId: text('reference_id').notNull().unique(),
    transactionResultId: text('transaction_result_id').notNull(),
    /** APPROVED | DECLINED */
    status: text('status').notNull(),
    reason: text('reason'),
    /** What was charged, surcharge included. */
    amount: integer('amount').notNull(),
    orderAmount: integer('order_amount').notNull(),
    surchargeAmount: integer('surcharge_amount').notNull().default(0),
    /** CARD | CASH | CHECK */
    fundingSource: text('funding_source').notNull(),
    cardType: text('card_type'),
    cardDescription: text('card_description'),
    expMonth: text('exp_month'),
    expYear: text('exp_year'),
    resultMetaData: jsonb('result_meta_data').$type<Record<string, unknown>>(),
    /** PAYMENTPLAN | INSURANCE | MEMBERSHIP | VIRTUALTERMINAL | TERMINAL | PAYMENTPAGE | TEXTTOPAY */
    source: text('source').notNull(),
    terminalDescription: text('terminal_description'),
    created: createdAt(),
    /** When the provider settled the batch holding it; null while unsettled. */
    settledAt: ts('settled_at'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id),
    customerMembershipBillingId: integer('customer_membership_billing_id').references(
      () => customerMembershipBillings.id,
    ),
    insurancePaymentId: integer('insurance_payment_id').references(() => insurancePayments.id),
    notificationId: uuid('notification_id').references(() => paymentRequests.id),
    note: text('note'),
    noteLabel: text('note_label'),
    associatedAutoMessage: text('associated_auto_message'),
    associatedManMessage: text('associated_man_message'),
    /** 0 pending, 1 failed, 2 posted to the practice system */
    practiceManagementStatus: integer('practice_management_status').notNull().default(0),
    orphanRemoved: ts('orphan_removed'),
    /**
     * A charge on file's key at the card provider (transactions/claimedCharge.ts): a request run
     * again after its server stopped finds by it the payment its first run recorded.
     */
    chargeKey: text('charge_key'),
    /**
     * The payer's clinic: its patient's `clinic_num` (0 with no patient), kept by the database
     * (migration 0036's triggers: on every insert or change of the patient here, and on every change of
     * a patient's clinic there), so the clinic filters and splits read it from the covering index
     * below instead of joining each payment to its patient.
     */
    clinicNum: integer('clinic_num').notNull().default(0),
  },
  (t) => [
    // The list's default order (newest first) walks this backwards, filtering as it goes.
    index('transactions_company_created').on(t.companyId, t.created),
    // The list's count over a date range of some sources reads this index alone (index-only scan).
    index('transactions_company_source_created').on(t.companyId, t.source, t.created),
    // The reports' and the dashboard's collections (server/reports/store.ts): the approved payments
    // of a period, with every column their sums and splits read after the day (amount, surcharge,
    // source, payment method, the payer's clinic), so a year of them is an index-only scan
    // instead of a heap page for nearly every row (a period's rows are spread over the whole table).
    index('transactions_company_created_approved')
      .on(
        t.companyId,
        t.created,
        t.amount,
        t.surchargeAmount,
        t.source,
        t.fundingSource,
        t.cardType,
        t.clinicNum,
      )
      .where(sql`${t.status} = 'APPROVED'`),
    // The approved payments not yet posted to the practice system (the sync report's): few rows
    // whatever the practice's history, as the connector posts each soon after it is made.
    index('transactions_company_unposted')
      .on(t.companyId, t.created)
      .where(
        sql`${t.status} = 'APPROVED' and ${t.orphanRemoved} is null and ${t.practiceManagementStatus} <> 2`,
      ),
    // The unassociated payments: few rows, whatever the practice's history.
    index('transactions_company_unassociated')
      .on(t.companyId, t.source, t.created)
      .where(sql`${t.customerId} is null and ${t.orphanRemoved} is null`),
    // A transaction ID as people type it: the reference id's first segment (transactions/listStore.ts).
    index('transactions_company_displayed_id').on(t.companyId, sql`split_part(${t.referenceId}, '-', 1)`),
    index('transactions_customer').on(t.customerId),
    index('transactions_plan').on(t.paymentPlanId),
    index('transactions_notification').on(t.notificationId),
    // A payment request is paid once: at most one approved payment points to it.
    uniqueIndex('transactions_notification_approved')
      .on(t.notificationId)
      .where(sql`${t.status} = 'APPROVED'`),
    uniqueIndex('transactions_company_charge_key').on(t.companyId, t.chargeKey),
  ],
);

/**
 * A card charge a request makes on a card entered for it (the virtual terminal, the public payment
 * page), which has no record of its own to keep its claim on until its transaction is written: the
 * claim of transactions/claimedCharge.ts (its provider key, the card's token, the amounts, what the
 * transaction will say), set before the provider is called and cleared once the payment is recorded.
 * A server that stopped in between leaves it set, and the next start records that charge.
 */
export interface PendingRequestCharge {
  /** The provider idempotency key, from the request's Idempotency-Key. */
  key: string;
  /** Wall-clock time the claim was taken (a lease, not a business date). */
  startedAt: string;
  /** The boot id of the server process that took the claim (server/instances.ts). */
  owner?: string;
  source: 'VIRTUALTERMINAL' | 'TEXTTOPAY' | 'INSURANCE';
  orderAmount: number;
  surchargeAmount: number;
  /** The card as the provider vaulted it; `fromNonce` when it was entered for this payment. */
  card: {
    token: string;
    cardType: 'VISA' | 'AMERICAN_EXPRESS' | 'DINERS_CLUB' | 'JCB' | 'MASTERCARD' | 'DISCOVER';
    description: string;
    expMonth: number;
    expYear: number;
    funding: 'CREDIT' | 'DEBIT' | 'PREPAID';
    fromNonce: boolean;
  };
  /** Who pays, as the transaction names them; no patient for an unassociated desk payment. */
  payer: {
    customerId: number | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
  };
  note: string | null;
  /** VIRTUALTERMINAL: keep the entered card on the patient's file once approved. */
  storeCard: boolean;
  /** TEXTTOPAY: the payment request the charge pays. */
  paymentRequestId: string | null;
}

export const requestCharges = pgTable(
  'request_charges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The provider key (PendingRequestCharge.key): one row per request's charge. */
    key: text('key').notNull(),
    pendingCharge: jsonb('pending_charge').$type<PendingRequestCharge>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('request_charges_company_key').on(t.companyId, t.key),
    // The recovery pass reads the claims still set: few rows, however many charges were made.
    index('request_charges_pending')
      .on(t.companyId)
      .where(sql`${t.pendingCharge} is not null`),
  ],
);

/** Refunds and voids. Several partial refunds may exist for one transaction; their sum never exceeds it. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** REFUNDED | VOIDED */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    orderAmount: integer('order_amount').notNull(),
    surchargeAmount: integer('surcharge_amount').notNull().default(0),
    referenceId: text('reference_id').notNull(),
    created: createdAt(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    /**
     * The request's own key (action, payment and idempotency key), as its reservation had: a request
     * run again after its server stopped finds the refund it recorded. Null on refunds from before.
     */
    requestKey: text('request_key'),
  },
  (t) => [
    index('refunds_transaction').on(t.transactionId),
    uniqueIndex('refunds_company_request_key').on(t.companyId, t.requestKey),
    // The dashboard deducts the refunds and voids made in a period.
    index('refunds_company_created').on(t.companyId, t.created),
  ],
);

/**
 * Refunds asked of the card provider and not yet answered. Chairside's own ledger settles concurrent
 * refunds: each holds its amount here (under the payment's row lock) before the provider is asked,
 * and what is left to refund counts them; the provider's answer turns it into a refund row or
 * releases it.
 */
export const refundReservations = pgTable(
  'refund_reservations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** REFUNDED | VOIDED */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    orderAmount: integer('order_amount').notNull(),
    surchargeAmount: integer('surcharge_amount').notNull(),
    /** The request's own key (action, payment and idempotency key): a repeat finds its reservation. */
    requestKey: text('request_key').notNull().unique(),
    created: createdAt(),
  },
  (t) => [index('refund_reservations_transaction').on(t.transactionId)],
);

/**
 * The payment ledger: the payment history of payment plans and memberships (each item is one
 * plan's or one membership's), card charges with their transaction, and the desk's cash and check
 * payments, adjustments and missed cycles without one. Only server/transactions/paymentLedger.ts
 * reads and writes it, for both.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id),
    customerMembershipBillingId: integer('customer_membership_billing_id').references(
      () => customerMembershipBillings.id,
    ),
    paymentPlanDetailId: integer('payment_plan_detail_id').references(() => paymentPlanDetails.id),
    transactionId: integer('transaction_id').references(() => transactions.id),
    /** PAYMENT | ADJUSTMENT */
    kind: text('kind').notNull().default('PAYMENT'),
    dateTime: createdAt(),
    description: text('description').notNull(),
    /** CARD | CASH | CHECK (null for adjustments) */
    fundingSource: text('funding_source'),
    cardType: text('card_type'),
    cardDescription: text('card_description'),
    /** Signed: a payment or a CREDIT adjustment lowers the balance and is positive. */
    amount: integer('amount').notNull(),
    orderAmount: integer('order_amount').notNull(),
    surcharge: integer('surcharge').notNull().default(0),
    /** APPROVED | DECLINED */
    status: text('status').notNull(),
    reason: text('reason'),
    referenceId: text('reference_id'),
    checkNum: text('check_num'),
    note: text('note'),
    removed: ts('removed'),
  },
  (t) => [
    index('payment_ledger_plan').on(t.paymentPlanId),
    index('payment_ledger_membership').on(t.customerMembershipBillingId),
  ],
);
