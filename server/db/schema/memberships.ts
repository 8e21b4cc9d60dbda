/**
 * Memberships: the practice's catalogue and each patient's billing. Owned by server/memberships/.
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

/** A membership a practice offers (the catalogue). */
export const membershipPlans = pgTable('membership_plans', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  imageId: text('image_id'),
  /** The plan's picture as a data URL (contract: PlanImage). */
  image: text('image'),
  discountPlan: text('discount_plan').notNull().default(''),
  /** Null when the plan is not sold in that cycle; at least one is set. */
  monthlyAmount: integer('monthly_amount'),
  yearlyAmount: integer('yearly_amount'),
  benefits: jsonb('benefits').$type<{ id: number; label: string }[]>().notNull().default([]),
  /** Retired plans (false) keep their members and take no new ones. */
  isActive: boolean('is_active').notNull().default(true),
  /** The catalogue's order within the practice. */
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A membership's card charge under way (customer_membership_billings.pending_charge): set before the
 * card provider is called and cleared when the outcome is recorded, as plans do (payment-plans/charges.ts).
 */
export interface PendingMembershipCharge {
  /** The provider idempotency key, from the membership and the billing date (see memberships/charges.ts). */
  key: string;
  /** Wall-clock time the claim was taken (a lease, not a business date). */
  startedAt: string;
  /** The boot id of the server process that took the claim (server/instances.ts); absent on older claims. */
  owner?: string;
  /**
   * BILLING: the cycle due on `billingDate`; RETRY: a declined cycle again; PAYMENT: Make Payment For or
   * Process Past Due; RESTART: an expired yearly membership started again; ENROLL: the first cycle.
   */
  kind: 'BILLING' | 'RETRY' | 'PAYMENT' | 'RESTART' | 'ENROLL';
  /** The billing date the charge is for (BILLING, RETRY, RESTART, ENROLL); null for PAYMENT. */
  billingDate: string | null;
  savedCardId: number;
  orderAmount: number;
  surchargeAmount: number;
}

export const customerMembershipBillings = pgTable(
  'customer_membership_billings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** ACTIVE | INACTIVE | EXPIRED | AWAITINGPATIENT */
    status: text('status').notNull(),
    /** MONTHLY | YEARLY */
    cycle: text('cycle').notNull(),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    nextBillingDate: date('next_billing_date', { mode: 'string' }),
    monthlyExpires: date('monthly_expires', { mode: 'string' }),
    monthExpirationSelection: integer('month_expiration_selection').notNull().default(1),
    /** CANCEL | EXPIRING | YEARLYONCE | YEARLY | STARTDATE */
    renewalMode: text('renewal_mode').notNull(),
    yearlyNextCycleAutoRenew: boolean('yearly_next_cycle_auto_renew').notNull().default(true),
    yearlyAutoRenew: boolean('yearly_auto_renew').notNull().default(true),
    displayExpiration: boolean('display_expiration').notNull().default(true),
    customerSavedCardId: integer('customer_saved_card_id').references(() => savedCards.id),
    approvedMethod: text('approved_method'),
    ipAddress: text('ip_address'),
    signature: text('signature'),
    template: text('template'),
    approvedDate: ts('approved_date'),
    cancelledDate: ts('cancelled_date'),
    expiredDate: ts('expired_date'),
    createdAt: createdAt(),
    /** The card charge under way, if any (see PendingMembershipCharge). */
    pendingCharge: jsonb('pending_charge').$type<PendingMembershipCharge>(),
    /** The billing date of the declined cycle being retried; null when none is past due. */
    declinedBillingDate: date('declined_billing_date', { mode: 'string' }),
    /** Retries made of that declined cycle. */
    retryCount: integer('retry_count').notNull().default(0),
    /** The next retry's day; null when none is scheduled (none due, or the schedule ran out). */
    nextRetryDate: date('next_retry_date', { mode: 'string' }),
    retriesExhausted: boolean('retries_exhausted').notNull().default(false),
    /**
     * The term's end when the membership renews there, and when it ends there (expires, or is
     * canceled on expiration): the rules' `termDates`, kept in step on every write
     * (memberships/store.ts), so that lists and the billing job find memberships by the rule in SQL.
     */
    renewsOn: date('renews_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The term end whose expiring notice was raised (one notice a term). */
    expiringNoticeFor: date('expiring_notice_for', { mode: 'string' }),
    /** The enrolment link's secret (AWAITINGPATIENT); the public page's only key. */
    enrollmentToken: text('enrollment_token'),
    /** Where the enrolment link goes: '' for a channel not used. */
    enrollmentPhone: text('enrollment_phone').notNull().default(''),
    enrollmentEmail: text('enrollment_email').notNull().default(''),
    enrollmentSentAt: ts('enrollment_sent_at'),
    /**
     * The Idempotency-Keys of the request that made the membership (New Membership) and of the one
     * that completed its enrolment page: the same request run again after its server stopped finds
     * the membership it made or completed, and the first charge's payment, instead of doing it twice.
     */
    enrollKey: text('enroll_key'),
    completionKey: text('completion_key'),
    /**
     * When the current enrolment link was sent: its days count from here (the practice's setting; a
     * reminder sends the same link and does not move it). Null for rows from before links expired:
     * the first sending (enrollmentSentAt, else createdAt) counts.
     */
    enrollmentLinkSent: ts('enrollment_link_sent'),
  },
  (t) => [
    index('cmb_company_status').on(t.companyId, t.status),
    uniqueIndex('cmb_company_enroll_key').on(t.companyId, t.enrollKey),
    uniqueIndex('cmb_company_completion_key').on(t.companyId, t.completionKey),
    index('cmb_status_next_billing').on(t.status, t.nextBillingDate),
    index('cmb_ends_on').on(t.endsOn),
    uniqueIndex('cmb_enrollment_token').on(t.enrollmentToken),
  ],
);

export const customerMembershipBillingLines = pgTable('customer_membership_billing_lines', {
  id: serial('id').primaryKey(),
  customerMembershipBillingId: integer('customer_membership_billing_id')
    .notNull()
    .references(() => customerMembershipBillings.id),
  membershipPlanId: integer('membership_plan_id')
    .notNull()
    .references(() => membershipPlans.id),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  qty: integer('qty').notNull().default(1),
  amount: integer('amount').notNull(),
});
