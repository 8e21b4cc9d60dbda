/**
 * Memberships: the practice's catalogue and each patient's billing. Owned by server/memberships/.
 */
import { boolean, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
  discountPlan: text('discount_plan').notNull().default(''),
  monthlyAmount: integer('monthly_amount').notNull(),
  yearlyAmount: integer('yearly_amount').notNull(),
  benefits: jsonb('benefits').$type<{ id: number; label: string }[]>().notNull().default([]),
});

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
  },
  (t) => [index('cmb_company_status').on(t.companyId, t.status)],
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
