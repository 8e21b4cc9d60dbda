/**
 * A membership's enrolment link (`/enroll/{token}`) while it awaits the patient. It works for the
 * practice's enrollment-link days after it was sent (domain/outbox/linkExpiry.ts); a reminder sends the
 * same link and does not move that, Send New Link sends a new one whose days start then.
 */
import { hasLinkExpired } from '../outbox/linkExpiry.js';

export interface EnrollmentLinkState {
  status: string;
  createdAt: Date;
  /** When the current link was sent; null on rows from before links expired (sent at `createdAt`). */
  enrollmentLinkSent: Date | null;
}

export function enrollmentLinkSent(r: Pick<EnrollmentLinkState, 'createdAt' | 'enrollmentLinkSent'>): Date {
  return r.enrollmentLinkSent ?? r.createdAt;
}

/** Only a link that still awaits the patient expires: a completed one keeps saying it was completed. */
export function enrollmentLinkExpired(r: EnrollmentLinkState, days: number, now: Date): boolean {
  return r.status === 'AWAITINGPATIENT' && hasLinkExpired(enrollmentLinkSent(r), days, now);
}

export const ENROLLMENT_LINK_REFUSALS = {
  expired: 'The enrollment link has expired: use Send New Link to send the patient a new one.',
} as const;
