/**
 * Automatic reminders on two server instances sharing one PostgreSQL (issue 36): both run the
 * reminders' job at the same moment, without the job's lock (as an instance that lost it would), and
 * each due step of each request is still sent once: its reminder row and its messages, claimed by
 * the step's unique row in the request's locked transaction. Then both run every job together, as
 * their timers do, for the next step.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox, paymentRequestReminders } from '../../server/db/schema/index.js';
import { runDueJobs } from '../../server/jobs/index.js';
import { scheduledRemindersJob } from '../../server/payment-requests/scheduledReminders.js';
import { createRequest, newCustomer } from '../support/payments.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { startTestServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;

let postgres: TestPostgres | undefined;
const servers: TestServer[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const env = { DATABASE_URL: postgres.url };
  // The first one migrates and seeds the database; the second finds it ready.
  servers.push(await startTestServer(env));
  servers.push(await startTestServer(env));
}, 600_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  await postgres?.stop();
});

/** One run of the reminders' job on the instance, at the shared clock's time, without the job's lock. */
async function runUnlocked(server: TestServer) {
  await server.ctx.clock.refresh();
  await scheduledRemindersJob.run({ ...server.ctx, clock: server.ctx.clock.pinned() });
}

it('sends each due step of each request once when both instances run the job at once', async () => {
  const [a, b] = servers as [TestServer, TestServer];
  const admin = await a.tokenFor('admin');
  const saved = await a.call('POST', '/api/settings/reminders', {
    token: admin,
    body: { days: [2, 5], quietHours: null },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  const requests = [];
  for (let i = 0; i < 6; i += 1) {
    const customer = await newCustomer(a, admin);
    requests.push((await createRequest(a, admin, customer, 5_000 + i)).request);
  }
  const ids = requests.map((r) => r.id);
  // Each instance writes links on its own address (no shared PUBLIC_URL here): a link is its token.
  const tokens = new Set(requests.map((r) => r.link!.split('/p/')[1]!));
  const rows = () =>
    a.ctx.db
      .select()
      .from(paymentRequestReminders)
      .where(inArray(paymentRequestReminders.paymentRequestId, ids));
  const messages = async () =>
    (await a.ctx.db.select({ link: outbox.link }).from(outbox)).filter((m) =>
      tokens.has(m.link?.split('/p/')[1] ?? ''),
    ).length;
  expect(await messages()).toBe(12);

  await a.ctx.clock.advance(2 * DAY + 60_000);
  await Promise.all([runUnlocked(a), runUnlocked(b), runUnlocked(a), runUnlocked(b)]);
  const afterStep2 = await rows();
  expect(afterStep2.map((r) => r.scheduleDay)).toEqual(ids.map(() => 2));
  expect(new Set(afterStep2.map((r) => r.paymentRequestId))).toEqual(new Set(ids));
  expect(await messages()).toBe(24);

  // Three days later, moved through the other instance: both run every job together.
  await b.ctx.clock.advance(3 * DAY);
  await Promise.all([runDueJobs(a.ctx), runDueJobs(b.ctx), runUnlocked(a), runUnlocked(b)]);
  const afterStep5 = await rows();
  expect(afterStep5.map((r) => r.scheduleDay).sort()).toEqual([...ids.map(() => 2), ...ids.map(() => 5)]);
  expect(await messages()).toBe(36);
});
