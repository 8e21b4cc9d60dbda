/**
 * What the charges of a plan or a membership left in the database, read back by the tests that
 * check each cycle was charged once (two instances billing at once, a server killed mid-run): its
 * transactions, the provider's sales on its card, and its ledger rows that name a transaction.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { paymentLedger, providerCharges, savedCards, transactions } from '../../server/db/schema/index.js';

export type ChargeOwner = { paymentPlanId: number } | { customerMembershipBillingId: number };

export async function chargeRecords(db: Db, owner: ChargeOwner, cardId: number) {
  const [ofTransactions, ofLedger] =
    'paymentPlanId' in owner
      ? [
          eq(transactions.paymentPlanId, owner.paymentPlanId),
          eq(paymentLedger.paymentPlanId, owner.paymentPlanId),
        ]
      : [
          eq(transactions.customerMembershipBillingId, owner.customerMembershipBillingId),
          eq(paymentLedger.customerMembershipBillingId, owner.customerMembershipBillingId),
        ];
  const charged = await db.select().from(transactions).where(ofTransactions);
  const [card] = await db
    .select({ token: savedCards.providerToken })
    .from(savedCards)
    .where(eq(savedCards.id, cardId));
  const sales = await db
    .select()
    .from(providerCharges)
    .where(and(eq(providerCharges.token, card!.token), eq(providerCharges.kind, 'SALE')));
  const ledger = await db
    .select()
    .from(paymentLedger)
    .where(and(ofLedger, isNotNull(paymentLedger.transactionId)));
  return { charged, sales, ledger };
}
