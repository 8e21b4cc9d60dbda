/**
 * The bell's practice notifications and the banner's user notifications, and the announcements the
 * admin area writes into them. Owned by server/notifications/.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
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
    /** PAYMENTPLAN_PASTDUE | MEMBERSHIP_PASTDUE | MEMBERSHIP_EXPIRING | ANNOUNCEMENT */
    type: text('type').notNull(),
    dateTime: createdAt(),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id),
    customerMembershipBillingId: integer('customer_membership_billing_id').references(
      () => customerMembershipBillings.id,
    ),
    amountDue: integer('amount_due'),
    yearlyExpDays: integer('yearly_exp_days'),
    /** An ANNOUNCEMENT's words, and the announcement it was published from. */
    title: text('title'),
    text: text('text'),
    announcementId: integer('announcement_id').references(() => announcements.id),
  },
  (t) => [
    index('company_notifications_company_time').on(t.companyId, t.dateTime),
    index('company_notifications_announcement').on(t.announcementId),
  ],
);

/**
 * A message to users, shown as a dismissable banner: to one user (userId), to the people working in
 * one practice (companyId: shown while it is their current practice), or to everyone (neither).
 */
export const userNotifications = pgTable('user_notifications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id),
  companyId: integer('company_id').references(() => companies.id),
  /** The announcement it was published from, if the admin area wrote it. */
  announcementId: integer('announcement_id').references(() => announcements.id),
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

/**
 * What an administrator writes in Notification Management: a banner (user notification) or a bell
 * entry (company notification), aimed at everyone, one practice or one person, published now or at
 * a time on the sandbox clock. The publishing job turns a due one into the rows the banner and the
 * bell read, once (publishedAt is set in the statement that claims it).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    /** BANNER | BELL */
    channel: text('channel').notNull(),
    /** EVERYONE | PRACTICE | USER */
    audience: text('audience').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** The banner's intent: info | success | warning | error */
    type: text('type').notNull().default('info'),
    icon: text('icon'),
    url: text('url'),
    publishAt: ts('publish_at').notNull(),
    publishedAt: ts('published_at'),
    withdrawnAt: ts('withdrawn_at'),
    createdBy: text('created_by').notNull(),
    created: createdAt(),
  },
  (t) => [
    index('announcements_due')
      .on(t.publishAt)
      .where(sql`${t.publishedAt} is null and ${t.withdrawnAt} is null`),
  ],
);
