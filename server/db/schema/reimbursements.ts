/**
 * Insurance reimbursements (part 2): a carrier's payment of claims (insurance_payments, the spec's
 * Insurance payment) and its rows per patient (insurance_payment_details, the Insurance request).
 * The totals are kept on the payment, so the list reads one row per reimbursement; `paid` rises on
 * both when a patient pays their share's payment request.
 */
import { date, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { patients } from './patients.js';
import { companies } from './practices.js';

export const insurancePayments = pgTable(
  'insurance_payments',
  {
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
    planName: text('plan_name').notNull().default(''),
    json: jsonb('json').$type<Record<string, unknown>>().notNull().default({}),
    /** The INSURANCE transaction of a card payment; null for a check. */
    transactionId: integer('transaction_id'),
    /** The Idempotency-Key of the save that made it: a save run again answers this payment. */
    requestKey: text('request_key'),
    reimbursed: integer('reimbursed').notNull().default(0),
    writtenOff: integer('written_off').notNull().default(0),
    requestedPayment: integer('requested_payment').notNull().default(0),
    /** Request Paid: what the patients have paid of `requestedPayment`. */
    paid: integer('paid').notNull().default(0),
    patientCount: integer('patient_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The list: newest first (`date desc, id desc`, this index read backwards: an index declared
    // DESC would be NULLS LAST, which that ORDER BY is not), in a practice and of one carrier.
    index('insurance_payments_list').on(t.companyId, t.date, t.id),
    index('insurance_payments_carrier').on(t.companyId, t.carrierName, t.date, t.id),
    uniqueIndex('insurance_payments_request_key').on(t.companyId, t.requestKey),
  ],
);

export const insurancePaymentDetails = pgTable(
  'insurance_payment_details',
  {
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
  },
  (t) => [
    index('insurance_payment_details_payment').on(t.insurancePaymentId),
    // A paid share's request finds its row.
    index('insurance_payment_details_notification').on(t.notificationId),
  ],
);
