/**
 * Payment plans and their schedules. Owned by server/payment-plans/. Their ledgers are in the payment
 * ledger (transactions.ts).
 */
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { customers } from './patients.js';
import { companies } from './practices.js';
import { savedCards } from './saved-cards.js';

/** A plan's card charge in flight (payment_plans.pending_charge). */
export interface PendingPlanCharge {
  /** The provider idempotency key: a replay with it is the same charge. */
  key: string;
  /** Wall-clock time the charge started (a lease, not a business date). */
  startedAt: string;
  /** The boot id of the server process that took the claim (server/instances.ts); absent on older claims. */
  owner?: string;
  /** DETAIL: a cycle of the schedule (billing run, Process Payment, a declined retry); BALANCE: Make a Payment. */
  kind: 'DETAIL' | 'BALANCE';
  /** BILLING (the run), NOW (Process Payment), RETRY (processDeclines); BALANCE charges have none. */
  mode: 'BILLING' | 'NOW' | 'RETRY' | null;
  detailId: number | null;
  savedCardId: number;
  orderAmount: number;
  surchargeAmount: number;
  note: string | null;
}

export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** ACTIVE | INACTIVE | COMPLETE */
    status: text('status').notNull().default('ACTIVE'),
    /** MONTHLY | BIWEEKLY | WEEKLY */
    frequency: text('frequency').notNull().default('MONTHLY'),
    total: integer('total').notNull(),
    cycleCount: integer('cycle_count').notNull(),
    isCash: boolean('is_cash').notNull().default(false),
    isNotifyingForPastDuePayments: boolean('is_notifying_for_past_due_payments').notNull().default(true),
    /** When its past-due notifications were paused (sandbox clock); null while they are on. */
    notificationsPausedAt: ts('notifications_paused_at'),
    customerSavedCardId: integer('customer_saved_card_id').references(() => savedCards.id),
    hasSurcharge: boolean('has_surcharge').notNull().default(false),
    surchargeRateBps: integer('surcharge_rate_bps').notNull().default(0),
    approvedMethod: text('approved_method'),
    ipAddress: text('ip_address'),
    signature: text('signature'),
    template: text('template'),
    approvedDate: ts('approved_date'),
    cancelledDate: ts('cancelled_date'),
    completedDate: ts('completed_date'),
    createdAt: createdAt(),
    /**
     * A card charge for this plan that is under way: set before the card provider is called and
     * cleared when its outcome is recorded. It makes charges of one plan run one at a time, and holds
     * what is needed to replay the charge with the same idempotency key if the server stopped between
     * the provider's answer and the write (see server/payment-plans/charges.ts).
     */
    pendingCharge: jsonb('pending_charge').$type<PendingPlanCharge>(),
    /**
     * The Idempotency-Key of the request that made the plan: run again after its server stopped, it
     * finds this plan and its down payment's charge instead of making a second plan.
     */
    createKey: text('create_key'),
  },
  (t) => [
    index('payment_plans_company_status').on(t.companyId, t.status),
    uniqueIndex('payment_plans_company_create_key').on(t.companyId, t.createKey),
  ],
);

export const paymentPlanDetails = pgTable(
  'payment_plan_details',
  {
    id: serial('id').primaryKey(),
    paymentPlanId: integer('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    cycle: integer('cycle').notNull(),
    isDownPayment: boolean('is_down_payment').notNull().default(false),
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    amountDue: integer('amount_due').notNull(),
    processedToLedger: boolean('processed_to_ledger').notNull().default(false),
    /** APPROVED | DECLINED, once processed */
    disposition: text('disposition'),
    referenceId: text('reference_id'),
  },
  (t) => [index('payment_plan_details_plan').on(t.paymentPlanId, t.cycle)],
);
