import { describe, expect, it } from 'vitest';
import { enrollmentLinkExpired, enrollmentLinkSent } from './enrollmentLink.js';

const created = new Date('2026-11-02T15:00:00Z');
const later = (days: number) => new Date(created.getTime() + days * 86_400_000);

describe('an enrolment link', () => {
  it('counts from its last new link, else from the enrolment', () => {
    expect(enrollmentLinkSent({ createdAt: created, enrollmentLinkSent: null })).toBe(created);
    expect(enrollmentLinkSent({ createdAt: created, enrollmentLinkSent: later(3) })).toEqual(later(3));
  });

  it.each([
    ['awaiting, six days later', 'AWAITINGPATIENT', null, later(6), false],
    ['awaiting, eight days later', 'AWAITINGPATIENT', null, later(8), true],
    ['awaiting, eight days later, a new link sent on day 3', 'AWAITINGPATIENT', later(3), later(8), false],
    ['completed, a month later', 'ACTIVE', null, later(30), false],
  ] as const)('%s: expired %s', (_what, status, sent, now, expired) => {
    expect(enrollmentLinkExpired({ status, createdAt: created, enrollmentLinkSent: sent }, 7, now)).toBe(
      expired,
    );
  });
});
