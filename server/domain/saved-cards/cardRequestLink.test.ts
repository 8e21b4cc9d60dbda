import { describe, expect, it } from 'vitest';
import {
  CARD_REQUEST_LINK_DAYS,
  cardRequestExpiry,
  cardRequestFreshSince,
  cardRequestLinkStatus,
} from './cardRequestLink.js';

const sent = new Date('2026-11-02T15:00:00Z');
const later = (days: number, ms = 0) => new Date(sent.getTime() + days * 86_400_000 + ms);

describe('a card request link', () => {
  it('lasts a week', () => {
    expect(CARD_REQUEST_LINK_DAYS).toBe(7);
    expect(cardRequestExpiry(sent).toISOString()).toBe('2026-11-09T15:00:00.000Z');
    // The database's condition (sent after this moment) agrees with the expiry.
    expect(cardRequestFreshSince(later(7)).getTime()).toBe(sent.getTime());
  });

  it.each([
    ['just sent', { created: sent, completed: null }, sent, 'OPEN'],
    ['six days later', { created: sent, completed: null }, later(6), 'OPEN'],
    ['a second before its expiry', { created: sent, completed: null }, later(7, -1_000), 'OPEN'],
    ['at its expiry', { created: sent, completed: null }, later(7), 'EXPIRED'],
    ['a month later', { created: sent, completed: null }, later(30), 'EXPIRED'],
    ['used', { created: sent, completed: later(1) }, later(2), 'USED'],
    ['used, and past its expiry', { created: sent, completed: later(1) }, later(30), 'USED'],
  ] as const)('%s → %s', (_what, request, now, status) => {
    expect(cardRequestLinkStatus(request, now)).toBe(status);
  });
});
