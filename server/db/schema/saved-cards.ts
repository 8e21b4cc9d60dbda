/**
 * Cards on file and the card requests a patient answers through a link. Owned by server/saved-cards/.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './identity.js';
import { customers } from './patients.js';
import { companies } from './practices.js';

export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The card provider's token; the sandbox never holds a card number. */
    providerToken: text('provider_token').notNull(),
    /** VISA | AMERICAN_EXPRESS | DINERS_CLUB | JCB | MASTERCARD | DISCOVER */
    cardType: text('card_type').notNull(),
    /** The masked number as the provider returned it. */
    description: text('description').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** CREDIT | DEBIT: surcharges apply to credit cards only. */
    funding: text('funding').notNull().default('CREDIT'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_customer').on(t.customerId, t.isActive),
    // A customer has one default card at most: a removed card is never the default (store.ts).
    uniqueIndex('saved_cards_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault} = true`),
  ],
);

/**
 * A card someone entered in a card-entry frame (staff frame, virtual terminal, payment page,
 * enrolment page, card request), by its nonce's hash, for the action it was entered for (`use`).
 * The nonce is good once at the provider, so the first call that meets it (a quote, or the action
 * itself) exchanges it for the provider's token and keeps the card here; the action redeems it once
 * (`redeemedBy`: the action's Idempotency-Key, so that a replay of that action finds it again).
 * A row lives as long as the nonce would, 15 minutes, and is then deleted (cardEntries.ts).
 */
export const cardEntries = pgTable(
  'card_entries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** sha256 of the nonce (hex): the nonce itself is never kept. */
    nonceHash: text('nonce_hash').notNull(),
    /** What the card was entered for: `virtual-terminal`, `payment-request:{id}`, `enrollment:{id}`… */
    use: text('use').notNull(),
    providerToken: text('provider_token').notNull(),
    cardType: text('card_type').notNull(),
    description: text('description').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** CREDIT | DEBIT */
    funding: text('funding').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** The key of the action that used the card entry; null until then. */
    redeemedBy: text('redeemed_by'),
    redeemedAt: ts('redeemed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_entries_company_nonce').on(t.companyId, t.nonceHash),
    index('card_entries_expires_at').on(t.expiresAt),
  ],
);

/** A request sent to a patient to store a card on file themselves, through a link (`/card/{token}`). */
export const cardRequests = pgTable(
  'card_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The secret in the link; the link stores one card, then says it was used. */
    linkToken: text('link_token').notNull().unique(),
    eMail: text('e_mail').notNull().default(''),
    toPhone: text('to_phone').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    created: createdAt(),
    /** When the patient stored a card through the link. */
    completed: ts('completed'),
    savedCardId: integer('saved_card_id').references(() => savedCards.id),
  },
  (t) => [index('card_requests_customer').on(t.customerId)],
);
