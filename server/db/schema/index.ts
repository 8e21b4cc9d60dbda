/**
 * The sandbox's one schema, for PGlite and PostgreSQL alike, one file per capability: each table
 * belongs to the capability whose file holds it, and only that capability's store queries it (lint
 * checks the imports). Money is integer cents everywhere. drizzle-kit reads this folder; this index
 * gathers the tables for the database client and the seed.
 */
export * from './practices.js';
export * from './identity.js';
export * from './patients.js';
export * from './practice-system.js';
export * from './saved-cards.js';
export * from './payment-requests.js';
export * from './outbox.js';
export * from './payment-plans.js';
export * from './memberships.js';
export * from './reimbursements.js';
export * from './transactions.js';
export * from './notifications.js';
export * from './settings.js';
export * from './platform.js';
export * from './card-provider.js';
export * from './admin.js';
export * from './logs.js';
