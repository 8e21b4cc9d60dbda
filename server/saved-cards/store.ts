/**
 * Cards on file and the card requests patients answer through a link. A customer has at most one
 * default among their active cards: every write that touches the default first locks the customer's
 * row (patients' `lockCustomer`), so two writes for one customer run one after the other on
 * PostgreSQL too (PGlite runs one transaction at a time anyway). Every function takes the practice
 * and scopes each statement to it (db/scope.ts), but the one that opens a card request by its link's
 * token: the token is the key, and the request found names the practice.
 */
import { desc, eq, gt, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { TokenizedCard } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import { cardEntries, cardRequests, savedCards } from '../db/schema/saved-cards.js';
import { inPractice, type PracticeId } from '../db/scope.js';
import { lockCustomer } from '../patients/store.js';
import { providerCardColumns } from './providerCard.js';

export type SavedCardRecord = typeof savedCards.$inferSelect;
export type CardRequestRecord = typeof cardRequests.$inferSelect;
export type CardEntryRecord = typeof cardEntries.$inferSelect;

const activeOf = (practice: PracticeId, customerId: number, ...conditions: (SQL | undefined)[]) =>
  inPractice(
    savedCards,
    practice,
    eq(savedCards.customerId, customerId),
    eq(savedCards.isActive, true),
    ...conditions,
  );

/** The customer's active cards: the default first, then the newest. */
export async function activeCards(
  db: Db | Tx,
  practice: PracticeId,
  customerId: number,
): Promise<SavedCardRecord[]> {
  return db
    .select()
    .from(savedCards)
    .where(activeOf(practice, customerId))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.createdAt), desc(savedCards.id));
}

