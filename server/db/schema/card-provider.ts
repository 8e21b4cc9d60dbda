/**
 * The card-entry test provider's own records (it plays an outside service).
 */
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

/** Cards the test provider has vaulted: never a full number, only what its answers need. */
export const providerCards = pgTable('provider_cards', {
  token: text('token').primaryKey(),
  businessId: text('business_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** CREDIT | DEBIT */
  funding: text('funding').notNull(),
  /** What a charge against this card does: APPROVE | DECLINE */
  behaviour: text('behaviour').notNull(),
  createdAt: createdAt(),
});

/** Charges, refunds and voids the test provider processed. */
export const providerCharges = pgTable('provider_charges', {
  referenceId: text('reference_id').primaryKey(),
  businessId: text('business_id').notNull(),
  token: text('token').notNull(),
  /** SALE | REFUND | VOID */
  kind: text('kind').notNull(),
  amount: integer('amount').notNull(),
  approved: boolean('approved').notNull(),
  parentReferenceId: text('parent_reference_id'),
  createdAt: ts('created_at').notNull(),
});

/**
 * Nonces the provider's frame obtained and tokenize has not redeemed yet: in the database, so that a
 * card entered through one instance's frame can be tokenized through another's. Kept by a hash (a
 * nonce is a bearer credential for its card) with only what the vault keeps, for 15 minutes.
 */
export const providerNonces = pgTable(
  'provider_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    businessId: text('business_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    funding: text('funding').notNull(),
    behaviour: text('behaviour').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('provider_nonces_expires_at').on(t.expiresAt)],
);

/**
 * The domains a processor account registered for wallet payments (Apple Pay shows its button only on
 * a registered domain), with the outcome of the last verification.
 */
export const providerWalletDomains = pgTable(
  'provider_wallet_domains',
  {
    businessId: text('business_id').notNull(),
    domain: text('domain').notNull(),
    /** VERIFIED | FAILED */
    status: text('status').notNull(),
    reason: text('reason'),
    registeredAt: ts('registered_at').notNull(),
    checkedAt: ts('checked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.domain] })],
);
