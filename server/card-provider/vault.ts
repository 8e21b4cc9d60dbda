/** The provider's card vault: a token per tokenized nonce, never a card number. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { providerCards } from '../db/schema/index.js';
import type { TokenizeAnswer } from './api-schema.js';
import { maskedDescription } from './mask.js';
import type { PendingCard } from './nonces.js';

export type VaultedCard = typeof providerCards.$inferSelect;

export async function vaultCard(db: Db, card: PendingCard): Promise<TokenizeAnswer> {
  const token = `tok_${randomBytes(18).toString('base64url')}`;
  await db.insert(providerCards).values({
    token,
    businessId: card.businessId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    funding: card.funding,
    behaviour: card.behaviour,
  });
  return {
    token,
    cardType: card.brand,
    description: maskedDescription(card.last4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    funding: card.funding,
  };
}

/** A business's card by token; another business's token answers as if it did not exist. */
export async function findCard(db: Db, businessId: string, token: string): Promise<VaultedCard | null> {
  const [card] = await db
    .select()
    .from(providerCards)
    .where(and(eq(providerCards.token, token), eq(providerCards.businessId, businessId)));
  return card ?? null;
}
