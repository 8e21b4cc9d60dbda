/**
 * The admin area's own tables. The audit log: one row per change an administrator makes (a practice,
 * a user's roles, a gateway, the platform's settings, a log-in as a practice), written in the
 * transaction of the change by server/admin/audit.ts. No call updates or deletes a row.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { companies } from './practices.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: ts('at').notNull(),
    /** Who made the change; kept by value as well, so the entry reads the same if the user changes. */
    actorUserId: integer('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done, a dotted name: `company.create`, `user.roles`, `gateway.update`, `company.loginAs`… */
    action: text('action').notNull(),
    /** The practice the change concerns, when it concerns one: its trail on the practice's page. */
    companyId: integer('company_id'),
    /** The record changed: `company`, `user`, `gateway`, `platform`… and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The changed fields' values before and after (secrets masked); null when the record is new or gone. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_company').on(t.companyId, t.at),
    index('audit_log_target').on(t.targetType, t.targetId, t.at),
    index('audit_log_at').on(t.at),
  ],
);

/**
 * The terms of service, one row per published version; the newest is in force. Before the first is
 * published, the sandbox's built-in text is (server/admin/platform/terms.ts). Rows are only added.
 */
export const termsVersions = pgTable('terms_versions', {
  id: serial('id').primaryKey(),
  version: text('version').notNull().unique(),
  text: text('text').notNull(),
  publishedAt: ts('published_at').notNull(),
  publishedBy: integer('published_by'),
});

/**
 * The platform's own settings, one row per key (`supportLink`, `maintenanceBanner`), as
 * server/admin/platform/settings.ts reads and writes them.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A background queue paused by an administrator (`BILLING`, `POSTINGS`, `OUTBOX`): a row while it is
 * paused, none while it runs. Every instance's jobs read it before they take work, so a pause holds
 * on every instance and after a restart (server/admin/queues.ts).
 */
export const pausedQueues = pgTable('paused_queues', {
  queue: text('queue').primaryKey(),
  pausedAt: ts('paused_at').notNull(),
  pausedBy: text('paused_by').notNull(),
});

/**
 * What the anomaly checks found (server/admin/anomalies.ts): one row per finding, its `key` naming
 * the rule and the record so that a check run again finds it once. Open until resolved, by a person
 * with a note (audited) or by the check when the finding no longer holds.
 */
export const anomalies = pgTable(
  'anomalies',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    /** UNPOSTED_PAYMENT | DOUBLE_CHARGE | PAUSED_PAST_DUE | RETIRED_PLAN_BILLING */
    kind: text('kind').notNull(),
    companyId: integer('company_id').notNull(),
    /** The record to open: `transaction`, `paymentPlan`, `membership`, and its id. */
    recordType: text('record_type').notNull(),
    recordId: integer('record_id').notNull(),
    /** The record as people name it: "Transaction 4F3A2B", "Payment plan 12". */
    recordLabel: text('record_label').notNull(),
    /** The patient the record belongs to, when it has one (for its link). */
    customerId: integer('customer_id'),
    summary: text('summary').notNull(),
    foundAt: ts('found_at').notNull(),
    resolvedAt: ts('resolved_at'),
    /** The person who resolved it; null when the check found it no longer holds. */
    resolvedBy: text('resolved_by'),
    note: text('note'),
  },
  (t) => [
    index('anomalies_open')
      .on(t.foundAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * A processor file's import (Import Transactions), by the Idempotency-Key of the request that runs
 * it: its good rows are written in batches, each in a transaction of its own, and `imported` counts
 * them as they go, so the screen shows its progress and a run cut off finishes where it stopped.
 */
export const transactionImports = pgTable(
  'transaction_imports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    key: text('key').notNull(),
    /** RUNNING | DONE */
    state: text('state').notNull(),
    rows: integer('rows').notNull(),
    imported: integer('imported').notNull().default(0),
    /** The good rows' total, in cents. */
    total: integer('total').notNull(),
    /** The bad rows, each with its line and why. */
    problems: jsonb('problems').$type<{ line: number; message: string }[]>().notNull(),
    actorEmail: text('actor_email').notNull(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('transaction_imports_company_key').on(t.companyId, t.key)],
);

/**
 * A bulk wallet registration or re-check (Bulk Apple Pay Status), by the Idempotency-Key of the
 * request that runs it: its practices are done one by one, each counted as it is, so the screen shows
 * the run's progress and a run cut off finishes where it stopped.
 */
export const walletRuns = pgTable(
  'wallet_runs',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    /** REGISTER | RECHECK */
    action: text('action').notNull(),
    companyIds: jsonb('company_ids').$type<number[]>().notNull(),
    /** The practices done so far, in order. */
    done: integer('done').notNull().default(0),
    /** Of those, how many have a domain that failed its verification. */
    failed: integer('failed').notNull().default(0),
    /** RUNNING | DONE */
    state: text('state').notNull(),
    actorEmail: text('actor_email').notNull(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('wallet_runs_key').on(t.key), index('wallet_runs_started').on(t.startedAt)],
);
