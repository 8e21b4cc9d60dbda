/**
 * The payment ledger (db/schema/transactions.ts's `paymentLedger`): the payment history of payment
 * plans and of memberships, one module for both. A card charge's item is written with its
 * transaction by the charge recorder (cardCharge.ts); the desk's cash and check payments, the
 * adjustments and the missed cycles are written by the plan or membership they belong to, through
 * `addLedgerItem`. Every function is scoped to the caller's practice (db/scope.ts).
 */
import { asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { paymentLedger } from '../db/schema/transactions.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import { refundTotalsOf, transactionsByIds, type RefundTotal, type TransactionRecord } from './store.js';

export type LedgerRecord = typeof paymentLedger.$inferSelect;
export type NewLedgerItem = Omit<typeof paymentLedger.$inferInsert, 'id' | 'companyId'>;

/** The items of a cycle's card charges: each has its transaction (a missed cycle's has none). */
const cardChargesOf = (detailId: number) => [
  eq(paymentLedger.paymentPlanDetailId, detailId),
  isNotNull(paymentLedger.transactionId),
];

/** The payments a card charged for one cycle (a row of a plan's schedule), declined tries too. */
export async function chargesOfCycle(db: Db | Tx, practice: PracticeId, detailId: number) {
  const items = await db
    .select({ transactionId: paymentLedger.transactionId })
    .from(paymentLedger)
    .where(inPractice(paymentLedger, practice, ...cardChargesOf(detailId)));
  return items.map((i) => i.transactionId!);
}

/** An item on a plan's or a membership's ledger (`paymentPlanId` or `customerMembershipBillingId`). */
export async function addLedgerItem(tx: Tx, practice: PracticeId, values: NewLedgerItem) {
  await tx.insert(paymentLedger).values({ ...values, companyId: practice });
}

/** The ledger item of a plan of the practice; null otherwise. */
export async function findLedgerItem(db: Db | Tx, practice: PracticeId, ledgerId: number) {
  const [row] = await db
    .select()
    .from(paymentLedger)
    .where(
      inPractice(
        paymentLedger,
        practice,
        eq(paymentLedger.id, ledgerId),
        isNotNull(paymentLedger.paymentPlanId),
      ),
    );
  return row ?? null;
}

/** The ledger item a payment of the practice was recorded with. */
export async function ledgerItemOfTransaction(db: Db | Tx, practice: PracticeId, transactionId: number) {
  const [row] = await db
    .select()
    .from(paymentLedger)
    .where(inPractice(paymentLedger, practice, eq(paymentLedger.transactionId, transactionId)));
  return row ?? null;
}

/** The declined items of a row leave the ledger. */
export async function removeDeclinedItems(tx: Tx, practice: PracticeId, detailId: number, at: Date) {
  await tx
    .update(paymentLedger)
    .set({ removed: at })
    .where(
      inPractice(
        paymentLedger,
        practice,
        eq(paymentLedger.paymentPlanDetailId, detailId),
        eq(paymentLedger.status, 'DECLINED'),
      ),
    );
}

/** How many card attempts a row has had: the next one's idempotency key counts on from there. */
export async function attemptsOf(db: Db | Tx, practice: PracticeId, detailId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentLedger)
    .where(inPractice(paymentLedger, practice, ...cardChargesOf(detailId)));
  return row?.n ?? 0;
}

export interface LedgerEntry {
  item: LedgerRecord;
  transaction: TransactionRecord | null;
  /** What the refunds and the void of the item's payment add up to. */
  refunded: RefundTotal | null;
}

/**
 * A payment history, oldest first, each item with its payment and what was refunded or voided of it:
 * a plan's, or a membership's (the ledger is shared; each owns its rows).
 */
export async function ledgerOf(
  db: Db | Tx,
  practice: PracticeId,
  owner: { paymentPlanId: number } | { customerMembershipBillingId: number },
): Promise<LedgerEntry[]> {
  const ownedBy =
    'paymentPlanId' in owner
      ? eq(paymentLedger.paymentPlanId, owner.paymentPlanId)
      : eq(paymentLedger.customerMembershipBillingId, owner.customerMembershipBillingId);
  const items = await db
    .select()
    .from(paymentLedger)
    .where(inPractice(paymentLedger, practice, ownedBy))
    .orderBy(asc(paymentLedger.dateTime), asc(paymentLedger.id));
  const ids = items.flatMap((i) => (i.transactionId === null ? [] : [i.transactionId]));
  const [payments, refunded] = await Promise.all([
    transactionsByIds(db, practice, ids),
    refundTotalsOf(db, practice, ids),
  ]);
  return items.map((item) => {
    const transaction = item.transactionId === null ? null : (payments.get(item.transactionId) ?? null);
    return {
      item,
      transaction,
      refunded: transaction ? (refunded.get(transaction.id) ?? null) : null,
    };
  });
}
