/**
 * Connection tokens handed out by negotiate and redeemed by the WebSocket upgrade. A token is
 * secret, bound to the person who negotiated, good once, and only for a short while: it travels in
 * a URL, where it may be logged.
 *
 * They are kept in the database (only their hash), not in memory: behind a round-robin load
 * balancer the upgrade may reach another instance than the negotiate did. A signed token would need
 * no row, but it could not be good once without a shared record of the tokens used; a row deleted
 * on use is that record, and negotiate is rare (once per connection). Expiry is the database's
 * clock, which every instance shares.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hubNegotiations } from '../db/schema/index.js';

export class Negotiations {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async issue(subject: string): Promise<{ connectionId: string; connectionToken: string }> {
    await this.db.delete(hubNegotiations).where(lte(hubNegotiations.expiresAt, sql`now()`));
    const connectionId = randomUUID();
    // base64url: the official client appends the token to the URL without encoding it.
    const connectionToken = randomBytes(24).toString('base64url');
    await this.db.insert(hubNegotiations).values({
      tokenHash: hashOf(connectionToken),
      connectionId,
      subject,
      expiresAt: sql`now() + make_interval(secs => ${this.ttlMs / 1000})`,
    });
    return { connectionId, connectionToken };
  }

  /** The connection id, or null when the token is unknown, used, expired or someone else's. */
  async redeem(connectionToken: string, subject: string): Promise<string | null> {
    // Deleted as it is read: of two upgrades with one token, on any instances, one finds it.
    const [negotiation] = await this.db
      .delete(hubNegotiations)
      .where(eq(hubNegotiations.tokenHash, hashOf(connectionToken)))
      .returning({
        connectionId: hubNegotiations.connectionId,
        subject: hubNegotiations.subject,
        fresh: sql<boolean>`${hubNegotiations.expiresAt} > now()`,
      });
    if (!negotiation?.fresh || negotiation.subject !== subject) return null;
    return negotiation.connectionId;
  }
}

/** The tokens are random and long, so a plain hash is enough to make a leaked row useless. */
function hashOf(connectionToken: string) {
  return createHash('sha256').update(connectionToken).digest('base64url');
}
