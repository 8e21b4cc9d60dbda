/**
 * Payment requests (text to pay): the ones patients paid (made by the collections step, each with its
 * TEXTTOPAY transaction), and the ones still open or canceled. An open request may have been viewed,
 * reminded once or twice, or tried with a card that was declined; none of that closes it.
 */
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import type { SeededCustomer } from './customers.js';
import { payerOf, type MoneyBook, type SeedCard } from './money.js';
import { PRACTICES } from './practices.js';
import type { Random, SeedTime } from './random.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Requests still open and canceled per practice (they do not grow with the scale). */
export const OPEN_REQUESTS: Record<number, { open: number; cancelled: number }> = {
  [PRACTICES.brightSmiles]: { open: 7, cancelled: 2 },
  [PRACTICES.cedarFamily]: { open: 3, cancelled: 1 },
  [PRACTICES.harborView]: { open: 2, cancelled: 0 },
};

export interface RequestContext {
  book: MoneyBook;
  time: SeedTime;
  random: Random;
  /** Who sends the practice's requests. */
  senderId: number;
}

/** Whom a request can go to: an adult customer with an e-mail address or a mobile number. */
export function canReceiveRequests(customer: SeededCustomer): boolean {
  return customer.patient.age >= 18 && (customer.patient.email !== '' || customer.patient.cell !== '');
}

function newRequest(ctx: RequestContext, customer: SeededCustomer, created: Date, amount: number) {
  const { patient } = customer;
  const request = ctx.book.add('paymentRequests', {
    id: ctx.random.string.uuid(),
    companyId: customer.companyId,
    customerId: customer.id,
    amount,
    orderAmount: null,
    surchargeAmount: 0,
    eMail: patient.email,
    toPhone: patient.cell,
    message: `Hi ${patient.firstName}, your balance of ${formatCurrency(amount)} is ready to pay online.`,
    createdByUserId: ctx.senderId,
    created,
    paymentPage: null,
    paid: null,
    cancelled: null,
    resent: null,
  });
  // The same row the book writes (later changes to it are written too), with its keys known to be set.
  return request as typeof request & { id: string; created: Date; amount: number };
}

/** A request sent to `customer` a while before `at` (from 40 minutes to three days), still unpaid. */
export function sentRequest(ctx: RequestContext, customer: SeededCustomer, at: Date, amount: number) {
  const sentAgo = ctx.random.number.int({ min: 40, max: 3 * 24 * 60 }) * MINUTE;
  const created = new Date(Math.max(at.getTime() - sentAgo, customer.createdAt.getTime()));
  return newRequest(ctx, customer, created, amount);
}

type RequestRow = ReturnType<typeof newRequest>;

/** The patient pays `request` at `at` with `card` (viewing the page just before); declines leave it open. */
export function payRequest(
  ctx: RequestContext,
  request: RequestRow,
  customer: SeededCustomer,
  card: SeedCard,
  at: Date,
) {
  request.paymentPage ??= new Date(
    Math.max(
      request.created!.getTime() + MINUTE,
      at.getTime() - ctx.random.number.int({ min: 1, max: 20 }) * MINUTE,
    ),
  );
  const payment = ctx.book.pay({
    companyId: customer.companyId,
    at,
    source: 'TEXTTOPAY',
    payer: payerOf(customer),
    tender: { kind: 'CARD', card },
    orderAmount: request.amount,
    notificationId: request.id,
  });
  if (payment.status === 'APPROVED') {
    request.paid = at;
    request.orderAmount = payment.orderAmount;
    request.surchargeAmount = payment.surchargeAmount ?? 0;
  }
  return payment;
}

/**
 * The practice's open and canceled requests, sent over the last three weeks. The first open one was
 * tried with a card that was declined.
 */
export function openRequests(
  ctx: RequestContext,
  companyId: number,
  recipients: SeededCustomer[],
  declinedCard: () => SeedCard,
) {
  const { book, time, random } = ctx;
  const counts = OPEN_REQUESTS[companyId] ?? { open: 0, cancelled: 0 };
  for (let i = 0; i < counts.open + counts.cancelled; i++) {
    const created = new Date(
      time.now.getTime() - random.number.int({ min: 2 * 60, max: 21 * 24 * 60 }) * MINUTE,
    );
    const customer = pick(random, recipients, (c) => c.createdAt <= created);
    const amount = random.number.int({ min: 45, max: 900 }) * 100 + random.helpers.arrayElement([0, 0, 50]);
    const request = newRequest(ctx, customer, created, amount);
    if (i >= counts.open) {
      request.cancelled = new Date(Math.min(created.getTime() + 2 * 24 * HOUR, time.now.getTime()));
      continue;
    }
    const ageHours = (time.now.getTime() - created.getTime()) / HOUR;
    if (i === 0 || random.datatype.boolean({ probability: 0.5 })) {
      request.paymentPage = new Date(created.getTime() + Math.min(ageHours / 2, 30) * HOUR);
    }
    if (i === 0 && request.paymentPage) {
      // The patient tried to pay; the card was declined and the request stays open.
      payRequest(
        ctx,
        request,
        customer,
        declinedCard(),
        new Date(request.paymentPage.getTime() + 3 * MINUTE),
      );
    }
    // Reminders go out three days apart, when the patient has not paid.
    for (let day = 3; day <= 6 && day * 24 < ageHours; day += 3) {
      if (day === 3 && !random.datatype.boolean({ probability: 0.6 })) break;
      const at = new Date(created.getTime() + day * 24 * HOUR);
      book.add('paymentRequestReminders', {
        id: book.id('paymentRequestReminders'),
        paymentRequestId: request.id,
        dateTime: at,
      });
      request.resent = at;
    }
  }
}

/** A random item that passes `ok` (the first that does, after a few tries). */
export function pick<T>(random: Random, items: readonly T[], ok: (item: T) => boolean): T {
  for (let attempt = 0; attempt < 25; attempt++) {
    const item = random.helpers.arrayElement(items);
    if (ok(item)) return item;
  }
  const found = items.find(ok);
  if (!found) throw new Error('The demo data has no item that fits.');
  return found;
}
