/**
 * The sandbox on a real PostgreSQL server (DATABASE_URL), not PGlite: the same generated migrations,
 * the same seed with the same rows, and the patient search served by its indexes. The server comes
 * from Debian's package (installed when missing); without it this test fails and says why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../server/db/client.js';
import { clinics, customers, patients } from '../../server/db/schema/index.js';
import { GARCIA_FAMILY, GRACE_OKAFOR, CHIDI_OKAFOR, MARIA_GARCIA } from '../../server/db/seed/fixtures.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { PRACTICES } from '../../server/db/seed/practices.js';
import { startPostgres, type TestPostgres } from '../support/postgres.js';
import { openScratchPglite, rows, seedDigest } from './support.js';

const NOW = new Date('2025-03-14T16:30:00Z');
// Only PGlite reads the data folder; with DATABASE_URL it is unused.
const UNUSED_DATA_DIR = '/nonexistent';

let server: TestPostgres | undefined;
let database: Database | undefined;
const db = () => database!.db;

beforeAll(async () => {
  server = await startPostgres();
  database = await openDatabase({ databaseUrl: server.url, dataDir: UNUSED_DATA_DIR });
  await seedDatabase(database.db, { scale: 1, now: NOW });
  // Fresh statistics, as autovacuum would gather them in a while, so the planner sees the real data.
  await database.db.execute(sql`analyze`);
}, 600_000);

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

describe('on PostgreSQL', () => {
  it('runs the same generated migrations as PGlite', async () => {
    expect(database!.kind).toBe('postgres');
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const [applied] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied!.n).toBe(journal.entries.length);
  });

  it("lists practice 1's clinics", async () => {
    const found = await db()
      .select({ clinicNum: clinics.clinicNum, description: clinics.description })
      .from(clinics)
      .where(eq(clinics.companyId, PRACTICES.brightSmiles))
      .orderBy(asc(clinics.clinicNum));
    expect(found).toEqual([
      { clinicNum: 1, description: 'Headquarters' },
      { clinicNum: 2, description: 'Northside Clinic' },
      { clinicNum: 3, description: 'Lakeview Clinic' },
    ]);
  });

  it('finds patients by the start of their last name, grouped by clinic', async () => {
    const found = await db()
      .select({ first: patients.firstName, last: patients.lastName, clinic: clinics.description })
      .from(patients)
      .innerJoin(
        clinics,
        and(eq(clinics.companyId, patients.companyId), eq(clinics.clinicNum, patients.clinicNum)),
      )
      .where(
        and(eq(patients.companyId, PRACTICES.brightSmiles), sql`lower(${patients.lastName}) like ${'okaf%'}`),
      )
      .orderBy(asc(clinics.description));
    expect(found).toEqual([
      { first: GRACE_OKAFOR.firstName, last: 'Okafor', clinic: 'Lakeview Clinic' },
      { first: CHIDI_OKAFOR.firstName, last: 'Okafor', clinic: 'Northside Clinic' },
    ]);
  });

  it.each([
    ['last name', sql`lower(last_name) like 'okaf%'`, 'patients_company_last'],
    ['first name', sql`lower(first_name) like 'sofi%'`, 'patients_company_first'],
    ['e-mail', sql`lower(email) like 'maria.garcia@%'`, 'patients_company_email'],
  ])('serves a %s prefix search from its index, not a table scan', async (_label, predicate, indexName) => {
    const [plan] = await rows<{ 'QUERY PLAN': unknown }>(
      db(),
      sql`explain (format json) select id from patients where company_id = ${PRACTICES.brightSmiles} and ${predicate}`,
    );
    const nodes = planNodes(plan!['QUERY PLAN']);
    expect(nodes.map((n) => n['Index Name']).filter(Boolean)).toContain(indexName);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
  });

  it('keeps families: the Garcias under Maria, and every dependent with a guarantor of the same name and zip', async () => {
    const family = await db()
      .select({ first: patients.firstName, guarantor: patients.guarantorPatNum })
      .from(patients)
      .where(
        and(
          eq(patients.companyId, PRACTICES.brightSmiles),
          eq(patients.guarantorPatNum, MARIA_GARCIA.patNum),
        ),
      )
      .orderBy(asc(patients.patNum));
    expect(family.map((p) => p.first)).toEqual(GARCIA_FAMILY.members.map((m) => m.firstName));

    const [orphans] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from patients p
          where not exists (select 1 from patients g where g.company_id = p.company_id
                            and g.pat_num = p.guarantor_pat_num and g.last_name = p.last_name and g.zip = p.zip)`,
    );
    expect(orphans!.n).toBe(0);
    const [linked] = await db()
      .select({ guarantorId: customers.guarantorId })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, PRACTICES.brightSmiles),
          eq(customers.patientKey, GARCIA_FAMILY.children[0].patNum),
        ),
      );
    const [maria] = await db()
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(eq(customers.companyId, PRACTICES.brightSmiles), eq(customers.patientKey, MARIA_GARCIA.patNum)),
      );
    expect(linked!.guarantorId).toBe(maria!.id);
  });

  it('holds exactly the rows PGlite holds for the same moment', async () => {
    const pglite = await openScratchPglite();
    try {
      await seedDatabase(pglite.db, { scale: 1, now: NOW });
      expect(await seedDigest(db())).toEqual(await seedDigest(pglite.db));
    } finally {
      await pglite.dispose();
    }
  });

  it('rolls the whole seed back when a part of it fails', async () => {
    await db().execute(sql`create database rollback_check`);
    const scratch = await openDatabase({
      databaseUrl: server!.urlFor('rollback_check'),
      dataDir: UNUSED_DATA_DIR,
    });
    try {
      await scratch.db.execute(
        sql`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
      );
      await scratch.db.execute(
        sql`create trigger refuse before insert on company_notifications execute function refuse()`,
      );
      await expect(seedDatabase(scratch.db, { scale: 0.2, now: NOW })).rejects.toThrow(
        /company_notifications/,
      );
      const [left] = await rows<{ n: number }>(
        scratch.db,
        sql`select ((select count(*) from companies) + (select count(*) from patients) + (select count(*) from payment_plans))::int as n`,
      );
      expect(left!.n).toBe(0);
    } finally {
      await scratch.close();
    }
  });
});

type PlanNode = { 'Node Type'?: string; 'Index Name'?: string; Plans?: PlanNode[]; Plan?: PlanNode };

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(explained: unknown): PlanNode[] {
  const parsed = (typeof explained === 'string' ? JSON.parse(explained) : explained) as PlanNode[];
  const out: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    out.push(node);
    if (node.Plan) walk(node.Plan);
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const top of parsed) walk(top);
  return out;
}
