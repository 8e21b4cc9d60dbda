import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_EXPIRY } from '../../../embed-sdk/contract/patientLinks.js';
import { cardRequestExpiry, cardRequestFreshSince, cardRequestLinkStatus } from './cardRequestLink.js';

const sent = new Date('2026-11-02T15:00:00Z');
const later = (days: number, ms = 0) => new Date(sent.getTime() + days * 86_400_000 + ms);
const WEEK = DEFAULT_LINK_EXPIRY.cardRequestLinkDays;

describe('a card request link', () => {
  it('lasts a week by default', () => {
    expect(WEEK).toBe(7);
    expect(cardRequestExpiry(sent, WEEK).toISOString()).toBe('2026-11-09T15:00:00.000Z');
    // The database's condition (sent after this moment) agrees with the expiry.
    expect(cardRequestFreshSince(later(7), WEEK).getTime()).toBe(sent.getTime());
  });

  it.each([
    ['just sent', { created: sent, completed: null }, sent, WEEK, 'OPEN'],
    ['six days later', { created: sent, completed: null }, later(6), WEEK, 'OPEN'],
    ['a second before its expiry', { created: sent, completed: null }, later(7, -1_000), WEEK, 'OPEN'],
    ['at its expiry', { created: sent, completed: null }, later(7), WEEK, 'EXPIRED'],
    ['a month later', { created: sent, completed: null }, later(30), WEEK, 'EXPIRED'],
    [
      'eight days later, at a practice giving 14 days',
      { created: sent, completed: null },
      later(8),
      14,
      'OPEN',
    ],
    [
      'two days later, at a practice giving 1 day',
      { created: sent, completed: null },
      later(2),
      1,
      'EXPIRED',
    ],
    ['used', { created: sent, completed: later(1) }, later(2), WEEK, 'USED'],
    ['used, and past its expiry', { created: sent, completed: later(1) }, later(30), WEEK, 'USED'],
  ] as const)('%s → %s', (_what, request, now, days, status) => {
    expect(cardRequestLinkStatus(request, now, days)).toBe(status);
  });
});
