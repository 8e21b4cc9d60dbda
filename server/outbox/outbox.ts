/** The Outbox page: what the sandbox "sent", a person's current practice's, or every message for an administrator. */
import type * as contract from '../../embed-sdk/contract/sandbox.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { practicesNamed } from '../practices/store.js';
import { everyPracticeOutbox, practiceOutbox } from './store.js';

export async function outboxMessages(
  ctx: AppContext,
  reader: { isAdmin: boolean; practice: PracticeId },
  limit: number,
): Promise<contract.OutboxMessage[]> {
  const rows = reader.isAdmin
    ? await everyPracticeOutbox(ctx.db, limit)
    : await practiceOutbox(ctx.db, reader.practice, limit);
  const ids = [...new Set(rows.flatMap((m) => (m.companyId === null ? [] : [m.companyId])))];
  const names = new Map((await practicesNamed(ctx.db, ids)).map((c) => [c.id, c.name]));
  return rows.map((m) => ({
    id: m.id,
    companyId: m.companyId,
    practiceName: m.companyId === null ? null : (names.get(m.companyId) ?? null),
    channel: m.channel as contract.OutboxMessage['channel'],
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    link: m.link,
    bcc: m.bcc,
    created: m.createdAt.toISOString(),
  }));
}
