/** Pure rules the payment request's modal needs: its state, its timeline and its activity. */
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { formatPhone } from '../../embed-sdk/format/phone.js';
import { TEXT } from './texts.js';

/** Send Reminder, Send New Link, Copy Link and Cancel: for unpaid requests, to callers with EDITPAYMENTREQUESTS. */
export function showsActions(request: Pick<PaymentRequest, 'status'>, canEdit: boolean): boolean {
  return canEdit && request.status === 'UNPAID';
}

/** Where the request went: the e-mail and/or the mobile. */
export function sentTo(request: Pick<PaymentRequest, 'eMail' | 'toPhone'>): string {
  return [request.eMail, request.toPhone ? formatPhone(request.toPhone) : '']
    .filter((part) => part !== '')
    .join(' and ');
}

export interface TimelineStep {
  label: string;
  /** What the step adds under its label (where the request went); empty when nothing. */
  detail: string;
  /** When it happened; null while it has not. */
  at: string | null;
}

/** The three steps: Sent to (the e-mail and/or mobile, created), Viewed (payment page), Paid. */
export function timeline(request: PaymentRequest): TimelineStep[] {
  const to = sentTo(request);
  return [
    { label: to ? TEXT.sentTo : TEXT.sent, detail: to, at: request.created },
    { label: TEXT.viewed, detail: '', at: request.paymentPage },
    { label: TEXT.paid, detail: '', at: request.paid },
  ];
}

/** Approved and declined text-to-pay payments of the request, newest first (as asked; kept so). */
export function paymentActivity(transactions: readonly Transaction[], notificationId: string): Transaction[] {
  return transactions
    .filter((t) => t.source === 'TEXTTOPAY' && t.notificationId === notificationId)
    .filter((t) => t.status === 'APPROVED' || t.status === 'DECLINED')
    .toSorted((a, b) => Date.parse(b.created) - Date.parse(a.created));
}

/** A paid request shows the surcharge split when one was charged. */
export function isSurcharged(request: Pick<PaymentRequest, 'status' | 'surchargeAmount'>): boolean {
  return request.status === 'PAID' && request.surchargeAmount > 0;
}

export function patientName(request: Pick<PaymentRequest, 'firstName' | 'lastName'>): string {
  return `${request.firstName} ${request.lastName}`.trim();
}
