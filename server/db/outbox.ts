/** The sandbox's outbox: every text and e-mail "sent" to a patient is a row here, read at /sandbox/outbox. */
import type { PatientMessage } from '../domain/outbox/patientMessages.js';
import type { Db, Tx } from './client.js';
import { outbox } from './schema/index.js';

export async function sendToOutbox(db: Db | Tx, companyId: number, messages: PatientMessage[], at: Date) {
  if (messages.length === 0) return;
  await db.insert(outbox).values(
    messages.map((m) => ({
      companyId,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      link: m.link,
      createdAt: at,
    })),
  );
}
