/**
 * Memberships in the database. Part 2 builds the capability; today other capabilities need only
 * these: a membership's status (the transactions list) and whether one bills a card (removing a
 * card). Every function is scoped to the caller's practice (db/scope.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { customerMembershipBillings } from '../db/schema/memberships.js';
import { inPractice, type PracticeId } from '../db/scope.js';

/** The status of each of these memberships (customer membership billings), by id. */
export async function membershipStatuses(
  db: Db | Tx,
  practice: PracticeId,
  membershipIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(membershipIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customerMembershipBillings.id, status: customerMembershipBillings.status })
    .from(customerMembershipBillings)
    .where(inPractice(customerMembershipBillings, practice, inArray(customerMembershipBillings.id, ids)));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Whether an active membership of the practice is billed to this card. */
export async function hasActiveMembershipWithCard(db: Db | Tx, practice: PracticeId, cardId: number) {
  const [membership] = await db
    .select({ id: customerMembershipBillings.id })
    .from(customerMembershipBillings)
    .where(
      inPractice(
        customerMembershipBillings,
        practice,
        eq(customerMembershipBillings.customerSavedCardId, cardId),
        eq(customerMembershipBillings.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return membership !== undefined;
}
