/**
 * Texts and e-mails the sandbox "sent". Owned by server/outbox/.
 */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { companies } from './practices.js';

/** Texts and e-mails the sandbox "sent": readable at /sandbox/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    /** SMS | EMAIL */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created').on(t.createdAt)],
);
