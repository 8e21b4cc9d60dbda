/**
 * What the payment API tests share: nonces from the card-entry test provider (posted to its origin as
 * its frame does, so no browser is needed), a fresh customer per test, the outbox, and the realtime
 * hub through the official client.
 */
import { randomUUID } from 'node:crypto';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { expect, vi } from 'vitest';
import { HUB_PATH } from '../../embed-sdk/contract/realtime.js';
import type { Envelope } from '../../embed-sdk/contract/endpoint.js';
import type { OutboxMessage } from '../../embed-sdk/contract/sandbox.js';
import type { TestServer } from './server.js';

export const CARDS = {
  visa: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  visaDebit: '4000 0566 5566 5556',
  mastercard: '5555 5555 5555 4444',
  amex: '3782 822463 10005',
} as const;

export const BRIGHT_SMILES = { id: 1, businessId: 'biz_brightsmiles' };
export const CEDAR_FAMILY = { id: 2, businessId: 'biz_cedarfamily' };

/** A nonce for a card, as the provider's frame gets one when the patient submits it. */
export async function nonceFor(
  server: TestServer,
  cardNumber: string,
  businessId = BRIGHT_SMILES.businessId,
) {
  const providerOrigin = new URL(server.ctx.cardProviderScriptUrl).origin;
  const digits = cardNumber.replace(/\D/g, '');
  const res = await fetch(`${providerOrigin}/v1/nonces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: providerOrigin },
    body: JSON.stringify({
      businessId,
      applicationId: 'app',
      cardNumber: digits,
      expMonth: 12,
      expYear: server.ctx.clock.now().getFullYear() + 3,
      cvc: /^3[47]/.test(digits) ? '1234' : '123',
      zip: '78704',
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { nonce: string }).nonce;
}

let patients = 0;

/** A new patient (and customer) of the caller's practice, with no cards and no requests. */
export async function newCustomer(
  server: TestServer,
  token: string,
  contact: { email?: string; cell?: string; guarantorId?: number } = {},
): Promise<{ id: number; key: number; firstName: string; lastName: string; email: string; cell: string }> {
  patients += 1;
  const { status, body } = await server.call<{
    id: number;
    key: number;
    firstName: string;
    lastName: string;
    email: string;
    cell: string;
  }>('POST', '/api/customer/transition', {
    token,
    body: {
      firstName: 'Paula',
      lastName: `Payer${String.fromCharCode(64 + (patients % 26) + 1)}${patients}`,
      email: contact.email ?? `paula.payer${patients}@example.com`,
      cell: contact.cell ?? `512555${String(1000 + patients).slice(-4)}`,
      // A family member: the guarantor's patient key (the patient is their own guarantor without one).
      ...(contact.guarantorId === undefined ? {} : { guarantorId: contact.guarantorId }),
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value!;
}

/**
 * Outbox messages whose link is this one (or all, newest first), read as the administrator, who
 * sees every practice's.
 */
export async function outbox(server: TestServer, link?: string): Promise<OutboxMessage[]> {
  const { status, body } = await server.call<{ messages: OutboxMessage[] }>(
    'GET',
    '/sandbox/outbox.json?limit=1000',
    { token: await server.tokenFor('admin') },
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value!.messages.filter((m) => link === undefined || m.link === link);
}

export function idempotencyKey() {
  return { 'idempotency-key': randomUUID() };
}

/** The official SignalR client on the payments hub, collecting the events of these targets. */
export async function hubListener(server: TestServer, token: string, targets: string[]) {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`${server.url}${HUB_PATH}`, { accessTokenFactory: () => token })
    .configureLogging(LogLevel.None)
    .build();
  const events: { target: string; payload: unknown }[] = [];
  for (const target of targets) connection.on(target, (payload: unknown) => events.push({ target, payload }));
  await connection.start();
  return {
    events,
    /** Waits until an event of this target matches. */
    waitFor: (target: string, match: (payload: never) => boolean) =>
      vi.waitFor(
        () => {
          const found = events.find((e) => e.target === target && match(e.payload as never));
          if (!found) throw new Error(`no ${target} event yet (${events.length} events)`);
          return found.payload;
        },
        { timeout: 5_000 },
      ),
    stop: () => connection.stop(),
  };
}

export interface RequestValue {
  id: string;
  status: string;
  link: string | null;
  amount: number;
  orderAmount: number | null;
  surchargeAmount: number;
  total: number;
  paymentPage: string | null;
  paid: string | null;
  cancelled: string | null;
  resent: string | null;
  created: string;
  notificationsResent: { dateTime: string }[];
  [key: string]: unknown;
}

/** Creates a payment request (text and e-mail to the customer's own contact) and returns it with its link token. */
export async function createRequest(
  server: TestServer,
  token: string,
  customer: { id: number; email: string; cell: string },
  amount: number,
  extra: Record<string, unknown> = {},
) {
  const { status, body } = await server.call<RequestValue>('POST', '/api/notification/create', {
    token,
    headers: idempotencyKey(),
    body: {
      customerId: customer.id,
      amount,
      notifyText: true,
      cell: customer.cell,
      notifyEmail: true,
      email: customer.email,
      ...extra,
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  const request = body.value!;
  return { request, linkToken: request.link!.split('/p/')[1]! };
}

export interface PaidValue {
  isApproved: boolean;
  reason: string | null;
  referenceId: string;
  transactionId: string;
  surchargeAmount: number;
  total: number;
  paid: string | null;
  [key: string]: unknown;
}

/** What the payment page does: quote the card behind a fresh nonce, then pay the quoted total. */
export async function payWithCard(
  server: TestServer,
  linkToken: string,
  card: string,
  key = idempotencyKey(),
) {
  const nonce = await nonceFor(server, card);
  const quote = await server.call<{ total: number }>('POST', '/api/public/paymentRequest/quote', {
    body: { token: linkToken, nonce },
  });
  expect(quote.status).toBe(200);
  if (!quote.body.isSuccess) return quote as unknown as { status: number; body: Envelope<PaidValue> };
  return server.call<PaidValue>('POST', '/api/public/paymentRequest/pay', {
    headers: key,
    body: { token: linkToken, nonce, total: quote.body.value!.total },
  });
}

/**
 * Runs `work` as an administrator moved to another practice, then moves them back to Bright Smiles
 * (the current practice belongs to the user, whatever the token).
 */
export async function asAdminAt<T>(
  server: TestServer,
  companyId: number,
  work: (admin: string) => Promise<T>,
) {
  const admin = (await server.signIn('admin@chairside.test')).access_token;
  await server.call('POST', '/api/auth/login-company', { token: admin, body: { companyId } });
  try {
    return await work(admin);
  } finally {
    await server.call('POST', '/api/auth/login-company', {
      token: admin,
      body: { companyId: BRIGHT_SMILES.id },
    });
  }
}

/** Evelyn Castellanos, a seeded customer of Cedar Family Dentistry (the viewer's practice). */
export async function evelynCastellanos(server: TestServer, tokenAtCedar: string) {
  const { body } = await server.call<{ id: number; email: string }[]>(
    'GET',
    '/api/customer/searchCustomer?name=Castellanos',
    { token: tokenAtCedar },
  );
  const evelyn = body.value!.find((c) => c.email === 'evelyn.castellanos@example.com')!;
  return { id: evelyn.id, email: evelyn.email, cell: '3035550155' };
}
