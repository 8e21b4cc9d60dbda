/**
 * Nonces the frame obtained and tokenize has not redeemed yet. They live in memory only: a nonce is
 * good for 15 minutes, so losing the pending ones on a restart costs a person one retyped card,
 * and nothing card-like is ever written down before the server side asks for a token. What is
 * kept is already reduced to what the vault stores (never the full number or the security code).
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { CardBrand } from './browser/brand.js';
import type { Behaviour, Funding } from './test-cards.js';

export const NONCE_TTL_MS = 15 * 60_000;
/** The nonce endpoint is open to browsers; this bounds the memory a flood of requests can take. */
const MAX_PENDING = 10_000;

export interface PendingCard {
  businessId: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: Funding;
  behaviour: Behaviour;
}

export class NonceStore {
  readonly #pending = new Map<string, { card: PendingCard; expiresAt: number }>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  issue(card: PendingCard): string {
    const now = this.clock.now().getTime();
    for (const [nonce, entry] of this.#pending) {
      if (entry.expiresAt <= now) this.#pending.delete(nonce);
    }
    // Map keeps insertion order: the first entry is the oldest.
    while (this.#pending.size >= MAX_PENDING) {
      const oldest = this.#pending.keys().next().value;
      if (oldest === undefined) break;
      this.#pending.delete(oldest);
    }
    const nonce = randomUUID();
    this.#pending.set(nonce, { card, expiresAt: now + NONCE_TTL_MS });
    return nonce;
  }

  /**
   * The card a nonce stands for, once. Null for a nonce this provider never issued, one already
   * redeemed or expired, and one issued to another business (which stays redeemable by its own).
   */
  redeem(nonce: string, businessId: string): PendingCard | null {
    const entry = this.#pending.get(nonce);
    if (!entry || entry.card.businessId !== businessId) return null;
    this.#pending.delete(nonce);
    if (entry.expiresAt <= this.clock.now().getTime()) return null;
    return entry.card;
  }

  get size(): number {
    return this.#pending.size;
  }
}
