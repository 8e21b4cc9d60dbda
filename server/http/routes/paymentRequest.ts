/**
 * Payment requests for staff: create and send, read, list, remind, cancel. The patient's side (the
 * public payment page) is in paymentPage.ts. Every query is scoped to the caller's current practice.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Role } from '../../../embed-sdk/contract/common.js';
import * as contract from '../../../embed-sdk/contract/paymentRequest.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { sendToOutbox } from '../../outbox/store.js';
import { customers, paymentRequestReminders, paymentRequests } from '../../db/schema/index.js';
import { matchSearchTerm } from '../../db/searchTerm.js';
import { dayRange } from '../../domain/dateRange.js';
import { paymentReminderMessages, paymentRequestMessages } from '../../domain/outbox/patientMessages.js';
import {
  paymentRequestStatus,
  refusalToCancel,
  refusalToRemind,
} from '../../domain/payment-requests/paymentRequest.js';
import type { Caller } from '../caller.js';
import { newLinkFor, senderOf } from '../../outbox/recipients.js';
import { BusinessError, NotFoundError } from '../../errors.js';
import { paymentLink } from '../../outbox/links.js';
import { practiceRecord } from '../practiceRecords.js';
import { defineRoute, practiceOf } from '../route.js';

const reading = { access: { anyRole: ['VIEWPAYMENTREQUESTS', 'EDITPAYMENTREQUESTS'] as Role[] } };
const editing = { access: { anyRole: ['EDITPAYMENTREQUESTS'] as Role[] } };

type RequestRow = typeof paymentRequests.$inferSelect;
interface Row {
  r: RequestRow;
  patientKey: number | null;
  firstName: string;
  lastName: string;
}

const rowColumns = {
  r: paymentRequests,
  patientKey: customers.patientKey,
  firstName: customers.firstName,
  lastName: customers.lastName,
};

function selectRows(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(paymentRequests)
    .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
    .where(where)
    .orderBy(desc(paymentRequests.created), desc(paymentRequests.id))
    .$dynamic();
}

function toPaymentRequest(row: Row, reminders: Date[], link: string | null): contract.PaymentRequest {
  const { r } = row;
  const status = paymentRequestStatus(r);
  const paidOrder = status === 'PAID' ? (r.orderAmount ?? r.amount) : null;
  return {
    id: r.id,
    patientKey: row.patientKey,
    customerId: r.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
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
  };
}

/** The entities of these rows, with their reminders; the link only for those who may copy it. */
async function entities(ctx: AppContext, caller: Caller, rows: Row[]): Promise<contract.PaymentRequest[]> {
  const ids = rows.map((row) => row.r.id);
  const reminders = new Map<string, Date[]>();
  if (ids.length > 0) {
    const found = await ctx.db
      .select()
      .from(paymentRequestReminders)
      .where(inArray(paymentRequestReminders.paymentRequestId, ids))
      .orderBy(desc(paymentRequestReminders.dateTime), desc(paymentRequestReminders.id));
    for (const reminder of found) {
      const list = reminders.get(reminder.paymentRequestId) ?? [];
      list.push(reminder.dateTime);
      reminders.set(reminder.paymentRequestId, list);
    }
  }
  const mayCopyLink = caller.roles.has('EDITPAYMENTREQUESTS');
  return rows.map((row) =>
    toPaymentRequest(
      row,
      reminders.get(row.r.id) ?? [],
      mayCopyLink ? paymentLink(ctx.publicUrl, row.r.linkToken) : null,
    ),
  );
}

async function byIds(ctx: AppContext, caller: Caller, companyId: number, ids: string[]) {
  const rows = await selectRows(
    ctx.db,
    and(eq(paymentRequests.companyId, companyId), inArray(paymentRequests.id, ids)),
  );
  return entities(ctx, caller, rows);
}

/**
 * Locks the practice's requests with these ids for a change; 404 when any is missing (another
 * practice's id answers the same).
 */
async function lockRequests(tx: Tx, companyId: number, ids: string[]) {
  const rows = await tx
    .select(rowColumns)
    .from(paymentRequests)
    .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
    .where(and(eq(paymentRequests.companyId, companyId), inArray(paymentRequests.id, ids)))
    .orderBy(paymentRequests.id)
    .for('update', { of: paymentRequests });
  if (rows.length !== ids.length) throw new NotFoundError('The payment request');
  return rows;
}

const patientName = (row: Row) => `${row.firstName} ${row.lastName}`.trim();

