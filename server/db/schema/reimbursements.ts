/**
 * Insurance reimbursements (part 2).
 */
import { date, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { patients } from './patients.js';
import { companies } from './practices.js';

export const insurancePayments = pgTable('insurance_payments', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  date: date('date', { mode: 'string' }).notNull(),
  /** CARD | CHECK */
  fundingSource: text('funding_source').notNull(),
  cardDescription: text('card_description'),
  cardType: text('card_type'),
  /** The check number for checks. */
  referenceId: text('reference_id'),
  carrierName: text('carrier_name').notNull().default(''),
  json: jsonb('json').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const insurancePaymentDetails = pgTable('insurance_payment_details', {
  id: serial('id').primaryKey(),
  insurancePaymentId: integer('insurance_payment_id')
    .notNull()
    .references(() => insurancePayments.id),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patients.id),
  procCodeCount: integer('proc_code_count').notNull().default(0),
  deductible: integer('deductible').notNull().default(0),
  reimbursed: integer('reimbursed').notNull().default(0),
  writtenOff: integer('written_off').notNull().default(0),
  requestedPayment: integer('requested_payment').notNull().default(0),
  paid: integer('paid').notNull().default(0),
  procedureJson: jsonb('procedure_json').$type<unknown[]>().notNull().default([]),
  notificationId: uuid('notification_id'),
});
