/**
 * Cards on file over HTTP: storing from a real nonce of the card-entry test provider, the default
 * card, removal and the 'Associated Card' stop, roles and practices, and the card request a patient
 * answers through a link.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import {
  cardRequests,
  customerMembershipBillings,
  paymentPlans,
  providerCards,
  savedCards,
} from '../../server/db/schema/index.js';
import { asAdminAt, CARDS, hubListener, newCustomer, nonceFor, outbox } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let frontdesk: string;
let viewer: string;

beforeAll(async () => {
  server = await startTestServer();
  frontdesk = await server.tokenFor('frontdesk');
  viewer = await server.tokenWithTerms('viewer');
});
afterAll(() => server?.close());

async function tokenize(customerId: number, card: string, extra: Record<string, unknown> = {}) {
  return server.call<SavedCard>('POST', '/api/customerSavedCard/tokenize', {
    token: frontdesk,
    body: { nonce: await nonceFor(server, card), customerId, ...extra },
  });
}

async function cardsOf(customerId: number, token = frontdesk) {
  return server.call<SavedCard[]>(
    'GET',
    `/api/customerSavedCard/customerSavedCards?customerId=${customerId}`,
    {
      token,
    },
  );
}

describe('storing a card from a nonce', () => {
  it('keeps the mask, brand and expiry the provider answered, as the default card', async () => {
    const customer = await newCustomer(server, frontdesk);
    expect((await cardsOf(customer.id)).body.value).toEqual([]);

    const { status, body } = await tokenize(customer.id, CARDS.visa);
    expect(status).toBe(200);
    expect(body.value).toEqual({
      id: expect.any(Number),
      cardType: 'VISA',
      description: '•••• 1111',
      expMonth: 12,
      expYear: server.ctx.clock.now().getFullYear() + 3,
      isDefault: true,
      funding: 'CREDIT',
    });
    expect((await cardsOf(customer.id)).body.value).toEqual([body.value]);
    const [stored] = await server.ctx.db.select().from(savedCards).where(eq(savedCards.id, body.value!.id));
    expect(stored!.providerToken).toMatch(/^tok_/);
  });

  it('makes a new card the default by default, and lists the default first', async () => {
    const customer = await newCustomer(server, frontdesk);
    const first = (await tokenize(customer.id, CARDS.visa)).body.value!;
    const second = (await tokenize(customer.id, CARDS.mastercard)).body.value!;
    expect(second).toMatchObject({ cardType: 'MASTERCARD', description: '•••• 4444', isDefault: true });
    const listed = (await cardsOf(customer.id)).body.value!;
    expect(listed.map((c) => [c.id, c.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('keeps the default when a card is added as not default, except for the first card', async () => {
    const customer = await newCustomer(server, frontdesk);
    const first = (await tokenize(customer.id, CARDS.visa, { isDefault: false })).body.value!;
    expect(first.isDefault).toBe(true);
    const debit = (await tokenize(customer.id, CARDS.visaDebit, { isDefault: false })).body.value!;
    expect(debit).toMatchObject({ isDefault: false, funding: 'DEBIT', description: '•••• 5556' });
    expect((await cardsOf(customer.id)).body.value!.map((c) => c.id)).toEqual([first.id, debit.id]);
  });

  it('refuses a payload that carries a card number, before anything reaches the provider', async () => {
    const customer = await newCustomer(server, frontdesk);
    const [before] = await server.ctx.db.select({ n: count() }).from(providerCards);
    const withNumber = await server.call('POST', '/api/customerSavedCard/tokenize', {
      token: frontdesk,
      body: {
        nonce: await nonceFor(server, CARDS.visa),
        customerId: customer.id,
        cardNumber: '4111111111111111',
      },
    });
    expect(withNumber.status).toBe(400);
    expect(withNumber.body.errors.join(' ')).toMatch(/cardNumber/);
    expect(JSON.stringify(withNumber.body)).not.toContain('4111111111111111');

    for (const number of ['4111111111111111', '4111 1111 1111 1111', '3782-822463-10005']) {
      const asNonce = await server.call('POST', '/api/customerSavedCard/tokenize', {
        token: frontdesk,
        body: { nonce: number, customerId: customer.id },
      });
      expect(asNonce.status).toBe(400);
      expect(asNonce.body.errors).toEqual([
        'body.nonce: Send the nonce from the card form, never a card number.',
      ]);
    }
    const [after] = await server.ctx.db.select({ n: count() }).from(providerCards);
    expect(after!.n).toBe(before!.n);
    expect((await cardsOf(customer.id)).body.value).toEqual([]);
  });

  it('refuses a used nonce with a 409 naming it, and stores the card once', async () => {
    const customer = await newCustomer(server, frontdesk);
    const nonce = await nonceFor(server, CARDS.visa);
    const body = { nonce, customerId: customer.id };
    expect(
      (await server.call('POST', '/api/customerSavedCard/tokenize', { token: frontdesk, body })).status,
    ).toBe(200);
    const again = await server.call('POST', '/api/customerSavedCard/tokenize', { token: frontdesk, body });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      isSuccess: false,
      value: null,
      errors: ['body.nonce: This card entry was already used. Enter the card again.'],
      showMessage: true,
    });
    expect((await cardsOf(customer.id)).body.value).toHaveLength(1);
  });

  it('answers a nonce the provider does not know (expired, or never issued) with a message the front desk can act on', async () => {
    const customer = await newCustomer(server, frontdesk);
    const body = { nonce: 'a0d3c9b2-0000-4000-8000-000000000000', customerId: customer.id };
    const answer = await server.call('POST', '/api/customerSavedCard/tokenize', { token: frontdesk, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      isSuccess: false,
      value: null,
      errors: ['The card details have expired or were already used. Please enter the card again.'],
      showMessage: true,
    });
  });

  it('names the field of a bad payload', async () => {
    const { status, body } = await server.call('POST', '/api/customerSavedCard/tokenize', {
      token: frontdesk,
      body: { nonce: 'abc', customerId: 'seven' },
    });
    expect(status).toBe(400);
    expect(body.errors[0]).toMatch(/^body\.customerId: /);
  });
});

describe('the default card and removal', () => {
  it('makes another card the default', async () => {
    const customer = await newCustomer(server, frontdesk);
    const visa = (await tokenize(customer.id, CARDS.visa)).body.value!;
    const amex = (await tokenize(customer.id, CARDS.amex)).body.value!;
    const { body } = await server.call<SavedCard[]>('POST', '/api/customerSavedCard/makeDefault', {
      token: frontdesk,
      body: { customerId: customer.id, Id: visa.id },
    });
    expect(body.value!.map((c) => [c.id, c.isDefault])).toEqual([
      [visa.id, true],
      [amex.id, false],
    ]);
  });

  it('removes a card, passes the default to the newest remaining one, and answers a repeat the same', async () => {
    const customer = await newCustomer(server, frontdesk);
    const oldest = (await tokenize(customer.id, CARDS.visa)).body.value!;
    const middle = (await tokenize(customer.id, CARDS.mastercard)).body.value!;
    const newest = (await tokenize(customer.id, CARDS.amex)).body.value!;
    await server.call('POST', '/api/customerSavedCard/makeDefault', {
      token: frontdesk,
      body: { customerId: customer.id, Id: oldest.id },
    });
    const remove = () =>
      server.call<{ hasMembershipPaymentPlans: boolean; deleted: boolean; cards: SavedCard[] }>(
        'POST',
        '/api/customerSavedCard/InActivate',
        { token: frontdesk, body: { Id: oldest.id, customerId: customer.id } },
      );
    const { body } = await remove();
    expect(body.value).toMatchObject({ hasMembershipPaymentPlans: false, deleted: true });
    expect(body.value!.cards.map((c) => [c.id, c.isDefault])).toEqual([
      [newest.id, true],
      [middle.id, false],
    ]);
    expect((await remove()).body.value).toMatchObject({ hasMembershipPaymentPlans: false, deleted: true });
    const [row] = await server.ctx.db.select().from(savedCards).where(eq(savedCards.id, oldest.id));
    expect(row).toMatchObject({ isActive: false, isDefault: false });
  });

  it("stops at a card that pays an active payment plan or membership: 'Associated Card'", async () => {
    const customer = await newCustomer(server, frontdesk);
    const card = (await tokenize(customer.id, CARDS.visa)).body.value!;
    const remove = () =>
      server.call<{ hasMembershipPaymentPlans: boolean; deleted: boolean; cards: SavedCard[] }>(
        'POST',
        '/api/customerSavedCard/InActivate',
        { token: frontdesk, body: { Id: card.id, customerId: customer.id } },
      );
    // The plan and membership screens come later; their rows are written here directly.
    const [plan] = await server.ctx.db
      .insert(paymentPlans)
      .values({
        companyId: 1,
        customerId: customer.id,
        total: 60_000,
        cycleCount: 6,
        customerSavedCardId: card.id,
      })
      .returning();
    let answer = await remove();
    expect(answer.body.value).toMatchObject({ hasMembershipPaymentPlans: true, deleted: false });
    expect(answer.body.value!.cards.map((c) => c.id)).toEqual([card.id]);

    await server.ctx.db.update(paymentPlans).set({ status: 'INACTIVE' }).where(eq(paymentPlans.id, plan!.id));
    const [membership] = await server.ctx.db
      .insert(customerMembershipBillings)
      .values({
        companyId: 1,
        customerId: customer.id,
        status: 'ACTIVE',
        cycle: 'MONTHLY',
        amount: 2_900,
        startDate: server.ctx.clock.today(),
        renewalMode: 'CANCEL',
        customerSavedCardId: card.id,
      })
      .returning();
    answer = await remove();
    expect(answer.body.value).toMatchObject({ hasMembershipPaymentPlans: true, deleted: false });

    await server.ctx.db
      .update(customerMembershipBillings)
      .set({ status: 'INACTIVE' })
      .where(eq(customerMembershipBillings.id, membership!.id));
    answer = await remove();
    expect(answer.body.value).toMatchObject({ hasMembershipPaymentPlans: false, deleted: true, cards: [] });
  });
});

describe('roles and practices', () => {
  it('refuses a viewer every change with a 403 envelope', async () => {
    const customer = await newCustomer(server, frontdesk);
    const card = (await tokenize(customer.id, CARDS.visa)).body.value!;
    const calls: [string, unknown][] = [
      [
        '/api/customerSavedCard/tokenize',
        { nonce: await nonceFor(server, CARDS.visa), customerId: customer.id },
      ],
      ['/api/customerSavedCard/InActivate', { Id: card.id, customerId: customer.id }],
      ['/api/customerSavedCard/makeDefault', { Id: card.id, customerId: customer.id }],
      [
        '/api/customer/sendCardRequest',
        { customerId: customer.id, notifyText: true, cell: '5125550100', notifyEmail: false },
      ],
    ];
    for (const [path, body] of calls) {
      const answer = await server.call('POST', path, { token: viewer, body });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatchObject({ isSuccess: false, value: null, showMessage: true });
      expect(answer.body.errors[0]).toMatch(/EDITPAYMENTREQUESTS/);
    }
    expect((await cardsOf(customer.id)).body.value!.map((c) => c.id)).toEqual([card.id]);
  });

  it("answers another practice's customer and card as if they did not exist", async () => {
    const customer = await newCustomer(server, frontdesk);
    const card = (await tokenize(customer.id, CARDS.visa)).body.value!;
    // The viewer works at Cedar Family Dentistry.
    const list = await cardsOf(customer.id, viewer);
    expect(list.status).toBe(404);
    expect(list.body.errors).toEqual(['The customer was not found.']);

    // An administrator who moved to Harbor View Dental can change nothing at Bright Smiles.
    await asAdminAt(server, 3, async (admin) => {
      const makeDefault = await server.call('POST', '/api/customerSavedCard/makeDefault', {
        token: admin,
        body: { Id: card.id, customerId: customer.id },
      });
      expect(makeDefault.status).toBe(404);
      const remove = await server.call('POST', '/api/customerSavedCard/InActivate', {
        token: admin,
        body: { Id: card.id, customerId: customer.id },
      });
      expect(remove.status).toBe(404);
      const surcharge = await server.call('POST', '/api/surcharge', {
        token: admin,
        body: { customerSavedCardId: card.id, amount: 10_000 },
      });
      expect(surcharge.status).toBe(404);
    });
    expect((await cardsOf(customer.id)).body.value).toEqual([card]);
  });

  it("answers another customer's card of the same practice as not found", async () => {
    const owner = await newCustomer(server, frontdesk);
    const other = await newCustomer(server, frontdesk);
    const card = (await tokenize(owner.id, CARDS.visa)).body.value!;
    const answer = await server.call('POST', '/api/customerSavedCard/InActivate', {
      token: frontdesk,
      body: { Id: card.id, customerId: other.id },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.errors).toEqual(['The card was not found.']);
  });
});

describe('the surcharge for a card on file', () => {
  it('adds 3 % to a credit card at Bright Smiles, nothing to a debit card', async () => {
    const customer = await newCustomer(server, frontdesk);
    const credit = (await tokenize(customer.id, CARDS.visa)).body.value!;
    const debit = (await tokenize(customer.id, CARDS.visaDebit)).body.value!;
    const quote = (customerSavedCardId: number, amount: number) =>
      server.call('POST', '/api/surcharge', { token: frontdesk, body: { customerSavedCardId, amount } });
    expect((await quote(credit.id, 12_345)).body.value).toEqual({ surchargeAmount: 370, total: 12_715 });
    expect((await quote(credit.id, 4_950)).body.value).toEqual({ surchargeAmount: 149, total: 5_099 });
    expect((await quote(debit.id, 12_345)).body.value).toEqual({ surchargeAmount: 0, total: 12_345 });
    const zero = await quote(credit.id, 0);
    expect(zero.status).toBe(400);
    expect(zero.body.errors[0]).toMatch(/^body\.amount: /);
  });
});

describe('the card request', () => {
  const send = (body: Record<string, unknown>) =>
    server.call<{ id: number; sentBy: string[] }>('POST', '/api/customer/sendCardRequest', {
      token: frontdesk,
      body,
    });

  /** A card request by text to the customer; its id and its link's token. */
  async function textRequest(customerId: number) {
    const { body } = await send({ customerId, notifyText: true, cell: '5125550142', notifyEmail: false });
    const [request] = await server.ctx.db
      .select()
      .from(cardRequests)
      .where(eq(cardRequests.id, body.value!.id));
    return { id: request!.id, linkToken: request!.linkToken };
  }

  it.each([
    [
      'text on without a mobile',
      { notifyText: true, cell: '', notifyEmail: false },
      ['body.cell: The mobile phone is required.'],
    ],
    [
      'text on with a bad mobile',
      { notifyText: true, cell: '555-12', notifyEmail: false },
      ['body.cell: The mobile phone is not a valid phone number.'],
    ],
    [
      'e-mail on without an address',
      { notifyText: false, notifyEmail: true, email: '' },
      ['body.email: The email is required.'],
    ],
    [
      'e-mail on with a bad address',
      { notifyText: false, notifyEmail: true, email: 'maria@' },
      [
        'body.email: The email is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.',
      ],
    ],
    [
      'no channel on',
      { notifyText: false, cell: '5125550142', notifyEmail: false, email: 'm@example.com' },
      ['body.notifyText: Turn on Text Message or Email to reach the patient.'],
    ],
  ])('refuses %s, naming the field', async (_what, channels, errors) => {
    const customer = await newCustomer(server, frontdesk);
    const { status, body } = await send({ customerId: customer.id, ...channels });
    expect(status).toBe(400);
    expect(body.errors).toEqual(errors);
  });

  it('ignores the field of a channel that is off', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { status, body } = await send({
      customerId: customer.id,
      notifyText: false,
      cell: 'not a phone',
      notifyEmail: true,
      email: 'paula@example.com',
    });
    expect(status).toBe(200);
    expect(body.value!.sentBy).toEqual(['EMAIL']);
  });

  it('texts and e-mails a link with an unguessable token; the patient stores a card through it, once', async () => {
    const customer = await newCustomer(server, frontdesk, {
      email: 'paula.cards@example.com',
      cell: '5125559876',
    });
    const { body } = await send({
      customerId: customer.id,
      notifyText: true,
      cell: '(512) 555-9876',
      notifyEmail: true,
      email: 'paula.cards@example.com',
    });
    expect(body.value!.sentBy).toEqual(['TEXT', 'EMAIL']);

    const [request] = await server.ctx.db
      .select()
      .from(cardRequests)
      .where(eq(cardRequests.id, body.value!.id));
    expect(request!.linkToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const link = `${server.url}/card/${request!.linkToken}`;
    const sent = await outbox(server, link);
    // Newest first: the e-mail was written after the text.
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
      ['EMAIL', 'paula.cards@example.com'],
      ['SMS', '5125559876'],
    ]);
    expect(sent.find((m) => m.channel === 'SMS')!.body).toBe(
      `Bright Smiles Dental: Hi Paula, please add a card to keep on file with us. Add it securely here: ${link}`,
    );
    expect(sent.find((m) => m.channel === 'EMAIL')).toMatchObject({
      subject: 'Bright Smiles Dental asks you to keep a card on file',
      practiceName: 'Bright Smiles Dental',
    });

    // The patient's page: no sign-in, the token is the key.
    const page = await server.call('GET', `/api/public/cardRequest?token=${request!.linkToken}`);
    expect(page.body.value).toEqual({
      practiceName: 'Bright Smiles Dental',
      firstName: 'Paula',
      status: 'OPEN',
      expires: new Date(request!.created.getTime() + 7 * 86_400_000).toISOString(),
      card: null,
      cardEntry: {
        businessId: 'biz_brightsmiles',
        appId: 'app_brightsmiles',
        scriptUrl: server.ctx.cardProviderScriptUrl,
      },
    });
    const store = (card: string) =>
      nonceFor(server, card).then((nonce) =>
        server.call('POST', '/api/public/cardRequest/store', { body: { token: request!.linkToken, nonce } }),
      );
    const stored = await store(CARDS.amex);
    expect(stored.body.value).toEqual({
      cardType: 'AMERICAN_EXPRESS',
      description: '•••• 0005',
      expMonth: 12,
      expYear: server.ctx.clock.now().getFullYear() + 3,
    });
    expect((await cardsOf(customer.id)).body.value).toMatchObject([
      { description: '•••• 0005', isDefault: true },
    ]);

    const again = await store(CARDS.visa);
    expect(again.body).toMatchObject({
      isSuccess: false,
      errors: [
        'This link was already used to store a card. Ask the practice for a new link to add another card.',
      ],
    });
    expect(
      (await server.call('GET', `/api/public/cardRequest?token=${request!.linkToken}`)).body.value,
    ).toMatchObject({
      status: 'USED',
      card: { cardType: 'AMERICAN_EXPRESS', description: '•••• 0005' },
    });
    expect((await cardsOf(customer.id)).body.value).toHaveLength(1);
  });

  it('tells the practice’s stored-cards lists at once, through the realtime hub', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { id, linkToken } = await textRequest(customer.id);
    const staff = await hubListener(server, frontdesk, ['CardRequestCompleted']);
    const otherPractice = await hubListener(server, viewer, ['CardRequestCompleted']);
    try {
      const nonce = await nonceFor(server, CARDS.visa);
      const stored = await server.call('POST', '/api/public/cardRequest/store', {
        body: { token: linkToken, nonce },
      });
      expect(stored.status).toBe(200);
      const [card] = (await cardsOf(customer.id)).body.value!;
      const event = await staff.waitFor(
        'CardRequestCompleted',
        (e: { cardRequestId: number }) => e.cardRequestId === id,
      );
      expect(event).toEqual({
        cardRequestId: id,
        customerId: customer.id,
        savedCardId: card!.id,
        completed: expect.any(String),
      });
      expect(otherPractice.events).toEqual([]);
    } finally {
      await staff.stop();
      await otherPractice.stop();
    }
  });

  it('expires a week after it was sent: the page says so and the link stores nothing', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { id, linkToken } = await textRequest(customer.id);
    const sentAt = (daysAgo: number) =>
      server.ctx.db
        .update(cardRequests)
        .set({ created: new Date(server.ctx.clock.now().getTime() - daysAgo * 86_400_000) })
        .where(eq(cardRequests.id, id));
    const page = () => server.call<{ status: string }>('GET', `/api/public/cardRequest?token=${linkToken}`);

    await sentAt(6.9);
    expect((await page()).body.value!.status).toBe('OPEN');
    await sentAt(7);
    expect((await page()).body.value).toMatchObject({ status: 'EXPIRED', card: null });
    const answer = await server.call('POST', '/api/public/cardRequest/store', {
      body: { token: linkToken, nonce: await nonceFor(server, CARDS.visa) },
    });
    expect(answer.body).toMatchObject({
      isSuccess: false,
      errors: ['This link has expired. Ask the practice for a new link to add your card.'],
    });
    expect((await cardsOf(customer.id)).body.value).toEqual([]);
    const [request] = await server.ctx.db.select().from(cardRequests).where(eq(cardRequests.id, id));
    expect(request).toMatchObject({ completed: null, savedCardId: null });
  });

  it('opens nothing with a made-up token or with the request id', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { id } = await textRequest(customer.id);
    const byId = await server.call('GET', `/api/public/cardRequest?token=${String(id).padStart(16, '0')}`);
    expect(byId.status).toBe(404);
    const madeUp = await server.call('GET', '/api/public/cardRequest?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(madeUp.status).toBe(404);
    const short = await server.call('GET', '/api/public/cardRequest?token=abc');
    expect(short.status).toBe(400);
  });

  it('refuses a card number on the public page too', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { linkToken } = await textRequest(customer.id);
    const answer = await server.call('POST', '/api/public/cardRequest/store', {
      body: {
        token: linkToken,
        nonce: await nonceFor(server, CARDS.visa),
        cardNumber: '4111111111111111',
        cvc: '123',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.join(' ')).toMatch(/cardNumber/);
  });
});