/** One card of the practice (active or removed); null for another practice's. */
export async function findCard(
  db: Db | Tx,
  practice: PracticeId,
  cardId: number,
  opts: { lock?: boolean } = {},
): Promise<SavedCardRecord | null> {
  const query = db
    .select()
    .from(savedCards)
    .where(inPractice(savedCards, practice, eq(savedCards.id, cardId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

async function clearDefault(tx: Tx, practice: PracticeId, customerId: number, except?: number) {
  await tx
    .update(savedCards)
    .set({ isDefault: false })
    .where(
      activeOf(
        practice,
        customerId,
        eq(savedCards.isDefault, true),
        except === undefined ? undefined : ne(savedCards.id, except),
      ),
    );
}

/**
 * Keeps a tokenized card on file. A default card makes the others non-default; the customer's first
 * active card is the default whatever was asked, so someone with cards always has one.
 */
export async function storeCard(
  tx: Tx,
  practice: PracticeId,
  input: { customerId: number; card: TokenizedCard; isDefault: boolean; at: Date },
): Promise<SavedCardRecord> {
  const { customerId, card } = input;
  await lockCustomer(tx, practice, customerId);
  const [existing] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(activeOf(practice, customerId))
    .limit(1);
  const isDefault = input.isDefault || !existing;
  if (isDefault) await clearDefault(tx, practice, customerId);
  const [row] = await tx
    .insert(savedCards)
    .values({
      companyId: practice,
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
export async function setDefaultCard(tx: Tx, practice: PracticeId, customerId: number, cardId: number) {
  await lockCustomer(tx, practice, customerId);
  await clearDefault(tx, practice, customerId, cardId);
  await tx
    .update(savedCards)
    .set({ isDefault: true })
    .where(inPractice(savedCards, practice, eq(savedCards.id, cardId)));
}

/** Removes a card; a removed default passes to the newest remaining card. */
export async function removeCard(tx: Tx, practice: PracticeId, customerId: number, cardId: number) {
  await lockCustomer(tx, practice, customerId);
  const [removed] = await tx
    .update(savedCards)
    .set({ isActive: false, isDefault: false })
    .where(inPractice(savedCards, practice, eq(savedCards.id, cardId)))
    .returning({ id: savedCards.id });
  if (!removed) return;
  const [hasDefault] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(activeOf(practice, customerId, eq(savedCards.isDefault, true)))
    .limit(1);
  if (hasDefault) return;
  const [newest] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(activeOf(practice, customerId))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id))
    .limit(1);
  if (newest) {
    await tx
      .update(savedCards)
      .set({ isDefault: true })
      .where(inPractice(savedCards, practice, eq(savedCards.id, newest.id)));
  }
}

// ── Card requests ────────────────────────────────────────────────────────────────────────────

export type NewCardRequest = Omit<typeof cardRequests.$inferInsert, 'id' | 'companyId'>;

export async function createCardRequest(
  tx: Db | Tx,
  practice: PracticeId,
  values: NewCardRequest,
): Promise<number> {
  const [request] = await tx
    .insert(cardRequests)
    .values({ ...values, companyId: practice })
    .returning({ id: cardRequests.id });
  return request!.id;
}

/** The card request a link opens, in whichever practice: its token is the key. */
export async function cardRequestByLinkToken(db: Db | Tx, token: string): Promise<CardRequestRecord | null> {
  const [found] = await db.select().from(cardRequests).where(eq(cardRequests.linkToken, token));
  return found ?? null;
}

export async function findCardRequest(db: Db | Tx, practice: PracticeId, id: number) {
  const [found] = await db
    .select()
    .from(cardRequests)
    .where(inPractice(cardRequests, practice, eq(cardRequests.id, id)));
  return found ?? null;
}

/**
 * Takes the link for the card being stored, while it is open and created after `freshSince`; false
 * when it was used meanwhile or expired.
 */
export async function claimCardRequest(
  tx: Tx,
  practice: PracticeId,
  id: number,
  claim: { at: Date; freshSince: Date },
): Promise<boolean> {
  const [claimed] = await tx
    .update(cardRequests)
    .set({ completed: claim.at })
    .where(
      inPractice(
        cardRequests,
        practice,
        eq(cardRequests.id, id),
        isNull(cardRequests.completed),
        gt(cardRequests.created, claim.freshSince),
      ),
    )
    .returning({ id: cardRequests.id });
  return claimed !== undefined;
}

/** The card the patient stored through the request. */
export async function setCardRequestCard(tx: Tx, practice: PracticeId, id: number, savedCardId: number) {
  await tx
    .update(cardRequests)
    .set({ savedCardId })
    .where(inPractice(cardRequests, practice, eq(cardRequests.id, id)));
}

// ── Card entries (cardEntries.ts) ────────────────────────────────────────────────────────────

/** The practice's card entry for a nonce (by its hash) while it lives; null when none or expired. */
export async function findCardEntry(
  db: Db | Tx,
  practice: PracticeId,
  nonceHash: string,
  now: Date,
): Promise<CardEntryRecord | null> {
  const [row] = await db
    .select()
    .from(cardEntries)
    .where(
      inPractice(cardEntries, practice, eq(cardEntries.nonceHash, nonceHash), gt(cardEntries.expiresAt, now)),
    );
  return row ?? null;
}

/** The practice's card entry with this id while it lives. */
export async function liveCardEntry(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  now: Date,
): Promise<CardEntryRecord | null> {
  const [row] = await db
    .select()
    .from(cardEntries)
    .where(inPractice(cardEntries, practice, eq(cardEntries.id, id), gt(cardEntries.expiresAt, now)));
  return row ?? null;
}

/**
 * Keeps the card a nonce stood for; null when another call kept it first. The practice's expired
 * entries go first, so that one cannot stand in the way of its nonce's hash.
 */
export async function keepCardEntry(
  db: Db | Tx,
  practice: PracticeId,
  values: Omit<typeof cardEntries.$inferInsert, 'id' | 'companyId' | 'redeemedBy' | 'redeemedAt'>,
  now: Date,
): Promise<CardEntryRecord | null> {
  await db.delete(cardEntries).where(inPractice(cardEntries, practice, lte(cardEntries.expiresAt, now)));
  const [row] = await db
    .insert(cardEntries)
    .values({ ...values, companyId: practice })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Marks a live card entry used by the action with this key, in one statement: of several actions
 * at once, one gets it. The same key gets it again (a replay of that action); null for any other,
 * and once the entry expired.
 */
export async function redeemCardEntry(
  db: Db | Tx,
  practice: PracticeId,
  id: number,
  by: string,
  now: Date,
): Promise<CardEntryRecord | null> {
  const [row] = await db
    .update(cardEntries)
    .set({ redeemedBy: by, redeemedAt: now })
    .where(
      inPractice(
        cardEntries,
        practice,
        eq(cardEntries.id, id),
        gt(cardEntries.expiresAt, now),
        or(isNull(cardEntries.redeemedBy), eq(cardEntries.redeemedBy, by)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Deletes every practice's card entries past their 15 minutes. Only the background job calls it,
 * with no caller: it reads no practice's records, it only forgets cards nobody may use any more.
 */
export async function deleteExpiredCardEntries(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(cardEntries)
    .where(lte(cardEntries.expiresAt, now))
    .returning({ id: cardEntries.id });
  return deleted.length;
}
