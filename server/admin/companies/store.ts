/**
 * The directory of practices for the admin area (the Dentists screen): a page of practices found by
 * name, id or practice-system code, each with its clinics, its people and its last 30 days of
 * approved payments.
 *
 * Like the reports (reports/store.ts), this reads what several capabilities keep (practices, clinics,
 * people, payments), read-only, in one statement: the page's ten practices are picked first, and
 * only their counts are taken, each through its table's practice index, so that a page costs the
 * same with 5,000 practices as with five.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminCompany,
  type AdminCompanyRow,
  type PracticeStatus,
} from '../../../embed-sdk/contract/admin.js';
import type { GatewayCode } from '../../../embed-sdk/contract/common.js';
import type { Db } from '../../db/client.js';
import {
  clinics,
  companies,
  practicePostings,
  transactions,
  userCompanies,
  users,
} from '../../db/schema/index.js';

/** How far back a practice's volume and status look. */
export const VOLUME_DAYS = 30;

/** What a practice's row says of it (the contract's PracticeStatus). */
export function practiceStatus(row: { users: number; volume30Days: number }): PracticeStatus {
  if (row.users === 0) return 'NO_USERS';
  return row.volume30Days > 0 ? 'ACTIVE' : 'QUIET';
}

/** A search matches a practice's name (anywhere, any case), its id, or its practice system's code. */
function matching(search: string | undefined): SQL {
  const text = search?.trim() ?? '';
  if (text === '') return sql`true`;
  const c = companies;
  const code = text.replace(/\s+/g, '').toUpperCase();
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return sql`(strpos(lower(${c.name}), lower(${text})) > 0 or ${c.gatewayCode} = ${code}${
    id !== null ? sql` or ${c.id} = ${id}` : sql``
  })`;
}

interface Row {
  id: number;
  name: string;
  gateway_code: string;
  clinics: number;
  users: number;
  volume: string | number;
}

export async function listPractices(
  db: Db,
  filter: { search?: string; page: number },
  now: Date,
): Promise<{ companies: AdminCompanyRow[]; totalCount: number }> {
  const where = matching(filter.search);
  const since = new Date(now.getTime() - VOLUME_DAYS * 86_400_000);
  const c = companies;
  const t = transactions;
  const [page, total] = await Promise.all([
    db.execute(sql`
      with page as (
        select ${c.id} as id, ${c.name} as name, ${c.gatewayCode} as gateway_code
          from ${c}
         where ${where}
         order by lower(${c.name}), ${c.id}
         limit ${ADMIN_PAGE_SIZE} offset ${(filter.page - 1) * ADMIN_PAGE_SIZE})
      select page.*,
             (select count(*)::int from ${clinics} where ${clinics.companyId} = page.id) as clinics,
             (select count(*)::int from ${userCompanies} where ${userCompanies.companyId} = page.id) as users,
             (select coalesce(sum(${t.amount}), 0) from ${t}
               where ${t.companyId} = page.id and ${t.status} = 'APPROVED' and ${t.created} >= ${since}) as volume
        from page
       order by lower(page.name), page.id`),
    db.execute(sql`select count(*)::int as n from ${c} where ${where}`),
  ]);
  const rows = (page as unknown as { rows: Row[] }).rows;
  const [counted] = (total as unknown as { rows: { n: number }[] }).rows;
  return {
    companies: rows.map((r) => {
      const figures = { users: Number(r.users), volume30Days: Number(r.volume) };
      return {
        id: r.id,
        name: r.name,
        gatewayCode: r.gateway_code as GatewayCode,
        clinics: Number(r.clinics),
        ...figures,
        status: practiceStatus(figures),
      };
    }),
    totalCount: counted?.n ?? 0,
  };
}

interface ProfileRow {
  people: AdminCompany['people'];
  pending: number;
  failed: number;
  last_posted: Date | string | null;
  volume: string | number;
}

/** One practice's page: null when there is no such practice. */
export async function practiceProfile(db: Db, companyId: number, now: Date): Promise<AdminCompany | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const since = new Date(now.getTime() - VOLUME_DAYS * 86_400_000);
  const u = users;
  const m = userCompanies;
  const p = practicePostings;
  const t = transactions;
  const [places, figures] = await Promise.all([
    db
      .select({
        clinicNum: clinics.clinicNum,
        description: clinics.description,
        isHeadquarters: clinics.isHeadquarters,
      })
      .from(clinics)
      .where(eq(clinics.companyId, companyId))
      .orderBy(asc(clinics.clinicNum)),
    db.execute(sql`
      select coalesce((select json_agg(json_build_object('userId', ${u.id}, 'firstName', ${u.firstName},
                        'lastName', ${u.lastName}, 'email', ${u.email}, 'isAdmin', ${u.isAdmin}, 'roles', ${m.roles})
                        order by lower(${u.lastName}), lower(${u.firstName}), ${u.id})
                        from ${m} join ${u} on ${u.id} = ${m.userId} where ${m.companyId} = ${companyId}), '[]') as people,
             (select count(*)::int from ${p} where ${p.companyId} = ${companyId} and ${p.state} = 'PENDING') as pending,
             (select count(*)::int from ${p} where ${p.companyId} = ${companyId} and ${p.state} = 'FAILED') as failed,
             (select max(${p.postedAt}) from ${p} where ${p.companyId} = ${companyId}) as last_posted,
             (select coalesce(sum(${t.amount}), 0) from ${t}
               where ${t.companyId} = ${companyId} and ${t.status} = 'APPROVED' and ${t.created} >= ${since}) as volume`),
  ]);
  const [row] = (figures as unknown as { rows: ProfileRow[] }).rows;
  const people = row!.people;
  const volume30Days = Number(row!.volume);
  return {
    id: company.id,
    name: company.name,
    gatewayCode: company.gatewayCode as GatewayCode,
    phone: company.phone,
    created: company.createdAt.toISOString(),
    hasSurcharging: company.hasSurcharging,
    surchargeRateBps: company.surchargeRateBps,
    state: company.state,
    doesAllocateProcedures: company.doesAllocateProcedures,
    membershipDays: company.membershipDays,
    bccEmail: company.bccEmail ?? '',
    gateway: { businessId: company.businessId, appId: company.appId, storeId: company.storeId },
    clinics: places,
    people,
    postings: {
      pending: row!.pending,
      failed: row!.failed,
      lastPosted: row!.last_posted === null ? null : new Date(row!.last_posted).toISOString(),
    },
    volume30Days,
    status: practiceStatus({ users: people.length, volume30Days }),
  };
}
