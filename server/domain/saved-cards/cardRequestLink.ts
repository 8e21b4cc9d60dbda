/**
 * A card request's link (`/#/card/{token}`): it stores one card, and only while it is fresh. A link
 * sits in a text or an inbox; one that opened the card form for ever would let whoever finds it later
 * put a card on the patient's file, so it expires a week after it was sent (long enough to answer at
 * the weekend).
 */

export const CARD_REQUEST_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

export type CardRequestLinkStatus = 'OPEN' | 'USED' | 'EXPIRED';

/** Why a link takes no card, as the patient reads it (the page says the same in its own words). */
export const CARD_REQUEST_REFUSALS = {
  USED: 'This link was already used to store a card. Ask the practice for a new link to add another card.',
  EXPIRED: 'This link has expired. Ask the practice for a new link to add your card.',
} as const satisfies Record<Exclude<CardRequestLinkStatus, 'OPEN'>, string>;

export function cardRequestExpiry(created: Date): Date {
  return new Date(created.getTime() + CARD_REQUEST_LINK_DAYS * DAY_MS);
}

/** Links sent after this moment are still fresh (the database's side of the same rule). */
export function cardRequestFreshSince(now: Date): Date {
  return new Date(now.getTime() - CARD_REQUEST_LINK_DAYS * DAY_MS);
}

/** A used link stays USED after its expiry: the patient should learn that their card is on file. */
export function cardRequestLinkStatus(
  request: { created: Date; completed: Date | null },
  now: Date,
): CardRequestLinkStatus {
  if (request.completed) return 'USED';
  return now.getTime() >= cardRequestExpiry(request.created).getTime() ? 'EXPIRED' : 'OPEN';
}
