/**
 * The card-entry test provider, end to end over HTTP: the script and frame it serves, nonces,
 * tokenizing, charges, refunds, voids and settlement, through the gateway the main server uses.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardProviderError } from '../../server/card-provider/gateway.js';
import type { CardGateway } from '../../server/context.js';
import { providerCards, providerCharges } from '../../server/db/schema/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

const BUSINESS = 'biz_brightsmiles';
const OTHER_BUSINESS = 'biz_cedarfamily';

let server: TestServer;
let cards: CardGateway;
let providerOrigin: string;

beforeAll(async () => {
  server = await startTestServer();
  cards = server.ctx.cards;
  providerOrigin = new URL(server.ctx.cardProviderScriptUrl).origin;
});
afterAll(() => server?.close());

/** What the frame does on submit: posts the typed card to its own origin's nonce endpoint. */
async function requestNonce(
  cardNumber: string,
  opts: { businessId?: string; expMonth?: number; expYear?: number; cvc?: string; origin?: string } = {},
) {
  const digits = cardNumber.replace(/\D/g, '');
  const res = await fetch(`${providerOrigin}/v1/nonces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: opts.origin ?? providerOrigin },
    body: JSON.stringify({
      businessId: opts.businessId ?? BUSINESS,
      applicationId: 'app_brightsmiles',
      cardNumber: digits,
      expMonth: opts.expMonth ?? 12,
      expYear: opts.expYear ?? server.ctx.clock.now().getFullYear() + 4,
      cvc: opts.cvc ?? (digits.startsWith('3') && /^3[47]/.test(digits) ? '1234' : '123'),
      zip: '90210',
    }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { nonce?: string; code?: string; fields?: unknown },
  };
}

async function nonceFor(cardNumber: string, businessId = BUSINESS) {
  const { status, body } = await requestNonce(cardNumber, { businessId });
  expect(status).toBe(200);
  return body.nonce!;
}

async function tokenFor(cardNumber: string, businessId = BUSINESS) {
  return (await cards.tokenize({ businessId, nonce: await nonceFor(cardNumber, businessId) })).token;
}

async function approvedSale(amount: number) {
  const token = await tokenFor('4111 1111 1111 1111');
  const result = await cards.charge({ businessId: BUSINESS, token, amount, idempotencyKey: randomUUID() });
  expect(result.approved).toBe(true);
  return result.referenceId;
}

/** The first 20:00 (local time) after a sale: when the provider's daily batch settles it. */
async function cutOffOf(referenceId: string): Promise<Date> {
  const [sale] = await server.ctx.db
    .select()
    .from(providerCharges)
    .where(eq(providerCharges.referenceId, referenceId));
  const cutOff = new Date(sale!.createdAt);
  cutOff.setHours(20, 0, 0, 0);
  if (cutOff <= sale!.createdAt) cutOff.setDate(cutOff.getDate() + 1);
  return cutOff;
}

/** Moves the sandbox clock to `ms` after the cut-off that settles this sale (negative: before it). */
async function moveClockToCutOff(referenceId: string, ms = 1_000) {
  const cutOff = await cutOffOf(referenceId);
  await server.ctx.clock.advance(cutOff.getTime() + ms - server.ctx.clock.now().getTime());
}

const settle = (referenceId: string) => moveClockToCutOff(referenceId);

describe('what browsers load', () => {
  it('announces the script on the provider origin in the configuration', async () => {
    const { body } = await server.call<{ cardProviderScriptUrl: string }>('GET', '/api/configuration');
    expect(body.value!.cardProviderScriptUrl).toBe(server.ctx.cardProviderScriptUrl);
    expect(providerOrigin).not.toBe(new URL(server.url).origin);
    expect(providerOrigin).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('serves the collect script for any page, with its own origin written in', async () => {
    const res = await fetch(server.ctx.cardProviderScriptUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await res.text();
    expect(script).toContain('.TokenizeJs = TokenizeJs');
    expect(script).toContain(`const PROVIDER_ORIGIN = ${JSON.stringify(providerOrigin)};`);
  });

  it('serves the frame only for an allowed parent, which alone may embed it', async () => {
    const frame = (parent: string) =>
      fetch(
        `${providerOrigin}/frame?${new URLSearchParams({ businessId: BUSINESS, applicationId: 'app', parent, zip: '1' })}`,
      );
    const ok = await frame(server.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain(`frame-ancestors ${server.url}`);
    const html = await ok.text();
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toContain('<label for="card-zip">ZIP code</label>');

    const refused = await frame('https://evil.example.com');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-security-policy')).not.toContain('evil');
  });

  it("serves the frame's own files and nothing else from its folder", async () => {
    expect((await fetch(`${providerOrigin}/assets/frame.js`)).status).toBe(200);
    expect((await fetch(`${providerOrigin}/assets/card-fields.js`)).status).toBe(200);
    expect((await fetch(`${providerOrigin}/assets/brand.test.ts`)).status).toBe(404);
    expect((await fetch(`${providerOrigin}/assets/..%2Findex.ts`)).status).toBe(404);
  });
});

describe('nonces', () => {
  it('are issued only for valid card details, naming the fields to fix', async () => {
    const { status, body } = await requestNonce('4111 1111 1111 1112', {
      expMonth: 1,
      expYear: 2020,
      cvc: '12',
    });
    expect(status).toBe(400);
    expect(body.fields).toEqual([
      { field: 'cardNumber', problem: 'invalid' },
      { field: 'expiry', problem: 'expired' },
      { field: 'cvc', problem: 'invalid' },
    ]);
  });

  it('are refused to a page on another origin', async () => {
    const { status, body } = await requestNonce('4111 1111 1111 1111', { origin: server.url });
    expect(status).toBe(403);
    expect(body.code).toBe('FORBIDDEN_ORIGIN');
  });

  it('are refused to a cross-origin form post that needs no preflight', async () => {
    const res = await fetch(`${providerOrigin}/v1/nonces`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://evil.example.com',
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify({ businessId: BUSINESS, cardNumber: '4111111111111111' }),
    });
    expect(res.status).toBe(403);
  });

  it('do not answer a cross-origin preflight, so browsers elsewhere cannot post card data', async () => {
    const res = await fetch(`${providerOrigin}/v1/nonces`, {
      method: 'OPTIONS',
      headers: { origin: server.url, 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('tokenize', () => {
  it('turns a nonce into a stored card, once', async () => {
    const nonce = await nonceFor('4111 1111 1111 1111');
    const card = await cards.tokenize({ businessId: BUSINESS, nonce });
    expect(card).toEqual({
      token: expect.stringMatching(/^tok_/),
      cardType: 'VISA',
      description: '•••• 1111',
      expMonth: 12,
      expYear: server.ctx.clock.now().getFullYear() + 4,
      funding: 'CREDIT',
    });
    await expect(cards.tokenize({ businessId: BUSINESS, nonce })).rejects.toMatchObject({
      status: 404,
      code: 'UNKNOWN_NONCE',
    });
  });

  it('refuses a made-up nonce', async () => {
    await expect(cards.tokenize({ businessId: BUSINESS, nonce: randomUUID() })).rejects.toBeInstanceOf(
      CardProviderError,
    );
  });

  it("refuses another business's nonce", async () => {
    const nonce = await nonceFor('4111 1111 1111 1111', OTHER_BUSINESS);
    await expect(cards.tokenize({ businessId: BUSINESS, nonce })).rejects.toMatchObject({
      code: 'UNKNOWN_NONCE',
    });
    // Its own business can still use it.
    await expect(cards.tokenize({ businessId: OTHER_BUSINESS, nonce })).resolves.toMatchObject({
      cardType: 'VISA',
    });
  });

  it('refuses a nonce after 15 minutes', async () => {
    const nonce = await nonceFor('4111 1111 1111 1111');
    await server.ctx.clock.advance(15 * 60_000);
    await expect(cards.tokenize({ businessId: BUSINESS, nonce })).rejects.toMatchObject({
      code: 'UNKNOWN_NONCE',
    });
  });

  it.each([
    ['3782 822463 10005', 'AMERICAN_EXPRESS', '•••• 0005', 'CREDIT'],
    ['4000 0566 5566 5556', 'VISA', '•••• 5556', 'DEBIT'],
    ['5555 5555 5555 4444', 'MASTERCARD', '•••• 4444', 'CREDIT'],
    ['6011 1111 1111 1117', 'DISCOVER', '•••• 1117', 'CREDIT'],
    ['3056 9300 0902 0004', 'DINERS_CLUB', '•••• 0004', 'CREDIT'],
    ['3566 0020 2036 0505', 'JCB', '•••• 0505', 'CREDIT'],
  ])('tokenizes %s as %s %s (%s)', async (number, cardType, description, funding) => {
    const card = await cards.tokenize({ businessId: BUSINESS, nonce: await nonceFor(number) });
    expect(card).toMatchObject({ cardType, description, funding });
  });

  it('never stores a card number', async () => {
    const token = await tokenFor('6011 1111 1111 1117');
    const rows = await server.ctx.db.select().from(providerCards);
    const stored = rows.find((r) => r.token === token);
    expect(stored).toMatchObject({
      brand: 'DISCOVER',
      last4: '1117',
      funding: 'CREDIT',
      behaviour: 'APPROVE',
    });
    expect(JSON.stringify(rows)).not.toMatch(/60111111|41111111|3782822463/);
  });
});

describe('charges', () => {
  it.each([
    ['4111 1111 1111 1111', true, null],
    ['4000 0000 0000 0002', false, 'Card declined'],
    ['4000 0000 0000 9995', false, 'Insufficient funds'],
    ['3782 822463 10005', true, null],
  ])('%s: approved %s (%s)', async (number, approved, reason) => {
    const token = await tokenFor(number);
    const result = await cards.charge({
      businessId: BUSINESS,
      token,
      amount: 12_345,
      idempotencyKey: randomUUID(),
    });
    expect(result).toEqual({
      approved,
      reason,
      referenceId: expect.stringMatching(/^[0-9A-Z]{6}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      transactionResultId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('returns the first result for a repeated idempotency key, and charges once', async () => {
    const token = await tokenFor('4000 0000 0000 9995');
    const input = { businessId: BUSINESS, token, amount: 5_000, idempotencyKey: randomUUID() };
    const [first, ...repeats] = await Promise.all([
      cards.charge(input),
      cards.charge(input),
      cards.charge(input),
    ]);
    for (const repeat of repeats) expect(repeat).toEqual(first);
    expect(first).toMatchObject({ approved: false, reason: 'Insufficient funds' });
    const rows = await server.ctx.db.select().from(providerCharges);
    expect(rows.filter((r) => r.referenceId === first!.referenceId)).toHaveLength(1);

    await expect(cards.charge({ ...input, amount: 5_001 })).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it("refuses another business's card", async () => {
    const token = await tokenFor('4111 1111 1111 1111', OTHER_BUSINESS);
    await expect(
      cards.charge({ businessId: BUSINESS, token, amount: 100, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ status: 404, code: 'UNKNOWN_TOKEN' });
  });

  it.each([[0], [-100], [10.5]])('refuses an amount of %s cents', async (amount) => {
    const token = await tokenFor('4111 1111 1111 1111');
    await expect(
      cards.charge({ businessId: BUSINESS, token, amount, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
  });

  it('refuses a charge without the shared secret, or with a wrong one', async () => {
    const token = await tokenFor('4111 1111 1111 1111');
    const body = JSON.stringify({ businessId: BUSINESS, token, amount: 100, idempotencyKey: randomUUID() });
    const attempts: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', authorization: 'Bearer not-the-secret' },
      { 'content-type': 'application/json', origin: server.url },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${providerOrigin}/v1/charges`, { method: 'POST', headers, body });
      expect(res.status).toBe(401);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const tokenize = await fetch(`${providerOrigin}/v1/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessId: BUSINESS, nonce: await nonceFor('4111 1111 1111 1111') }),
    });
    expect(tokenize.status).toBe(401);
    const rows = await server.ctx.db.select().from(providerCharges);
    expect(rows.some((r) => r.token === token)).toBe(false);
  });
});

describe('voids, refunds and settlement', () => {
  it('voids an unsettled sale, once, and refuses to refund it', async () => {
    const referenceId = await approvedSale(7_500);
    await expect(cards.isSettled({ businessId: BUSINESS, referenceId })).resolves.toBe(false);
    await expect(
      cards.refund({ businessId: BUSINESS, referenceId, amount: 100, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ status: 409, code: 'SALE_NOT_SETTLED' });

    const key = randomUUID();
    const voided = await cards.void({ businessId: BUSINESS, referenceId, idempotencyKey: key });
    expect(voided).toMatchObject({ approved: true, reason: null });
    expect(voided.referenceId).not.toBe(referenceId);
    await expect(cards.void({ businessId: BUSINESS, referenceId, idempotencyKey: key })).resolves.toEqual(
      voided,
    );
    await expect(
      cards.void({ businessId: BUSINESS, referenceId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'SALE_VOIDED' });
    await settle(referenceId);
    await expect(
      cards.refund({ businessId: BUSINESS, referenceId, amount: 100, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'SALE_VOIDED' });
  });

  it('settles a sale at the first 20:00 cut-off after it, then refunds it and no longer voids it', async () => {
    const referenceId = await approvedSale(10_000);
    await expect(cards.isSettled({ businessId: BUSINESS, referenceId })).resolves.toBe(false);
    await moveClockToCutOff(referenceId, -1_000);
    await expect(cards.isSettled({ businessId: BUSINESS, referenceId })).resolves.toBe(false);
    await moveClockToCutOff(referenceId, 0);
    await expect(cards.isSettled({ businessId: BUSINESS, referenceId })).resolves.toBe(true);

    await expect(
      cards.void({ businessId: BUSINESS, referenceId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'SALE_SETTLED' });
    const key = randomUUID();
    const first = await cards.refund({
      businessId: BUSINESS,
      referenceId,
      amount: 4_000,
      idempotencyKey: key,
    });
    expect(first.approved).toBe(true);
    await expect(
      cards.refund({ businessId: BUSINESS, referenceId, amount: 4_000, idempotencyKey: key }),
    ).resolves.toEqual(first);
    await expect(
      cards.refund({ businessId: BUSINESS, referenceId, amount: 6_001, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'EXCEEDS_REFUNDABLE' });
    await expect(
      cards.refund({ businessId: BUSINESS, referenceId, amount: 6_000, idempotencyKey: randomUUID() }),
    ).resolves.toMatchObject({ approved: true });
    await expect(
      cards.refund({ businessId: BUSINESS, referenceId, amount: 1, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'EXCEEDS_REFUNDABLE' });
  });

  it('never refunds more than the sale, even with 20 refunds at once', async () => {
    const referenceId = await approvedSale(5_000);
    await settle(referenceId);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        cards.refund({ businessId: BUSINESS, referenceId, amount: 300, idempotencyKey: randomUUID() }),
      ),
    );
    const approved = results.filter((r) => r.status === 'fulfilled' && r.value.approved);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(approved).toHaveLength(16);
    expect(refused).toHaveLength(4);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'EXCEEDS_REFUNDABLE' });

    const rows = await server.ctx.db.select().from(providerCharges);
    const refunded = rows
      .filter((r) => r.parentReferenceId === referenceId && r.kind === 'REFUND')
      .reduce((sum, r) => sum + r.amount, 0);
    expect(refunded).toBe(4_800);
  });

  it('neither refunds nor voids a declined sale', async () => {
    const token = await tokenFor('4000 0000 0000 0002');
    const { referenceId } = await cards.charge({
      businessId: BUSINESS,
      token,
      amount: 900,
      idempotencyKey: randomUUID(),
    });
    await expect(
      cards.void({ businessId: BUSINESS, referenceId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'SALE_DECLINED' });
  });

  it("answers another business's sale as if it did not exist", async () => {
    const referenceId = await approvedSale(1_000);
    await expect(cards.isSettled({ businessId: OTHER_BUSINESS, referenceId })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      cards.void({ businessId: OTHER_BUSINESS, referenceId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ status: 404, code: 'UNKNOWN_SALE' });
  });

  it('declines a stored card once the sandbox clock passes its expiry month', async () => {
    const now = server.ctx.clock.now();
    const { body } = await requestNonce('4111 1111 1111 1111', {
      expMonth: now.getMonth() + 1,
      expYear: now.getFullYear(),
    });
    const { token } = await cards.tokenize({ businessId: BUSINESS, nonce: body.nonce! });
    await server.ctx.clock.advance(40 * 24 * 3_600_000);
    await expect(
      cards.charge({ businessId: BUSINESS, token, amount: 100, idempotencyKey: randomUUID() }),
    ).resolves.toMatchObject({ approved: false, reason: 'Expired card' });
  });
});
