/**
 * The admin area's own tables. The audit log: one row per change an administrator makes (a practice,
 * a user's roles, a gateway, the platform's settings, a log-in as a practice), written in the
 * transaction of the change by server/admin/audit.ts. No call updates or deletes a row.
 */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

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
