/**
 * A request under way when its server stopped (issue 22), played in one test process: the server
 * that ran it is another boot id written on its idempotency key (a dead process's), and the point
 * where it stopped is a test seam that does not return until the test lets it (a killed process never
 * does). Shared by the tests of every resumable route (tests/api/interrupted-requests.test.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  customerMembershipBillings,
  idempotencyKeys,
  paymentPlans,
  requestCharges,
} from '../../server/db/schema/index.js';
import type { TestServer } from './server.js';

export const DEAD_BOOT = 'a-server-that-was-killed';

/** The request's key as a server killed while running it leaves it: no answer, a dead owner. */
export async function leftInFlightByDeadServer(server: TestServer, key: Record<string, string>) {
  const [row] = await server.ctx.db
    .update(idempotencyKeys)
    .set({ status: null, response: null, owner: DEAD_BOOT })
    .where(eq(idempotencyKeys.key, key['idempotency-key']!))
    .returning();
  expect(row, 'the key is recorded').toBeDefined();
}

/**
 * The card charges this server has claimed, as a server killed while they were under way leaves them:
 * owned by a dead process (transactions/claimedCharge.ts), so that its next start, or another
 * instance, takes them over at once.
 */
export async function claimsLeftByDeadServer(server: TestServer) {
  const owner = server.ctx.instance.bootId;
  for (const table of [paymentPlans, customerMembershipBillings, requestCharges]) {
    await server.ctx.db.execute(
      sql`update ${table} set pending_charge = jsonb_set(pending_charge, '{owner}', to_jsonb(${DEAD_BOOT}::text))
          where pending_charge->>'owner' = ${owner}`,
    );
  }
}

type Seams<K extends string> = Record<K, ((...args: never[]) => void | Promise<void>) | null>;

/**
 * Stops the next run that reaches `seams[seam]` there until `release` is called; `hit` resolves when
 * it is reached. The first run only: the retry passes.
 */
export function stopAt<K extends string>(seams: Seams<K>, seam: K) {
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const hit = new Promise<void>((r) => (reached = r));
  seams[seam] = () => {
    seams[seam] = null;
    reached();
    return released;
  };
  return { hit, release };
}
