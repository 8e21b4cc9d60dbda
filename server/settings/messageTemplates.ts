/**
 * The practice's own wording of its patient messages (message_templates; contract/messageTemplates.ts):
 * read by every capability that sends a patient a message of a kind a practice may word, each time
 * it sends (a few rows by the practice's key), so a saved template applies at once, on every
 * instance; saved and restored from Settings › Patient messages, each change audited in its own
 * transaction. A kind is stored as one row per channel (SMS, EMAIL), written and removed together.
 */
import { eq } from 'drizzle-orm';
import type {
  MessageTemplateInput,
  PatientMessageTemplate,
} from '../../embed-sdk/contract/messageTemplates.js';
import {
  DEFAULT_TEMPLATES,
  MESSAGE_KINDS,
  MESSAGE_KIND_RULES,
  type MessageKind,
  type MessageTemplate,
} from '../../embed-sdk/rules/messageTemplates.js';
import { recordChange, type AuditActor } from '../admin/audit.js';
import type { Db, Tx } from '../db/client.js';
import { messageTemplates } from '../db/schema/settings.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import type { PracticeTemplates } from '../domain/outbox/patientMessages.js';

type Row = typeof messageTemplates.$inferSelect;

/** A kind's rows as its template; null unless every channel the kind is sent by has its row. */
function templateOf(kind: MessageKind, rows: Row[]): (MessageTemplate & { updated: Date }) | null {
  const email = rows.find((r) => r.channel === 'EMAIL');
  const sms = rows.find((r) => r.channel === 'SMS');
  if (!email || (MESSAGE_KIND_RULES[kind].texted && !sms)) return null;
  return {
    text: MESSAGE_KIND_RULES[kind].texted ? sms!.body : null,
    emailSubject: email.subject,
    emailBody: email.body,
    updated: email.updatedAt,
  };
}

async function savedTemplates(db: Db | Tx, practice: PracticeId) {
  const rows = await db.select().from(messageTemplates).where(inPractice(messageTemplates, practice));
  const byKind = new Map<MessageKind, MessageTemplate & { updated: Date }>();
  for (const kind of MESSAGE_KINDS) {
    const template = templateOf(
      kind,
      rows.filter((r) => r.kind === kind),
    );
    if (template) byKind.set(kind, template);
  }
  return byKind;
}

/** The templates the practice saved, for the messages it sends now. */
export async function practiceTemplatesOf(db: Db | Tx, practice: PracticeId): Promise<PracticeTemplates> {
  const saved = await savedTemplates(db, practice);
  return Object.fromEntries(
    [...saved].map(([kind, t]) => [
      kind,
      { text: t.text, emailSubject: t.emailSubject, emailBody: t.emailBody },
    ]),
  );
}

function view(
  kind: MessageKind,
  saved: (MessageTemplate & { updated: Date }) | undefined,
): PatientMessageTemplate {
  const t = saved ?? DEFAULT_TEMPLATES[kind];
  return {
    kind,
    text: t.text,
    emailSubject: t.emailSubject,
    emailBody: t.emailBody,
    isDefault: saved === undefined,
    updated: saved ? saved.updated.toISOString() : null,
  };
}

/** Every kind's wording as Settings shows it, in the order of the kinds. */
export async function messageTemplatesOf(
  db: Db | Tx,
  practice: PracticeId,
): Promise<PatientMessageTemplate[]> {
  const saved = await savedTemplates(db, practice);
  return MESSAGE_KINDS.map((kind) => view(kind, saved.get(kind)));
}

/** What the audit log says of a kind's wording: its fields, named by kind. */
function audited(t: PatientMessageTemplate): Record<string, unknown> {
  return {
    [`${t.kind}.default`]: t.isDefault,
    ...(t.text === null ? {} : { [`${t.kind}.text`]: t.text }),
    [`${t.kind}.emailSubject`]: t.emailSubject,
    [`${t.kind}.emailBody`]: t.emailBody,
  };
}

/** Changes a kind's wording in one transaction with its audit entry; `next` null restores the default. */
async function change(
  db: Db,
  actor: AuditActor,
  practice: PracticeId,
  kind: MessageKind,
  next: MessageTemplate | null,
  now: Date,
): Promise<PatientMessageTemplate> {
  return db.transaction(async (tx) => {
    const before = view(kind, (await savedTemplates(tx, practice)).get(kind));
    const ofKind = inPractice(messageTemplates, practice, eq(messageTemplates.kind, kind));
    await tx.delete(messageTemplates).where(ofKind);
    if (next) {
      await tx.insert(messageTemplates).values([
        ...(next.text === null
          ? []
          : [{ companyId: practice, kind, channel: 'SMS', subject: '', body: next.text, updatedAt: now }]),
        {
          companyId: practice,
          kind,
          channel: 'EMAIL',
          subject: next.emailSubject,
          body: next.emailBody,
          updatedAt: now,
        },
      ]);
    }
    const after = view(kind, (await savedTemplates(tx, practice)).get(kind));
    await recordChange(
      tx,
      actor,
      {
        action: 'settings.patientMessages',
        companyId: practice,
        targetType: 'settings',
        targetId: 'patientMessages',
      },
      { before: audited(before), after: audited(after) },
      now,
    );
    return after;
  });
}

/** Saves the practice's wording of one kind (the contract has checked it against the rules). */
export function saveMessageTemplate(
  db: Db,
  actor: AuditActor,
  practice: PracticeId,
  input: MessageTemplateInput,
  now: Date,
) {
  const { kind, ...template } = input;
  return change(db, actor, practice, kind, template, now);
}

/** Restore Default: the kind is sent in the product's wording again. */
export function restoreMessageTemplate(
  db: Db,
  actor: AuditActor,
  practice: PracticeId,
  kind: MessageKind,
  now: Date,
) {
  return change(db, actor, practice, kind, null, now);
}
