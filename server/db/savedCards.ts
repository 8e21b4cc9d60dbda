/**
 * Cards on file. A customer has at most one default among their active cards: every write that
 * touches the default first locks the customer's row, so two writes for one customer run one after
 * the other on PostgreSQL too (PGlite runs one transaction at a time anyway).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { TokenizedCard } from '../context.js';
import type { Db, Tx } from './client.js';
import { customers, savedCards } from './schema/index.js';

type SavedCardRow = typeof savedCards.$inferSelect;

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.id,
    cardType: row.cardType as SavedCard['cardType'],
    description: row.description,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    funding: row.funding as SavedCard['funding'],
  };
}

const activeOf = (companyId: number, customerId: number) =>
  and(
    eq(savedCards.companyId, companyId),
    eq(savedCards.customerId, customerId),
    eq(savedCards.isActive, true),
  );

/** A tokenized card as the columns that keep it (saved cards and payment-page cards alike). */
export function providerCardColumns(card: TokenizedCard) {
  return {
    providerToken: card.token,
    cardType: card.cardType,
    description: card.description,
    expMonth: card.expMonth,
    expYear: card.expYear,
    funding: card.funding,
  };
}

/** The customer's active cards: the default first, then the newest. */
export async function activeCards(db: Db | Tx, companyId: number, customerId: number): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(activeOf(companyId, customerId))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.createdAt), desc(savedCards.id));
  return rows.map(toSavedCard);
}

/** One card of the practice (active or removed); null for another practice's. */
export async function findCard(
  db: Db | Tx,
  companyId: number,
  cardId: number,
  opts: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.companyId, companyId), eq(savedCards.id, cardId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function lockCustomer(tx: Tx, companyId: number, customerId: number) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)))
    .for('update');
}

async function clearDefault(tx: Tx, companyId: number, customerId: number, except?: number) {
  await tx
    .update(savedCards)
    .set({ isDefault: false })
    .where(
      and(
        activeOf(companyId, customerId),
        eq(savedCards.isDefault, true),
        ...(except === undefined ? [] : [ne(savedCards.id, except)]),
      ),
    );
}

/**
 * Keeps a tokenized card on file. A default card makes the others non-default; the customer's first
 * active card is the default whatever was asked, so someone with cards always has one.
 */
export async function storeCard(
  tx: Tx,
  input: { companyId: number; customerId: number; card: TokenizedCard; isDefault: boolean; at: Date },
): Promise<SavedCardRow> {
  const { companyId, customerId, card } = input;
  await lockCustomer(tx, companyId, customerId);
  const [existing] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(activeOf(companyId, customerId))
    .limit(1);
  const isDefault = input.isDefault || !existing;
  if (isDefault) await clearDefault(tx, companyId, customerId);
  const [row] = await tx
    .insert(savedCards)
    .values({
      companyId,
      customerId,
      ...providerCardColumns(card),
      isDefault,
      isActive: true,
      createdAt: input.at,
    })
    .returning();
  return row!;
}

/** Makes one active card the default (the caller has checked it is the customer's and active). */
export async function setDefaultCard(tx: Tx, companyId: number, customerId: number, cardId: number) {
  await lockCustomer(tx, companyId, customerId);
  await clearDefault(tx, companyId, customerId, cardId);
  await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, cardId));
}

/** Removes a card; a removed default passes to the newest remaining card. */
export async function removeCard(tx: Tx, companyId: number, customerId: number, cardId: number) {
  await lockCustomer(tx, companyId, customerId);
  const [removed] = await tx
    .update(savedCards)
    .set({ isActive: false, isDefault: false })
    .where(eq(savedCards.id, cardId))
    .returning({ id: savedCards.id });
  if (!removed) return;
  const [hasDefault] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(activeOf(companyId, customerId), eq(savedCards.isDefault, true)))
    .limit(1);
  if (hasDefault) return;
  const [newest] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(activeOf(companyId, customerId))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id))
    .limit(1);
  if (newest) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, newest.id));
}
