/**
 * Issue 22's scenario for real: the server runs as its own process, a plan payment is under way
 * (stopped at a seam: claimed, or charged at the provider and not recorded), the process is killed
 * with SIGKILL and started again on the same data folder, and the payment is sent again with the same
 * Idempotency-Key. It answers at once with the payment: one transaction, one sale at the provider.
 * The same points in process, with a live owner too: tests/api/interrupted-requests.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChildServer } from '../support/childServer.js';
import { openDatabase } from '../../server/db/client.js';
import {
  idempotencyKeys,
  paymentPlans,
  providerCharges,
  transactions,
} from '../../server/db/schema/index.js';
import { addDays, localDate } from '../../server/domain/calendarDates.js';
import { childApi, childServers, planWithCard } from '../support/childPlans.js';
import { idempotencyKey } from '../support/payments.js';

const SEAM = path.resolve(import.meta.dirname, '../support/stop-charge.ts');
const AMOUNT = 1_000;

const { dataDir: newDataDir, start } = childServers();

async function processBalance(server: ChildServer, key: Record<string, string>, body: unknown) {
  const call = await childApi(server);
  return call<{ outcome: { isApproved: boolean; referenceId: string; orderAmount: number } }>(
    'POST',
    '/api/PaymentPlan/processBalance',
    body,
    key,
  );
}

describe('a plan payment under way when the server is killed', () => {
  it.each(['afterClaim', 'afterCharge'] as const)(
    'killed %s: after a restart the same key answers with the payment, charged once',
    async (seam) => {
      const dataDir = newDataDir();
      const stoppedFile = path.join(path.dirname(dataDir), 'stopped');
      const first = await start(
        dataDir,
        { CHAIRSIDE_TEST_STOP_AT: seam, CHAIRSIDE_TEST_STOPPED_FILE: stoppedFile },
        [SEAM],
      );
      const plan = await planWithCard(first, { firstBillingDate: addDays(localDate(new Date()), 10) });
      const key = idempotencyKey();
      const body = {
        paymentPlanId: plan.id,
        paymentType: 'CARDONFILE',
        customerSavedCardId: plan.cardId,
        amount: AMOUNT,
      };

      // The answer never comes: the process dies under it.
      const inFlight = processBalance(first, key, body).catch(() => null);
      while (!fs.existsSync(stoppedFile)) await new Promise((r) => setTimeout(r, 20));
      await first.kill();
      expect(await inFlight).toBeNull();

      const second = await start(dataDir);
      const t0 = performance.now();
      const retry = await processBalance(second, key, body);
      const retryMs = performance.now() - t0;
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body.value!.outcome).toMatchObject({ isApproved: true, orderAmount: AMOUNT });
      // No 15 s wait (sign-in included).
      expect(retryMs).toBeLessThan(5_000);
      const again = await processBalance(second, key, body);
      expect(again.body).toEqual(retry.body);
      await second.stop();

      const database = await openDatabase({ dataDir });
      try {
        const { referenceId } = retry.body.value!.outcome;
        const recorded = await database.db
          .select()
          .from(transactions)
          .where(eq(transactions.chargeKey, `plan-balance:${plan.id}:${key['idempotency-key']}`));
        expect(recorded.map((t) => t.referenceId)).toEqual([referenceId]);
        const sales = await database.db
          .select()
          .from(providerCharges)
          .where(and(eq(providerCharges.referenceId, referenceId), eq(providerCharges.kind, 'SALE')));
        expect(sales).toHaveLength(1);
        const [row] = await database.db
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key['idempotency-key']));
        expect(row).toMatchObject({ status: 200, owner: null });
        const [after] = await database.db.select().from(paymentPlans).where(eq(paymentPlans.id, plan.id));
        expect(after!.pendingCharge).toBeNull();
      } finally {
        await database.close();
      }
    },
    60_000,
  );
});
