/**
 * Bulk payment requests (issue 36, Settings › Bulk payment requests): who a send reaches, sending
 * each patient a request through the single request's path, idempotency by the send's key, the
 * repeat rule for a new key, exactly one request per item when two instances work one run, a run
 * whose server stopped taken over, failures recorded with their reasons, the audit entry, and access
 * (MANAGESETTINGS, the caller's practice only).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_CHANNEL_REASON,
  REPEAT_REASON,
  type BulkPreview,
  type BulkRun,
} from '../../embed-sdk/contract/bulkRequests.js';
import {
  auditLog,
  bulkRequestItems,
  bulkRequestRuns,
  customers,
  paymentRequests,
} from '../../server/db/schema/index.js';
import { asPracticeId } from '../../server/db/scope.js';
import { startBulkSend } from '../../server/payment-requests/bulkRequests.js';
import { findRun } from '../../server/payment-requests/bulkStore.js';
import { sendPendingItems, workRun } from '../../server/payment-requests/bulkWorker.js';
import { asAdminAt, BRIGHT_SMILES, idempotencyKey, newCustomer, outbox } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;
const practice = asPracticeId(BRIGHT_SMILES.id);

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

type Patient = Awaited<ReturnType<typeof newCustomer>>;

/** New patients: `reachable` with a mobile and an e-mail, then one with neither, then one whose only mobile is invalid. */
async function newPatients(reachable: number) {
  const ok: Patient[] = [];
  for (let i = 0; i < reachable; i++) ok.push(await newCustomer(server, admin));
  const unreachable = await newCustomer(server, admin, { email: '', cell: '' });
  const badNumber = await newCustomer(server, admin, { email: '', cell: '' });
  // A number the practice system holds that is not a phone number (typed there, not through our form).
  await server.ctx.db.update(customers).set({ cell: '555-01' }).where(eq(customers.id, badNumber.id));
  return { ok, unreachable, badNumber };
}

const listOf = (patients: Patient[], dollars = '125.00') =>
  patients.map((p) => `${p.key}, ${dollars}`).join('\n');

const preview = (body: unknown, token = admin) =>
  server.call<BulkPreview>('POST', '/api/settings/bulkRequests/preview', { token, body });
const send = (body: unknown, key = idempotencyKey(), token = admin) =>
  server.call<BulkRun>('POST', '/api/settings/bulkRequests/send', { token, body, headers: key });
const readRun = (id: string, token = admin) =>
  server.call<BulkRun>('GET', `/api/settings/bulkRequests/run?id=${id}`, { token });

