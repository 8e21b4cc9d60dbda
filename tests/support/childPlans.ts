/**
 * What the tests that kill a child server (tests/support/childServer.ts) share: its API called as a signed-in
 * user, as the SDK does, and a new patient with a Visa on file and a plan it pays (the demo data's
 * plans are all cash), made through that API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { startChildServer, type ChildServer } from './childServer.js';
import type { Envelope } from '../../embed-sdk/contract/endpoint.js';
import { signIn } from './oidc.js';
import { BRIGHT_SMILES, CARDS, idempotencyKey } from './payments.js';
import { copyTemplate } from './template-db.js';

/**
 * The child servers a test file starts, each on a copy of the seeded template's folder: after the
 * file, every one still running is stopped and every folder deleted.
 */
export function childServers() {
  const running: ChildServer[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop().catch(() => undefined);
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** A new copy of the seeded data folder. */
    dataDir() {
      const dataDir = copyTemplate();
      folders.push(path.dirname(dataDir));
      return dataDir;
    },
    async start(dataDir: string, env: Record<string, string> = {}, preload: string[] = []) {
      const server = await startChildServer(dataDir, { LOG_LEVEL: 'silent', ...env }, preload);
      running.push(server);
      return server;
    },
  };
}

/** Calls the API of a child server as this user. */
export async function childApi(server: ChildServer, email = 'frontdesk@chairside.test') {
  const { access_token } = await signIn(server.url, email);
  return async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    key: Record<string, string> = {},
  ) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', ...key },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
}

export async function planWithCard(
  server: ChildServer,
  terms: { firstBillingDate: string; lastName?: string },
) {
  const call = await childApi(server);
  const lastName = terms.lastName ?? 'Killed';
  const customer = await call<{ id: number }>('POST', '/api/customer/transition', {
    firstName: 'Kim',
    lastName,
    email: `kim.${lastName.toLowerCase()}@example.com`,
    cell: '5125550199',
  });
  const config = await call<{ cardProviderScriptUrl: string }>('GET', '/api/configuration');
  const provider = new URL(config.body.value!.cardProviderScriptUrl).origin;
  const nonce = await fetch(`${provider}/v1/nonces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: provider },
    body: JSON.stringify({
      businessId: BRIGHT_SMILES.businessId,
      applicationId: 'app',
      cardNumber: CARDS.visa.replace(/\D/g, ''),
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
      zip: '78704',
    }),
  });
  const card = await call<{ id: number }>('POST', '/api/customerSavedCard/tokenize', {
    nonce: ((await nonce.json()) as { nonce: string }).nonce,
    customerId: customer.body.value!.id,
    isDefault: true,
  });
  const plan = await call<{ id: number }>(
    'POST',
    '/api/paymentPlan/create',
    {
      approvedMethod: 'VERBAL',
      customerId: customer.body.value!.id,
      total: 60_000,
      cycleCount: 3,
      firstBillingDate: terms.firstBillingDate,
      customerSavedCardId: card.body.value!.id,
    },
    idempotencyKey(),
  );
  expect(plan.body.isSuccess, JSON.stringify(plan.body)).toBe(true);
  return { id: plan.body.value!.id, cardId: card.body.value!.id };
}
