/**
 * Issue 22's kill -9 in the middle of a billing run: a child server bills three card plans when the
 * clock moves, charges the first, and is killed in the second's charge: claimed, or charged at the
 * provider and not recorded (the seams of tests/support/stop-charge.ts). Started again on the same data folder, its start-up run
 * replays the dead process's claim at once (its owner is gone: transactions/claimedCharge.ts) and
 * bills the third: every due cycle is charged once, and the charge committed before the kill is
 * still there, the same one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChildServer } from '../support/childServer.js';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { openDatabase } from '../../server/db/client.js';
import { paymentPlans } from '../../server/db/schema/index.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { chargeRecords } from '../support/chargeRecords.js';
import { childApi, childServers, planWithCard } from '../support/childPlans.js';

const SEAM = path.resolve(import.meta.dirname, '../support/stop-charge.ts');

const { dataDir: newDataDir, start } = childServers();

/** Each plan's first cycle as the plan modal reads it. */
async function firstCycles(server: ChildServer, ids: number[]) {
  const call = await childApi(server);
  const cycles = [];
  for (const id of ids) {
    const { body } = await call<PaymentPlan>('GET', `/api/paymentPlan/?paymentPlanId=${id}`);
    cycles.push(body.value!.paymentPlanDetails[0]!);
  }
  return cycles;
}

describe('a server killed in the middle of a billing run', () => {
  it.each(['afterClaim', 'afterCharge'] as const)(
    'killed %s: charges every due cycle once after its restart, and keeps what it committed',
    async (seam) => {
      const dataDir = newDataDir();
      const stoppedFile = path.join(path.dirname(dataDir), 'stopped');
      const first = await start(
        dataDir,
        {
          CHAIRSIDE_TEST_STOP_AT: seam,
          CHAIRSIDE_TEST_STOP_AFTER: '1',
          CHAIRSIDE_TEST_STOPPED_FILE: stoppedFile,
        },
        [SEAM],
      );
      const clock = await (await fetch(`${first.url}/sandbox/clock`)).json();
      const tomorrow = addDays((clock as { value: { today: string } }).value.today, 1);
      const plans = [];
      for (const name of ['Billed', 'Claimed', 'Waiting']) {
        plans.push(await planWithCard(first, { firstBillingDate: tomorrow, lastName: name }));
      }
      const ids = plans.map((p) => p.id);

      // The clock moves a day: the run charges one plan, claims the next one's charge and dies there.
      const admin = await childApi(first, 'admin@chairside.test');
      const advancing = admin('POST', '/sandbox/clock/advance', { days: 1 }).catch(() => null);
      while (!fs.existsSync(stoppedFile)) await new Promise((r) => setTimeout(r, 20));
      const before = await firstCycles(first, ids);
      const committed = before.filter((c) => c.processedToLedger);
      expect(committed).toHaveLength(1);
      await first.kill();
      expect(await advancing).toBeNull();

      // Started again with its billing timer on: its start-up run takes up what is due.
      const second = await start(dataDir, { BILLING_TIMER: 'on' });
      const until = Date.now() + 15_000;
      let after = await firstCycles(second, ids);
      while (!after.every((c) => c.processedToLedger)) {
        if (Date.now() > until) throw new Error(`Not every due cycle was charged: ${JSON.stringify(after)}`);
        await new Promise((r) => setTimeout(r, 100));
        after = await firstCycles(second, ids);
      }
      expect(after.map((c) => c.disposition)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
      // What was committed before the kill is the same payment.
      expect(after.find((c) => c.id === committed[0]!.id)!.referenceId).toBe(committed[0]!.referenceId);
      await second.stop();

      const database = await openDatabase({ dataDir });
      try {
        const { db } = database;
        for (const plan of plans) {
          const { charged, sales, ledger } = await chargeRecords(db, { paymentPlanId: plan.id }, plan.cardId);
          expect(charged.map((t) => t.status)).toEqual(['APPROVED']);
          expect(sales.map((s) => s.referenceId)).toEqual([charged[0]!.referenceId]);
          expect(ledger.map((l) => l.transactionId)).toEqual([charged[0]!.id]);
          const [row] = await db.select().from(paymentPlans).where(eq(paymentPlans.id, plan.id));
          expect(row!.pendingCharge).toBeNull();
        }
      } finally {
        await database.close();
      }
    },
    90_000,
  );
});
