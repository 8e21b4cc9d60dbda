/**
 * Issue 34's figure: the admin area's lists with 5,000 practices and 50,000 users, on PostgreSQL,
 * one call at a time (budget: under 30 ms p95).
 *
 * A throw-away PostgreSQL (tests/support/postgres.ts) is seeded at scale 1 with 200,000 payments,
 * then the database writes 4,997 more practices (one to three clinics each) and 50,000 users, ten
 * to a practice (`generate_series`). The calls are the Dentists screen's: its first page, a page
 * far in, a search by name that matches many, one that matches one, an id and a practice system.
 * `npm run bench admin` runs this part alone.
 */
import pg from 'pg';
import { listValue, onSeededPostgres, printOneAtATime } from './lib/oneAtATime.js';

const PRACTICES = 5_000;
const USERS = 50_000;
const PAYMENTS = 200_000;
const USER = 'admin@chairside.test';
const SEQUENTIAL = 200;
const WARM_UP = 20;
const BUDGET_MS = 30;

const CALLS: [name: string, path: string][] = [
  ['Dentists, page 1', '/api/admin/companies'],
  ['Dentists, page 250', '/api/admin/companies?page=250'],
  ['name matching many ("dental")', '/api/admin/companies?search=dental'],
  ['name matching one ("Maple Dental 4321")', '/api/admin/companies?search=Maple%20Dental%204321'],
  ['an id (4321)', '/api/admin/companies?search=4321'],
  ['a practice system ("Dentrix")', '/api/admin/companies?search=Dentrix'],
  ['Admin Users, page 1', '/api/admin/users'],
  ['Admin Users, page 2,500', '/api/admin/users?page=2500'],
  ['a person by name ("User 43210")', '/api/admin/users?search=User%2043210'],
  ['people by e-mail ("bench-user-4")', '/api/admin/users?search=bench-user-4'],
  ['Gateways, page 1', '/api/admin/gateways'],
  ['a gateway by business id ("biz-4321")', '/api/admin/gateways?search=biz-4321'],
];

/** The practices, their clinics, and the users, ten to a practice, written by the database. */
async function addPractices(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into companies (name, gateway_code, business_id, app_id, store_id)
       select (array['Lakeside', 'Maple', 'Summit', 'Riverside', 'Oak Park', 'Harbor', 'Valley', 'Pine'])[1 + n % 8]
              || ' ' || (array['Family', 'Dental', 'Smiles', 'Orthodontics', 'Pediatric'])[1 + n % 5] || ' ' || n
              || case when n % 3 = 0 then ' Dental' else '' end,
              (array['OPENDENTAL', 'DENTRIX', 'DENTRIXNH', 'EAGLESOFT'])[1 + n % 4],
              'biz-' || n, 'app-' || n, 'store-' || n
       from generate_series(4, ${PRACTICES}) as s(n)`,
    );
    await client.query(
      `insert into clinics (company_id, clinic_num, description, is_headquarters)
       select c.id, k, 'Clinic ' || k, k = 1
       from companies c cross join lateral generate_series(1, 1 + c.id % 3) as k
       where c.id > 3`,
    );
    await client.query(
      `insert into users (email, password_hash, first_name, last_name)
       select 'bench-user-' || n || '@chairside.test', 'x', 'Bench', 'User ' || n
       from generate_series(1, ${USERS}) as s(n)`,
    );
    await client.query(
      `insert into user_companies (user_id, company_id, roles)
       select u.id, 1 + (row_number() over (order by u.id) - 1) / 10, '{}'::text[]
       from users u where u.email like 'bench-user-%'`,
    );
    await client.query('commit');
    for (const t of ['companies', 'clinics', 'users', 'user_companies', 'transactions']) {
      await client.query(`vacuum analyze ${t}`);
    }
  } finally {
    await client.end();
  }
}

export async function benchAdmin() {
  await onSeededPostgres(
    {
      seedArgs: ['--scale', '1', '--transactions', String(PAYMENTS)],
      grow: async (url) => {
        await addPractices(url);
        return `Added practices to ${PRACTICES.toLocaleString('en-US')} and ${USERS.toLocaleString('en-US')} users`;
      },
      user: USER,
    },
    async (base, token) => {
      console.log(
        `\n## The admin area's lists on PostgreSQL: one request at a time (${SEQUENTIAL} after ${WARM_UP} to warm up), as ${USER}; budget < ${BUDGET_MS} ms p95\n`,
      );
      await printOneAtATime(
        CALLS.map(([name, path]) => ({ name, run: () => listValue(base, token, path) })),
        { runs: SEQUENTIAL, warmUp: WARM_UP, budgetMs: BUDGET_MS },
      );
    },
  );
}
