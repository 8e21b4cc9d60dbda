/**
 * A card entered in a card-entry frame, from its nonce to the one action that uses it. Every entry
 * point goes through here: the staff's frame (a card on file), the virtual terminal, the public
 * payment page, the enrolment page and the card request.
 *
 * A nonce is good once at the provider, for 15 minutes. The first call that meets it (a quote, to
 * disclose the surcharge of the card's funding, or the action itself when there was no quote)
 * exchanges it for the provider's token and keeps the card as a card entry (`cardEntry`). The action
 * then redeems the entry (`redeemCardEntry`) in one statement, in its own database transaction where
 * it has one (a card stored, an enrolment completed) and before the provider is asked where it
 * charges (the charge itself is made outside any transaction): of two actions with one nonce, one
 * gets it, and the other is refused, charging and storing nothing. The key that redeemed it is kept,
 * so that a replay of the same action (the same Idempotency-Key) finds its card again.
 *
 * An entry lives as long as its nonce would have, 15 minutes from the first call that met it, and
 * is then deleted (`cardEntriesJob`, and each practice's expired ones whenever it keeps a new one).
 * Nothing else of a nonce is kept: the nonce's hash, never the nonce.
 */
import { createHash, randomUUID } from 'node:crypto';
import { asBusinessError, CARD_ENTRY_EXPIRED } from '../cardProviderFailure.js';
import type { AppContext, TokenizedCard } from '../context.js';
import type { Db, Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { BusinessError, ConflictError } from '../errors.js';
import { providerCardColumns } from './providerCard.js';
import {
  deleteExpiredCardEntries,
  findCardEntry,
  keepCardEntry,
  liveCardEntry,
  redeemCardEntry as redeemOnce,
  type CardEntryRecord,
} from './store.js';

/** How long the card-entry provider's nonce is good for (its documentation: 15 minutes, once). */
export const CARD_ENTRY_TTL_MS = 15 * 60_000;

export const CARD_ENTRY_REFUSALS = {
  used: 'This card entry was already used. Enter the card again.',
  elsewhere: 'This card was entered for another payment or patient. Enter the card again.',
} as const;

/** A used card entry is a conflict with what was done with it: 409, naming the field. */
const refused = (message: string) => new ConflictError(`body.nonce: ${message}`);

/**
 * What a card entry is for: the virtual terminal, a carrier's virtual card, a payment request's page, an enrolment link, a
 * card request's link, or a patient's cards on file (the staff's frame). A nonce met for one use is
 * no good for another.
 */
export type CardEntryUse =
  | 'virtual-terminal'
  | 'insurance-reimbursement'
  | `payment-request:${string}`
  | `enrollment:${number}`
  | `card-request:${number}`
  | `cards-on-file:${number}`;

export interface CardEntry extends TokenizedCard {
  id: number;
  practice: PracticeId;
}

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

function toEntry(practice: PracticeId, row: CardEntryRecord): CardEntry {
  return {
    id: row.id,
    practice,
    token: row.providerToken,
    cardType: row.cardType as TokenizedCard['cardType'],
    description: row.description,
    expMonth: row.expMonth,
    expYear: row.expYear,
    funding: row.funding as TokenizedCard['funding'],
  };
}

/**
 * The card behind a nonce, for one use: the entry a call kept when it met the nonce before, or the
 * provider's card for it now, kept. Not redeemed: a quote shows it, the action redeems it. A quote
 * refuses an entry already used; an action leaves that to its redemption, after its own checks (a
 * request paid meanwhile, an enrolment completed, say so first).
 */
export async function cardEntry(
  ctx: AppContext,
  practice: PracticeId,
  input: { nonce: string; use: CardEntryUse; businessId: string; quote?: boolean },
): Promise<CardEntry> {
  const nonceHash = hashOf(input.nonce);
  const row =
    (await findCardEntry(ctx.db, practice, nonceHash, ctx.clock.now())) ??
    (await exchange(ctx, practice, input, nonceHash));
  if (row.use !== input.use) throw refused(CARD_ENTRY_REFUSALS.elsewhere);
  if (input.quote && row.redeemedBy !== null) throw refused(CARD_ENTRY_REFUSALS.used);
  return toEntry(practice, row);
}

/** Exchanges the nonce for the provider's token and keeps the card, for 15 minutes. */
async function exchange(
  ctx: AppContext,
  practice: PracticeId,
  input: { nonce: string; use: CardEntryUse; businessId: string },
  nonceHash: string,
): Promise<CardEntryRecord> {
  let card: TokenizedCard;
  try {
    card = await ctx.cards.tokenize({ businessId: input.businessId, nonce: input.nonce });
  } catch (error) {
    // Two calls met the nonce at once: the other one exchanged it, and kept the card.
    const meanwhile = await findCardEntry(ctx.db, practice, nonceHash, ctx.clock.now());
    if (meanwhile) return meanwhile;
    return asBusinessError(error, ctx.log);
  }
  const now = ctx.clock.now();
  const kept = await keepCardEntry(
    ctx.db,
    practice,
    {
      nonceHash,
      use: input.use,
      ...providerCardColumns(card),
      expiresAt: new Date(now.getTime() + CARD_ENTRY_TTL_MS),
      createdAt: now,
    },
    now,
  );
  // The provider exchanges a nonce once, so no other call kept this one; if one did, it is that card.
  const row = kept ?? (await findCardEntry(ctx.db, practice, nonceHash, now));
  if (!row) throw new BusinessError(CARD_ENTRY_EXPIRED);
  return row;
}

/**
 * Uses the card entry for the action with this key, once: in the action's transaction when it has
 * one (a refusal then undoes it all). Another action's key is refused with a 409 naming the nonce;
 * an entry that expired meanwhile answers as an expired nonce does. Actions that have no key (a card
 * stored by staff or through a link) pass none: nothing may use the entry again.
 */
export async function redeemCardEntry(
  db: Db | Tx,
  entry: CardEntry,
  at: Date,
  by: string = randomUUID(),
): Promise<void> {
  if (await redeemOnce(db, entry.practice, entry.id, by, at)) return;
  // Another action used it (it lives still), or it expired meanwhile.
  if (await liveCardEntry(db, entry.practice, entry.id, at)) throw refused(CARD_ENTRY_REFUSALS.used);
  throw new BusinessError(CARD_ENTRY_EXPIRED);
}

/** Forgets every card entry past its 15 minutes, whichever practice's. */
export const cardEntriesJob = {
  name: 'card entries past their 15 minutes',
  run: async (ctx: AppContext) => {
    const deleted = await deleteExpiredCardEntries(ctx.db, ctx.clock.now());
    if (deleted > 0) ctx.log.debug({ deleted }, 'card entries past their 15 minutes deleted');
  },
};
