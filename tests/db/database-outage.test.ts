/**
 * The database goes away under load (issue 22): PostgreSQL stops for 10 s while staff read plans and
 * take desk payments (each with its Idempotency-Key), then starts again. Every request answers within
 * 5 s, either 2xx or 503 with the envelope; the same instance serves again once PostgreSQL is back,
 * with no restart; every payment it acknowledged is there with its ledger row, none is half-written,
 * and a payment that answered 503, retried with its key, resolves to exactly one payment.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { openDatabase } from '../../server/db/client.js';
import {
  idempotencyKeys,
  paymentLedger,
  providerCharges,
  savedCards,
  transactions,
} from '../../server/db/schema/index.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { SERVICE_BRIEFLY_UNAVAILABLE } from '../../server/db/unavailable.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { chargeSeam } from '../../server/payment-plans/charges.js';
import { CARDS, hubListener, newCustomer } from '../support/payments.js';
import { newPlan, storedCard } from '../support/plans.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { startTestServer, type TestServer } from '../support/server.js';

const OUTAGE_MS = 10_000;
const ANSWER_WITHIN_MS = 5_000;
const WRITERS = 4;
const READERS = 4;
const PAYMENT = 100; // $1.00 cash, against plans of $5,000

let postgres: TestPostgres | undefined;
let server: TestServer | undefined;
let frontdesk: string;

beforeAll(async () => {
  postgres = await startPostgres();
  const database = await openDatabase({ databaseUrl: postgres.url, dataDir: '/nonexistent' });
  try {
    await seedDatabase(database.db, { scale: 0.1 });
  } finally {
    await database.close();
  }
  // The practice system's connector polls every second: it must ride out the outage too.
  server = await startTestServer({ DATABASE_URL: postgres.url, PRACTICE_SYSTEM_CONNECTOR: 'on' });
  frontdesk = await server.tokenFor('frontdesk');
}, 600_000);

afterAll(async () => {
  await server?.close();
  await postgres?.stop();
});

interface Answer {
  kind: 'read' | 'write';
  key?: string;
  planId: number;
  status: number;
  ms: number;
  body: { isSuccess: boolean; errors: string[]; value: unknown } | null;
  /** Set when no answer came in time (aborted) or the connection failed. */
  failure?: string;
}

async function timedCall(
  kind: Answer['kind'],
  planId: number,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${frontdesk}` };
  if (method === 'POST') headers['content-type'] = 'application/json';
  if (opts.key) headers['idempotency-key'] = opts.key;
  const t0 = performance.now();
  try {
    const res = await fetch(`${server!.url}${path}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(opts.body) : undefined,
      // Past the limit by a margin: a hung request is recorded as such rather than hanging the test.
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS + 3_000),
    });
    const text = await res.text();
    return {
      kind,
      key: opts.key,
      planId,
      status: res.status,
      ms: performance.now() - t0,
      body: JSON.parse(text) as Answer['body'],
    };
  } catch (error) {
    return {
      kind,
      key: opts.key,
      planId,
      status: 0,
      ms: performance.now() - t0,
      body: null,
      failure: String(error),
    };
  }
}

const pay = (planId: number, key: string) =>
  timedCall('write', planId, 'POST', '/api/PaymentPlan/processBalance', {
    key,
    body: { paymentPlanId: planId, paymentType: 'CASH', amount: PAYMENT },
  });

const readPlan = (planId: number) =>
  timedCall('read', planId, 'GET', `/api/paymentPlan/?paymentPlanId=${planId}`);

const acknowledged = (a: Answer) => a.status === 200 && a.body?.isSuccess === true;

