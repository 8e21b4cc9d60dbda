/**
 * Platform plumbing: idempotency keys, attempt counters, the sandbox's own state.
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

/** A money-moving request's first result, replayed for a repeated idempotency key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    response: jsonb('response').$type<unknown>(),
    status: integer('status'),
    /**
     * The boot id of the server process running the request (server/instances.ts), while it runs: a
     * request that finds its owner dead takes the key over instead of waiting for an answer that
     * will never come. Null on rows written before owners were recorded.
     */
    owner: text('owner'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.route, t.key] })],
);

/**
 * Counters of failed attempts (wrong passwords, unknown public-link tokens), kept here rather than in
 * memory so that every server instance shares them. `key` names what is counted and for whom
 * (`signin:account:{email}`, `signin:address:{ip}`, `link:address:{ip}`).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull(),
  /** Attempts are refused until then. */
  blockedUntil: ts('blocked_until'),
});

/**
 * The server processes sharing a PostgreSQL database, each refreshing `lastSeen` while it runs
 * (server/instances.ts): one not seen within the lease is dead, and what it left in flight can be
 * taken over.
 */
export const serverInstances = pgTable('server_instances', {
  bootId: text('boot_id').primaryKey(),
  createdAt: createdAt(),
  lastSeen: ts('last_seen').notNull().defaultNow(),
});

/** Small key/value state of the sandbox itself, such as the clock offset. */
export const sandboxState = pgTable('sandbox_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

/**
 * A bus message too large for a PostgreSQL notification (server/db/notify.ts): the notification
 * carries its id, and the other instances read it here. Kept a few minutes.
 */
export const busMessages = pgTable(
  'bus_messages',
  {
    id: serial('id').primaryKey(),
    message: jsonb('message').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bus_messages_created_at_idx').on(t.createdAt)],
);

/**
 * The realtime hub's connection tokens (server/hub/negotiations.ts), between negotiate and the
 * WebSocket upgrade, which a load balancer may send to another instance. Only the token's hash is
 * kept: the token itself travels in a URL, where it may be logged.
 */
export const hubNegotiations = pgTable(
  'hub_negotiations',
  {
    tokenHash: text('token_hash').primaryKey(),
    connectionId: text('connection_id').notNull(),
    subject: text('subject').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('hub_negotiations_expires_at_idx').on(t.expiresAt)],
);
