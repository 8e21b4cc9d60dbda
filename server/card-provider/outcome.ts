/**
 * Whether the test provider approves a sale. The answer is a pure function of the stored card and
 * the moment of the sale, so a replayed request (same idempotency key) can recompute the first
 * answer's decline reason from the stored sale instead of storing it.
 */
import { expiryProblem } from './browser/expiry.js';
import type { Behaviour } from './test-cards.js';

export const DECLINE_REASONS = {
  DECLINE: 'Card declined',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  EXPIRED: 'Expired card',
} as const;

/** The calendar month of a moment, in the server's local time (as the sandbox clock's `today`). */
export function monthOf(at: Date): { year: number; month: number } {
  return { year: at.getFullYear(), month: at.getMonth() + 1 };
}

export function saleOutcome(
  card: { behaviour: string; expMonth: number; expYear: number },
  at: Date,
): { approved: boolean; reason: string | null } {
  // A card stored months ago may have expired since: the sandbox clock can be moved forward.
  if (expiryProblem(card.expMonth, card.expYear, monthOf(at)) === 'expired') {
    return { approved: false, reason: DECLINE_REASONS.EXPIRED };
  }
  const behaviour = card.behaviour as Behaviour;
  if (behaviour === 'DECLINE' || behaviour === 'INSUFFICIENT_FUNDS') {
    return { approved: false, reason: DECLINE_REASONS[behaviour] };
  }
  return { approved: true, reason: null };
}