describe('the demo data', () => {
  it('gives each customer one default card at most (customer 609 of Cedar Family Dentistry had two)', async () => {
    const db = server.ctx.db;
    const twice = await db
      .select({ customerId: savedCards.customerId, n: count() })
      .from(savedCards)
      .where(eq(savedCards.isDefault, true))
      .groupBy(savedCards.customerId)
      .having(gt(count(), 1));
    expect(twice).toEqual([]);
    const ofCustomer609 = await db
      .select({ isDefault: savedCards.isDefault, isActive: savedCards.isActive })
      .from(savedCards)
      .where(and(eq(savedCards.companyId, 2), eq(savedCards.customerId, 609), eq(savedCards.isActive, true)));
    expect(ofCustomer609.filter((c) => c.isDefault).length).toBe(ofCustomer609.length > 0 ? 1 : 0);
    // A removed card is never the default.
    const removedDefaults = await db
      .select({ n: count() })
      .from(savedCards)
      .where(and(eq(savedCards.isDefault, true), eq(savedCards.isActive, false)));
    expect(removedDefaults[0]!.n).toBe(0);
  });

  it('is held by the database: a second default card for a customer is refused', async () => {
    const customer = await newCustomer(server, frontdesk);
    await tokenize(customer.id, CARDS.visa);
    const second = (await tokenize(customer.id, CARDS.mastercard, { isDefault: false })).body.value!;
    const refusal = await server.ctx.db
      .update(savedCards)
      .set({ isDefault: true })
      .where(eq(savedCards.id, second.id))
      .then(
        () => null,
        (error: unknown) => error as Error & { cause?: unknown },
      );
    expect(refusal).not.toBeNull();
    expect(`${refusal!.message} ${String(refusal!.cause)}`).toMatch(/saved_cards_one_default/);
    expect((await cardsOf(customer.id)).body.value!.filter((c) => c.isDefault)).toHaveLength(1);
  });
});