/** The SQL form of `paymentRequestStatus` (paid wins over cancelled). */
function statusIs(status: contract.PaymentRequestStatus): SQL {
  switch (status) {
    case 'PAID':
      return isNotNull(paymentRequests.paid);
    case 'CANCELLED':
      return and(isNull(paymentRequests.paid), isNotNull(paymentRequests.cancelled))!;
    case 'UNPAID':
      return and(isNull(paymentRequests.paid), isNull(paymentRequests.cancelled))!;
  }
}

export const paymentRequestRoutes = [
  defineRoute(contract.create, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const { customer, to, addressee, sender, linkToken } = await newLinkFor(ctx, companyId, body);
    const now = ctx.clock.now();
    const messages = paymentRequestMessages(addressee, sender, {
      amount: body.amount,
      message: body.message,
      link: paymentLink(ctx.publicUrl, linkToken),
    });
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(paymentRequests)
        .values({
          companyId,
          customerId: customer.id,
          linkToken,
          amount: body.amount,
          eMail: to.eMail,
          toPhone: to.toPhone,
          message: body.message,
          createdByUserId: caller.userId,
          created: now,
        })
        .returning({ id: paymentRequests.id });
      await sendToOutbox(tx, companyId, messages, now);
      return created!.id;
    });
    const [request] = await byIds(ctx, caller, companyId, [id]);
    return request!;
  }),

  defineRoute(contract.getNotification, reading, async ({ ctx, caller, query }) => {
    const [request] = await byIds(ctx, caller, practiceOf(caller), [query.id]);
    if (!request) throw new NotFoundError('The payment request');
    return request;
  }),

  defineRoute(contract.remind, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const ids = [...new Set(body.ids)];
    const sender = senderOf(await practiceRecord(ctx, companyId));
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const rows = await lockRequests(tx, companyId, ids);
      for (const row of rows) {
        const refusal = refusalToRemind(row.r, patientName(row));
        if (refusal) throw new BusinessError(refusal);
      }
      await tx
        .insert(paymentRequestReminders)
        .values(ids.map((id) => ({ paymentRequestId: id, dateTime: now })));
      await tx.update(paymentRequests).set({ resent: now }).where(inArray(paymentRequests.id, ids));
      for (const { r, firstName } of rows) {
        const messages = paymentReminderMessages({ toPhone: r.toPhone, eMail: r.eMail, firstName }, sender, {
          amount: r.amount,
          message: r.message,
          link: paymentLink(ctx.publicUrl, r.linkToken),
        });
        await sendToOutbox(tx, companyId, messages, now);
      }
    });
    return { notifications: await byIds(ctx, caller, companyId, ids) };
  }),

  defineRoute(contract.remove, editing, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const ids = [...new Set(body.ids)];
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const rows = await lockRequests(tx, companyId, ids);
      for (const row of rows) {
        const refusal = refusalToCancel(row.r, patientName(row), now);
        if (refusal) throw new BusinessError(refusal);
      }
      await tx
        .update(paymentRequests)
        .set({ cancelled: now })
        .where(and(inArray(paymentRequests.id, ids), isNull(paymentRequests.cancelled)));
    });
    return { notifications: await byIds(ctx, caller, companyId, ids) };
  }),

  defineRoute(contract.list, reading, async ({ ctx, caller, body }) => {
    const companyId = practiceOf(caller);
    const filters: SQL[] = [eq(paymentRequests.companyId, companyId)];
    if (body.customerId !== undefined) filters.push(eq(paymentRequests.customerId, body.customerId));
    if (body.search) {
      filters.push(
        matchSearchTerm(body.search, {
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          cell: customers.cell,
          patNum: customers.patientKey,
        }),
      );
    }
    if (body.statuses && body.statuses.length > 0) filters.push(or(...body.statuses.map(statusIs))!);
    const { from, before } = dayRange(body.startDate, body.endDate);
    if (from) filters.push(gte(paymentRequests.created, from));
    if (before) filters.push(lt(paymentRequests.created, before));
    const where = and(...filters);

    const [total] = await ctx.db
      .select({ n: count() })
      .from(paymentRequests)
      .innerJoin(customers, eq(customers.id, paymentRequests.customerId))
      .where(where);
    const rows = await selectRows(ctx.db, where)
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize);
    return { notifications: await entities(ctx, caller, rows), totalCount: total?.n ?? 0 };
  }),
];
