/**
 * Texts and e-mails the sandbox "sent", and the patients' links replaced by newer ones. Owned by
 * server/outbox/.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
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
    /** An e-mail's blind copy: the practice's BCC address when it was sent; null for none. */
    bcc: text('bcc'),
    createdAt: createdAt(),
    /**
     * When it went out; null while the outbox queue is paused (server/admin/queues.ts): a held
     * message is not in the outbox yet, and goes when the queue is resumed.
     */
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('outbox_created').on(t.createdAt),
    index('outbox_held')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * A patient's link that staff replaced with a new one (Send New Link): its token no longer opens the
 * request, but its page still says what happened instead of "not found". Kept by kind
 * (PAYMENT | ENROLLMENT), each token once.
 */
export const replacedLinks = pgTable('replaced_links', {
  token: text('token').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  /** PAYMENT | ENROLLMENT */
  kind: text('kind').notNull(),
  replacedAt: ts('replaced_at').notNull(),
});
