/**
 * Payment requests for staff: create and send, read, list, remind, send a new link, cancel. The
 * patient's side (the public payment page) is paymentPage.ts.
 *
 * A link works for the practice's payment-link days after it was sent (settings/linkExpiry.ts). A
 * reminder sends the same link, so it is refused once the link has expired; Send New Link sends a new
 * token, whose days start then, and the old link ends at once (it says it was replaced): a request has
 * one live link, so a link forwarded or left in an old inbox stops showing the balance.
 */
import type { Role } from '../../embed-sdk/contract/common.js';
import type { NotifyInput } from '../../embed-sdk/contract/channels.js';
import type * as contract from '../../embed-sdk/contract/paymentRequest.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { PracticeId } from '../db/scope.js';
import { hasLinkExpired } from '../domain/outbox/linkExpiry.js';
import {
  paymentNewLinkMessages,
  paymentReminderMessages,
  paymentRequestMessages,
  type Practice,
  type PracticeTemplates,
} from '../domain/outbox/patientMessages.js';
import {
  paymentLinkSent,
  refusalToCancel,
  refusalToRemind,
  refusalToSendNewLink,
} from '../domain/payment-requests/paymentRequest.js';
import { BusinessError, NotFoundError } from '../errors.js';
import { newLinkToken, paymentLink } from '../outbox/links.js';
import { newLinkFor, senderOf } from '../outbox/recipients.js';
import { recordReplacedLink, sendToOutbox } from '../outbox/store.js';
import { customerSummaries, customersMatching } from '../patients/store.js';
import { practiceOrNotFound } from '../practices/practices.js';
import { linkDaysOf } from '../settings/linkExpiry.js';
import { practiceTemplatesOf } from '../settings/messageTemplates.js';
import {
  cancelRequests,
  countRequests,
  insertRequest,
  lockRequests,
  recordReminders,
  releaseScheduledSteps,
  replaceLinkToken,
  requestPage,
  requestsByIds,
  type PaymentRequestRecord,
} from './store.js';
import { requestViews } from './view.js';

type Staff = { roles: ReadonlySet<Role>; userId: number | null };

async function byIds(ctx: AppContext, practice: PracticeId, staff: Staff, ids: string[]) {
  return requestViews(ctx, practice, staff, await requestsByIds(ctx.db, practice, ids));
}

/**
 * A new request to a patient, ready to write: its customer and link are checked and its messages
 * made (a missing customer or a channel without an address is refused here, before anything is
 * written); `write` inserts it and puts its messages in the outbox in the caller's transaction, and
 * returns its id. A reimbursement's shares (reimbursements/create.ts) write theirs with the payment.
 */
export async function prepareRequest(
  ctx: AppContext,
  practice: PracticeId,
  staff: Staff,
  body: NotifyInput & { customerId: number; amount: number; message: string },
) {
  const { customer, to, addressee, sender, templates, linkToken } = await newLinkFor(ctx, practice, body);
  const now = ctx.clock.now();
  const messages = paymentRequestMessages(
    addressee,
    sender,
    { amount: body.amount, message: body.message, link: paymentLink(ctx.publicUrl, linkToken) },
    templates,
  );
  return {
    customer,
    async write(tx: Tx): Promise<string> {
      const created = await insertRequest(tx, practice, {
        customerId: customer.id,
        linkToken,
        amount: body.amount,
        eMail: to.eMail,
        toPhone: to.toPhone,
        message: body.message,
        createdByUserId: staff.userId,
        created: now,
      });
      await sendToOutbox(tx, practice, messages, now);
      return created;
    },
  };
}

/** Creates a request and texts and/or e-mails its link to the patient. */
export async function createRequest(
  ctx: AppContext,
  practice: PracticeId,
  staff: Staff,
  body: NotifyInput & { customerId: number; amount: number; message: string },
): Promise<contract.PaymentRequest> {
  const prepared = await prepareRequest(ctx, practice, staff, body);
  const id = await ctx.db.transaction((tx) => prepared.write(tx));
  const [request] = await byIds(ctx, practice, staff, [id]);
  return request!;
}

export async function requestView(ctx: AppContext, practice: PracticeId, staff: Staff, id: string) {
  const [request] = await byIds(ctx, practice, staff, [id]);
  if (!request) throw new NotFoundError('The payment request');
  return request;
}

/**
 * Locks the practice's requests with these ids and checks each may change; 404 when any is missing
 * (another practice's id answers the same).
 */
