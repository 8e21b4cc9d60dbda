import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_EXPIRY } from '../../../embed-sdk/contract/patientLinks.js';
import { hasLinkExpired, linkDaysFor, linkExpiry, linkFreshSince, linkState } from './linkExpiry.js';

const sent = new Date('2026-11-02T15:00:00Z');
const later = (days: number, ms = 0) => new Date(sent.getTime() + days * 86_400_000 + ms);

describe('a patient link', () => {
  it('works a week by default, for every kind', () => {
    expect(DEFAULT_LINK_EXPIRY).toEqual({
      paymentLinkDays: 7,
      enrollmentLinkDays: 7,
      cardRequestLinkDays: 7,
    });
    const settings = { paymentLinkDays: 3, enrollmentLinkDays: 14, cardRequestLinkDays: 5 };
    expect(linkDaysFor(settings, 'PAYMENT')).toBe(3);
    expect(linkDaysFor(settings, 'ENROLLMENT')).toBe(14);
    expect(linkDaysFor(settings, 'CARD_REQUEST')).toBe(5);
  });

  it.each([
    ['just sent', 7, sent, false],
    ['six days later', 7, later(6), false],
    ['a second before its expiry', 7, later(7, -1_000), false],
    ['at its expiry', 7, later(7), true],
    ['eight days later', 7, later(8), true],
    ['eight days later, with 14 days', 14, later(8), false],
    ['two days later, with 1 day', 1, later(2), true],
  ] as const)('%s: expired %s', (_what, days, now, expired) => {
    expect(hasLinkExpired(sent, days, now)).toBe(expired);
    // The database's condition (sent after this moment) agrees.
    expect(sent.getTime() > linkFreshSince(now, days).getTime()).toBe(!expired);
  });

  it('says when it stops working', () => {
    expect(linkExpiry(sent, 7).toISOString()).toBe('2026-11-09T15:00:00.000Z');
    expect(linkState(sent, 7, later(8))).toEqual({
      linkSent: '2026-11-02T15:00:00.000Z',
      linkExpires: '2026-11-09T15:00:00.000Z',
      linkExpired: true,
    });
  });
});
