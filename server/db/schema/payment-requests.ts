/**
 * Payment requests (text to pay) and their reminders.
 * Owned by server/payment-requests/.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './identity.js';
import { customers } from './patients.js';
import { companies } from './practices.js';

export const paymentRequests = pgTable(
  'payment_requests',
  {
    /** The request's id, shown to staff (the Patient ID pill's hover) and on its transactions. */
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The secret in the patient's link (`/p/{linkToken}`): the only key to the public payment page,
     * so the id staff see and share never opens it. The app sets 24 random bytes; the default covers
     * rows written without it (the seed's bulk inserts).
     */
    linkToken: text('link_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The amount requested, before any surcharge. */
    amount: integer('amount').notNull(),
    /** What was paid, before surcharge (set when paid). */
    orderAmount: integer('order_amount'),
    surchargeAmount: integer('surcharge_amount').notNull().default(0),
    eMail: text('e_mail').notNull().default(''),
    toPhone: text('to_phone').notNull().default(''),
    message: text('message').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    created: createdAt(),
    paymentPage: ts('payment_page'),
    paid: ts('paid'),
    cancelled: ts('cancelled'),
    resent: ts('resent'),
    /**
     * When the current link was sent: its days count from here (the practice's setting). Send New
     * Link sets it with a new token; null for a request whose first link is its only one (created).
     */
    linkSent: ts('link_sent'),
    /**
     * Set while the public page is charging a card for this request: the claim that makes two
     * payments at once charge once. Cleared when the charge's outcome is recorded; a claim older than
     * the payment timeout is stale (the server stopped mid-payment) and may be taken over.
     */
    paymentStarted: ts('payment_started'),
    /** The Idempotency-Key of the payment holding the claim: a retry of that same payment may resume it. */
    paymentKey: text('payment_key'),
  },
  (t) => [
    index('payment_requests_company_created').on(t.companyId, t.created),
    index('payment_requests_customer').on(t.customerId),
    // The dashboard's open requests: few rows, whatever the practice's history.
    index('payment_requests_company_open')
      .on(t.companyId)
      .where(sql`${t.paid} is null and ${t.cancelled} is null`),
  ],
);

export const paymentRequestReminders = pgTable(
  'payment_request_reminders',
  {
    id: serial('id').primaryKey(),
    paymentRequestId: uuid('payment_request_id')
      .notNull()
      .references(() => paymentRequests.id),
    dateTime: createdAt(),
    /**
     * For an automatic reminder, the day of the practice's schedule it answers (2: two days after the
     * request was sent); null for one staff sent. Unique per request: each step goes once, whichever
     * instance sends it.
     */
    scheduleDay: integer('schedule_day'),
  },
  (t) => [
    index('payment_request_reminders_request').on(t.paymentRequestId),
    uniqueIndex('payment_request_reminders_step')
      .on(t.paymentRequestId, t.scheduleDay)
      .where(sql`${t.scheduleDay} is not null`),
  ],
);

/**
 * A bulk send of payment requests (Settings' Bulk payment requests): one row per send, keyed by the
 * Idempotency-Key of the call that started it, so that sending twice by mistake finds this one.
 */
export const bulkRequestRuns = pgTable(
  'bulk_request_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    idempotencyKey: text('idempotency_key').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    /** The message sent with each request ('' for none). */
    message: text('message').notNull().default(''),
    created: createdAt(),
    /** Set when every item is sent or failed. */
    finished: ts('finished'),
    /** The instance working on it and until when (a claim another instance may take when it lapses). */
    claimedUntil: ts('claimed_until'),
  },
  (t) => [uniqueIndex('bulk_request_runs_key').on(t.companyId, t.idempotencyKey)],
);

/** One patient of a bulk send: what is asked of them and what became of it. */
export const bulkRequestItems = pgTable(
  'bulk_request_items',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => bulkRequestRuns.id),
    position: integer('position').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    /** The patient as the list named them (a pasted line's patient number, or the practice system's). */
    patNum: text('pat_num').notNull(),
    name: text('name').notNull().default(''),
    amount: integer('amount').notNull(),
    /** PENDING | SENT | FAILED */
    status: text('status').notNull().default('PENDING'),
    /** Why it failed, in words staff read ('No mobile number or e-mail address.'). */
    reason: text('reason'),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.position] }),
    index('bulk_request_items_pending')
      .on(t.runId)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
