/**
 * The admin area's gateways (issue 34): each practice's processor account, found and opened; its
 * ids, terminals, surcharge (capped at 3 %) and API key saved and audited; "test connection" asks the
 * card provider. The key is a secret: after it is saved, no answer of any call and no line of the
 * server's log (at its most talkative level) holds it.
 */
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, Gateway, GatewayRow } from '../../embed-sdk/contract/admin.js';
import { auditLog, companies, gatewayCredentials, gatewayTerminals } from '../../server/db/schema/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SECRET = 'sk_test_Zq81NewKeyFor2026Rotation';

let server: TestServer;
let admin: string;
/** Every line the server logs, and every answer a call got. */
const logged: string[] = [];
const answered: string[] = [];

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ LOG_LEVEL: 'trace' }, { logDestination: destination });
  admin = await server.tokenFor('admin');
});
afterAll(() => server?.close());

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await server.call<T>(method, path, { token: admin, body });
  answered.push(JSON.stringify(res.body));
  return res;
}

const ACCOUNT = {
  companyId: 1,
  businessId: 'biz_brightsmiles',
  appId: 'app_brightsmiles',
  storeId: 'store_brightsmiles',
  hasSurcharging: true,
  surchargeRateBps: 300,
  terminals: [
    { label: 'Front desk', serialNumber: 'P61SWA231FS000417' },
    { label: 'Northside checkout', serialNumber: 'P61SWA231FS000982' },
  ],
};

async function counts() {
  const db = server.ctx.db;
  const [[a], [t], [k]] = await Promise.all([
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(gatewayTerminals),
    db.select({ n: count() }).from(gatewayCredentials),
  ]);
  const rows = await db.select().from(companies);
  return { audit: a!.n, terminals: t!.n, keys: k!.n, companies: JSON.stringify(rows) };
}

describe('gateways', () => {
  it('lists every practice’s account, found by name, id or business id, with its key only said to be on file', async () => {
    const all = await call<{ gateways: GatewayRow[]; totalCount: number }>('GET', '/api/admin/gateways');
    expect(all.body.value!.gateways.find((g) => g.companyId === 1)).toMatchObject({
      companyName: 'Bright Smiles Dental',
      businessId: 'biz_brightsmiles',
      terminals: 2,
      hasApiKey: true,
      surchargeRateBps: 300,
    });
    const byBusiness = await call<{ gateways: GatewayRow[] }>(
      'GET',
      '/api/admin/gateways?search=BIZ_HARBORVIEW',
    );
    expect(byBusiness.body.value!.gateways.map((g) => g.companyName)).toEqual(['Harbor View Dental']);
    const opened = await call<Gateway>('GET', '/api/admin/gateway?companyId=1');
    expect(opened.body.value!.apiKey!.masked).toBe('••••tice');
    expect(opened.body.value!.terminals.map((t) => t.serialNumber)).toEqual(
      ACCOUNT.terminals.map((t) => t.serialNumber),
    );
  });

  it('saves a new rate, a terminal and a new key; answers and audits the key masked', async () => {
    const saved = await call<Gateway>('POST', '/api/admin/gateway', {
      ...ACCOUNT,
      surchargeRateBps: 250,
      terminals: [...ACCOUNT.terminals, { label: 'Lakeview', serialNumber: 'p61swa231fs001203' }],
      apiKey: SECRET,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ surchargeRateBps: 250, apiKey: { masked: '••••tion' } });
    expect(saved.body.value!.terminals.map((t) => t.serialNumber)).toContain('P61SWA231FS001203');
    const trail = await call<AuditPage>('GET', '/api/admin/audit?targetType=gateway&targetId=1');
    expect(trail.body.value!.entries[0]).toMatchObject({
      action: 'gateway.update',
      companyId: 1,
      before: { surchargeRateBps: 300, apiKey: '••••tice' },
      after: { surchargeRateBps: 250, apiKey: '••••tion' },
    });
  });

  it.each([
    ['a surcharge over 3 %', { surchargeRateBps: 301 }, 'body.surchargeRateBps'],
    [
      'a terminal listed twice',
      { terminals: [ACCOUNT.terminals[0], { label: 'Again', serialNumber: 'p61swa231fs000417' }] },
      'body.terminals.1.serialNumber',
    ],
    ['a short key', { apiKey: 'sk_test_1' }, 'body.apiKey'],
    ['an empty store id', { storeId: ' ' }, 'body.storeId'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_what, change, field) => {
    const before = await counts();
    const res = await call('POST', '/api/admin/gateway', { ...ACCOUNT, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]!.startsWith(`${field}: `)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('tests the connection with the card provider: the key on file is accepted, a wrong one refused', async () => {
    await call('POST', '/api/admin/gateway', { ...ACCOUNT, apiKey: SECRET });
    const good = await call<{ ok: boolean; message: string }>('POST', '/api/admin/gateway/test', {
      companyId: 1,
    });
    expect(good.body.value).toEqual({
      ok: true,
      message: 'The card provider accepts business biz_brightsmiles with this key (test mode).',
    });
    await call('POST', '/api/admin/gateway', { ...ACCOUNT, apiKey: 'live_key_that_is_wrong' });
    const bad = await call<{ ok: boolean; message: string }>('POST', '/api/admin/gateway/test', {
      companyId: 1,
    });
    expect(bad.body.value).toEqual({
      ok: false,
      message: 'The API key is not valid for business biz_brightsmiles: test keys start with sk_test_.',
    });
    await call('POST', '/api/admin/gateway', { ...ACCOUNT, apiKey: SECRET });
  });

  it('never sends back or logs a key in full', async () => {
    for (const path of [
      '/api/admin/gateways',
      '/api/admin/gateway?companyId=1',
      '/api/admin/audit?companyId=1',
      '/api/admin/company?id=1',
    ]) {
      await call('GET', path);
    }
    // A refused save that carries the key: what a careless error log would print.
    await call('POST', '/api/admin/gateway', { ...ACCOUNT, surchargeRateBps: 999, apiKey: SECRET });
    expect(logged.length).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThan(15);
    for (const secret of [SECRET, 'live_key_that_is_wrong']) {
      expect(answered.filter((a) => a.includes(secret))).toEqual([]);
      expect(logged.filter((l) => l.includes(secret))).toEqual([]);
    }
    // …though the key is on file, whole.
    const [row] = await server.ctx.db.select().from(gatewayCredentials).limit(1);
    expect(row).toBeTruthy();
  });
});
