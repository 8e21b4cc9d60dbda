/**
 * The admin area's directory of practices (issue 34, the Dentists screen): every practice, by name, in
 * pages of ten, found by name, id or practice-system code, with its clinics, people, 30-day volume
 * and status, as the records say; an administrator's call only.
 */
import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompany, AdminCompanyRow, AuditPage } from '../../embed-sdk/contract/admin.js';
import {
  clinics,
  companies,
  practicePostings,
  transactions,
  userCompanies,
} from '../../server/db/schema/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: string;
let frontdesk: string;

/** Twelve practices of our own, so that the list has pages: one with no people, for its status. */
const ADDED = Array.from({ length: 12 }, (_, i) => `Zephyr Paging Dental ${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  server = await startTestServer();
  [admin, frontdesk] = await Promise.all([server.tokenFor('admin'), server.tokenFor('frontdesk')]);
  await server.ctx.db
    .insert(companies)
    .values(
      ADDED.map((name) => ({ name, gatewayCode: 'EAGLESOFT', businessId: 'b', appId: 'a', storeId: 's' })),
    );
});
afterAll(() => server?.close());

type Page = { companies: AdminCompanyRow[]; totalCount: number };
const list = (query: string, token = admin) =>
  server.call<Page>('GET', `/api/admin/companies${query}`, { token });

describe('the directory of practices', () => {
  it('lists every practice by name, ten to a page, with the total', async () => {
    const [counted] = await server.ctx.db.select({ n: count() }).from(companies);
    const n = counted!.n;
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body.value!.totalCount).toBe(n);
    expect(first.body.value!.companies).toHaveLength(10);
    const names = first.body.value!.companies.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const last = await list(`?page=${Math.ceil(n / 10)}`);
    expect(last.body.value!.companies).toHaveLength(n % 10 || 10);
    expect(last.body.value!.companies.at(-1)!.name).toBe(ADDED.at(-1));
  });

  it("gives each practice's clinics, people and 30-day volume as its records have them", async () => {
    const { companies: found } = (await list('?search=Bright Smiles')).body.value!;
    expect(found.map((c) => c.name)).toEqual(['Bright Smiles Dental']);
    const bright = found[0]!;
    const db = server.ctx.db;
    const since = new Date(server.ctx.clock.now().getTime() - 30 * 86_400_000);
    const [[k], [u], [v]] = await Promise.all([
      db.select({ n: count() }).from(clinics).where(eq(clinics.companyId, bright.id)),
      db.select({ n: count() }).from(userCompanies).where(eq(userCompanies.companyId, bright.id)),
      db
        .select({ total: sum(transactions.amount) })
        .from(transactions)
        .where(
          and(
            eq(transactions.companyId, bright.id),
            eq(transactions.status, 'APPROVED'),
            gte(transactions.created, since),
          ),
        ),
    ]);
    expect(bright).toMatchObject({
      gatewayCode: 'OPENDENTAL',
      clinics: k!.n,
      users: u!.n,
      volume30Days: Number(v!.total ?? 0),
      status: 'ACTIVE',
    });
    expect(bright.clinics).toBeGreaterThan(0);
    expect(bright.volume30Days).toBeGreaterThan(0);
    // A practice nobody can sign in to yet says so.
    const added = (await list('?search=Zephyr Paging Dental 01')).body.value!.companies;
    expect(added).toEqual([
      expect.objectContaining({ users: 0, clinics: 0, volume30Days: 0, status: 'NO_USERS' }),
    ]);
  });

  it("finds a practice by any part of its name in any case, by its id, or by its practice system's code", async () => {
    const names = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).body.value!.companies.map((c) => c.name);
    expect(await names('smiles')).toEqual(['Bright Smiles Dental']);
    const [cedar] = await server.ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.name} = 'Cedar Family Dentistry'`);
    expect(await names(String(cedar!.id))).toContain('Cedar Family Dentistry');
    expect(await names('Open Dental')).toContain('Bright Smiles Dental');
    expect(await names('opendental')).not.toContain('Cedar Family Dentistry');
    const eaglesoft = (await list('?search=EAGLESOFT')).body.value!;
    expect(eaglesoft.totalCount).toBeGreaterThanOrEqual(ADDED.length);
    expect(await names('no practice is called this')).toEqual([]);
    // Characters that mean something to a pattern mean nothing here.
    expect(await names('%')).toEqual([]);
  });

  it('refuses a bad page or a search too long, naming the field, and refuses anyone but an administrator', async () => {
    const bad = await list('?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^query\.page: /);
    const long = await list(`?search=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatch(/^query\.search: /);
    const refused = await list('', frontdesk);
    expect(refused.status).toBe(403);
    expect(refused.body.value).toBeNull();
  });
});

describe("a practice's page", () => {
  it('shows its settings, gateway, clinics, people with their roles, and its posting queue', async () => {
    const db = server.ctx.db;
    const [bright] = await db.select().from(companies).where(eq(companies.name, 'Bright Smiles Dental'));
    const answer = await server.call<AdminCompany>('GET', `/api/admin/company?id=${bright!.id}`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    const page = answer.body.value!;
    const [places, members] = await Promise.all([
      db.select().from(clinics).where(eq(clinics.companyId, bright!.id)),
      db.select().from(userCompanies).where(eq(userCompanies.companyId, bright!.id)),
    ]);
    expect(page).toMatchObject({
      name: 'Bright Smiles Dental',
      gatewayCode: 'OPENDENTAL',
      gateway: { businessId: bright!.businessId, appId: bright!.appId, storeId: bright!.storeId },
      surchargeRateBps: bright!.surchargeRateBps,
      status: 'ACTIVE',
    });
    expect(page.clinics.map((c) => c.clinicNum)).toEqual(
      places.map((c) => c.clinicNum).sort((a, b) => a - b),
    );
    expect(page.people.map((p) => p.userId).sort()).toEqual(members.map((m) => m.userId).sort());
    const frontDesk = page.people.find((p) => p.email === 'frontdesk@chairside.test')!;
    expect(frontDesk.roles).toEqual(members.find((m) => m.userId === frontDesk.userId)!.roles);
    const queue = await db
      .select({ state: practicePostings.state, n: count() })
      .from(practicePostings)
      .where(eq(practicePostings.companyId, bright!.id))
      .groupBy(practicePostings.state);
    const inState = (state: string) => queue.find((q) => q.state === state)?.n ?? 0;
    expect(page.postings).toMatchObject({ pending: inState('PENDING'), failed: inState('FAILED') });
  });

  it('answers a practice that does not exist with 404, and the front desk with 403', async () => {
    expect((await server.call('GET', '/api/admin/company?id=999999', { token: admin })).status).toBe(404);
    expect((await server.call('GET', '/api/admin/company?id=1', { token: frontdesk })).status).toBe(403);
  });

  it("records who logged in as which practice in the practice's audit trail", async () => {
    const [cedar] = await server.ctx.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Cedar Family Dentistry'));
    const entered = await server.call<{ companyId: number }>('POST', '/api/auth/loginFromCompany', {
      token: admin,
      body: { id: cedar!.id },
    });
    expect(entered.status).toBe(200);
    expect(entered.body.value!.companyId).toBe(cedar!.id);
    const trail = await server.call<AuditPage>('GET', `/api/admin/audit?companyId=${cedar!.id}`, {
      token: admin,
    });
    expect(trail.body.value!.entries[0]).toMatchObject({
      actorEmail: 'admin@chairside.test',
      action: 'company.loginAs',
      companyId: cedar!.id,
      targetType: 'company',
      targetId: String(cedar!.id),
      after: { currentCompanyId: cedar!.id },
    });
    // A practice that does not exist is not entered, and nothing is recorded.
    const before = trail.body.value!.totalCount;
    expect(
      (await server.call('POST', '/api/auth/loginFromCompany', { token: admin, body: { id: 999999 } }))
        .status,
    ).toBe(404);
    const all = await server.call<AuditPage>('GET', '/api/admin/audit', { token: admin });
    expect(all.body.value!.entries.filter((e) => e.companyId === 999999)).toEqual([]);
    expect(
      (await server.call<AuditPage>('GET', `/api/admin/audit?companyId=${cedar!.id}`, { token: admin })).body
        .value!.totalCount,
    ).toBe(before);
  });
});

describe("a practice's profile", () => {
  const profile = {
    id: 2,
    name: 'Cedar Family Dentistry',
    phone: '303-555-0142',
    doesAllocateProcedures: false,
    membershipDays: 45,
    bccEmail: 'front@cedarfamily.test',
  };

  it('is saved, audited field by field, and read by the practice at once', async () => {
    const saved = await server.call<AdminCompany>('POST', '/api/admin/company', {
      token: admin,
      body: profile,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({
      membershipDays: 45,
      bccEmail: 'front@cedarfamily.test',
      phone: '3035550142',
    });
    const trail = await server.call<AuditPage>('GET', '/api/admin/audit?companyId=2&targetType=company', {
      token: admin,
    });
    expect(trail.body.value!.entries[0]).toMatchObject({
      action: 'company.update',
      before: { membershipDays: 30, bccEmail: '' },
      after: { membershipDays: 45, bccEmail: 'front@cedarfamily.test' },
    });
  });

  it('refuses procedure allocation outside Open Dental, and bad days, by field, writing nothing', async () => {
    const before = JSON.stringify(await server.ctx.db.select().from(companies).where(eq(companies.id, 2)));
    const allocation = await server.call('POST', '/api/admin/company', {
      token: admin,
      body: { ...profile, membershipDays: 60, doesAllocateProcedures: true },
    });
    expect(allocation.body.errors).toEqual([
      'body.doesAllocateProcedures: Procedure allocation is available only when the practice management system is Open Dental.',
    ]);
    const days = await server.call('POST', '/api/admin/company', {
      token: admin,
      body: { ...profile, membershipDays: 0 },
    });
    expect(days.body.errors).toEqual(['body.membershipDays: must be 1 or more']);
    expect(JSON.stringify(await server.ctx.db.select().from(companies).where(eq(companies.id, 2)))).toBe(
      before,
    );
  });
});
