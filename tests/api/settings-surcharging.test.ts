/**
 * Settings › Surcharging (issue 36): the practice's credit-card surcharge, its rate and its state,
 * read and saved by MANAGESETTINGS only. A bad value is refused naming its field and writes nothing; a
 * change is audited (settings.surcharging) and the next payment follows it: the state's law caps or
 * forbids it, and debit and prepaid cards carry none. The admin area's gateway page saves the same
 * settings through the same function.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../embed-sdk/contract/admin.js';
import type { SurchargeSettings } from '../../embed-sdk/contract/settings.js';
import { auditLog, companies } from '../../server/db/schema/index.js';
import { CARDS, createRequest, newCustomer, nonceFor } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PREPAID = '5105 1051 0510 5100';
const SEEDED: SurchargeSettings = { hasSurcharging: true, surchargeRateBps: 300, state: 'TX' };

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const read = (token = admin) => server.call<SurchargeSettings>('GET', '/api/settings/surcharging', { token });
const save = (body: unknown, token = admin) =>
  server.call<SurchargeSettings>('POST', '/api/settings/surcharging', { token, body });

/** What a change could have written: the practice's row and the audit log. */
async function written() {
  const db = server.ctx.db;
  const [row] = await db.select().from(companies).where(eq(companies.id, 1));
  const [audit] = await db.select({ n: count() }).from(auditLog);
  return { row: JSON.stringify(row), audit: audit!.n };
}

