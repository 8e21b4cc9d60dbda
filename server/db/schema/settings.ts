/**
 * A practice's settings: for partners (embed origins, practice-system integrations) and for its
 * patients' links (how long they work). Owned by server/settings/.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { companies } from './practices.js';

/** Origins outside Chairside whose pages may call the API with a practice's tokens (CORS). */
export const practiceEmbedOrigins = pgTable(
  'practice_embed_origins',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** scheme://host[:port], lower-case, no path. */
    origin: text('origin').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.origin] }),
    index('practice_embed_origins_origin').on(t.origin),
  ],
);

/**
 * A practice-system integration (an add-on's backend): a confidential OAuth client that exchanges its
 * secret for short-lived tokens (client credentials) carrying only the roles the practice granted it.
 */
export const practiceIntegrations = pgTable('practice_integrations', {
  clientId: text('client_id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  /** scrypt hash of the client secret; the secret itself is shown once and never stored. */
  secretHash: text('secret_hash').notNull(),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  revokedAt: ts('revoked_at'),
});

/**
 * How many days each kind of patient link works after it was sent (contract/patientLinks.ts). A
 * practice without a row has the defaults.
 */
export const practiceLinkSettings = pgTable('practice_link_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  paymentLinkDays: integer('payment_link_days').notNull(),
  enrollmentLinkDays: integer('enrollment_link_days').notNull(),
  cardRequestLinkDays: integer('card_request_link_days').notNull(),
  /** When the practice last saved them. */
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A practice's own wording of a message to patients, per kind (PAYMENT_REQUEST, PAYMENT_REMINDER,
 * CARD_REQUEST, RECEIPT, MEMBERSHIP_NOTICE) and channel (SMS | EMAIL). A kind and channel without a
 * row is sent in the product's default wording.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    /** E-mails only; '' for a text. */
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.channel] })],
);

/**
 * When unpaid payment requests are reminded on their own: the days after the request was sent, and
 * the quiet hours (minutes after midnight in the practice's time zone) when nothing is sent. A
 * practice without a row (or with no days) sends no automatic reminder.
 */
export const practiceReminderSchedules = pgTable('practice_reminder_schedules', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  days: integer('days')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  quietStartMinute: integer('quiet_start_minute'),
  quietEndMinute: integer('quiet_end_minute'),
  updatedAt: ts('updated_at').notNull(),
});
