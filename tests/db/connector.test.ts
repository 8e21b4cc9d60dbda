/**
 * The practice system's connector on a real PostgreSQL, as two server instances would run it: two
 * workers, each with its own pool, claim the same queue at the same time and post each item once
 * (SKIP LOCKED and the lease), never overtaking an earlier posting of the same transaction.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { paySplits, practicePayments, practicePostings, transactions } from '../../server/db/schema/index.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { startInstance, type ServerInstance } from '../../server/instances.js';
import { runDuePostings } from '../../server/practice-system/connector.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';

const NOW = new Date('2025-03-14T16:30:00Z');
const UNUSED_DATA_DIR = '/nonexistent';
const ITEMS = 60;

let server: TestPostgres | undefined;
const silent = () => undefined;
const instances: { database: Database; instance: ServerInstance }[] = [];

beforeAll(async () => {
  server = await startPostgres();
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ databaseUrl: server.url, dataDir: UNUSED_DATA_DIR });
    // Each with its heartbeat, as a server's: alive to the other, so neither takes the other's claims.
    instances.push({ database, instance: await startInstance(database, { warn: silent }) });
  }
  await seedDatabase(instances[0]!.database.db, { scale: 0.1, now: NOW });
}, 600_000);

afterAll(async () => {
  for (const { database, instance } of instances) {
    await instance.stop();
    await database.close();
  }
  await server?.stop();
});

/** A server instance as the connector sees it, counting what it announces. */
function instance({ database, instance }: (typeof instances)[number], announced: number[]) {
  return {
    db: database.db,
    instance,
    clock: { now: () => NOW, today: () => '2025-03-14', offsetMs: () => 0, advance: async () => undefined },
    log: { error: silent, warn: silent, info: silent, debug: silent },
    realtime: {
      publish: (_companyId: number, _target: string, args: unknown[]) => {
        announced.push((args[0] as { transactionId: number }).transactionId);
        return 0;
      },
    },
  } as unknown as AppContext;
}

describe('the connector on PostgreSQL', () => {
  it('posts each item once when two instances work the queue at the same time', async () => {
    const db = instances[0]!.database.db;
    // Fresh work: payments the practice system does not have yet, each with a refund after it.
    await db.delete(paySplits);
    await db.delete(practicePayments);
    const paid = await db
      .select({
        id: transactions.id,
        companyId: transactions.companyId,
        orderAmount: transactions.orderAmount,
      })
      .from(transactions)
      .where(and(eq(transactions.status, 'APPROVED'), isNotNull(transactions.customerId)))
      .limit(ITEMS);
    expect(paid).toHaveLength(ITEMS);
    const due = new Date(NOW.getTime() - 1_000);
    await db.insert(practicePostings).values(
      paid.flatMap((t) => [
        { companyId: t.companyId, transactionId: t.id, kind: 'PAYMENT', payload: {}, dueAt: due },
        {
          companyId: t.companyId,
          transactionId: t.id,
          kind: 'REFUND',
          payload: { refundReferenceId: `test-refund-${t.id}`, orderAmount: 1, surchargeAmount: 0 },
          dueAt: due,
        },
      ]),
    );

    const announced: number[] = [];
    const [a, b] = await Promise.all([
      runDuePostings(instance(instances[0]!, announced)),
      runDuePostings(instance(instances[1]!, announced)),
    ]);
    console.log(`two instances: A posted ${a.posted}, B posted ${b.posted} of ${ITEMS * 2}`);
    expect(a.failed + b.failed).toBe(0);
    expect(a.posted + b.posted).toBe(ITEMS * 2);
    // One announcement per posting: nothing was posted twice.
    expect(announced).toHaveLength(ITEMS * 2);
    const postings = await db.select().from(practicePostings);
    expect(postings.every((p) => p.state === 'POSTED' && p.attempts === 1)).toBe(true);
    const [payments] = await db.select({ n: sql<number>`count(*)::int` }).from(practicePayments);
    expect(payments!.n).toBe(ITEMS);
    // Each refund found its payment (it never overtook it) and wrote its split once.
    const refundSplits = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paySplits)
      .where(isNotNull(paySplits.refundReferenceId));
    expect(refundSplits[0]!.n).toBe(ITEMS);
  });
});
