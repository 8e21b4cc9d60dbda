/**
 * Bulk Apple Pay Status (issue 35), administrators only: each practice's payment-page domains (the
 * patient pages' own and its embed origins') start unregistered; a run registers the chosen practices'
 * at their processor account, one practice at a time, with its progress readable meanwhile; a domain
 * that does not serve the association file fails with its reason; a re-check after the site is
 * mended verifies it; a run again under its key does nothing twice; every run is audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeWallet, WalletRun } from '../../embed-sdk/contract/wallets.js';
import { auditLog, practiceEmbedOrigins, providerWalletDomains } from '../../server/db/schema/index.js';
import { verificationFailure } from '../../server/card-provider/walletDomains.js';
import { idempotencyKey } from '../support/payments.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
});
afterAll(() => server?.close());

const list = async (query = '') => {
  const res = await server.call<{
    practices: PracticeWallet[];
    totalCount: number;
    counts: Record<string, number>;
  }>('GET', `/api/admin/wallets?page=1${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
};
const run = (body: unknown, key = idempotencyKey()['idempotency-key'], token = admin) =>
  server.call<WalletRun>('POST', '/api/admin/wallets/run', {
    token,
    body,
    headers: { 'idempotency-key': key },
  });

describe('wallet domains', () => {
  it('the provider verifies by rule', () => {
    expect(verificationFailure('pay.brightsmiles.com')).toBeNull();
    expect(verificationFailure('localhost')).toBeNull();
    expect(verificationFailure('10.0.0.1')).toBe('Apple Pay registers domain names, not IP addresses.');
    expect(verificationFailure('shop.example.invalid')).toMatch(/did not answer with the association file/);
    expect(verificationFailure('intranet')).toBe('"intranet" is not a public domain name.');
  });

  it('registers chosen practices one by one, names a failing domain, re-checks it once mended, and audits each run', async () => {
    await server.ctx.db
      .insert(practiceEmbedOrigins)
      .values({ companyId: 2, origin: 'https://portal.misconfigured-site.test', createdAt: new Date() });
    const before = await list();
    expect(before.practices.every((p) => p.status === 'NOT_REGISTERED')).toBe(true);
    const own = new URL(server.url).hostname;
    const cedar = before.practices.find((p) => p.companyId === 2)!;
    expect(cedar.domains.map((d) => d.domain)).toEqual(
      expect.arrayContaining([own, 'portal.misconfigured-site.test']),
    );

    const key = idempotencyKey()['idempotency-key'];
    const res = await run({ action: 'REGISTER', companyIds: [1, 2] }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      action: 'REGISTER',
      state: 'DONE',
      practices: 2,
      done: 2,
      failed: 1,
    });
    const progress = await server.call<WalletRun>('GET', `/api/admin/wallets/run?key=${key}`, {
      token: admin,
    });
    expect(progress.body.value).toMatchObject({ state: 'DONE', done: 2 });

    const after = await list();
    const bright = after.practices.find((p) => p.companyId === 1)!;
    expect(bright.status).toBe('VERIFIED');
    const failing = after.practices.find((p) => p.companyId === 2)!;
    expect(failing.status).toBe('FAILED');
    expect(failing.domains.find((d) => d.domain === 'portal.misconfigured-site.test')).toMatchObject({
      status: 'FAILED',
      reason: expect.stringContaining('did not answer with the association file'),
    });
    expect(after.practices.find((p) => p.companyId === 3)!.status).toBe('NOT_REGISTERED');
    expect(after.counts).toMatchObject({ VERIFIED: 1, FAILED: 1, NOT_REGISTERED: 1 });
    expect((await list('&status=FAILED')).practices.map((p) => p.companyId)).toEqual([2]);

    // The same request again answers what it did, and verifies nothing twice.
    const checkedAt = failing.domains[0]!.checkedAt;
    expect((await run({ action: 'REGISTER', companyIds: [1, 2] }, key)).body.value).toMatchObject({
      done: 2,
    });
    expect((await list()).practices.find((p) => p.companyId === 2)!.domains[0]!.checkedAt).toBe(checkedAt);

    // The site is mended (the origin replaced): a re-check verifies the practice's domains again.
    await server.ctx.db
      .delete(practiceEmbedOrigins)
      .where(
        and(
          eq(practiceEmbedOrigins.companyId, 2),
          eq(practiceEmbedOrigins.origin, 'https://portal.misconfigured-site.test'),
        ),
      );
    const recheck = await run({ action: 'RECHECK', companyIds: [2] });
    expect(recheck.body.value).toMatchObject({ action: 'RECHECK', done: 1, failed: 0 });
    expect((await list()).practices.find((p) => p.companyId === 2)!.status).toBe('VERIFIED');
    const registered = await server.ctx.db
      .select()
      .from(providerWalletDomains)
      .where(eq(providerWalletDomains.domain, own));
    expect(registered.map((r) => r.businessId).sort()).toEqual(['biz_brightsmiles', 'biz_cedarfamily']);

    const entries = await server.ctx.db.select().from(auditLog).where(eq(auditLog.targetType, 'walletRun'));
    expect(entries.map((e) => e.action).sort()).toEqual(['wallets.recheck', 'wallets.register']);

    const runs = await server.call<{ runs: WalletRun[] }>('GET', '/api/admin/wallets/runs', { token: admin });
    expect(runs.body.value!.runs.map((r) => r.action)).toEqual(['RECHECK', 'REGISTER']);
  });

  it('refuses an unknown practice, naming the field, and a practice user', async () => {
    const unknown = await run({ action: 'REGISTER', companyIds: [1, 999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.join()).toContain('body.companyIds: there is no practice 999999');
    expect((await run({ action: 'REGISTER', companyIds: [1] }, undefined, frontdesk)).status).toBe(403);
  });
});
