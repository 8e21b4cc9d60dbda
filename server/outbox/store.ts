/**
 * The sandbox's outbox: every text and e-mail "sent" to a patient (or to a person, by the identity
 * provider) is a row here, read on the portal's Outbox page. And the patients' links that staff
 * replaced with newer ones, so that an old link says so.
 */
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { queuePausedSql } from '../jobs/pause.js';
import type { Db, Tx } from '../db/client.js';
import { outbox, replacedLinks } from '../db/schema/outbox.js';
import { companies } from '../db/schema/practices.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import type { PatientMessage } from '../domain/outbox/patientMessages.js';

export type OutboxRecord = typeof outbox.$inferSelect;

/**
 * A message goes out at once, unless the admin area's Queues paused the outbox: then it is held
 * (no `sentAt`) until the queue is resumed. Read in the insert's own statement.
 */
function sentUnlessPaused(at: Date) {
  return sql<Date | null>`case when ${queuePausedSql('OUTBOX')} then null else ${at.toISOString()}::timestamptz end`;
}

/** The practice's BCC address (Settings), read in the insert's own statement: an e-mail's blind copy. */
function bccOf(practice: PracticeId) {
  return sql<
    string | null
  >`(select ${companies.bccEmail} from ${companies} where ${companies.id} = ${practice})`;
}

/** Sends the practice's messages to patients; each e-mail is copied to the practice's BCC address. */
export async function sendToOutbox(db: Db | Tx, practice: PracticeId, messages: PatientMessage[], at: Date) {
  if (messages.length === 0) return;
  await db.insert(outbox).values(
    messages.map((m) => ({
      companyId: practice,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      link: m.link,
      bcc: m.channel === 'EMAIL' ? bccOf(practice) : null,
      createdAt: at,
      sentAt: sentUnlessPaused(at),
    })),
  );
}

/** An e-mail to a person from the identity provider (no practice's). */
export async function sendAccountEmail(
  db: Db | Tx,
  mail: { recipient: string; subject: string; body: string; link: string },
  at: Date,
) {
  await db
    .insert(outbox)
    .values({ companyId: null, channel: 'EMAIL', ...mail, createdAt: at, sentAt: sentUnlessPaused(at) });
}

/** The practice's messages, newest first. */
export function practiceOutbox(db: Db | Tx, practice: PracticeId, limit: number): Promise<OutboxRecord[]> {
  return db
    .select()
    .from(outbox)
    .where(inPractice(outbox, practice, isNotNull(outbox.sentAt)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

/** Every message, every practice's and the identity provider's, newest first (the administrator's view). */
export function everyPracticeOutbox(db: Db | Tx, limit: number): Promise<OutboxRecord[]> {
  return db
    .select()
    .from(outbox)
    .where(isNotNull(outbox.sentAt))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

export type ReplacedLinkKind = 'PAYMENT' | 'ENROLLMENT';

/** Keeps a link that a newer one replaces (in the transaction that sends the new one). */
export async function recordReplacedLink(
  tx: Tx,
  practice: PracticeId,
  link: { token: string; kind: ReplacedLinkKind; at: Date },
) {
  await tx
    .insert(replacedLinks)
    .values({ token: link.token, companyId: practice, kind: link.kind, replacedAt: link.at })
    .onConflictDoNothing();
}

/**
 * A replaced link of this kind by its token, with its practice; null for a token never replaced. Found
 * without a caller, by the token: the link names its practice.
 */
export async function replacedLinkByToken(db: Db | Tx, token: string, kind: ReplacedLinkKind) {
  const [row] = await db
    .select()
    .from(replacedLinks)
    .where(and(eq(replacedLinks.token, token), eq(replacedLinks.kind, kind)));
  return row ?? null;
}

// ── The admin area's outbox queue (server/admin/queues.ts) ─────────────────────────────────────

/** Messages held while the outbox is paused: how many, and the oldest's time. */
export async function heldMessageCounts(db: Db | Tx) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${outbox.createdAt})` })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest).toISOString() : null };
}

/** The held messages, oldest first. */
export function heldMessages(db: Db | Tx, opts: { offset: number; limit: number }) {
  return db
    .select()
    .from(outbox)
    .where(isNull(outbox.sentAt))
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** Sends every held message (the outbox was resumed); how many. */
export async function sendHeldMessages(tx: Db | Tx, at: Date): Promise<number> {
  const sent = await tx
    .update(outbox)
    .set({ sentAt: at })
    .where(isNull(outbox.sentAt))
    .returning({ id: outbox.id });
  return sent.length;
}
