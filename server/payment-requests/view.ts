/**
 * Payment requests as the contract shows them: with the patient's name, their reminders, (for those
 * who may copy it) their link, and when that link stops working.
 */
import type { Role } from '../../embed-sdk/contract/common.js';
import type * as contract from '../../embed-sdk/contract/paymentRequest.js';
import type { AppContext } from '../context.js';
import type { PracticeId } from '../db/scope.js';
import { linkState } from '../domain/outbox/linkExpiry.js';
import { mayCopyLink } from '../domain/payment-requests/links.js';
import { paymentLinkSent, paymentRequestStatus } from '../domain/payment-requests/paymentRequest.js';
import { paymentLink } from '../outbox/links.js';
import { customerSummaries, type CustomerSummary } from '../patients/store.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import { remindersOf, type PaymentRequestRecord } from './store.js';

function toPaymentRequest(
  r: PaymentRequestRecord,
  customer: CustomerSummary | undefined,
  reminders: Date[],
  link: string | null,
  linkExpiry: { days: number; now: Date },
): contract.PaymentRequest {
  const status = paymentRequestStatus(r);
  const paidOrder = status === 'PAID' ? (r.orderAmount ?? r.amount) : null;
  return {
    id: r.id,
    patientKey: customer?.patientKey ?? null,
    customerId: r.customerId,
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    eMail: r.eMail,
    toPhone: r.toPhone,
    amount: r.amount,
    orderAmount: paidOrder,
    surchargeAmount: paidOrder === null ? 0 : r.surchargeAmount,
    total: paidOrder === null ? r.amount : paidOrder + r.surchargeAmount,
    message: r.message,
    status,
    created: r.created.toISOString(),
    paymentPage: r.paymentPage?.toISOString() ?? null,
    paid: r.paid?.toISOString() ?? null,
    cancelled: r.cancelled?.toISOString() ?? null,
    resent: r.resent?.toISOString() ?? null,
    notificationsResent: reminders.map((at) => ({ dateTime: at.toISOString() })),
    link,
    ...linkState(paymentLinkSent(r), linkExpiry.days, linkExpiry.now),
  };
}

/** The entities of these requests, with their patients and reminders; the link only for those who may copy it. */
export async function requestViews(
  ctx: AppContext,
  practice: PracticeId,
  viewer: { roles: ReadonlySet<Role> },
  rows: PaymentRequestRecord[],
): Promise<contract.PaymentRequest[]> {
  const [reminders, customers, days] = await Promise.all([
    remindersOf(
      ctx.db,
      practice,
      rows.map((r) => r.id),
    ),
    customerSummaries(
      ctx.db,
      practice,
      rows.map((r) => r.customerId),
    ),
    linkDaysOf(ctx.db, practice, 'PAYMENT'),
  ]);
  const linkExpiry = { days, now: ctx.clock.now() };
  const withLink = mayCopyLink(viewer.roles);
  return rows.map((r) =>
    toPaymentRequest(
      r,
      customers.get(r.customerId),
      reminders.get(r.id) ?? [],
      withLink ? paymentLink(ctx.publicUrl, r.linkToken) : null,
      linkExpiry,
    ),
  );
}