async function lockedForChange(
  tx: Tx,
  practice: PracticeId,
  ids: string[],
  refusal: (r: PaymentRequestRecord, patient: string) => string | null,
) {
  const rows = await lockRequests(tx, practice, ids);
  if (rows.length !== ids.length) throw new NotFoundError('The payment request');
  const customers = await customerSummaries(
    tx,
    practice,
    rows.map((r) => r.customerId),
  );
  const named = rows.map((r) => ({ r, customer: customers.get(r.customerId) }));
  for (const { r, customer } of named) {
    const refused = refusal(r, `${customer?.firstName ?? ''} ${customer?.lastName ?? ''}`.trim());
    if (refused) throw new BusinessError(refused);
  }
  return named;
}

/** Send Reminder: the patient gets the link again. */
export async function remindRequests(
  ctx: AppContext,
  practice: PracticeId,
  staff: Staff,
  requestIds: string[],
) {
  const ids = [...new Set(requestIds)];
  const sender = senderOf(await practiceOrNotFound(ctx, practice));
  const now = ctx.clock.now();
  const days = await linkDaysOf(ctx.db, practice, 'PAYMENT');
  const templates = await practiceTemplatesOf(ctx.db, practice);
  await ctx.db.transaction(async (tx) => {
    const rows = await lockedForChange(tx, practice, ids, (r, patient) =>
      refusalToRemind(r, patient, hasLinkExpired(paymentLinkSent(r), days, now)),
    );
    await recordReminders(tx, practice, ids, now);
    for (const { r, customer } of rows)
      await sendReminderMessages(ctx, tx, practice, sender, templates, r, customer, now);
  });
  return { notifications: await byIds(ctx, practice, staff, ids) };
}

/**
 * A reminder's messages to the patient: the request's link again, on the channels it was sent by,
 * into the outbox in the caller's transaction (held there while the admin area's Queues pause the
 * outbox). Send Reminder and the automatic reminders (scheduledReminders.ts) both send through here.
 */
export async function sendReminderMessages(
  ctx: AppContext,
  tx: Tx,
  practice: PracticeId,
  sender: Practice,
  templates: PracticeTemplates,
  r: PaymentRequestRecord,
  customer: { firstName: string } | undefined,
  now: Date,
) {
  const messages = paymentReminderMessages(
    { toPhone: r.toPhone, eMail: r.eMail, firstName: customer?.firstName ?? '' },
    sender,
    { amount: r.amount, message: r.message, link: paymentLink(ctx.publicUrl, r.linkToken) },
    templates,
  );
  await sendToOutbox(tx, practice, messages, now);
}

/**
 * Send New Link: the patient gets the request with a new link, on the channels it was sent by; the
 * link they had stops working (its page says it was replaced). For an expired link, or a lost one.
 */
export async function sendNewLink(ctx: AppContext, practice: PracticeId, staff: Staff, id: string) {
  const sender = senderOf(await practiceOrNotFound(ctx, practice));
  const now = ctx.clock.now();
  const token = newLinkToken();
  const templates = await practiceTemplatesOf(ctx.db, practice);
  await ctx.db.transaction(async (tx) => {
    const [row] = await lockedForChange(tx, practice, [id], refusalToSendNewLink);
    const { r, customer } = row!;
    await recordReplacedLink(tx, practice, { token: r.linkToken, kind: 'PAYMENT', at: now });
    await replaceLinkToken(tx, practice, r.id, { token, at: now });
    await releaseScheduledSteps(tx, practice, r.id);
    const messages = paymentNewLinkMessages(
      { toPhone: r.toPhone, eMail: r.eMail, firstName: customer?.firstName ?? '' },
      sender,
      { amount: r.amount, message: r.message, link: paymentLink(ctx.publicUrl, token) },
      templates,
    );
    await sendToOutbox(tx, practice, messages, now);
  });
  const [request] = await byIds(ctx, practice, staff, [id]);
  return request!;
}

export async function cancelRequestsOf(
  ctx: AppContext,
  practice: PracticeId,
  staff: Staff,
  requestIds: string[],
) {
  const ids = [...new Set(requestIds)];
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockedForChange(tx, practice, ids, (r, patient) => refusalToCancel(r, patient, now));
    await cancelRequests(tx, practice, ids, now);
  });
  return { notifications: await byIds(ctx, practice, staff, ids) };
}

/** The Payment Requests page: newest first, filtered, one page. */
export async function requestList(
  ctx: AppContext,
  practice: PracticeId,
  staff: Staff,
  body: {
    search?: string;
    customerId?: number;
    statuses?: contract.PaymentRequestStatus[];
    startDate?: string;
    endDate?: string;
    page: number;
    pageSize: number;
  },
) {
  const filter = {
    ...body,
    ...(body.search ? { customers: customersMatching(ctx.db, practice, body.search) } : {}),
  };
  const totalCount = await countRequests(ctx.db, practice, filter);
  const rows = await requestPage(ctx.db, practice, filter, body);
  return { notifications: await requestViews(ctx, practice, staff, rows), totalCount };
}
