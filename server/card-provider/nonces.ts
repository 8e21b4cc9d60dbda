/**
 * Nonces the frame obtained and tokenize has not redeemed yet. They live in the database, so that
 * every instance's provider redeems a nonce any of them issued (behind a load balancer the frame's
 * request and the tokenize may reach different instances), each once. A nonce is good for 15
 * minutes by the sandbox clock. What is kept is already reduced to what the vault stores (never the
 * full number or the security code), under the nonce's hash, never the nonce itself.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { providerNonces } from '../db/schema/index.js';
import type { CardBrand } from './browser/brand.js';
import type { Behaviour, Funding } from './test-cards.js';

export const NONCE_TTL_MS = 15 * 60_000;
/** The nonce endpoint is open to browsers; this bounds what a flood of requests can leave behind. */
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

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

export class NonceStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  async issue(card: PendingCard): Promise<string> {
    const now = this.clock.now();
    const t = providerNonces;
    await this.db.delete(t).where(lte(t.expiresAt, now));
    // The newest MAX_PENDING - 1 stay, with room for this one; the oldest beyond them go.
    const beyond = this.db
      .select({ hash: t.nonceHash })
      .from(t)
      .orderBy(sql`${t.expiresAt} desc`)
      .offset(MAX_PENDING - 1);
    await this.db.delete(t).where(inArray(t.nonceHash, beyond));
    const nonce = randomUUID();
    await this.db
      .insert(t)
      .values({ nonceHash: hashOf(nonce), ...card, expiresAt: new Date(now.getTime() + NONCE_TTL_MS) });
    return nonce;
  }

  /**
   * The card a nonce stands for, once. Null for a nonce this provider never issued, one already
   * redeemed or expired, and one issued to another business (which stays redeemable by its own).
   * One statement takes it, so that two instances redeeming it together cannot both get it.
   */
  async redeem(nonce: string, businessId: string): Promise<PendingCard | null> {
    const t = providerNonces;
    const [row] = await this.db
      .delete(t)
      .where(and(eq(t.nonceHash, hashOf(nonce)), eq(t.businessId, businessId)))
      .returning();
    if (!row || row.expiresAt <= this.clock.now()) return null;
    return {
      businessId: row.businessId,
      brand: row.brand as CardBrand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      funding: row.funding as Funding,
      behaviour: row.behaviour as Behaviour,
    };
  }

  /** Nonces not yet redeemed nor expired. */
  async pending(): Promise<number> {
    const t = providerNonces;
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(gt(t.expiresAt, this.clock.now()));
    return row!.n;
  }
}
