/**
 * What the payment plan API tests share: a stored card from a real nonce, a plan made through the API,
 * the plan as the modal reads it, the sandbox clock moved forward (which runs the billing), and the
 * invariant every plan keeps.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { addDays } from '../../server/domain/calendarDates.js';
import { providerCharges } from '../../server/db/schema/index.js';
import { idempotencyKey, nonceFor } from './payments.js';
import type { TestServer } from './server.js';

export async function storedCard(server: TestServer, token: string, customerId: number, card: string) {
  const { status, body } = await server.call<SavedCard>('POST', '/api/customerSavedCard/tokenize', {
    token,
    body: { nonce: await nonceFor(server, card), customerId, isDefault: true },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value!;
}

export const tomorrow = (server: TestServer) => addDays(server.ctx.clock.today(), 1);

export interface PlanTerms {
  customerId: number;
  total: number;
  downPayment?: number;
  cycleCount: number;
  frequency?: 'MONTHLY' | 'BIWEEKLY' | 'WEEKLY';
  firstBillingDate: string;
  customerSavedCardId?: number;
  isCash?: boolean;
}

export async function createPlan(
  server: TestServer,
  token: string,
  terms: PlanTerms,
  key = idempotencyKey(),
) {
  return server.call<PaymentPlan>('POST', '/api/paymentPlan/create', {
    token,
    headers: key,
    body: { approvedMethod: 'VERBAL', ...terms },
  });
}

/** Creates a plan and returns it (the call must succeed). */
export async function newPlan(server: TestServer, token: string, terms: PlanTerms) {
  const { status, body } = await createPlan(server, token, terms);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.isSuccess, JSON.stringify(body.errors)).toBe(true);
  return body.value!;
}

export async function getPlan(server: TestServer, token: string, id: number) {
  const { status, body } = await server.call<PaymentPlan>('GET', `/api/paymentPlan/?paymentPlanId=${id}`, {
    token,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value!;
}

/** POSTs and expects a 200 envelope; returns it. */
export async function post<T = PaymentPlan>(
  server: TestServer,
  token: string,
  path: string,
  body: unknown,
  opts: { key?: Record<string, string> } = {},
) {
  const res = await server.call<T>('POST', path, { token, body, headers: opts.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Moves the sandbox clock forward as an administrator; the billing run follows. */
export async function advance(server: TestServer, by: { days?: number; hours?: number; minutes?: number }) {
  const admin = await server.tokenFor('admin');
  const { status, body } = await server.call('POST', '/sandbox/clock/advance', { token: admin, body: by });
  expect(status, JSON.stringify(body)).toBe(200);
}

/** The plan's invariant: rows + adjustments = total, no negative amounts, balance and past due from the rows. */
export function expectTotalsHold(plan: PaymentPlan) {
  const rows = plan.paymentPlanDetails;
  const scheduled = rows.reduce((t, r) => t + r.amountDue, 0);
  expect(scheduled + plan.adjustments).toBe(plan.paymentPlanTotal);
  expect(rows.every((r) => Number.isInteger(r.amountDue) && r.amountDue >= 0)).toBe(true);
  const owed = rows.filter((r) => !r.processedToLedger || r.disposition === 'DECLINED');
  expect(plan.balanceDue).toBe(owed.reduce((t, r) => t + r.amountDue, 0));
  expect(plan.balancePastDue).toBe(
    rows.filter((r) => r.disposition === 'DECLINED').reduce((t, r) => t + r.amountDue, 0),
  );
  // What was received and kept paid the approved rows.
  const approved = rows.filter((r) => r.disposition === 'APPROVED').reduce((t, r) => t + r.amountDue, 0);
  expect(plan.paidToDate).toBe(approved);
}

/** How many sales the card provider made for this reference id (a double charge would show as 2 rows). */
export async function providerSales(server: TestServer, referenceId: string) {
  return server.ctx.db.select().from(providerCharges).where(eq(providerCharges.referenceId, referenceId));
}
