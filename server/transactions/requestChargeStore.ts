/**
 * The claims of charges on cards entered for a request (transactions/requestCharges.ts): one row per
 * provider key, holding the charge in flight until its transaction is recorded.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { requestCharges, type PendingRequestCharge } from '../db/schema/transactions.js';
import { inPractice, type PracticeId } from '../db/scope.js';

export type RequestChargeRecord = typeof requestCharges.$inferSelect;

/** The row that holds the claim of the request's charge with this provider key, made if missing. */
export async function openRequestCharge(
  db: Db | Tx,
  practice: PracticeId,
  key: string,
): Promise<RequestChargeRecord> {
  const [inserted] = await db
    .insert(requestCharges)
    .values({ companyId: practice, key })
    .onConflictDoNothing()
    .returning();
  return inserted ?? (await findRequestCharge(db, practice, key))!;
}

export async function findRequestCharge(
  db: Db | Tx,
  practice: PracticeId,
  key: string,
): Promise<RequestChargeRecord | null> {
  const [row] = await db
    .select()
    .from(requestCharges)
    .where(inPractice(requestCharges, practice, eq(requestCharges.key, key)));
  return row ?? null;
}

export async function findRequestChargeById(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<RequestChargeRecord | null> {
  const query = db
    .select()
    .from(requestCharges)
    .where(inPractice(requestCharges, practice, eq(requestCharges.id, id)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setRequestChargePending(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  pendingCharge: PendingRequestCharge | null,
) {
  await db
    .update(requestCharges)
    .set({ pendingCharge })
    .where(inPractice(requestCharges, practice, eq(requestCharges.id, id)));
}

/**
 * Ends the request charge's claim `key` (claimedCharge.ts, step 3) and answers its row, now under
 * its lock; null when the row holds that claim no more.
 */
export async function endRequestChargeClaim(tx: Tx, practice: PracticeId, id: number, key: string) {
  const [row] = await tx
    .update(requestCharges)
    .set({ pendingCharge: null })
    .where(
      inPractice(
        requestCharges,
        practice,
        eq(requestCharges.id, id),
        sql`${requestCharges.pendingCharge}->>'key' = ${key}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Every claim still set, over every practice (the recovery pass: no caller, by design). */
export function requestChargesWithPending(db: Db | Tx): Promise<RequestChargeRecord[]> {
  return db.select().from(requestCharges).where(isNotNull(requestCharges.pendingCharge));
}
