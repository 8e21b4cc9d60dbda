/**
 * The admin area's directory of practices (issue 34, the Dentists screen): every practice, by name, in
 * pages of ten, found by name, id or practice-system code, with its clinics, people, 30-day volume
 * and status, as the records say; an administrator's call only.
 */
import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompanyRow } from '../../embed-sdk/contract/admin.js';
import { clinics, companies, transactions, userCompanies } from '../../server/db/schema/index.js';
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
