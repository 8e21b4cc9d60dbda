/**
 * A card request's link (`/card/{token}`): it stores one card, and only while it is fresh. A link
 * sits in a text or an inbox; one that opened the card form for ever would let whoever finds it later
 * put a card on the patient's file, so it expires the practice's card-request days after it was sent
 * (a week unless the practice changed it: long enough to answer at the weekend).
 */
import { hasLinkExpired, linkExpiry, linkFreshSince } from '../outbox/linkExpiry.js';

export type CardRequestLinkStatus = 'OPEN' | 'USED' | 'EXPIRED';

/** Why a link takes no card, as the patient reads it (the page says the same in its own words). */
export const CARD_REQUEST_REFUSALS = {
  USED: 'This link was already used to store a card. Ask the practice for a new link to add another card.',
  EXPIRED: 'This link has expired. Ask the practice for a new link to add your card.',
} as const satisfies Record<Exclude<CardRequestLinkStatus, 'OPEN'>, string>;

export function cardRequestExpiry(created: Date, days: number): Date {
  return linkExpiry(created, days);
}

/** Links sent after this moment are still fresh (the database's side of the same rule). */
export function cardRequestFreshSince(now: Date, days: number): Date {
  return linkFreshSince(now, days);
}

/** A used link stays USED after its expiry: the patient should learn that their card is on file. */
export function cardRequestLinkStatus(
  request: { created: Date; completed: Date | null },
  now: Date,
  days: number,
): CardRequestLinkStatus {
  if (request.completed) return 'USED';
  return hasLinkExpired(request.created, days, now) ? 'EXPIRED' : 'OPEN';
}
