/**
 * Payment requests for staff over HTTP: create and send, read, remind, cancel, list; the Payment
 * Activity of a request through the transactions call; roles and practices.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../embed-sdk/contract/transaction.js';
import { paymentRequests } from '../../server/db/schema/index.js';
import {
  asAdminAt,
  CARDS,
  createRequest,
  evelynCastellanos,
  idempotencyKey,
  newCustomer,
  outbox,
  payWithCard,
  type RequestValue,
} from '../support/payments.js';
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

const getRequest = (id: string, token = frontdesk) =>
  server.call<RequestValue>('GET', `/api/notification/getnotification?id=${id}`, { token });

describe('creating a payment request', () => {
  it('stores it, sends its link by text and e-mail, and answers the spec’s entity', async () => {
    const customer = await newCustomer(server, frontdesk, {
      email: 'paula.request@example.com',
      cell: '5125550188',
    });
    const { request, linkToken } = await createRequest(server, frontdesk, customer, 12_550, {
      message: 'For your crown on March 3.',
      cell: '512.555.0188',
    });
    expect(request).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      patientKey: customer.key,
      customerId: customer.id,
      firstName: 'Paula',
      lastName: customer.lastName,
      eMail: 'paula.request@example.com',
      toPhone: '5125550188',
      amount: 12_550,
      orderAmount: null,
      surchargeAmount: 0,
      total: 12_550,
      message: 'For your crown on March 3.',
      status: 'UNPAID',
      created: expect.any(String),
      paymentPage: null,
      paid: null,
      cancelled: null,
      resent: null,
      notificationsResent: [],
      link: `${server.url}/p/${linkToken}`,
      linkSent: request.created,
      linkExpires: new Date(Date.parse(request.created) + 7 * 86_400_000).toISOString(),
      linkExpired: false,
    });
    // The link's token is random and is not the id staff see.
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(request.link).not.toContain(request.id);

    const sent = await outbox(server, request.link!);
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
      ['EMAIL', 'paula.request@example.com'],
      ['SMS', '5125550188'],
    ]);
    expect(sent.find((m) => m.channel === 'SMS')!.body).toBe(
      `Bright Smiles Dental: Hi Paula, you have a payment request for $125.50. For your crown on March 3. Pay securely here: ${request.link}`,
    );
    const email = sent.find((m) => m.channel === 'EMAIL')!;
    expect(email.subject).toBe('Payment request from Bright Smiles Dental');
    expect(email.body).toContain(`Pay securely online: ${request.link}`);

    expect((await getRequest(request.id)).body.value).toEqual(request);
  });

  it('sends by e-mail only when text is off', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request } = await createRequest(server, frontdesk, customer, 5_000, { notifyText: false });
    expect(request.toPhone).toBe('');
    expect((await outbox(server, request.link!)).map((m) => m.channel)).toEqual(['EMAIL']);
  });

  it('answers a repeated Idempotency-Key with the first request, sent once', async () => {
    const customer = await newCustomer(server, frontdesk);
    const key = idempotencyKey();
    const body = {
      customerId: customer.id,
      amount: 7_500,
      notifyText: true,
      cell: customer.cell,
      notifyEmail: false,
    };
    const [first, second] = await Promise.all([
      server.call<RequestValue>('POST', '/api/notification/create', { token: frontdesk, headers: key, body }),
      server.call<RequestValue>('POST', '/api/notification/create', { token: frontdesk, headers: key, body }),
    ]);
    expect(second.body).toEqual(first.body);
    const rows = await server.ctx.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.customerId, customer.id));
    expect(rows).toHaveLength(1);
    expect(await outbox(server, first.body.value!.link!)).toHaveLength(1);

    const missing = await server.call('POST', '/api/notification/create', { token: frontdesk, body });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(['headers.idempotency-key: The Idempotency-Key header is required.']);
  });

  it.each([
    ['a zero amount', { amount: 0 }, 'body.amount: Amount needs to be greater than zero.'],
    ['a fraction of a cent', { amount: 10.5 }, 'body.amount: The amount must be whole cents.'],
    ['text on without a mobile', { cell: '' }, 'body.cell: The mobile phone is required.'],
    ['a bad mobile', { cell: '12345' }, 'body.cell: The mobile phone is not a valid phone number.'],
    [
      'a bad e-mail',
      { email: 'paula@example' },
      'body.email: The email is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.',
    ],
    [
      'no channel',
      { notifyText: false, notifyEmail: false },
      'body.notifyText: Turn on Text Message or Email to reach the patient.',
    ],
  ])('refuses %s, naming the field', async (_what, change, error) => {
    const customer = await newCustomer(server, frontdesk);
    const { status, body } = await server.call('POST', '/api/notification/create', {
      token: frontdesk,
      headers: idempotencyKey(),
      body: {
        customerId: customer.id,
        amount: 5_000,
        notifyText: true,
        cell: customer.cell,
        notifyEmail: true,
        email: customer.email,
        ...change,
      },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([error]);
  });

  it('refuses a malformed id with a 400 naming it, and an unknown one with a 404', async () => {
    const bad = await getRequest('42');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^query\.id: /);
    const unknown = await getRequest('6f1c2a9e-3b7d-4c55-9a0e-2d4b8f6a1c3e');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual(['The payment request was not found.']);
  });
});

describe('reminders', () => {
  it('records each reminder, newest first, and sends the link again', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request } = await createRequest(server, frontdesk, customer, 9_900);
    const remind = () =>
      server.call<{ notifications: RequestValue[] }>('POST', '/api/notification/remind', {
        token: frontdesk,
        body: { ids: [request.id] },
      });
    const first = (await remind()).body.value!.notifications[0]!;
    expect(first.resent).not.toBeNull();
    expect(first.notificationsResent).toEqual([{ dateTime: first.resent }]);
    await server.ctx.clock.advance(60_000);
    const second = (await remind()).body.value!.notifications[0]!;
    expect(second.notificationsResent).toHaveLength(2);
    expect(second.notificationsResent[0]!.dateTime).toBe(second.resent);
    expect(second.notificationsResent[1]!.dateTime).toBe(first.resent);

    const sent = await outbox(server, request.link!);
    const reminders = sent.filter((m) => m.body.includes('Reminder') || m.subject.startsWith('Reminder'));
    expect(reminders.map((m) => m.channel).sort()).toEqual(['EMAIL', 'EMAIL', 'SMS', 'SMS']);
    expect(reminders.find((m) => m.channel === 'SMS')!.body).toBe(
      `Bright Smiles Dental: Reminder: your payment request for $99.00 is still open. Pay securely here: ${request.link}`,
    );
  });

  it('refuses a paid or cancelled request, all or nothing', async () => {
    const customer = await newCustomer(server, frontdesk);
    const open = (await createRequest(server, frontdesk, customer, 1_000)).request;
    const cancelled = (await createRequest(server, frontdesk, customer, 2_000)).request;
    await server.call('POST', '/api/notification/remove', {
      token: frontdesk,
      body: { ids: [cancelled.id] },
    });
    const { body } = await server.call('POST', '/api/notification/remind', {
      token: frontdesk,
      body: { ids: [open.id, cancelled.id] },
    });
    expect(body).toMatchObject({
      isSuccess: false,
      errors: [
        `The payment request for Paula ${customer.lastName} was cancelled: it can no longer be reminded.`,
      ],
    });
    expect((await getRequest(open.id)).body.value!.notificationsResent).toEqual([]);
  });
});

describe('cancelling', () => {
  it('cancels an unpaid request; a second cancel changes nothing; the link then takes no payment', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request, linkToken } = await createRequest(server, frontdesk, customer, 4_500);
    const remove = () =>
      server.call<{ notifications: RequestValue[] }>('POST', '/api/notification/remove', {
        token: frontdesk,
        body: { ids: [request.id] },
      });
    const [cancelled] = (await remove()).body.value!.notifications;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelled: expect.any(String), paid: null });
    await server.ctx.clock.advance(60_000);
    expect((await remove()).body.value!.notifications[0]!.cancelled).toBe(cancelled!.cancelled);

    const paid = await payWithCard(server, linkToken, CARDS.visa);
    expect(paid.body).toMatchObject({
      isSuccess: false,
      errors: ['This payment request has been cancelled by the practice, so it can no longer be paid.'],
    });
  });

  it('refuses to cancel a paid request', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request, linkToken } = await createRequest(server, frontdesk, customer, 4_500);
    expect((await payWithCard(server, linkToken, CARDS.visa)).body.value!.isApproved).toBe(true);
    const { body } = await server.call('POST', '/api/notification/remove', {
      token: frontdesk,
      body: { ids: [request.id] },
    });
    expect(body).toMatchObject({
      isSuccess: false,
      errors: [`The payment request for Paula ${customer.lastName} has been paid and cannot be cancelled.`],
    });
    expect((await getRequest(request.id)).body.value!.status).toBe('PAID');
  });
});

describe('the Payment Requests list', () => {
  it('filters by patient, status and day, pages by 10, and shows the surcharge of paid ones', async () => {
    const customer = await newCustomer(server, frontdesk);
    const made: RequestValue[] = [];
    for (let i = 1; i <= 12; i++)
      made.push((await createRequest(server, frontdesk, customer, i * 1_000)).request);
    const paidOne = made[0]!;
    const { linkToken } = await createRequest(server, frontdesk, customer, 10_000);
    const paid = await payWithCard(server, linkToken, CARDS.visa);
    expect(paid.body.value).toMatchObject({ isApproved: true, surchargeAmount: 300, total: 10_300 });
    await server.call('POST', '/api/notification/remove', { token: frontdesk, body: { ids: [paidOne.id] } });

    const list = (body: Record<string, unknown>) =>
      server.call<{ notifications: RequestValue[]; totalCount: number }>('POST', '/api/notification/list', {
        token: frontdesk,
        body: { customerId: customer.id, ...body },
      });
    const firstPage = (await list({})).body.value!;
    expect(firstPage.totalCount).toBe(13);
    expect(firstPage.notifications).toHaveLength(10);
    expect(firstPage.notifications[0]).toMatchObject({
      status: 'PAID',
      amount: 10_000,
      orderAmount: 10_000,
      surchargeAmount: 300,
      total: 10_300,
    });
    const secondPage = (await list({ page: 2 })).body.value!;
    expect(secondPage.notifications.map((r) => r.amount)).toEqual([3_000, 2_000, 1_000]);

    expect((await list({ statuses: ['PAID'] })).body.value!.totalCount).toBe(1);
    expect((await list({ statuses: ['CANCELLED'] })).body.value!.notifications.map((r) => r.id)).toEqual([
      paidOne.id,
    ]);
    expect((await list({ statuses: ['UNPAID'] })).body.value!.totalCount).toBe(11);
    expect((await list({ statuses: ['UNPAID', 'PAID'] })).body.value!.totalCount).toBe(12);

    const today = server.ctx.clock.today();
    expect((await list({ startDate: today, endDate: today })).body.value!.totalCount).toBe(13);
    expect((await list({ endDate: '2000-01-01' })).body.value!.totalCount).toBe(0);
    const backwards = await list({ startDate: today, endDate: '2000-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual(['body.endDate: The end date must not be before the start date.']);

    const search = (term: string) =>
      server.call<{ notifications: RequestValue[]; totalCount: number }>('POST', '/api/notification/list', {
        token: frontdesk,
        body: { search: term, pageSize: 100 },
      });
    expect((await search(`Paula ${customer.lastName}`)).body.value!.totalCount).toBe(13);
    expect((await search(customer.lastName)).body.value!.totalCount).toBe(13);
    expect((await search(String(customer.key))).body.value!.totalCount).toBe(13);
    expect((await search('Zyzzyva')).body.value!.totalCount).toBe(0);
  });
});

describe('Payment Activity: the transactions call', () => {
  it('lists the approved and declined text-to-pay payments of a request, newest first', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request, linkToken } = await createRequest(server, frontdesk, customer, 20_000);
    const declined = await payWithCard(server, linkToken, CARDS.declined);
    expect(declined.body.value).toMatchObject({ isApproved: false, reason: 'Card declined' });
    await server.ctx.clock.advance(1_000);
    const approved = await payWithCard(server, linkToken, CARDS.visaDebit);
    expect(approved.body.value).toMatchObject({ isApproved: true, surchargeAmount: 0, total: 20_000 });

    const { status, body } = await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
      token: frontdesk,
      body: { notificationId: request.id, modules: ['TEXTTOPAY'], sort: 'Date:descending', page: 1 },
    });
    expect(status).toBe(200);
    expect(body.value!.map((t) => [t.status, t.reason, t.amount, t.surchargeAmount])).toEqual([
      ['APPROVED', null, 20_000, 0],
      ['DECLINED', 'Card declined', 20_600, 600],
    ]);
    expect(body.value![0]).toMatchObject({
      referenceId: approved.body.value!.referenceId,
      source: 'TEXTTOPAY',
      fundingSource: 'CARD',
      cardType: 'VISA',
      cardDescription: '•••• 5556',
      customerId: customer.id,
      customerKey: customer.key,
      companyId: 1,
      companyName: 'Bright Smiles Dental',
      notificationId: request.id,
      firstName: 'Paula',
      lastName: customer.lastName,
      hasSurcharging: false,
      // Pending until the practice system's connector posts it.
      practiceManagementStatus: 0,
      isSettled: false,
      canRefund: true,
      cantRefund: false,
      refundVoidType: null,
      rows: 2,
    });
    expect(body.value![1]).toMatchObject({
      hasSurcharging: true,
      canRefund: false,
      practiceManagementStatus: 0,
    });

    const onlyDeclined = await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
      token: frontdesk,
      body: { notificationId: request.id, status: 'DECLINED' },
    });
    expect(onlyDeclined.body.value!.map((t) => t.status)).toEqual(['DECLINED']);
    const otherSource = await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
      token: frontdesk,
      body: { notificationId: request.id, modules: ['PAYMENTPLAN'] },
    });
    expect(otherSource.body.value).toEqual([]);

    const settled = await server.call(
      'GET',
      `/api/transaction/getTransaction?id=${approved.body.value!.referenceId}`,
      {
        token: frontdesk,
      },
    );
    expect(settled.body.value).toEqual({ referenceId: approved.body.value!.referenceId, isSettled: false });
  });

  it("answers another practice's transactions as if they did not exist", async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request, linkToken } = await createRequest(server, frontdesk, customer, 3_000);
    const paid = await payWithCard(server, linkToken, CARDS.visa);
    const list = await server.call<Transaction[]>('POST', '/api/transaction/transactions', {
      token: viewer,
      body: { notificationId: request.id },
    });
    expect(list.body.value).toEqual([]);
    const one = await server.call(
      'GET',
      `/api/transaction/getTransaction?id=${paid.body.value!.referenceId}`,
      {
        token: viewer,
      },
    );
    expect(one.status).toBe(404);
  });

  it('names a bad filter field', async () => {
    const { status, body } = await server.call('POST', '/api/transaction/transactions', {
      token: frontdesk,
      body: { modules: ['TEXT_TO_PAY'] },
    });
    expect(status).toBe(400);
    expect(body.errors[0]).toMatch(/^body\.modules\.0: /);
  });
});

describe('roles and practices', () => {
  it('refuses a viewer every change with a 403 envelope, and gives them no link to copy', async () => {
    await asAdminAt(server, 2, async (admin) => {
      // The viewer's practice: Cedar Family Dentistry, where Evelyn Castellanos is a customer.
      const evelyn = await evelynCastellanos(server, admin);
      const { request } = await createRequest(server, admin, evelyn, 6_000);
      const seen = await getRequest(request.id, viewer);
      expect(seen.status).toBe(200);
      expect(seen.body.value).toMatchObject({ id: request.id, firstName: 'Evelyn', link: null });
      const listed = await server.call<{ notifications: RequestValue[] }>('POST', '/api/notification/list', {
        token: viewer,
        body: { customerId: evelyn.id },
      });
      expect(listed.body.value!.notifications.map((r) => [r.id, r.link])).toContainEqual([request.id, null]);

      const refused: [string, unknown][] = [
        ['/api/notification/remind', { ids: [request.id] }],
        ['/api/notification/remove', { ids: [request.id] }],
        [
          '/api/notification/create',
          { customerId: evelyn.id, amount: 100, notifyText: true, cell: '3035550155', notifyEmail: false },
        ],
      ];
      for (const [path, body] of refused) {
        const answer = await server.call('POST', path, { token: viewer, headers: idempotencyKey(), body });
        expect(answer.status, path).toBe(403);
        expect(answer.body).toEqual({
          isSuccess: false,
          value: null,
          errors: ['This needs the EDITPAYMENTREQUESTS role.'],
          showMessage: true,
        });
      }
      expect((await getRequest(request.id, viewer)).body.value!.status).toBe('UNPAID');
    });
  });

  it("answers another practice's request as if it did not exist, for reading and for changing", async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request } = await createRequest(server, frontdesk, customer, 8_000);
    const read = await getRequest(request.id, viewer);
    expect(read.status).toBe(404);
    expect(read.body.errors).toEqual(['The payment request was not found.']);
    const listed = await server.call<{ totalCount: number }>('POST', '/api/notification/list', {
      token: viewer,
      body: { search: customer.lastName },
    });
    expect(listed.body.value!.totalCount).toBe(0);

    await asAdminAt(server, 3, async (admin) => {
      for (const path of ['/api/notification/remind', '/api/notification/remove']) {
        const answer = await server.call('POST', path, { token: admin, body: { ids: [request.id] } });
        expect(answer.status, path).toBe(404);
      }
      const create = await server.call('POST', '/api/notification/create', {
        token: admin,
        headers: idempotencyKey(),
        body: {
          customerId: customer.id,
          amount: 100,
          notifyText: true,
          cell: customer.cell,
          notifyEmail: false,
        },
      });
      expect(create.status).toBe(404);
      expect(create.body.errors).toEqual(['The customer was not found.']);
    });
    const after = (await getRequest(request.id)).body.value!;
    expect(after).toMatchObject({ status: 'UNPAID', notificationsResent: [] });
  });
});

describe('the sandbox outbox', () => {
  type Outbox = {
    messages: { link: string | null; companyId: number | null; practiceName: string | null }[];
  };
  const read = (token: string | null) =>
    server.call<Outbox>('GET', '/sandbox/outbox.json?limit=1000', { token });

  it('answers 401 and no data without a token', async () => {
    const customer = await newCustomer(server, frontdesk);
    await createRequest(server, frontdesk, customer, 1_200);
    const { status, body } = await read(null);
    expect(status).toBe(401);
    expect(body).toEqual({
      isSuccess: false,
      value: null,
      errors: ['Sign in to continue.'],
      showMessage: true,
    });
  });

  it('shows a person their current practice’s messages, and an administrator every practice’s', async () => {
    const customer = await newCustomer(server, frontdesk);
    const { request: brightSmiles } = await createRequest(server, frontdesk, customer, 1_300);
    const cedar = await asAdminAt(server, 2, async (admin) => {
      const patient = await evelynCastellanos(server, admin);
      return (await createRequest(server, admin, patient, 1_400)).request;
    });

    const mine = await read(frontdesk);
    expect(mine.status).toBe(200);
    const links = mine.body.value!.messages.map((m) => m.link);
    expect(links).toContain(brightSmiles.link);
    expect(links).not.toContain(cedar.link);
    expect(new Set(mine.body.value!.messages.map((m) => m.practiceName))).toEqual(
      new Set(['Bright Smiles Dental']),
    );

    const all = await read(await server.tokenFor('admin'));
    expect(all.body.value!.messages.map((m) => m.link)).toEqual(
      expect.arrayContaining([brightSmiles.link, cedar.link]),
    );
    expect(new Set(all.body.value!.messages.map((m) => m.practiceName))).toEqual(
      new Set(['Bright Smiles Dental', 'Cedar Family Dentistry']),
    );
  });

  it('is read by people on the portal’s Outbox page, where /sandbox/outbox leads', async () => {
    const res = await fetch(`${server.url}/sandbox/outbox`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/#/outbox');
    expect(await res.text()).not.toContain('@');
  });
});
