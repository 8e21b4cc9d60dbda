/**
 * A payment request's lifecycle (spec part 1, section 4): created and sent, maybe reminded, viewed,
 * then paid; an unpaid one may be cancelled. What each state allows, and the words for a refusal.
 */
import { formatCurrency } from '../../../embed-sdk/format/index.js';

export type PaymentRequestStatus = 'UNPAID' | 'PAID' | 'CANCELLED';

export interface RequestState {
  paid: Date | null;
  cancelled: Date | null;
  /** Set while the payment page is charging a card for it. */
  paymentStarted: Date | null;
}

/**
 * How long a payment may hold its claim on a request. Well above the card gateway's 15-second time-out:
 * an older claim means the server stopped mid-payment, and another payment may take over.
 */
export const PAYMENT_CLAIM_TIMEOUT_MS = 2 * 60_000;

/** Paid wins over cancelled: money that moved is the truth, whatever happened to the link. */
export function paymentRequestStatus(r: Pick<RequestState, 'paid' | 'cancelled'>): PaymentRequestStatus {
  if (r.paid) return 'PAID';
  if (r.cancelled) return 'CANCELLED';
  return 'UNPAID';
}

/**
 * When the request's current link was sent: its days count from here. `linkSent` is null while the
 * first link is the current one (sent at `created`).
 */
export function paymentLinkSent(r: { created: Date; linkSent: Date | null }): Date {
  return r.linkSent ?? r.created;
}

export function isPaymentInProgress(r: Pick<RequestState, 'paymentStarted'>, now: Date): boolean {
  return r.paymentStarted !== null && now.getTime() - r.paymentStarted.getTime() < PAYMENT_CLAIM_TIMEOUT_MS;
}

/** What the payment page tells a patient whose link takes no payment. */
export const PAYMENT_PAGE_REFUSALS = {
  PAID: 'This payment request has already been paid.',
  CANCELLED: 'This payment request has been cancelled by the practice, so it can no longer be paid.',
  IN_PROGRESS:
    'A payment for this request is already being processed. Please wait a moment before trying again.',
} as const;

/** Why the public page may not take a payment now; null when it may. */
export function refusalToPay(r: RequestState, now: Date): string | null {
  const status = paymentRequestStatus(r);
  if (status !== 'UNPAID') return PAYMENT_PAGE_REFUSALS[status];
  if (isPaymentInProgress(r, now)) return PAYMENT_PAGE_REFUSALS.IN_PROGRESS;
  return null;
}

/**
 * Why staff may not send a reminder; null when they may. `patient` names the request in the message.
 * A reminder sends the same link, so one whose link has expired would send a dead link.
 */
export function refusalToRemind(
  r: Pick<RequestState, 'paid' | 'cancelled'>,
  patient: string,
  linkExpired: boolean,
): string | null {
  switch (paymentRequestStatus(r)) {
    case 'PAID':
      return `The payment request for ${patient} has been paid: there is nothing to remind.`;
    case 'CANCELLED':
      return `The payment request for ${patient} was cancelled: it can no longer be reminded.`;
    case 'UNPAID':
      return linkExpired
        ? `The link of the payment request for ${patient} has expired: use Send New Link to send a new one.`
        : null;
  }
}

/** Why staff may not send a new link; null when they may (an unpaid request, expired or not). */
export function refusalToSendNewLink(
  r: Pick<RequestState, 'paid' | 'cancelled'>,
  patient: string,
): string | null {
  switch (paymentRequestStatus(r)) {
    case 'PAID':
      return `The payment request for ${patient} has been paid: there is no link to send.`;
    case 'CANCELLED':
      return `The payment request for ${patient} was cancelled: send a new payment request instead.`;
    case 'UNPAID':
      return null;
  }
}

/**
 * Why staff may not cancel; null when they may (an already cancelled request stays cancelled, so a
 * second click is not an error).
 */
export function refusalToCancel(r: RequestState, patient: string, now: Date): string | null {
  if (paymentRequestStatus(r) === 'PAID') {
    return `The payment request for ${patient} has been paid and cannot be cancelled.`;
  }
  if (r.cancelled === null && isPaymentInProgress(r, now)) {
    return `${patient} is paying this payment request right now. Try again in a moment.`;
  }
  return null;
}

/**
 * The payment page charges exactly the total it showed. When the card's total is another (the page
 * skipped the quote, or showed a credit surcharge for what turned out a debit card), nothing is
 * charged and this says what the total is.
 */
export function totalChangedMessage(quote: { surchargeAmount: number; total: number }): string {
  const surcharge =
    quote.surchargeAmount > 0
      ? `, including a ${formatCurrency(quote.surchargeAmount)} credit card surcharge`
      : ' (no surcharge applies to this card)';
  return `The total for this card is ${formatCurrency(quote.total)}${surcharge}. Please review it and pay again.`;
}
