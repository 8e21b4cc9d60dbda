/**
 * Connection tokens handed out by negotiate and redeemed by the WebSocket upgrade. A token is
 * secret, bound to the person who negotiated, good once, and only for a short while: it travels in
 * a URL, where it may be logged.
 */
import { randomBytes, randomUUID } from 'node:crypto';

interface Negotiation {
  connectionId: string;
  subject: string;
  expiresAt: number;
}

export class Negotiations {
  private pending = new Map<string, Negotiation>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(subject: string): { connectionId: string; connectionToken: string } {
    this.forgetExpired();
    const connectionId = randomUUID();
    // base64url: the official client appends the token to the URL without encoding it.
    const connectionToken = randomBytes(24).toString('base64url');
    this.pending.set(connectionToken, { connectionId, subject, expiresAt: this.now() + this.ttlMs });
    return { connectionId, connectionToken };
  }

  /** The connection id, or null when the token is unknown, used, expired or someone else's. */
  redeem(connectionToken: string, subject: string): string | null {
    const negotiation = this.pending.get(connectionToken);
    if (!negotiation) return null;
    this.pending.delete(connectionToken);
    if (negotiation.expiresAt <= this.now() || negotiation.subject !== subject) return null;
    return negotiation.connectionId;
  }

  clear() {
    this.pending.clear();
  }

  /** Every token lives equally long, so the expired ones are the oldest: the Map keeps insertion order. */
  private forgetExpired() {
    const now = this.now();
    for (const [token, negotiation] of this.pending) {
      if (negotiation.expiresAt > now) break;
      this.pending.delete(token);
    }
  }
}