describe('PostgreSQL stops for 10 s under load, then starts again', () => {
  it('answers 2xx or 503 within 5 s, recovers by itself, and loses or doubles no payment', async () => {
    const plans: PaymentPlan[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const customer = await newCustomer(server!, frontdesk);
      plans.push(
        await newPlan(server!, frontdesk, {
          customerId: customer.id,
          total: 500_000,
          cycleCount: 10,
          firstBillingDate: addDays(server!.ctx.clock.today(), 30),
          isCash: true,
        }),
      );
    }

    // A realtime client connected before the outage stays connected through it.
    const hub = await hubListener(server!, frontdesk, ['TransactionProcessed']);
    const answers: Answer[] = [];
    let running = true;
    const loop = async (work: () => Promise<Answer>) => {
      while (running) {
        answers.push(await work());
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const load = [
      ...plans.map((plan) => loop(() => pay(plan.id, randomUUID()))),
      ...Array.from({ length: READERS }, (_, i) => loop(() => readPlan(plans[i % plans.length]!.id))),
    ];

    await new Promise((r) => setTimeout(r, 1_000));
    const before = answers.length;
    await postgres!.halt();
    const haltedAt = performance.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const during = answers.length - before;
    await postgres!.resume();
    const resumedAt = performance.now();

    // The same instance serves again by itself: a read and a payment succeed.
    let recoveredMs = -1;
    while (performance.now() - resumedAt < 15_000) {
      const [read, write] = await Promise.all([readPlan(plans[0]!.id), pay(plans[0]!.id, randomUUID())]);
      answers.push(read, write);
      if (read.status === 200 && acknowledged(write)) {
        recoveredMs = performance.now() - resumedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const paidAfter = answers.at(-1)!.body!.value as { outcome: { referenceId: string } };
    await hub.waitFor(
      'TransactionProcessed',
      (e: { referenceId: string }) => e.referenceId === paidAfter.outcome.referenceId,
    );
    await hub.stop();
    // And keeps serving under the same load for a moment.
    await new Promise((r) => setTimeout(r, 1_000));
    running = false;
    await Promise.all(load);

    const unavailable = answers.filter((a) => a.status === 503);
    console.info(
      `${answers.length} requests (${during} while PostgreSQL was stopped for ${Math.round(
        resumedAt - haltedAt,
      )} ms): ${answers.filter((a) => a.status === 200).length} answered 200, ${unavailable.length} 503; ` +
        `slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms; serving again ${Math.round(recoveredMs)} ms after the restart`,
    );
    expect(recoveredMs, 'the instance serves again without a restart').toBeGreaterThanOrEqual(0);
    expect(during, 'requests were answered while the database was away').toBeGreaterThan(20);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.failure, JSON.stringify(answer)).toBeUndefined();
      expect(answer.ms, `${answer.kind} answered in ${Math.round(answer.ms)} ms`).toBeLessThan(
        ANSWER_WITHIN_MS,
      );
      if (answer.status === 503) {
        expect(answer.body).toEqual({
          isSuccess: false,
          value: null,
          errors: [SERVICE_BRIEFLY_UNAVAILABLE],
          showMessage: true,
        });
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body?.isSuccess, JSON.stringify(answer.body)).toBe(true);
      }
    }

    // A payment that answered 503, retried with its key, resolves to one payment; the acknowledged
    // ones answer what they answered.
    const writes = answers.filter((a) => a.kind === 'write');
    const tRetry = performance.now();
    // Retried as a person would, one at a time at each plan's desk.
    const retried = (
      await Promise.all(
        plans.map(async (plan) => {
          const out: Answer[] = [];
          for (const a of writes.filter((w) => w.status === 503 && w.planId === plan.id)) {
            out.push(await pay(a.planId, a.key!));
          }
          return out;
        }),
      )
    ).flat();
    console.info(`retried ${retried.length} in ${Math.round(performance.now() - tRetry)} ms`);
    for (const retry of retried) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body?.isSuccess, JSON.stringify(retry.body)).toBe(true);
    }
    const replayed = await Promise.all(
      writes
        .filter(acknowledged)
        .slice(0, 10)
        .map((a) => pay(a.planId, a.key!)),
    );
    for (const replay of replayed) {
      const first = writes.find((w) => w.key === replay.key)!;
      expect(replay.body).toEqual(first.body);
    }

    // Every key that was answered 200 (at first or on its retry) is one payment, with its ledger row,
    // and there is no other payment.
    const keys = new Set([...writes.filter(acknowledged), ...retried].map((a) => a.key!));
    const refs = new Set(
      [...writes.filter(acknowledged), ...retried].map(
        (a) => (a.body!.value as { outcome: { referenceId: string } }).outcome.referenceId,
      ),
    );
    expect(refs.size, 'one payment per key').toBe(keys.size);
    const db = server!.ctx.db;
    const planIds = plans.map((p) => p.id);
    const saved = await db
      .select({ id: transactions.id, referenceId: transactions.referenceId })
      .from(transactions)
      .where(inArray(transactions.paymentPlanId, planIds));
    expect(new Set(saved.map((t) => t.referenceId))).toEqual(refs);
    expect(saved).toHaveLength(keys.size);
    const ledger = await db
      .select({ transactionId: paymentLedger.transactionId })
      .from(paymentLedger)
      .where(and(inArray(paymentLedger.paymentPlanId, planIds), eq(paymentLedger.kind, 'PAYMENT')));
    expect(ledger.map((l) => l.transactionId).sort()).toEqual(saved.map((t) => t.id).sort());
    // The plans' balances moved by exactly what was paid.
    for (const plan of plans) {
      const [paid] = await db
        .select({ n: count() })
        .from(transactions)
        .where(eq(transactions.paymentPlanId, plan.id));
      const now = await readPlan(plan.id);
      expect((now.body!.value as PaymentPlan).balanceDue).toBe(plan.balanceDue - paid!.n * PAYMENT);
    }
    // No key is left in flight.
    const stuck = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(
        and(
          inArray(idempotencyKeys.key, [...new Set(writes.map((w) => w.key!))]),
          isNull(idempotencyKeys.status),
        ),
      );
    expect(stuck).toEqual([]);
  }, 120_000);

  it('a card payment charged just before the database stopped answers 503, and its retry records it once', async () => {
    const customer = await newCustomer(server!, frontdesk);
    const card = await storedCard(server!, frontdesk, customer.id, CARDS.visa);
    const plan = await newPlan(server!, frontdesk, {
      customerId: customer.id,
      total: 60_000,
      cycleCount: 3,
      firstBillingDate: addDays(server!.ctx.clock.today(), 10),
      customerSavedCardId: card.id,
    });
    const key = randomUUID();
    const body = {
      paymentPlanId: plan.id,
      paymentType: 'CARDONFILE',
      customerSavedCardId: card.id,
      amount: 5_000,
    };
    // The provider has charged the card; Chairside has not recorded it yet when PostgreSQL stops.
    let release!: () => void;
    let reached!: () => void;
    const hit = new Promise<void>((r) => (reached = r));
    chargeSeam.afterCharge = () => {
      chargeSeam.afterCharge = null;
      reached();
      return new Promise<void>((r) => (release = r));
    };
    const first = timedCall('write', plan.id, 'POST', '/api/PaymentPlan/processBalance', { key, body });
    await hit;
    await postgres!.halt();
    release();
    const answer = await first;
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    await postgres!.resume();

    // Retried with its key once the database is back: the charge the provider made is recorded, once.
    const retry = await timedCall('write', plan.id, 'POST', '/api/PaymentPlan/processBalance', { key, body });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const outcome = (retry.body!.value as { outcome: { isApproved: boolean; referenceId: string } }).outcome;
    expect(outcome.isApproved).toBe(true);
    const db = server!.ctx.db;
    const [saved] = await db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const sales = await db
      .select()
      .from(providerCharges)
      .where(and(eq(providerCharges.token, saved!.providerToken), eq(providerCharges.kind, 'SALE')));
    const recorded = await db.select().from(transactions).where(eq(transactions.paymentPlanId, plan.id));
    expect(sales).toHaveLength(1);
    expect(recorded.map((t) => t.referenceId)).toEqual([outcome.referenceId]);
    const ledger = await db
      .select()
      .from(paymentLedger)
      .where(and(eq(paymentLedger.paymentPlanId, plan.id), eq(paymentLedger.kind, 'PAYMENT')));
    expect(ledger.map((l) => l.transactionId)).toEqual([recorded[0]!.id]);
  }, 60_000);
});
