/**
 * The API as a browser spec's setup uses it: each call as one of the seeded people, with a fresh
 * idempotency key (as the SDK sends), expecting a success; test cards stored through the card
 * provider's nonces as its frame gets them; and the sandbox's clock.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';

export type Who = 'frontdesk' | 'admin' | 'viewer';

/** The first card stored for a patient in these specs is their default. */
export const VISA = '4111 1111 1111 1111';

/** `baseUrl` is read at each call: a spec's own server starts after the module has loaded. */
export function sandboxApi(baseUrl: () => string, tokenOf: (who: Who) => Promise<string>) {
  async function api<T>(who: Who, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await tokenOf(who)}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const envelope = (await res.json()) as { isSuccess: boolean; value: T; errors: string[] };
    expect(res.status, `${path}: ${JSON.stringify(envelope)}`).toBe(200);
    expect(envelope.isSuccess, `${path}: ${envelope.errors.join(' ')}`).toBe(true);
    return envelope.value;
  }

  /** A nonce for a test card, from the card provider's origin as its frame gets one. */
  async function nonceFor(cardNumber: string): Promise<string> {
    const config = (await (await fetch(`${baseUrl()}/api/configuration`)).json()) as {
      value: { cardProviderScriptUrl: string };
    };
    const provider = new URL(config.value.cardProviderScriptUrl).origin;
    const res = await fetch(`${provider}/v1/nonces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: provider },
      body: JSON.stringify({
        businessId: 'biz_brightsmiles',
        applicationId: 'app',
        cardNumber: cardNumber.replace(/\D/g, ''),
        expMonth: 12,
        expYear: new Date().getFullYear() + 5,
        cvc: '123',
        zip: '78704',
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { nonce: string }).nonce;
  }

  /** Stores a test card for the patient (the front desk, through the provider's nonce); its id. */
  async function storeCard(
    customerId: number,
    cardNumber: string,
    isDefault = cardNumber === VISA,
  ): Promise<number> {
    const card = await api<{ id: number }>('frontdesk', 'POST', '/api/customerSavedCard/tokenize', {
      nonce: await nonceFor(cardNumber),
      customerId,
      isDefault,
    });
    return card.id;
  }

  return {
    api,
    nonceFor,
    storeCard,
    /** The sandbox's today (YYYY-MM-DD). */
    today: async () => (await api<{ today: string }>('frontdesk', 'GET', '/sandbox/clock')).today,
    /** The sandbox's clock control (administrators): the billing run for what became due is part of the answer. */
    advanceClock: (days: number) => api('admin', 'POST', '/sandbox/clock/advance', { days }),
  };
}
