/**
 * The bell's practice notifications and the banner's user notifications. Owned by
 * server/notifications/.
 */
import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './identity.js';
import { customerMembershipBillings } from './memberships.js';
import { paymentPlans } from './payment-plans.js';
import { companies } from './practices.js';

export const companyNotifications = pgTable(
  'company_notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** PAYMENTPLAN_PASTDUE | MEMBERSHIP_PASTDUE | MEMBERSHIP_EXPIRING */
    type: text('type').notNull(),
    dateTime: createdAt(),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id),
    customerMembershipBillingId: integer('customer_membership_billing_id').references(
      () => customerMembershipBillings.id,
    ),
    amountDue: integer('amount_due'),
    yearlyExpDays: integer('yearly_exp_days'),
  },
  (t) => [index('company_notifications_company_time').on(t.companyId, t.dateTime)],
);

/** A message to users (all users when userId is null), shown as a dismissable banner. */
export const userNotifications = pgTable('user_notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id),
  /** The banner's intent: info | success | warning | error */
  type: text('type').notNull().default('info'),
  icon: text('icon'),
  created: createdAt(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  fullyQualifiedUrl: text('fully_qualified_url'),
});

export const userNotificationDismissals = pgTable(
  'user_notification_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    userNotificationId: integer('user_notification_id')
      .notNull()
      .references(() => userNotifications.id),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.userNotificationId] })],
);
