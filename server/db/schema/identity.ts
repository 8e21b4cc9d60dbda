/**
 * People and the identity provider: users, their roles in each practice, one-time password links,
 * oidc-provider's models and keys. Read through server/identity/.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { companies } from './practices.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    termsAcceptedAt: ts('terms_accepted_at'),
    /**
     * The version of the terms of service they accepted. The gate lets them through only while it is
     * the one published (server/admin/platform/terms.ts): publishing a new one sends everyone back.
     */
    termsAcceptedVersion: text('terms_accepted_version'),
    /**
     * Set when an administrator disabled the account: from then on its tokens, refresh tokens and hub
     * connections are refused, and it cannot sign in. Null while the account works.
     */
    disabledAt: ts('disabled_at'),
    currentCompanyId: integer('current_company_id').references(() => companies.id),
    companyNotificationsViewedAt: ts('company_notifications_viewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Admin Users lists people by name, ten at a time, out of tens of thousands.
    index('users_by_name').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // Its search finds any part of a name or an e-mail address (server/admin/users/store.ts): trigram
    // indexes (pg_trgm, created by the migration that made them) answer `like '%text%'` without a scan.
    index('users_name_trigrams').using(
      'gin',
      sql`(lower(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`,
    ),
    index('users_email_trigrams').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** Roles belong to a user in a practice. */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  // A practice's people: the admin area counts and lists them per practice.
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_companies_company').on(t.companyId)],
);

/**
 * One-time links of the identity provider: a password reset (forgot password) or an invitation to
 * set a first password. Only a hash of the link's secret is kept.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** RESET | INVITE */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_links_user').on(t.userId)],
);

/** oidc-provider's models (sessions, grants, codes, refresh tokens…) so a restart signs nobody out. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant').on(t.grantId),
    index('oidc_payloads_uid').on(t.uid),
  ],
);

/** Signing keys (private JWKs) and cookie keys of the identity provider. */
export const oidcKeys = pgTable('oidc_keys', {
  id: serial('id').primaryKey(),
  /** signing | cookie */
  kind: text('kind').notNull(),
  material: jsonb('material').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});