async function finished(id: string): Promise<BulkRun> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await readRun(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.value!.finished) return res.body.value!;
    if (Date.now() > deadline) throw new Error(`run ${id} did not finish: ${JSON.stringify(res.body.value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The payment requests each of these customers has, by customer id. */
async function requestsPerCustomer(customerIds: number[]) {
  const rows = await server.ctx.db
    .select({ customerId: paymentRequests.customerId, n: sql<number>`count(*)::int` })
    .from(paymentRequests)
    .where(
      and(eq(paymentRequests.companyId, BRIGHT_SMILES.id), inArray(paymentRequests.customerId, customerIds)),
    )
    .groupBy(paymentRequests.customerId);
  return Object.fromEntries(rows.map((r) => [r.customerId, r.n]));
}

describe('who a send reaches', () => {
  it('everyone with a balance in the practice system, each asked for their balance', async () => {
    const res = await preview({ source: 'BALANCES' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const value = res.body.value!;
    expect(value.count).toBeGreaterThan(0);
    expect(value.count).toBe(value.patients.length);
    expect(value.total).toBe(value.patients.reduce((sum, p) => sum + p.amount, 0));
    expect(value.patients.every((p) => p.amount > 0 && p.name !== '')).toBe(true);
    expect(value.problems).toEqual([]);
  });

  it('a pasted list: its patients by name, and an unknown patient number named by its line', async () => {
    const [a, b] = [await newCustomer(server, admin), await newCustomer(server, admin)];
    const res = await preview({
      source: 'LIST',
      list: `PatNum, Amount\n${a.key}, 125.00\n999999, 10\n${b.key}\t$80`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toEqual({
      patients: [
        { patNum: a.key, name: `${a.firstName} ${a.lastName}`, amount: 12_500 },
        { patNum: b.key, name: `${b.firstName} ${b.lastName}`, amount: 8_000 },
      ],
      count: 2,
      total: 20_500,
      problems: [{ line: 3, reason: 'No patient 999999 in the practice system.' }],
    });
  });

  it('a line that cannot be read is refused (400, naming the list and the line), and nothing is sent', async () => {
    const runsBefore = await server.ctx.db.$count(bulkRequestRuns);
    const [a] = [await newCustomer(server, admin)];
    for (const res of [
      await preview({ source: 'LIST', list: `${a.key}, 10\n${a.key} ten dollars` }),
      await send({ source: 'LIST', list: `${a.key}, 10\n${a.key} ten dollars` }),
    ]) {
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('body.list');
      expect(JSON.stringify(res.body)).toContain('Line 2: ');
    }
    const unknown = await send({ source: 'LIST', list: `${a.key}, 10\n999999, 5` });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Line 2: No patient 999999 in the practice system.');
    expect(await server.ctx.db.$count(bulkRequestRuns)).toBe(runsBefore);
  });
});

describe('a send', () => {
  it('sends each reachable patient one request, as a single request would, and records why the others failed', async () => {
    const { ok, unreachable, badNumber } = await newPatients(4);
    const list = listOf([...ok, unreachable, badNumber]);
    const started = await send({ source: 'LIST', list, message: 'Your statement for March.' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.value).toMatchObject({ count: 6, total: 75_000, finished: null });

    const run = await finished(started.body.value!.id);
    expect(run).toMatchObject({ count: 6, sent: 4, failed: 2, skipped: 0, pending: 0, total: 75_000 });
    expect(run.notSent).toEqual([
      {
        patNum: unreachable.key,
        name: `${unreachable.firstName} ${unreachable.lastName}`,
        amount: 12_500,
        status: 'FAILED',
        reason: NO_CHANNEL_REASON,
      },
      expect.objectContaining({
        patNum: badNumber.key,
        status: 'FAILED',
        reason: 'The mobile phone is not a valid phone number.',
      }),
    ]);
    expect(await requestsPerCustomer(ok.map((p) => p.id))).toEqual(
      Object.fromEntries(ok.map((p) => [p.id, 1])),
    );

    // Through the request's own path: the same message and link as a single request, in the outbox.
    const [request] = await server.ctx.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.customerId, ok[0]!.id));
    expect(request).toMatchObject({
      amount: 12_500,
      message: 'Your statement for March.',
      toPhone: ok[0]!.cell,
    });
    const messages = (await outbox(server)).filter(
      (m) => m.recipient === ok[0]!.email || m.recipient === ok[0]!.cell,
    );
    expect(messages.map((m) => m.channel).sort()).toEqual(['EMAIL', 'SMS']);
    expect(messages.every((m) => m.link?.endsWith(request!.linkToken) && m.body.includes('$125.00'))).toBe(
      true,
    );
  });

  it('is audited as settings.bulkRequests, in the send’s transaction', async () => {
    const [a] = [await newCustomer(server, admin)];
    const started = await send({ source: 'LIST', list: `${a.key}, 42.00` });
    const entries = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.bulkRequests'), eq(auditLog.companyId, BRIGHT_SMILES.id)));
    const entry = entries.find((e) => (e.after as { runId?: string }).runId === started.body.value!.id);
    expect(entry).toMatchObject({
      actorEmail: 'admin@chairside.test',
      targetType: 'settings',
      targetId: 'bulkRequests',
      after: { source: 'LIST', patients: 1, total: 4_200, message: '' },
    });
    await finished(started.body.value!.id);
  });
});

describe('sending twice', () => {
  it('with the same key makes one run and one request per patient, even when both calls race', async () => {
    const { ok } = await newPatients(3);
    const key = idempotencyKey();
    const body = { source: 'LIST', list: listOf(ok) };
    const [first, second] = await Promise.all([send(body, key), send(body, key)]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.value!.id).toBe(first.body.value!.id);
    await finished(first.body.value!.id);
    const third = await send(body, key);
    expect(third.body.value!.id).toBe(first.body.value!.id);
    const runs = await server.ctx.db
      .select()
      .from(bulkRequestRuns)
      .where(eq(bulkRequestRuns.idempotencyKey, key['idempotency-key']));
    expect(runs).toHaveLength(1);
    expect(await requestsPerCustomer(ok.map((p) => p.id))).toEqual(
      Object.fromEntries(ok.map((p) => [p.id, 1])),
    );
  });

  it('with a new key skips the patients whose same request from a recent bulk send is still open', async () => {
    const { ok } = await newPatients(3);
    const first = await finished((await send({ source: 'LIST', list: listOf(ok) })).body.value!.id);
    expect(first.sent).toBe(3);
    // Another amount is a new request; the same amount is skipped.
    const again = await send({ source: 'LIST', list: `${listOf(ok.slice(0, 2))}\n${ok[2]!.key}, 99.00` });
    const run = await finished(again.body.value!.id);
    expect(run).toMatchObject({ sent: 1, skipped: 2, failed: 0 });
    expect(run.notSent.map((o) => [o.patNum, o.status, o.reason])).toEqual([
      [ok[0]!.key, 'SKIPPED', REPEAT_REASON],
      [ok[1]!.key, 'SKIPPED', REPEAT_REASON],
    ]);
    expect(await requestsPerCustomer(ok.map((p) => p.id))).toEqual({
      [ok[0]!.id]: 1,
      [ok[1]!.id]: 1,
      [ok[2]!.id]: 2,
    });
  });
});

describe('several instances', () => {
  /** A run written as the send writes it, without this instance working it. */
  async function unstartedRun(patients: Patient[]) {
    const run = await startBulkSend(
      server.ctx,
      practice,
      { userId: null, actor: { userId: 0, email: 'test@chairside.test' } },
      {
        source: 'LIST',
        list: listOf(patients),
        message: '',
        idempotencyKey: idempotencyKey()['idempotency-key'],
      },
    );
    return (await findRun(server.ctx.db, practice, run.id))!;
  }

  it('two instances working one run at once send each item once', async () => {
    const { ok } = await newPatients(8);
    const run = await unstartedRun(ok);
    // Both believe they hold the run (the first's lease lapsed while it went on).
    const instanceA = { ...server.ctx };
    const instanceB = { ...server.ctx };
    const held = new Date();
    await Promise.all([
      sendPendingItems(instanceA, practice, run, { held }),
      sendPendingItems(instanceB, practice, run, { held }),
    ]);
    expect(await requestsPerCustomer(ok.map((p) => p.id))).toEqual(
      Object.fromEntries(ok.map((p) => [p.id, 1])),
    );
    const items = await server.ctx.db
      .select()
      .from(bulkRequestItems)
      .where(eq(bulkRequestItems.runId, run.id));
    expect(items.map((i) => i.status)).toEqual(Array(8).fill('SENT'));
    expect(new Set(items.map((i) => i.paymentRequestId)).size).toBe(8);
  });

  it('an instance leaves a run another holds, and takes over one whose claim lapsed (its server stopped)', async () => {
    const { ok } = await newPatients(3);
    const run = await unstartedRun(ok);
    // Another instance holds it: reading it here sends nothing.
    await server.ctx.db
      .update(bulkRequestRuns)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(bulkRequestRuns.id, run.id));
    await workRun(server.ctx, practice, run.id);
    expect((await readRun(run.id)).body.value).toMatchObject({ pending: 3, sent: 0, finished: null });
    // Its server stopped: the claim lapses, and the next read takes the run up.
    await server.ctx.db
      .update(bulkRequestRuns)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(bulkRequestRuns.id, run.id));
    expect(await finished(run.id)).toMatchObject({ sent: 3, pending: 0 });
    expect(await requestsPerCustomer(ok.map((p) => p.id))).toEqual(
      Object.fromEntries(ok.map((p) => [p.id, 1])),
    );
  });
});

describe('access', () => {
  it('another practice’s run answers 404', async () => {
    const [a] = [await newCustomer(server, admin)];
    const started = await send({ source: 'LIST', list: `${a.key}, 5.00` });
    await finished(started.body.value!.id);
    await asAdminAt(server, 2, async (atCedar) => {
      const res = await readRun(started.body.value!.id, atCedar);
      expect(res.status).toBe(404);
    });
  });

  it('a role without MANAGESETTINGS gets 403 on each call', async () => {
    const [a] = [await newCustomer(server, admin)];
    const body = { source: 'LIST', list: `${a.key}, 5.00` };
    expect((await preview(body, frontdesk)).status).toBe(403);
    expect((await send(body, idempotencyKey(), frontdesk)).status).toBe(403);
    expect((await readRun('00000000-0000-4000-8000-000000000000', frontdesk)).status).toBe(403);
    expect((await server.call('GET', '/api/settings/bulkRequests/latest', { token: frontdesk })).status).toBe(
      403,
    );
    expect(await requestsPerCustomer([a.id])).toEqual({});
  });
});
