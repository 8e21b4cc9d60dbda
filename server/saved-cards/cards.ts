/**
 * Cards on file for staff: list, store from a nonce, remove, make default, and the surcharge of
 * paying with one. Card data never passes here: the provider's frame turns it into a nonce on the
 * provider's origin, and the card entry (cardEntries.ts) exchanges the nonce for the provider's token.
 * Provider calls are made outside any database transaction (PGlite is one connection, shared with the
 * test provider).
 */
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { cardSurcharge } from '../../embed-sdk/rules/cardSurcharge.js';
import type { CardFunding } from '../../embed-sdk/rules/surcharge.js';
import { NotFoundError } from '../errors.js';
import { hasActiveMembershipWithCard } from '../memberships/store.js';
import { customerOrNotFound } from '../patients/customers.js';
import { hasActivePlanWithCard } from '../payment-plans/store.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { cardEntry, redeemCardEntry } from './cardEntries.js';
import { activeCards, findCard, removeCard, setDefaultCard, storeCard } from './store.js';
import { toSavedCard } from './view.js';

/** The customer's card with this id, active or not; 404 for another customer's or practice's. */
async function cardOf(ctx: AppContext, practice: PracticeId, customerId: number, cardId: number) {
  const card = await findCard(ctx.db, practice, cardId);
  if (!card || card.customerId !== customerId) throw new NotFoundError('The card');
  return card;
}

async function cardsOf(ctx: AppContext, practice: PracticeId, customerId: number): Promise<SavedCard[]> {
  return (await activeCards(ctx.db, practice, customerId)).map(toSavedCard);
}

/** The customer's active cards (404 for another practice's customer). */
export async function customerCards(ctx: AppContext, practice: PracticeId, customerId: number) {
  await customerOrNotFound(ctx, practice, customerId);
  return cardsOf(ctx, practice, customerId);
}

/** Stores the card behind a nonce for the customer. */
export async function storeCardFromNonce(
  ctx: AppContext,
  practice: PracticeId,
  input: { customerId: number; nonce: string; isDefault: boolean },
): Promise<SavedCard> {
  await customerOrNotFound(ctx, practice, input.customerId);
  const company = await practiceOrNotFound(ctx, practice);
  const card = await cardEntry(ctx, practice, {
    nonce: input.nonce,
    use: `cards-on-file:${input.customerId}`,
    businessId: company.businessId,
  });
  const row = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The card entry stores one card: of two submissions of one nonce, the second stores nothing.
    await redeemCardEntry(tx, card, now);
    return storeCard(tx, practice, {
      customerId: input.customerId,
      card,
      isDefault: input.isDefault,
      at: now,
    });
  });
  return toSavedCard(row);
}

/** Removes a card, unless an active plan or membership is paid with it. */
export async function removeCustomerCard(
  ctx: AppContext,
  practice: PracticeId,
  input: { customerId: number; cardId: number },
) {
  const card = await cardOf(ctx, practice, input.customerId, input.cardId);
  const associated = await ctx.db.transaction(async (tx) => {
    // Locked, so a plan or membership cannot take the card between the check and the removal.
    await findCard(tx, practice, card.id, { lock: true });
    const plan = await hasActivePlanWithCard(tx, practice, card.id);
    const membership = await hasActiveMembershipWithCard(tx, practice, card.id);
    if (plan || membership) return true;
    if (card.isActive) await removeCard(tx, practice, input.customerId, card.id);
    return false;
  });
  return {
    hasMembershipPaymentPlans: associated,
    deleted: !associated,
    cards: await cardsOf(ctx, practice, input.customerId),
  };
}

export async function makeDefaultCard(
  ctx: AppContext,
  practice: PracticeId,
  input: { customerId: number; cardId: number },
) {
  const card = await cardOf(ctx, practice, input.customerId, input.cardId);
  if (!card.isActive) throw new NotFoundError('The card');
  await ctx.db.transaction((tx) => setDefaultCard(tx, practice, input.customerId, card.id));
  return cardsOf(ctx, practice, input.customerId);
}

/** The surcharge for paying an amount with one of the practice's cards on file. */
export async function surchargeWithCard(
  ctx: AppContext,
  practice: PracticeId,
  input: { cardId: number; amount: number },
) {
  const card = await findCard(ctx.db, practice, input.cardId);
  if (!card?.isActive) throw new NotFoundError('The card');
  const company = await practiceOrNotFound(ctx, practice);
  const { surchargeAmount, total } = cardSurcharge(input.amount, company, card.funding as CardFunding);
  return { surchargeAmount, total };
}
