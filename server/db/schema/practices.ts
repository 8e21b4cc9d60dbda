/**
 * The practices themselves: each row is one dental practice and its settings (gateway, surcharge,
 * membership days). Read through server/practices/.
 */
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** DENTRIX | OPENDENTAL | DENTRIXNH | EAGLESOFT */
  gatewayCode: text('gateway_code').notNull(),
  businessId: text('business_id').notNull(),
  appId: text('app_id').notNull(),
  storeId: text('store_id').notNull(),
  hasSurcharging: boolean('has_surcharging').notNull().default(false),
  /** The practice's surcharge rate in basis points (300 = 3.00 %); the rules cap it at 3 %. */
  surchargeRateBps: integer('surcharge_rate_bps').notNull().default(0),
  doesAllocateProcedures: boolean('does_allocate_procedures').notNull().default(false),
  membershipDays: integer('membership_days').notNull().default(30),
  phone: text('phone').notNull().default(''),
  /** Where a copy (BCC) of every e-mail the product sends a patient goes; null: none. */
  bccEmail: text('bcc_email'),
  /** The person at the practice Chairside's support deals with, and their e-mail. */
  supportName: text('support_name').notNull().default(''),
  supportEmail: text('support_email').notNull().default(''),
  /**
   * The US state the practice is in (two letters): its law decides whether and how much a card
   * payment may be surcharged (embed-sdk/rules/surchargeLaw.ts). Null until set.
   */
  state: text('state'),
  /** The practice's IANA time zone: its reminders' quiet hours and its days. */
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  allowAddPatient: boolean('allow_add_patient').notNull().default(true),
  /** The practice turned off the completed-appointments list (the spec's no-schedule option). */
  noSchedule: boolean('no_schedule').notNull().default(false),
  createdAt: createdAt(),
});

/** A practice's card terminals at its processor (Admin, a gateway's page). */
export const gatewayTerminals = pgTable(
  'gateway_terminals',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    label: text('label').notNull(),
    serialNumber: text('serial_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('gateway_terminals_company').on(t.companyId)],
);

/**
 * A practice's API key at its processor: a secret. Kept apart from the practice's row, so that no
 * read of a practice carries it; the admin area answers it masked, and the audit log never holds it.
 */
export const gatewayCredentials = pgTable('gateway_credentials', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  apiKey: text('api_key').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