/** A new payment request's public page and the quote for a card on it. */
async function paymentPage() {
  const customer = await newCustomer(server, frontdesk);
  const { request } = await createRequest(server, frontdesk, customer, 10_000);
  const token = request.link!.split('/p/')[1]!;
  const page = await server.call<{ surcharge: Record<string, unknown> }>(
    'GET',
    `/api/public/paymentRequest?token=${token}`,
  );
  const quote = async (card: string) => {
    const nonce = await nonceFor(server, card);
    const res = await server.call<{ funding: string; surchargeAmount: number; total: number }>(
      'POST',
      '/api/public/paymentRequest/quote',
      { body: { token, nonce } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  };
  return { surcharge: page.body.value!.surcharge, quote };
}

describe('Settings › Surcharging', () => {
  it('reads the practice’s seeded surcharge and state', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual(SEEDED);
  });

  it('is refused to a user without MANAGESETTINGS, and writes nothing', async () => {
    const before = await written();
    expect((await read(frontdesk)).status).toBe(403);
    expect((await save({ ...SEEDED, surchargeRateBps: 100 }, frontdesk)).status).toBe(403);
    expect(await written()).toEqual(before);
  });

  it.each([
    ['a rate above 3 %', { ...SEEDED, surchargeRateBps: 350 }, 'body.surchargeRateBps'],
    ['a rate that is not a number', { ...SEEDED, surchargeRateBps: 'two' }, 'body.surchargeRateBps'],
    ['a rate in fractions of a basis point', { ...SEEDED, surchargeRateBps: 2.5 }, 'body.surchargeRateBps'],
    ['a negative rate', { ...SEEDED, surchargeRateBps: -1 }, 'body.surchargeRateBps'],
    ['an unknown state', { ...SEEDED, state: 'XX' }, 'body.state'],
    ['no state', { hasSurcharging: true, surchargeRateBps: 250 }, 'body.state'],
    ['a state in lower case', { ...SEEDED, state: 'tx' }, 'body.state'],
    ['no switch', { surchargeRateBps: 250, state: 'TX' }, 'body.hasSurcharging'],
  ])('refuses %s, naming the field, and writes nothing', async (_what, body, field) => {
    const before = await written();
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(
      res.body.errors.some((e) => e.startsWith(`${field}:`)),
      JSON.stringify(res.body.errors),
    ).toBe(true);
    expect(await written()).toEqual(before);
  });

  it('saves, audits, and the next payment follows the state’s law; debit and prepaid cards carry none', async () => {
    // Texas allows it: 2.5 % on a credit card.
    const texas = await save({ hasSurcharging: true, surchargeRateBps: 250, state: 'TX' });
    expect(texas.status, JSON.stringify(texas.body)).toBe(200);
    expect(texas.body.value).toEqual({ hasSurcharging: true, surchargeRateBps: 250, state: 'TX' });
    expect((await read()).body.value).toEqual(texas.body.value);
    let page = await paymentPage();
    expect(page.surcharge).toEqual({ rateBps: 250 });
    expect(await page.quote(CARDS.visa)).toMatchObject({
      funding: 'CREDIT',
      surchargeAmount: 250,
      total: 10_250,
    });
    expect(await page.quote(CARDS.visaDebit)).toMatchObject({
      funding: 'DEBIT',
      surchargeAmount: 0,
      total: 10_000,
    });
    expect(await page.quote(PREPAID)).toMatchObject({
      funding: 'PREPAID',
      surchargeAmount: 0,
      total: 10_000,
    });
    const texasLogin = await server.call<{ hasSurcharging: boolean }>('POST', '/api/auth/login', {
      token: admin,
      body: {},
    });
    expect(texasLogin.body.value!.hasSurcharging).toBe(true);

    // Colorado caps it at 2 %.
    expect((await save({ hasSurcharging: true, surchargeRateBps: 250, state: 'CO' })).status).toBe(200);
    page = await paymentPage();
    expect(page.surcharge).toEqual({ rateBps: 200 });
    expect(await page.quote(CARDS.visa)).toMatchObject({ surchargeAmount: 200, total: 10_200 });

    // Connecticut forbids it: nothing, and the session says patients are not surcharged.
    expect((await save({ hasSurcharging: true, surchargeRateBps: 250, state: 'CT' })).status).toBe(200);
    page = await paymentPage();
    expect(page.surcharge).toEqual({ rateBps: 0 });
    expect(await page.quote(CARDS.visa)).toMatchObject({ surchargeAmount: 0, total: 10_000 });
    const current = await server.call<{ hasSurcharging: boolean }>('GET', '/api/company/current', {
      token: admin,
    });
    expect(current.body.value!.hasSurcharging).toBe(false);
    const login = await server.call<{ hasSurcharging: boolean }>('POST', '/api/auth/login', {
      token: admin,
      body: {},
    });
    expect(login.body.value!.hasSurcharging).toBe(false);

    const trail = await server.call<AuditPage>(
      'GET',
      '/api/admin/audit?companyId=1&targetType=settings&targetId=surcharging',
      { token: admin },
    );
    expect(trail.body.value!.entries.slice(0, 3)).toMatchObject([
      { action: 'settings.surcharging', before: { state: 'CO' }, after: { state: 'CT' } },
      { action: 'settings.surcharging', before: { state: 'TX' }, after: { state: 'CO' } },
      {
        action: 'settings.surcharging',
        actorEmail: 'admin@chairside.test',
        before: { surchargeRateBps: 300 },
        after: { surchargeRateBps: 250 },
      },
    ]);

    // Saving what is there already changes nothing and records nothing.
    const before = await written();
    expect((await save({ hasSurcharging: true, surchargeRateBps: 250, state: 'CT' })).status).toBe(200);
    expect(await written()).toEqual(before);

    expect((await save(SEEDED)).status).toBe(200);
  });

  it('is the setting the admin area’s gateway page saves', async () => {
    const gateway = await server.call<Record<string, unknown>>('GET', '/api/admin/gateway?companyId=1', {
      token: admin,
    });
    const { companyId, businessId, appId, storeId, terminals } = gateway.body.value as {
      companyId: number;
      businessId: string;
      appId: string;
      storeId: string;
      terminals: { label: string; serialNumber: string }[];
    };
    const body = {
      companyId,
      businessId,
      appId,
      storeId,
      terminals: terminals.map(({ label, serialNumber }) => ({ label, serialNumber })),
    };
    const saved = await server.call('POST', '/api/admin/gateway', {
      token: admin,
      body: { ...body, hasSurcharging: true, surchargeRateBps: 175 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The state stays: the gateway page does not set it.
    expect((await read()).body.value).toEqual({ hasSurcharging: true, surchargeRateBps: 175, state: 'TX' });
    // The same validation refuses the same rate.
    const refused = await server.call<unknown>('POST', '/api/admin/gateway', {
      token: admin,
      body: { ...body, hasSurcharging: true, surchargeRateBps: 350 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.some((e) => e.startsWith('body.surchargeRateBps:'))).toBe(true);
    expect((await save(SEEDED)).status).toBe(200);
  });
});
