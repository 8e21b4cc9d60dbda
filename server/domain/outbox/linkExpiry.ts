/**
 * When a patient's link stops working (contract/patientLinks.ts): the practice's days for its kind,
 * counted from when the link was sent. The moment of expiry is already expired, as card requests have
 * always had it.
 */
import type {
  ExpiredLinkPage,
  LinkExpirySettings,
  LinkState,
} from '../../../embed-sdk/contract/patientLinks.js';

const DAY_MS = 24 * 60 * 60_000;

export type LinkKind = 'PAYMENT' | 'ENROLLMENT' | 'CARD_REQUEST';

export function linkDaysFor(settings: LinkExpirySettings, kind: LinkKind): number {
  switch (kind) {
    case 'PAYMENT':
      return settings.paymentLinkDays;
    case 'ENROLLMENT':
      return settings.enrollmentLinkDays;
    case 'CARD_REQUEST':
      return settings.cardRequestLinkDays;
  }
}

export function linkExpiry(sent: Date, days: number): Date {
  return new Date(sent.getTime() + days * DAY_MS);
}

/** Links sent after this moment still work (the database's side of the same rule). */
export function linkFreshSince(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export function hasLinkExpired(sent: Date, days: number, now: Date): boolean {
  return now.getTime() >= linkExpiry(sent, days).getTime();
}

/** What staff see of a link: when it was sent, when it stops working, and whether it has. */
export function linkState(sent: Date, days: number, now: Date): LinkState {
  return {
    linkSent: sent.toISOString(),
    linkExpires: linkExpiry(sent, days).toISOString(),
    linkExpired: hasLinkExpired(sent, days, now),
  };
}

/** What a replaced or expired link shows the patient: the practice, to ask it for a new link. */
export function expiredLinkPage(
  practice: { name: string; phone: string },
  expired: Date,
  replaced: boolean,
): ExpiredLinkPage {
  return {
    status: 'EXPIRED',
    practiceName: practice.name,
    practicePhone: practice.phone,
    expired: expired.toISOString(),
    replaced,
  };
}
