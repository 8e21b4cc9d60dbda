/**
 * Each practice's bulk send of payment requests from a while ago (Settings › Bulk payment requests
 * shows the latest): three of its requests that patients have paid since, sent together, and one
 * patient it could not reach (no mobile number and no e-mail address). Written after the money rows,
 * whose requests it names; deterministic, as the rest of the seed.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { NO_CHANNEL_REASON } from '../../../embed-sdk/contract/bulkRequests.js';
import type { Db } from '../client.js';
import { bulkRequestItems, bulkRequestRuns, paymentRequests } from '../schema/payment-requests.js';
import { customers, patients } from '../schema/patients.js';
import { PRACTICES } from './practices.js';

const MINUTE = 60_000;

export async function seedBulkRequests(tx: Db, senders: Map<number, number>): Promise<number> {
  let runs = 0;
  for (const companyId of Object.values(PRACTICES)) {
    const sent = await tx
      .select({
        id: paymentRequests.id,
        amount: paymentRequests.amount,
        created: paymentRequests.created,
        customerId: customers.id,
        patNum: customers.patientKey,
        name: customers.firstName,
        lastName: customers.lastName,
      })
      .from(paymentRequests)
      .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
      .where(
        and(
          eq(paymentRequests.companyId, companyId),
          isNotNull(paymentRequests.paid),
          isNotNull(customers.patientKey),
        ),
      )
      .orderBy(asc(paymentRequests.created), asc(paymentRequests.id))
      .limit(3);
    const [unreachable] = await tx
      .select({ patNum: patients.patNum, firstName: patients.firstName, lastName: patients.lastName })
      .from(patients)
      .where(and(eq(patients.companyId, companyId), eq(patients.cell, ''), eq(patients.email, '')))
      .orderBy(asc(patients.patNum))
      .limit(1);
    if (sent.length === 0) continue;
    const created = new Date(sent[0]!.created.getTime() - MINUTE);
    const [run] = await tx
      .insert(bulkRequestRuns)
      .values({
        companyId,
        idempotencyKey: `seed-bulk-send-${companyId}`,
        createdByUserId: senders.get(companyId) ?? null,
        message: '',
        created,
        finished: new Date(created.getTime() + 2 * MINUTE),
      })
      .returning({ id: bulkRequestRuns.id });
    await tx.insert(bulkRequestItems).values([
      ...sent.map((r, i) => ({
        runId: run!.id,
        position: i + 1,
        customerId: r.customerId,
        patNum: String(r.patNum),
        name: `${r.name} ${r.lastName}`,
        amount: r.amount,
        status: 'SENT',
        paymentRequestId: r.id,
      })),
      ...(unreachable
        ? [
            {
              runId: run!.id,
              position: sent.length + 1,
              customerId: null,
              patNum: String(unreachable.patNum),
              name: `${unreachable.firstName} ${unreachable.lastName}`,
              amount: sent[0]!.amount,
              status: 'FAILED',
              reason: NO_CHANNEL_REASON,
            },
          ]
        : []),
    ]);
    runs += 1;
  }
  return runs;
}
