/**
 * The server's structured log (pino), every instance's, so that the admin area's Log Files screen
 * reads what any instance wrote from any instance. Written in batches by server/logs/sink.ts, secrets
 * scrubbed on the way in (server/logs/scrub.ts); rows past their retention are deleted by a job
 * (server/logs/retention.ts). Nothing updates a row.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

export const serverLogs = pgTable(
  'server_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the line was logged (the instance's wall clock, not the sandbox clock). */
    time: ts('time').notNull(),
    /** pino's number: 10 trace, 20 debug, 30 info, 40 warn, 50 error, 60 fatal. */
    level: smallint('level').notNull(),
    /** The boot id of the instance that wrote it (server/instances.ts). */
    instance: text('instance').notNull(),
    message: text('message').notNull(),
    /** The practice the line names (its `companyId`), when it names one. */
    companyId: integer('company_id'),
    /** Fastify's request id, on a line logged while serving a request. */
    requestId: text('request_id'),
    /** The line's other fields. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('server_logs_time').on(t.time, t.id),
    index('server_logs_company').on(t.companyId, t.time),
    index('server_logs_request').on(t.requestId),
    // The screen's text search (server/logs/store.ts) is `like '%text%'` on exactly this expression.
    index('server_logs_text').using(
      'gin',
      sql`(lower(${t.message} || ' ' || ${t.fields}::text)) gin_trgm_ops`,
    ),
  ],
);
